package decodecmd

import (
	"strings"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/satfile"
)

// TestReadModel reads the model formats solvers print: competition "s"
// and "v" lines (DIMACS or OPB literals) and minisat's result file (a bare
// SAT line, then the literals), and refuses what is not a literal or lies
// beyond the instance.
func TestReadModel(t *testing.T) {
	p := &satfile.Problem{Formula: &sat.Formula{NumVars: 3}}
	for _, tc := range []struct{ in, status, model, err string }{
		{"c banner\ns SATISFIABLE\nv 1 -2\nv 3 0\n", "SATISFIABLE", "1 -2 3", ""},
		{"s OPTIMUM FOUND\nv x1 -x2 x3\n", "OPTIMUM FOUND", "1 -2 3", ""},
		{"SAT\n-1 2 0\n", "SATISFIABLE", "-1 2 -3", ""},
		{"UNSAT\n", "UNSATISFIABLE", "", ""},
		{"s SATISFIABLE\nv 1 4 0\n", "", "", "m:2: variable 4 beyond the instance's 3"},
		{"s SATISFIABLE\nv 1 y 0\n", "", "", `m:2: "y" is not a literal`},
		{"v 1 0\n", "", "", `no "s" line`},
	} {
		st, a, err := readModel(strings.NewReader(tc.in), "m", p)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || st != tc.status {
			t.Errorf("%q: %q, %v", tc.in, st, err)
			continue
		}
		if tc.model != "" {
			var got []string
			for _, l := range a.Lits(3) {
				got = append(got, l.String())
			}
			if strings.Join(got, " ") != tc.model {
				t.Errorf("%q: model %v, want %s", tc.in, got, tc.model)
			}
		}
	}
}
