package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli/clitest"
)

// TestDecodeExports exports instances of the model commands with
// --dimacs, solves each with satsolve solve (competition output, as any
// solver prints it), and decodes the model with satsolve decode (issue 18
// item 11): the decoded answer is the one the command finds itself; a
// model with every literal negated fails the check, and a MODEL without a
// model is an error.
func TestDecodeExports(t *testing.T) {
	dir := t.TempDir()
	graph := filepath.Join(dir, "path.txt")
	if err := os.WriteFile(graph, []byte("a b\nb c\nc d\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		export []string
		want   []string // lines the decoded answer holds
	}{
		{"nonogram", []string{"nonogram", "solve", fixture("nonogram", "snake.txt")},
			[]string{"##..####...###.....#", "..##....###...#####."}},
		{"dobble max", []string{"dobble", "max", "-n", "7", "-k", "3"}, nil},
		{"chipfire log", []string{"chipfire", "solve", fixture("chipfire", "good", "cp.dot")}, []string{"f[B] = -1", "f[C] = 1"}},
		{"chipfire order", []string{"chipfire", "solve", "--int", "order", fixture("chipfire", "good", "cp.dot")}, []string{"f[B] = -1", "f[C] = 1"}},
		{"kayles kernel", []string{"game", "kayles", "--encoding", "kernel", graph},
			[]string{"{a,b,c,d}: P (lost for the player to move)", "{c,d}: N (the player to move wins)"}},
		{"kayles grundy", []string{"game", "kayles", "--encoding", "grundy", graph},
			[]string{"{a,b,c,d}: Grundy value 0", "{a,b}: Grundy value 1"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			inst := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".cnf")
			if code, _, errs := clitest.Run(t, inProcess, "", append(tc.export, "--dimacs", inst)...); code != 0 {
				t.Fatalf("export: exit %d, %s", code, errs)
			}
			code, model, errs := clitest.Run(t, inProcess, "", "solve", "--backend", "gini", inst)
			if code != 10 {
				t.Fatalf("solve: exit %d, %s", code, errs)
			}
			code, out, errs := clitest.Run(t, inProcess, model, "decode", inst, "-")
			if code != 0 || !strings.Contains(errs, "satisfies every constraint") {
				t.Fatalf("decode: exit %d, %q", code, errs)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w+"\n") {
					t.Errorf("decoded %q, want the line %q", out, w)
				}
			}
			if tc.name == "dobble max" && strings.Count(out, "\n") != 7 {
				t.Errorf("decoded deck %q, want 7 cards", out)
			}
			var neg []string
			for _, line := range strings.Split(model, "\n") {
				if !strings.HasPrefix(line, "v ") {
					neg = append(neg, line)
					continue
				}
				var lits []string
				for _, tok := range strings.Fields(line[2:]) {
					switch {
					case tok == "0":
						lits = append(lits, tok)
					case strings.HasPrefix(tok, "-"):
						lits = append(lits, tok[1:])
					default:
						lits = append(lits, "-"+tok)
					}
				}
				neg = append(neg, "v "+strings.Join(lits, " "))
			}
			if code, _, errs := clitest.Run(t, inProcess, strings.Join(neg, "\n"), "decode", inst, "-"); code != 1 || !strings.Contains(errs, "does not satisfy") {
				t.Errorf("negated model: exit %d, %q", code, errs)
			}
		})
	}
	code, _, errs := clitest.Run(t, inProcess, "s UNSATISFIABLE\n", "decode", fixture("decode", "snake.cnf"), "-")
	if code != 1 || !strings.Contains(errs, "no model to decode") {
		t.Errorf("UNSAT: exit %d, %q", code, errs)
	}
	code, _, errs = clitest.Run(t, inProcess, "s SATISFIABLE\nv 1 x 0\n", "decode", fixture("decode", "snake.cnf"), "-")
	if code != 1 || !strings.Contains(errs, "-:2:") {
		t.Errorf("bad literal: exit %d, %q", code, errs)
	}
}
