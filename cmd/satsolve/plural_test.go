package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli/clitest"
)

// onePlural finds "1" before a plural noun: "1 puzzles", "(1 vertices)".
var onePlural = regexp.MustCompile(`(^|[^0-9.,])1 (more )?(vertices|edges|moves|puzzles|cubes|jobs|cards|symbols|violations|positions|components|borrows|arguments|dollars|results|values|entries|warnings|clauses|lines|refuted branches|UNSAT answers)\b`)

// TestCountedNouns runs commands whose answers count one thing and checks
// that they say it in the singular (internal/english.Count), and that no
// smoke run of any command says "1" before a plural (issue 29, item 9).
func TestCountedNouns(t *testing.T) {
	cases := []struct {
		args  []string
		stdin string
		code  int
		want  []string
	}{
		{[]string{"game", "kayles", "-"}, "0 1\n1 2\n", 0, []string{"3 vertices, 2 edges, 1 component", "winning moves (1 vertex): 1"}},
		{[]string{"nonogram", "solve", "--index", "2", fixture("nonogram", "snake.txt")}, "", 2, []string{"the file holds 1 puzzle"}},
		{[]string{"chipfire", "play", "--divisor", "-3,1,1,1", fixture("chipfire", "good", "k4.dot")}, "hint\nquit\n", 0, []string{"takes 1 more move:"}},
		{[]string{"cubes", "run", "-j", "1", fixture("icnf", "good", "contradiction.icnf")}, "", 20, []string{"answered on 1 job", "the cube unsatisfiable"}},
		{[]string{"dobble", "check", "-"}, "a b\na c\nb c\nc d\n", 1, []string{"(1 violation)", "share 0 symbols"}},
		{[]string{"game", "octal", "--misere", "0.77", "1"}, "", 0, []string{"(1 position searched)"}},
	}
	for _, c := range cases {
		code, out, errOut := clitest.Run(t, inProcess, c.stdin, c.args...)
		said := out + errOut
		if code != c.code {
			t.Errorf("%q: exit %d, want %d\n%s", c.args, code, c.code, said)
		}
		for _, w := range c.want {
			if !strings.Contains(said, w) {
				t.Errorf("%q: output lacks %q:\n%s", c.args, w, said)
			}
		}
		if m := onePlural.FindString(said); m != "" {
			t.Errorf("%q says %q:\n%s", c.args, m, said)
		}
	}
	for _, p := range leaves() {
		_, out, errOut := clitest.Run(t, inProcess, smoke[p].stdin, smokeArgs(p)...)
		if m := onePlural.FindString(out + errOut); m != "" {
			t.Errorf("%s says %q", p, m)
		}
	}
}

// TestKaylesReadsDollarGames plays node-Kayles on every edge list and DOT
// file of the dollar game's testdata: each is read as its graph, the
// divisor skipped with a note on standard error (issue 29, item 9).
func TestKaylesReadsDollarGames(t *testing.T) {
	for _, name := range []string{"cp.txt", "cp.dot", "multi.txt", "p4.txt", "petersen.txt", "k4.dot"} {
		code, out, errOut := clitest.Run(t, inProcess, "", "game", "kayles", fixture("chipfire", "good", name))
		if code != 0 || !strings.Contains(out, "nimber") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", name, code, out, errOut)
		}
		if strings.HasSuffix(name, ".txt") && !strings.Contains(errOut, "the divisor is ignored") {
			t.Errorf("%s: no note on the divisor: %q", name, errOut)
		}
	}
}
