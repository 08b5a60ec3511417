package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// unwanted are the packages the satsolve binary must not link, each with
// what lies below it. Every run of satsolve pays for every linked
// package's initialiser and for the page faults of a larger binary; on the
// corpus's tiny instances start-up is most of satsolve solve's CPU time
// beside minisat's (benchmarks/results/startup.md):
//
//   - net brings cgo (its resolver), and cgo makes every run start through
//     the dynamic loader and libc: about 1.1–1.5 ms of CPU per process.
//     The web server, which needs net/http, is satsolve-serve; os/user
//     would bring cgo back as well.
//   - The family commands compare, nonogram, chipfire and game link
//     gonum/plot (its init parses fonts), go-latex, fpdf, gonum's graphs
//     and DOT parser and their models: about 0.55 ms of CPU per run of
//     satsolve solve. They are the executables satsolve-NAME.
//   - encoding/gob's initialiser builds its type registry (about 360
//     allocations, 0.1 ms a run); gophersat's child protocol, its one user
//     here, is plain varints (sat/gophersat/wire.go).
var unwanted = []string{
	"net", "runtime/cgo", "os/user", "encoding/gob",
	"gonum.org/v1/plot", "gonum.org/v1/gonum", "github.com/go-latex", "github.com/go-pdf", "github.com/go-fonts", "golang.org/x/image",
	module + "/models/nonogram", module + "/models/chipfire", module + "/models/games", module + "/models/internal",
	module + "/benchmarks",
	module + "/cmd/internal/comparecmd", module + "/cmd/internal/nonogramcmd",
	module + "/cmd/internal/chipfirecmd", module + "/cmd/internal/gamecmd", module + "/cmd/internal/servecmd", module + "/cmd/internal/web",
}

const module = "github.com/satsolve/satsolve"

// under reports whether package p is pkg or lies below it.
func under(p, pkg string) bool {
	return p == pkg || strings.HasPrefix(p, pkg+"/")
}

// TestSatsolveIsLean lists the packages linked into the satsolve binary
// (go list -deps, with cgo enabled as go install enables it where a C
// compiler is found) and fails on any of unwanted, naming what imports it.
func TestSatsolveIsLean(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	var deps []string
	importers := map[string][]string{} // package: the packages importing it
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		deps = append(deps, f[0])
		for _, imp := range f[1:] {
			importers[imp] = append(importers[imp], f[0])
		}
	}
	has := func(p string) bool {
		for _, d := range deps {
			if d == p {
				return true
			}
		}
		return false
	}
	if !has("os") || !has(module+"/cmd/internal/cli") || !has(module+"/cmd/internal/solvecmd") {
		t.Fatalf("go list -deps does not list os, cli and solvecmd; its output:\n%s", out)
	}
	for _, p := range unwanted {
		for _, d := range deps {
			if !under(d, p) {
				continue
			}
			by := strings.Join(importers[d], ", ")
			if by == "" {
				by = `a package with import "C" (net's resolver, os/user)`
			}
			t.Errorf("the satsolve binary links %s, imported by %s", d, by)
		}
	}
}

// TestUnder checks the matching of TestSatsolveIsLean, so that a renamed
// package does not slip through a list that matches nothing.
func TestUnder(t *testing.T) {
	for _, c := range []struct {
		p, pkg string
		want   bool
	}{
		{"gonum.org/v1/plot", "gonum.org/v1/plot", true},
		{"gonum.org/v1/plot/vg/draw", "gonum.org/v1/plot", true},
		{"gonum.org/v1/plotter", "gonum.org/v1/plot", false},
		{"net/http", "net", true},
		{"netip", "net", false},
		{module + "/cmd/internal/web/dobbleapi", module + "/cmd/internal/web", true},
	} {
		if got := under(c.p, c.pkg); got != c.want {
			t.Errorf("under(%q, %q) = %v", c.p, c.pkg, got)
		}
	}
	// Every unwanted package of this module exists: a rename would
	// otherwise leave its entry matching nothing.
	for _, p := range unwanted {
		if rel, ok := strings.CutPrefix(p, module+"/"); ok {
			if _, err := os.Stat("../../" + rel); err != nil {
				t.Errorf("unwanted %s: %v", p, err)
			}
		}
	}
}
