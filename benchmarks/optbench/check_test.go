package main

import (
	"os"
	"path/filepath"
	"testing"
)

func write(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestJudge checks the independent checker on answers right and wrong:
// costs recomputed from OPB and from both WCNF dialects, in exact
// arithmetic, and every kind of wrong answer caught.
func TestJudge(t *testing.T) {
	opb := write(t, "a.opb", "* #variable= 3 #constraint= 2\nmin: +5 x1 +99999999999999999999 ~x2 -2 x3 ;\n+1 x1 +1 x2 >= 1;\n+1267650600228229401496703205376 x3 -1 x1 >= 0 ;\n")
	old := write(t, "b.wcnf", "p wcnf 3 4 18446744073709551616\n18446744073709551616 1 2 0\n7 -1 0\n9223372036854775807 -2 0\n3 3 0\n")
	new := write(t, "c.wcnf", "c x\nh 1 2 0\n7 -1 0\n9223372036854775807 -2 0\n3 3\n0\n")
	in := instance{group: "WCNF"}
	cases := []struct {
		path, out, status, cost string
		known                   string
	}{
		{opb, "o 100000000000000000002\ns OPTIMUM FOUND\nv x1 -x2 x3\n", "OPTIMUM", "100000000000000000002", ""},
		{opb, "s SATISFIABLE\nv x1 -x2 x3\n", "SAT", "100000000000000000002", ""},
		{opb, "s OPTIMUM FOUND\nv x1 -x2 -x3\n", "WRONG", "", ""},        // x3 ≥ x1 broken
		{opb, "o 5\ns SATISFIABLE\nv -x1 x2 ~x3\n", "WRONG", "0", ""},    // printed 5, costs 0
		{opb, "o 0\ns OPTIMUM FOUND\nv -x1 x2 -x3\n", "WRONG", "0", "7"}, // the known optimum is 7
		{old, "o 9223372036854775817\ns SATISFIABLE\nv 1 2 -3 0\n", "SAT", "9223372036854775817", ""},
		{new, "o 7\ns OPTIMUM FOUND\nv 110\n", "WRONG", "9223372036854775817", ""}, // 0/1 string: x1 x2 ¬x3
		{new, "s OPTIMUM FOUND\nv 101\n", "OPTIMUM", "7", ""},
		{new, "s UNSATISFIABLE\n", "WRONG", "", "7"},
		{new, "s UNKNOWN\n", "UNKNOWN", "", ""},
		{new, "v 10\n", "WRONG", "", ""}, // a 0/1 model too short
	}
	for i, c := range cases {
		p, err := readProblem(c.path)
		if err != nil {
			t.Fatal(err)
		}
		in.known = c.known
		var r row
		judge(&r, in, p, []byte(c.out), nil, 0)
		if r.status != c.status || c.status != "WRONG" && r.cost != c.cost {
			t.Errorf("case %d: %s cost %q (%s), want %s cost %q", i, r.status, r.cost, r.note, c.status, c.cost)
		}
	}
}

// TestCrossCheck: an optimum above another solver's model, and an UNSAT
// beside a model, are wrong.
func TestCrossCheck(t *testing.T) {
	rows := []row{
		{file: "f", solver: "a", status: "OPTIMUM", cost: "10"},
		{file: "f", solver: "b", status: "SAT", cost: "9"},
		{file: "g", solver: "a", status: "UNSAT"},
		{file: "g", solver: "b", status: "SAT", cost: "1"},
		{file: "h", solver: "a", status: "OPTIMUM", cost: "4"},
		{file: "h", solver: "b", status: "SAT", cost: "4"},
	}
	crossCheck(rows)
	for i, want := range []string{"WRONG", "SAT", "WRONG", "SAT", "OPTIMUM", "SAT"} {
		if rows[i].status != want {
			t.Errorf("row %d: %s, want %s", i, rows[i].status, want)
		}
	}
}
