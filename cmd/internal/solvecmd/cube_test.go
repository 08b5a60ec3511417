package solvecmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cube"
)

// TestSolveCube solves single cubes of an iCNF file: the clauses before
// the cube line under the cube's literals.
func TestSolveCube(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.icnf")
	// x1 xor x2, then cubes; the last clause (x3) comes after cube 1.
	text := "p inccnf\n1 2 0\n-1 -2 0\na 1 2 0\na -1 0\n3 0\na -3 0\na 3 1 0\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		cube string
		code int
		lits []sat.Lit // literals the model must hold
	}{
		{"0", 20, nil},
		{"1", 10, []sat.Lit{-1, 2}},
		{"2", 20, nil},
		{"3", 10, []sat.Lit{1, -2, 3}},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(t, "", "solve", "--cube", c.cube, "--backend", "gini", path)
		if code != c.code {
			t.Fatalf("cube %s: exit %d, want %d\n%s%s", c.cube, code, c.code, out, errOut)
		}
		if !strings.HasPrefix(out, "c cube "+c.cube+": ") {
			t.Fatalf("cube %s: output %q lacks the cube line", c.cube, out)
		}
		code, out, _ = runCLI(t, "", "solve", "--cube", c.cube, "--json", "--backend", "gini", path)
		rec, err := cube.ReadRecord(strings.NewReader(out))
		if err != nil || code != c.code {
			t.Fatalf("cube %s: --json exit %d, %v:\n%s", c.cube, code, err, out)
		}
		if rec.Cube != int(c.cube[0]-'0') {
			t.Fatalf("cube %s: record of cube %d", c.cube, rec.Cube)
		}
		for _, l := range c.lits {
			found := false
			for _, x := range rec.Model {
				found = found || x == int(l)
			}
			if !found {
				t.Fatalf("cube %s: model %v lacks %d", c.cube, rec.Model, l)
			}
		}
	}
	code, _, errOut := runCLI(t, "", "solve", "--cube", "4", path)
	if code != 1 || !strings.Contains(errOut, "no cube 4: the file has 4 cubes") {
		t.Fatalf("cube beyond the file: exit %d, %q", code, errOut)
	}
	code, _, errOut = runCLI(t, "", "solve", "--cube", "0", "../../../testdata/examples/uf20-01.cnf")
	if code != 1 || !strings.Contains(errOut, "uf20-01.cnf:") || !strings.Contains(errOut, "p inccnf") {
		t.Fatalf("a CNF file as iCNF: exit %d, %q", code, errOut)
	}
	// An iCNF file without --cube says how it is solved.
	code, _, errOut = runCLI(t, "", "solve", path)
	if code != 1 || !strings.Contains(errOut, "x.icnf:1:3:") || !strings.Contains(errOut, "--cube N") {
		t.Fatalf("iCNF without --cube: exit %d, %q", code, errOut)
	}
	// Preprocessing keeps the cube's variables.
	code, _, errOut = runCLI(t, "", "solve", "--cube", "3", "--preprocess", "--backend", "gini", path)
	if code != 10 {
		t.Fatalf("--preprocess: exit %d %s", code, errOut)
	}
}
