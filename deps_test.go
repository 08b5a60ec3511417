// The import graph is a policy, enforced here in the spirit of
// go/build/deps_test.go: leaves first, backends only behind their adapters,
// models never import a backend or each other, only the command and the
// benchmarks wire everything together. What model families share (graph-file
// parsing) lives in models/internal/..., which any family may import and
// which itself imports only sat, gonum and the standard library, never a
// family.
package satsolve_test

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/satsolve/satsolve"

// allowed reports whether package pkg (a path relative to the module root)
// may import imp (a full import path). Standard-library imports are checked
// separately: every package may use them.
func allowed(pkg, imp string) bool {
	local, isLocal := strings.CutPrefix(imp, module+"/")
	under := func(dir, p string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }
	switch {
	case under("cmd", pkg), under("benchmarks", pkg):
		return true
	case isLocal && under("cmd", local):
		return false // nothing imports a command
	}
	// Backend libraries: each behind exactly one adapter.
	if under("github.com/go-air/gini", imp) {
		return pkg == "sat/gini"
	}
	if under("github.com/crillab/gophersat", imp) {
		return pkg == "sat/gophersat"
	}
	if !isLocal {
		switch {
		case under("github.com/ulikunitz/xz", imp):
			return pkg == "sat/dimacs"
		case under("gonum.org/v1/gonum", imp):
			return under("models", pkg)
		case under("gonum.org/v1/plot", imp):
			return under("models", pkg) && !under("models/internal", pkg)
		}
		return false
	}
	switch {
	case pkg == "sat":
		return false
	case under("sat", pkg):
		// Adapters and tools over the leaf; the external bridge and test
		// helpers may use the DIMACS package.
		if local == "sat" {
			return true
		}
		if local == "sat/dimacs" {
			return pkg == "sat/external" || pkg == "sat/sattest"
		}
		return under(pkg+"/internal", local)
	case pkg == "encode" || under("encode/internal", pkg):
		return local == "sat" || under("encode/internal", local)
	case under("encode", pkg):
		return local == "sat" || local == "encode" || under("encode/internal", local) || under(pkg, local)
	case under("models/internal", pkg):
		return local == "sat"
	case under("models", pkg):
		family := strings.SplitN(pkg, "/", 3)[1]
		return local == "sat" || local == "encode" || under("encode", local) && !under("encode/internal", local) ||
			under("models/"+family, local) || under("models/internal", local)
	}
	return false
}

func TestImportPolicy(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); path != "." && (strings.HasPrefix(name, ".") || name == "testdata") {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(path, 0)
		if err != nil {
			if _, ok := err.(*build.NoGoError); ok {
				return nil
			}
			return err
		}
		pkg := filepath.ToSlash(path)
		for _, imp := range p.Imports {
			if !strings.Contains(strings.SplitN(imp, "/", 2)[0], ".") && !strings.HasPrefix(imp, module+"/") {
				continue // standard library
			}
			if !allowed(pkg, imp) {
				t.Errorf("%s imports %s: not allowed by the dependency policy", pkg, imp)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestPolicyItself(t *testing.T) {
	cases := []struct {
		pkg, imp string
		ok       bool
	}{
		{"sat/gini", "github.com/go-air/gini/z", true},
		{"sat/gophersat", "github.com/go-air/gini", false},
		{"encode", "github.com/crillab/gophersat/solver", false},
		{"encode", "github.com/satsolve/satsolve/sat", true},
		{"encode", "github.com/satsolve/satsolve/sat/gini", false},
		{"encode/optimize", "github.com/satsolve/satsolve/encode", true},
		{"models/dobble", "github.com/satsolve/satsolve/encode", true},
		{"models/dobble", "github.com/satsolve/satsolve/sat/gini", false},
		{"models/dobble", "github.com/satsolve/satsolve/models/nonogram", false},
		{"models/chipfire", "gonum.org/v1/gonum/graph/simple", true},
		{"models/chipfire", "github.com/satsolve/satsolve/models/internal/graphfile", true},
		{"models/games/sub", "github.com/satsolve/satsolve/models/internal/graphfile", true},
		{"models/internal/graphfile", "github.com/satsolve/satsolve/sat", true},
		{"models/internal/graphfile", "gonum.org/v1/gonum/graph/formats/dot", true},
		{"models/internal/graphfile", "gonum.org/v1/plot", false},
		{"models/internal/graphfile", "github.com/satsolve/satsolve/encode", false},
		{"models/internal/graphfile", "github.com/satsolve/satsolve/models/chipfire", false},
		{"models/internal/graphfile", "github.com/satsolve/satsolve/models/internal/other", false},
		{"models/internal/graphfile", "github.com/satsolve/satsolve/sat/gini", false},
		{"encode", "github.com/satsolve/satsolve/models/internal/graphfile", false},
		{"sat/dimacs", "github.com/satsolve/satsolve/models/internal/graphfile", false},
		{"sat", "github.com/satsolve/satsolve/encode", false},
		{"sat/dimacs", "github.com/ulikunitz/xz", true},
		{"sat/external", "github.com/satsolve/satsolve/sat/dimacs", true},
		{"cmd/satsolve", "github.com/satsolve/satsolve/sat/gini", true},
		{"benchmarks", "github.com/satsolve/satsolve/models/dobble", true},
	}
	for _, c := range cases {
		if got := allowed(c.pkg, c.imp); got != c.ok {
			t.Errorf("allowed(%q, %q) = %v, want %v", c.pkg, c.imp, got, c.ok)
		}
	}
}
