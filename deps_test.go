// The import graph is a policy, enforced here in the spirit of
// go/build/deps_test.go: leaves first, backends only behind their adapters,
// models never import a backend or each other, the command layer is a thin
// entry point over one package per family of commands, and only the
// command and the benchmarks wire everything together. What model families
// share (graph-file parsing) lives in models/internal/..., which any family
// may import and which itself imports only sat, gonum and the standard
// library, never a family. Product code lives in the floors above the
// models (compare, the harness of satsolve compare; chart, the plotting
// conventions), never under benchmarks/, which is measurement only: no
// command imports it.
//
// The policy is the table below: one rule per kind of package, saying what
// its files may import and what its tests may import besides. A new
// package needs a rule (the test fails for a package no rule matches);
// extend the table and TestPolicyItself's cases together.
package satsolve_test

import (
	"go/build"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/satsolve/satsolve"

// A rule says what the packages matching pkg may import, besides the
// standard library, which every package may use.
//
// Patterns are slash-separated paths, relative to the module root for the
// module's packages and full import paths for others (those whose first
// element holds a dot). Each element is matched as by path.Match ("*",
// "*cmd"); a final "/..." matches the path itself and everything below it.
// In may, test and deny, "$1" stands for the element the first wildcard of
// pkg matched (a model family, say), "$self" for the importing package, and
// "$backends" for every backend adapter, "$siblings" for every command
// another executable implements.
type rule struct {
	pkg string
	// may lists what the package's own files may import.
	may []string
	// test lists what its tests (in-package and external) may import
	// besides may and the package itself.
	test []string
	// deny lists imports refused even when may matches them (test
	// overrides it in tests).
	deny []string
}

// backends are the adapters of the SAT engines: only the backend registry
// of the command, the benchmarks and tests choose one.
var backends = []string{"sat/gini", "sat/gophersat", "sat/walk", "sat/portfolio", "sat/external", "sat/cdcl"}

// siblings are the commands executables of their own implement
// (cmd/satsolve-NAME), which satsolve must not link: what they need
// would weigh on every start of satsolve.
var siblings = []string{"cmd/internal/servecmd", "cmd/internal/comparecmd", "cmd/internal/nonogramcmd",
	"cmd/internal/chipfirecmd", "cmd/internal/gamecmd"}

// solverTests is what the tests of libraries may add: real solvers, the
// conformance suite, the DIMACS reader for fixtures and the test helpers.
var solverTests = []string{"$backends", "sat/sattest", "sat/satfile", "internal/..."}

// everywhere are the module's leaves that every package may import, as it
// may the standard library: counted nouns for messages.
var everywhere = []string{"internal/english"}

// nonogramTests is what the tests of the nonogram family's packages may
// import besides their own package's imports: solverTests and any package
// of the family (its test helpers among them).
var nonogramTests = append(slices.Clip(solverTests), "models/nonogram/...")

// policy is the import policy; the first rule whose pkg matches applies.
var policy = []rule{
	// The module root holds only this test.
	{pkg: ".", may: nil},
	// Counted nouns for messages ("1 puzzle", "3 vertices"): a leaf over
	// the standard library that every package may import.
	{pkg: "internal/english", may: nil},
	// The indexed heap the decision heuristics share (sat/cdcl, the
	// nonogram learning search): the standard library only.
	{pkg: "internal/heap", may: nil},
	// Test helpers (internal/memlimit): the standard library only, and
	// only tests import them (no other rule's may lists them).
	{pkg: "internal/...", may: nil},

	// sat: the leaf, then formats, adapters and tools over it.
	{pkg: "sat", may: nil},
	{pkg: "sat/satfile", may: []string{"sat", "github.com/ulikunitz/xz/..."}, test: []string{"internal/..."}},
	{pkg: "sat/gini/...", may: []string{"sat", "$self/...", "github.com/go-air/gini/..."}, test: solverTests},
	{pkg: "sat/gophersat/...", may: []string{"sat", "$self/...", "sat/internal/...", "github.com/crillab/gophersat/..."}, test: solverTests},
	{pkg: "sat/external", may: []string{"sat", "sat/satfile", "sat/internal/..."}, test: solverTests},
	// What the adapters that run children share: the standard library only.
	{pkg: "sat/internal/...", may: nil},
	{pkg: "sat/sattest", may: []string{"sat", "sat/satfile"}, test: solverTests},
	// The portfolio also clausifies PB constraints (encode) for the
	// members that do not take them natively.
	{pkg: "sat/portfolio", may: []string{"sat", "encode"}, test: solverTests},
	// Other engines and tools (walk, portfolio, preprocess, …): the leaf
	// and their own internals; a backend library only behind its adapter.
	{pkg: "sat/*/...", may: []string{"sat", "$self/...", "sat/$1/...", "internal/heap"}, test: solverTests},

	// encode imports only sat; its sub-packages also encode itself.
	{pkg: "encode/internal/...", may: []string{"sat", "encode/internal/..."}, test: solverTests},
	{pkg: "encode", may: []string{"sat", "encode/internal/..."}, test: solverTests},
	{pkg: "encode/...", may: []string{"sat", "encode", "encode/internal/...", "$self/..."}, test: solverTests},

	// The constraint model: sat and the encoders, never a backend (its
	// tests solve with the real engines).
	{pkg: "cp", may: []string{"sat", "encode/..."}, test: solverTests},
	// The FlatZinc front end: its reader and printer, the translation into
	// the constraint model (cp), the MiniZinc library; never a backend
	// (its tests solve with the real engines).
	{pkg: "cp/fzn", may: []string{"sat", "encode/...", "cp"}, test: solverTests},

	// Models: sat and encode, their own family, the shared internals;
	// never a backend, never another family.
	{pkg: "models/internal/...", may: []string{"sat", "gonum.org/v1/gonum/..."}, test: solverTests},
	// Pictures of a family's results are apart from the model: only a
	// family's picture package draws (gonum/plot).
	{pkg: "models/*/picture", may: []string{"sat", "models/$1", "chart", "gonum.org/v1/plot/..."}, test: solverTests},
	// The nonogram family's floors (docs/nonogram.md, "Where the code
	// lives"): the root holds the puzzle, its formats, checks, options and
	// results and imports none of its sub-packages; internal/line the line
	// solvers and their cache; internal/board the bit board over them;
	// internal/probe and internal/belief work on a board; internal/search
	// the probing search over those, internal/learn the learning search
	// over the line solvers alone (internal/restart: the Luby sequence both
	// use); encode the SAT encodings; solve the public entry points over
	// all of them. internal/nonotest (with satenum) is for tests only.
	// Tests may use any package of the family.
	{pkg: "models/nonogram", may: []string{"sat", "encode/...", "models/internal/..."}, test: nonogramTests},
	{pkg: "models/nonogram/internal/restart", may: nil, test: nonogramTests},
	{pkg: "models/nonogram/internal/line", may: []string{"models/nonogram"}, test: nonogramTests},
	{pkg: "models/nonogram/internal/board", may: []string{"models/nonogram", "models/nonogram/internal/line"}, test: nonogramTests},
	{pkg: "models/nonogram/internal/probe", may: []string{"models/nonogram", "models/nonogram/internal/line", "models/nonogram/internal/board"}, test: nonogramTests},
	{pkg: "models/nonogram/internal/belief", may: []string{"models/nonogram", "models/nonogram/internal/line", "models/nonogram/internal/board"}, test: nonogramTests},
	{pkg: "models/nonogram/internal/search", may: []string{"models/nonogram", "models/nonogram/internal/line", "models/nonogram/internal/board",
		"models/nonogram/internal/probe", "models/nonogram/internal/belief", "models/nonogram/internal/restart"}, test: nonogramTests},
	{pkg: "models/nonogram/internal/learn", may: []string{"models/nonogram", "models/nonogram/internal/line", "models/nonogram/internal/restart",
		"internal/heap"}, test: nonogramTests},
	{pkg: "models/nonogram/encode", may: []string{"sat", "encode", "models/nonogram", "models/nonogram/internal/line"}, test: nonogramTests},
	{pkg: "models/nonogram/solve", may: []string{"sat", "models/nonogram/..."}, test: nonogramTests,
		deny: []string{"models/nonogram/internal/nonotest/...", "models/nonogram/picture"}},
	{pkg: "models/nonogram/internal/nonotest", may: []string{"models/nonogram"}},
	{pkg: "models/nonogram/internal/nonotest/satenum", may: []string{"sat", "models/nonogram", "models/nonogram/encode", "models/nonogram/internal/nonotest"}},
	{pkg: "models/*/...", may: []string{"sat", "encode/...", "models/$1/...", "models/internal/...",
		"gonum.org/v1/gonum/..."}, test: solverTests},

	// The project's plotting conventions over gonum/plot: no model, no
	// solver; whatever draws a chart may import them.
	{pkg: "chart", may: []string{"gonum.org/v1/plot/..."}},
	// The harness behind satsolve compare: above the models and the
	// constraint model with its FlatZinc front end (it measures their
	// instances with every encoding), below the command; backends come
	// from the caller's factory, so only its tests name one.
	{pkg: "compare", may: []string{"sat", "encode/...", "models/...", "cp", "cp/fzn", "chart",
		"gonum.org/v1/gonum/...", "gonum.org/v1/plot/..."}, test: solverTests,
		deny: []string{"$backends", "models/internal/..."}},

	// The command: main lists the families; the frame (cli) and the
	// backend registry know no family; a family imports the frame, the
	// registry and the libraries, never another family and never an
	// adapter (backends are chosen by spec, through the registry).
	// Its end-to-end tests read the files the binary wrote and check its
	// answers against the formula: sat, the readers, the generators.
	// serve and the family commands are separate executables,
	// cmd/satsolve-NAME (serve's net/http brings cgo, the families'
	// plots, graphs and models weigh on every start): satsolve only runs
	// them, its tests run their commands in-process.
	{pkg: "cmd/satsolve", may: []string{"cmd/internal/cli", "cmd/internal/*cmd", "sat/gophersat"},
		test: []string{"cmd/internal/cli/...", "$siblings", "internal/...", "sat", "sat/satfile", "sat/sattest"},
		deny: []string{"$siblings"}},
	{pkg: "cmd/satsolve-*", may: []string{"cmd/internal/cli", "$siblings", "sat/gophersat"}},
	{pkg: "cmd/internal/cli/...", may: []string{"sat", "sat/satfile", "cmd/internal/cli", "cmd/internal/backend"},
		test: []string{"$backends", "sat/sattest", "internal/..."}},
	// The registry may also wrap a solver so that its UNSAT answers are
	// certified by sat/proof (re-proved by cdcl, the proof checked).
	{pkg: "cmd/internal/backend", may: []string{"sat", "$backends", "sat/proof"}, test: []string{"sat/sattest", "sat/satfile", "internal/..."}},
	// satsolve serve is the command over web, the frame of its JSON API,
	// and one API package per family (web/<family>api); its tests drive
	// the pages in headless Chromium through chromedp and check answers
	// against the models. The frame knows no puzzle (the SAT leaf for the
	// solver factory, the registry for its default); a family's API
	// imports the frame and the libraries, never a backend and never
	// another family's API; webtest (helpers) is for tests only.
	{pkg: "cmd/internal/servecmd", may: []string{"cmd/internal/cli", "cmd/internal/backend",
		"cmd/internal/web", "cmd/internal/web/*api"},
		test: []string{"cmd/internal/cli/...", "cmd/internal/web/webtest", "models/...", "internal/...", "github.com/chromedp/..."},
		deny: []string{"$backends", "models/internal/...", "github.com/chromedp/..."}},
	{pkg: "cmd/internal/web", may: []string{"sat", "cmd/internal/backend"},
		test: []string{"cmd/internal/web/webtest"}},
	{pkg: "cmd/internal/web/webtest", may: []string{"cmd/internal/web", "models/chipfire"}},
	{pkg: "cmd/internal/web/*api", may: []string{"cmd/internal/web", "sat/...", "encode/...", "models/..."},
		test: []string{"cmd/internal/web/webtest"},
		deny: []string{"$backends", "models/internal/..."}},
	// satsolve cube --jobs writes a Kubernetes Job manifest; the tests
	// decode it strictly into the Kubernetes API's own types.
	{pkg: "cmd/internal/cubecmd", may: []string{"cmd/internal/cli", "cmd/internal/backend",
		"sat/...", "encode/...", "models/...", "compare", "chart", "gonum.org/v1/gonum/...", "gonum.org/v1/plot/..."},
		test: []string{"cmd/internal/cli/...", "$backends", "sat/sattest", "internal/...", "k8s.io/api/...", "sigs.k8s.io/yaml"},
		deny: []string{"$backends", "models/internal/...", "k8s.io/...", "sigs.k8s.io/..."}},
	// satsolve fzn: the FlatZinc front end and the constraint model, in
	// the satsolve binary itself (no plotting, no model family).
	{pkg: "cmd/internal/fzncmd", may: []string{"cmd/internal/cli", "cmd/internal/backend", "sat", "cp", "cp/fzn"},
		test: []string{"cmd/internal/cli/...", "$backends", "internal/..."},
		deny: []string{"$backends"}},
	{pkg: "cmd/internal/*cmd", may: []string{"cmd/internal/cli", "cmd/internal/backend",
		"sat/...", "encode/...", "models/...", "compare", "chart", "gonum.org/v1/gonum/...", "gonum.org/v1/plot/..."},
		test: []string{"cmd/internal/cli/...", "$backends", "sat/sattest", "internal/..."},
		deny: []string{"$backends", "models/internal/..."}},

	// Benchmarks: suites and reports; they may import anything but a
	// command.
	{pkg: "benchmarks/...", may: []string{"...", "github.com/...", "gonum.org/..."},
		deny: []string{"cmd/...", "github.com/go-air/gini/...", "github.com/crillab/gophersat/..."}},
}

// allowed reports whether package pkg (a path relative to the module root,
// "." for the root) may import imp (a full import path), in its own files
// or, with test, in its tests. It returns false, with the reason, when no
// rule matches pkg.
func allowed(pkg, imp string, test bool) (ok bool, why string) {
	if local, ok := strings.CutPrefix(imp, module+"/"); ok && slices.Contains(everywhere, local) {
		return true, local + " is a leaf every package may import"
	}
	for _, r := range policy {
		wild, matched := match(r.pkg, pkg)
		if !matched {
			continue
		}
		local, isLocal := strings.CutPrefix(imp, module+"/")
		if !isLocal {
			if imp == module {
				local, isLocal = ".", true
			} else if !strings.Contains(strings.SplitN(imp, "/", 2)[0], ".") {
				return true, "standard library"
			}
		}
		if !isLocal {
			local = imp
		}
		if test && local == pkg {
			return true, "a package's tests import it"
		}
		expand := func(pats []string) []string {
			var out []string
			for _, p := range pats {
				if p == "$backends" {
					out = append(out, backends...)
					continue
				}
				if p == "$siblings" {
					out = append(out, siblings...)
					continue
				}
				p = strings.ReplaceAll(p, "$self", pkg)
				p = strings.ReplaceAll(p, "$1", wild)
				out = append(out, p)
			}
			return out
		}
		if test {
			for _, p := range expand(r.test) {
				if _, m := match(p, local); m {
					return true, "rule " + r.pkg + " allows " + p + " in tests"
				}
			}
		}
		for _, d := range expand(r.deny) {
			if _, m := match(d, local); m {
				return false, "rule " + r.pkg + " denies " + d
			}
		}
		for _, p := range expand(r.may) {
			if _, m := match(p, local); m {
				return true, "rule " + r.pkg + " allows " + p
			}
		}
		return false, "rule " + r.pkg + " does not allow it"
	}
	return false, "no rule for package " + pkg
}

// match reports whether p matches pattern pat (see rule) and returns the
// element the first wildcard matched.
func match(pat, p string) (wild string, ok bool) {
	if pat == "..." {
		return "", true
	}
	rest, tail := strings.CutSuffix(pat, "/...")
	pe, xe := strings.Split(rest, "/"), strings.Split(p, "/")
	if len(xe) < len(pe) || !tail && len(xe) != len(pe) {
		return "", false
	}
	for i, e := range pe {
		if m, _ := path.Match(e, xe[i]); !m {
			return "", false
		}
		if wild == "" && strings.ContainsAny(e, "*?[") {
			wild = xe[i]
		}
	}
	return wild, true
}

func TestImportPolicy(t *testing.T) {
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); p != "." && (strings.HasPrefix(name, ".") || name == "testdata") {
			return filepath.SkipDir
		}
		bp, err := build.ImportDir(p, 0)
		if err != nil {
			if _, ok := err.(*build.NoGoError); ok {
				return nil
			}
			return err
		}
		pkg := filepath.ToSlash(p)
		check := func(imps []string, test bool) {
			for _, imp := range imps {
				if ok, why := allowed(pkg, imp, test); !ok {
					kind := "imports"
					if test {
						kind = "tests import"
					}
					t.Errorf("%s %s %s: not allowed by the dependency policy (%s)", pkg, kind, imp, why)
				}
			}
		}
		check(bp.Imports, false)
		check(slices.Concat(bp.TestImports, bp.XTestImports), true)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestPolicyItself(t *testing.T) {
	const m = module + "/"
	cases := []struct {
		pkg, imp string
		test     bool
		ok       bool
	}{
		{"sat", "fmt", false, true},
		{"sat", m + "internal/english", false, true},
		{"models/dobble", m + "internal/english", false, true},
		{"sat", m + "internal/memlimit", false, false},
		{"sat", m + "encode", false, false},
		{"sat/gini", "github.com/go-air/gini/z", false, true},
		{"sat/gophersat", "github.com/go-air/gini", false, false},
		{"sat/walk", "github.com/go-air/gini", false, false},
		{"sat/walk", m + "sat/gini", false, false},
		{"sat/walk", m + "sat/gini", true, true},
		{"sat/walk", m + "sat/walk/internal/x", false, true},
		{"sat/walk", m + "sat/gophersat/internal/x", false, false},
		{"sat/satfile", "github.com/ulikunitz/xz", false, true},
		{"sat/satfile", m + "models/internal/graphfile", false, false},
		{"sat/external", m + "sat/satfile", false, true},
		{"sat/external", m + "sat/internal/proc", false, true},
		{"sat/gophersat", m + "sat/internal/proc", false, true},
		{"sat/gini", m + "sat/internal/proc", false, false},
		{"sat/internal/proc", m + "sat", false, false},
		{"encode", m + "sat/internal/proc", false, false},
		{"sat/proof", m + "sat", false, true},
		{"sat/proof", m + "sat/satfile", false, false},
		{"sat/proof", m + "sat/satfile", true, true},
		{"sat/proof", m + "sat/cdcl", false, false},
		{"sat/cdcl", m + "sat/proof", false, false},
		{"sat/cdcl", m + "sat", false, true},
		{"sat/cdcl", m + "sat/gini", false, false},
		{"sat/cdcl", m + "sat/gini", true, true},
		{"sat/cdcl", m + "sat/walk", false, false},
		{"cmd/internal/backend", m + "sat/cdcl", false, true},
		{"cmd/internal/servecmd", "github.com/chromedp/chromedp", true, true},
		{"cmd/internal/servecmd", "github.com/chromedp/chromedp", false, false},
		{"cmd/internal/servecmd", m + "cmd/internal/backend", false, true},
		{"cmd/internal/servecmd", m + "sat/gini", false, false},
		{"cmd/internal/servecmd", m + "cmd/internal/chipfirecmd", false, false},
		{"cmd/internal/servecmd", m + "cmd/internal/web/nonogramapi", false, true},
		{"cmd/internal/servecmd", m + "cmd/internal/web/webtest", false, false},
		{"cmd/internal/servecmd", m + "cmd/internal/web/webtest", true, true},
		{"cmd/internal/servecmd", m + "models/chipfire", false, false},
		{"cmd/internal/servecmd", m + "models/chipfire", true, true},
		{"cmd/internal/decodecmd", m + "models/dobble", false, true},
		{"cmd/internal/decodecmd", m + "sat/gini", false, false},
		{"cmd/internal/decodecmd", m + "cmd/internal/nonogramcmd", false, false},
		{"cmd/internal/web", m + "cmd/internal/backend", false, true},
		{"cmd/internal/web", m + "models/chipfire", false, false},
		{"cmd/internal/web", m + "cmd/internal/web/chipfireapi", false, false},
		{"cmd/internal/web", m + "cmd/internal/web/webtest", true, true},
		{"cmd/internal/web/webtest", m + "cmd/internal/web", false, true},
		{"cmd/internal/web/webtest", m + "sat/gini", false, false},
		{"cmd/internal/web/chipfireapi", m + "models/chipfire", false, true},
		{"cmd/internal/web/chipfireapi", m + "encode/optimize", false, true},
		{"cmd/internal/web/chipfireapi", m + "cmd/internal/web/dobbleapi", false, false},
		{"cmd/internal/web/chipfireapi", m + "sat/gini", false, false},
		{"cmd/internal/web/chipfireapi", m + "cmd/internal/web/webtest", false, false},
		{"cmd/internal/web/chipfireapi", m + "cmd/internal/web/webtest", true, true},
		{"cmd/internal/web/nonogramapi", m + "cmd/internal/cli", false, false},
		{"cmd/internal/web/dobbleapi", m + "models/internal/graphfile", false, false},
		{"cmd/internal/chipfirecmd", "github.com/chromedp/chromedp", true, false},
		{"cmd/internal/cubecmd", "k8s.io/api/batch/v1", true, true},
		{"cmd/internal/cubecmd", "k8s.io/api/batch/v1", false, false},
		{"cmd/internal/cubecmd", "sigs.k8s.io/yaml", false, false},
		{"cmd/internal/cubecmd", m + "sat/gini", false, false},
		{"cmd/internal/cubecmd", m + "sat/gini", true, true},
		{"cmd/internal/gamecmd", "k8s.io/api/batch/v1", true, false},
		{"sat/portfolio", m + "sat/gini", false, false},
		{"sat/portfolio", m + "encode", false, true},
		{"sat/portfolio", m + "encode/optimize", false, false},
		{"sat/portfolio", m + "sat/gini", true, true},
		{"encode", "github.com/crillab/gophersat/solver", false, false},
		{"encode", m + "sat", false, true},
		{"encode", m + "sat/gini", false, false},
		{"encode", m + "sat/gini", true, true},
		{"encode", m + "models/internal/graphfile", false, false},
		{"encode/optimize", m + "encode", false, true},
		{"cp", m + "encode/optimize", false, true},
		{"cp", m + "sat/cdcl", false, false},
		{"cp", m + "sat/cdcl", true, true},
		{"cp", m + "models/nonogram", false, false},
		{"cp/fzn", m + "cp", false, true},
		{"cp/fzn", m + "sat/cdcl", false, false},
		{"cp/fzn", m + "sat/cdcl", true, true},
		{"cp/fzn", m + "cmd/internal/cli", false, false},
		{"cmd/internal/fzncmd", m + "cp/fzn", false, true},
		{"cmd/internal/fzncmd", m + "sat/cdcl", false, false},
		{"cmd/internal/fzncmd", m + "models/nonogram", false, false},
		{"cmd/internal/fzncmd", m + "encode/optimize", false, false},
		{"encode/optimize", m + "encode/optimize", true, true},
		{"models/dobble", m + "encode", false, true},
		{"models/dobble", m + "encode/optimize", false, true},
		{"models/dobble", m + "sat/gini", false, false},
		{"models/dobble", m + "sat/gini", true, true},
		{"models/dobble", m + "models/nonogram", false, false},
		{"models/dobble", m + "models/nonogram", true, false},
		{"models/chipfire", "gonum.org/v1/gonum/graph/simple", false, true},
		{"models/chipfire", m + "models/internal/graphfile", false, true},
		{"models/games/sub", m + "models/internal/graphfile", false, true},
		{"models/games/sub", m + "models/games", false, true},
		{"models/games/sub", m + "models/dobble", false, false},
		{"models/internal/graphfile", m + "sat", false, true},
		{"models/internal/graphfile", "gonum.org/v1/gonum/graph/formats/dot", false, true},
		{"models/internal/graphfile", "gonum.org/v1/plot", false, false},
		{"models/nonogram", "gonum.org/v1/plot/vg", false, false},
		{"models/nonogram/picture", "gonum.org/v1/plot/vg", false, true},
		{"models/nonogram/picture", m + "models/nonogram", false, true},
		{"models/nonogram/picture", m + "models/dobble", false, false},
		{"models/nonogram/picture", m + "encode", false, false},
		{"models/nonogram", m + "models/nonogram/solve", false, false},
		{"models/nonogram", m + "models/nonogram/internal/line", false, false},
		{"models/nonogram", m + "models/nonogram/solve", true, true},
		{"models/nonogram/internal/line", m + "models/nonogram", false, true},
		{"models/nonogram/internal/line", m + "models/nonogram/internal/board", false, false},
		{"models/nonogram/internal/line", m + "sat", false, false},
		{"models/nonogram/internal/board", m + "models/nonogram/internal/line", false, true},
		{"models/nonogram/internal/board", m + "models/nonogram/internal/probe", false, false},
		{"models/nonogram/internal/probe", m + "models/nonogram/internal/board", false, true},
		{"models/nonogram/internal/probe", m + "models/nonogram/internal/search", false, false},
		{"models/nonogram/internal/belief", m + "models/nonogram/internal/probe", false, false},
		{"models/nonogram/internal/search", m + "models/nonogram/internal/belief", false, true},
		{"models/nonogram/internal/search", m + "models/nonogram/internal/learn", false, false},
		{"models/nonogram/internal/search", m + "models/nonogram/encode", false, false},
		{"models/nonogram/internal/search", m + "sat/gini", false, false},
		{"models/nonogram/internal/search", m + "sat/gini", true, true},
		{"models/nonogram/internal/search", m + "models/nonogram/internal/nonotest/satenum", true, true},
		{"models/nonogram/internal/learn", m + "models/nonogram/internal/restart", false, true},
		{"models/nonogram/internal/learn", m + "models/nonogram/internal/search", false, false},
		{"models/nonogram/internal/learn", m + "models/nonogram/internal/board", false, false},
		{"models/nonogram/internal/restart", m + "models/nonogram", false, false},
		{"models/nonogram/encode", m + "encode", false, true},
		{"models/nonogram/encode", m + "encode/optimize", false, false},
		{"models/nonogram/encode", m + "models/nonogram/internal/line", false, true},
		{"models/nonogram/encode", m + "models/nonogram/internal/board", false, false},
		{"models/nonogram/encode", m + "models/nonogram/solve", false, false},
		{"models/nonogram/solve", m + "models/nonogram/internal/search", false, true},
		{"models/nonogram/solve", m + "models/nonogram/encode", false, true},
		{"models/nonogram/solve", m + "models/nonogram/internal/nonotest", false, false},
		{"models/nonogram/solve", m + "models/nonogram/internal/nonotest", true, true},
		{"models/nonogram/solve", m + "models/nonogram/picture", false, false},
		{"models/nonogram/solve", m + "sat/gini", false, false},
		{"models/nonogram/solve", m + "models/dobble", false, false},
		{"models/nonogram/solve", m + "encode", false, false},
		{"models/nonogram/internal/nonotest", m + "sat/gini", false, false},
		{"models/nonogram/internal/nonotest/satenum", m + "sat/gini", false, false},
		{"models/nonogram/internal/nonotest/satenum", m + "models/nonogram/solve", false, false},
		{"cmd/internal/nonogramcmd", m + "models/nonogram/solve", false, true},
		{"cmd/internal/chipfirecmd", m + "chart", false, true},
		{"cmd/internal/chipfirecmd", m + "benchmarks/chart", false, false},
		{"models/chipfire/picture", m + "chart", false, true},
		{"models/chipfire", m + "chart", false, false},
		{"chart", "gonum.org/v1/plot/vg", false, true},
		{"chart", m + "sat", false, false},
		{"chart", m + "compare", false, false},
		{"models/internal/graphfile", m + "encode", false, false},
		{"models/internal/graphfile", m + "models/chipfire", false, false},
		{"models/internal/graphfile", m + "models/internal/other", false, false},
		{"models/internal/graphfile", m + "sat/gini", false, false},
		{"cmd/satsolve", m + "cmd/internal/dobblecmd", false, true},
		{"cmd/satsolve", m + "cmd/internal/chipfirecmd", true, true},
		{"cmd/satsolve", m + "cmd/internal/chipfirecmd", false, false},
		{"cmd/satsolve", m + "cmd/internal/nonogramcmd", false, false},
		{"cmd/satsolve", m + "cmd/internal/solvecmd", false, true},
		{"cmd/satsolve", m + "cmd/internal/decodecmd", false, true},
		{"cmd/satsolve", m + "cmd/internal/cli", false, true},
		{"cmd/satsolve", m + "sat/gini", false, false},
		{"cmd/satsolve", m + "models/dobble", false, false},
		{"cmd/satsolve", m + "sat/satfile", false, false},
		{"cmd/satsolve", m + "sat/satfile", true, true},
		{"cmd/satsolve", m + "sat/gini", true, false},
		{"cmd/satsolve", m + "cmd/internal/servecmd", false, false},
		{"cmd/satsolve", m + "cmd/internal/servecmd", true, true},
		{"cmd/satsolve-serve", m + "cmd/internal/servecmd", false, true},
		{"cmd/satsolve-serve", m + "cmd/internal/cli", false, true},
		{"cmd/satsolve-serve", m + "cmd/internal/solvecmd", false, false},
		{"cmd/satsolve-serve", m + "sat/gini", false, false},
		{"cmd/satsolve-nonogram", m + "cmd/internal/nonogramcmd", false, true},
		{"cmd/satsolve-nonogram", m + "cmd/internal/comparecmd", false, true},
		{"cmd/satsolve-nonogram", m + "models/nonogram", false, false},
		{"cmd/satsolve-game", m + "cmd/internal/cubecmd", false, false},
		{"cmd/internal/cubecmd", m + "sat/cube", false, true},
		{"sat/cube", m + "sat/satfile", false, false},
		{"sat/cube", m + "sat/gini", true, true},
		{"cmd/internal/cli", m + "cmd/internal/dobblecmd", false, false},
		{"cmd/internal/cli", m + "cmd/internal/backend", false, true},
		{"cmd/internal/cli", m + "models/dobble", false, false},
		{"cmd/internal/cli/clitest", m + "cmd/internal/cli", false, true},
		{"cmd/internal/cli/clitest", m + "cmd/internal/gamecmd", false, false},
		{"cmd/internal/backend", m + "sat/gini", false, true},
		{"cmd/internal/backend", m + "sat/proof", false, true},
		{"cmd/internal/backend", m + "sat/preprocess", false, false},
		{"cmd/internal/backend", m + "cmd/internal/cli", false, false},
		{"cmd/internal/backend", m + "models/dobble", false, false},
		{"cmd/internal/dobblecmd", m + "models/dobble", false, true},
		{"cmd/internal/dobblecmd", m + "cmd/internal/cli", false, true},
		{"cmd/internal/dobblecmd", m + "cmd/internal/backend", false, true},
		{"cmd/internal/dobblecmd", m + "cmd/internal/nonogramcmd", false, false},
		{"cmd/internal/dobblecmd", m + "cmd/internal/nonogramcmd", true, false},
		{"cmd/internal/dobblecmd", m + "sat/gini", false, false},
		{"cmd/internal/dobblecmd", m + "sat/gini", true, true},
		{"cmd/internal/dobblecmd", m + "cmd/internal/cli/clitest", false, false},
		{"cmd/internal/dobblecmd", m + "cmd/internal/cli/clitest", true, true},
		{"cmd/internal/solvecmd", m + "sat/preprocess", false, true},
		{"cmd/internal/comparecmd", m + "compare", false, true},
		{"cmd/internal/comparecmd", m + "benchmarks/compare", false, false},
		{"cmd/internal/comparecmd", m + "benchmarks/cnfbench", false, false},
		{"benchmarks", m + "models/dobble", false, true},
		{"compare", m + "models/nonogram", false, true},
		{"compare", m + "chart", false, true},
		{"compare", m + "cp/fzn", false, true},
		{"compare", "gonum.org/v1/gonum/graph/simple", false, true},
		{"compare", m + "sat/gini", false, false},
		{"compare", m + "sat/gini", true, true},
		{"compare", m + "cmd/internal/backend", false, false},
		{"compare", m + "benchmarks", false, false},
		{"benchmarks/cnfbench", m + "compare", false, true},
		{"benchmarks/cnfbench", "github.com/go-air/gini", false, false},
		{"benchmarks/cnfbench", "gonum.org/v1/plot/vg", false, true},
		{"models/dobble", m + "cmd/internal/cli", false, false},
		{"encode", m + "cmd/internal/cli", true, false},
		{"tools/other", m + "sat", false, false}, // no rule: a new tree needs one
		{"internal/memlimit", m + "sat", false, false},
		{"internal/heap", m + "sat", false, false},
		{"sat/cdcl", m + "internal/heap", false, true},
		{"sat/cdcl", m + "internal/memlimit", false, false},
		{"encode", m + "internal/heap", false, false},
		{"internal/memlimit", "os", false, true},
		{"sat/satfile", m + "internal/memlimit", false, false},
		{"sat/satfile", m + "internal/memlimit", true, true},
		{"models/chipfire", m + "internal/memlimit", true, true},
		{"cmd/internal/solvecmd", m + "internal/memlimit", false, false},
		{"cmd/internal/solvecmd", m + "internal/memlimit", true, true},
	}
	for _, c := range cases {
		if got, why := allowed(c.pkg, c.imp, c.test); got != c.ok {
			t.Errorf("allowed(%q, %q, test=%v) = %v (%s), want %v", c.pkg, c.imp, c.test, got, why, c.ok)
		}
	}
}
