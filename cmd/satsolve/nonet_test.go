package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// unwanted are the packages the satsolve binary must not link. net is what
// brings cgo (its resolver), and cgo makes every run of the binary start
// through the dynamic loader and libc: about 1.1–1.5 ms of CPU per
// process, which on the corpus's tiny instances is most of the CPU ratio
// to minisat (benchmarks/results/startup.md). The web server, which needs
// net/http, is the separate satsolve-serve binary; os/user would bring cgo
// back as well.
var unwanted = []string{"net", "runtime/cgo"}

// TestSatsolveLinksNoNet lists the packages linked into the satsolve
// binary (go list -deps, with cgo enabled as go install enables it where a
// C compiler is found) and fails on any of unwanted.
func TestSatsolveLinksNoNet(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := map[string]bool{}
	importers := map[string][]string{} // package: the packages importing it
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		deps[f[0]] = true
		for _, imp := range f[1:] {
			importers[imp] = append(importers[imp], f[0])
		}
	}
	if !deps["os"] || !deps["github.com/satsolve/satsolve/cmd/internal/cli"] {
		t.Fatalf("go list -deps does not list os and cli; its output:\n%s", out)
	}
	for _, p := range unwanted {
		if deps[p] {
			by := strings.Join(importers[p], ", ")
			if by == "" {
				by = `a package with import "C" (net's resolver, os/user)`
			}
			t.Errorf("the satsolve binary links %s, imported by %s", p, by)
		}
	}
}
