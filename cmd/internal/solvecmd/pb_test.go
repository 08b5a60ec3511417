package solvecmd

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/satfile"
	"github.com/satsolve/satsolve/sat/sattest"
)

// TestSolvePBBackends solves random small OPB files, decision and
// optimisation, with cdcl taking the PB constraints natively (--pb auto),
// with cdcl given them as BDDs, with the default portfolio (cdcl native,
// walk clausal), and with a portfolio of clausal members only, against
// brute force: the status, the optimum's cost, and a printed model that
// satisfies the file.
func TestSolvePBBackends(t *testing.T) {
	dir := t.TempDir()
	configs := [][]string{
		{"--backend", "cdcl"},
		{"--backend", "cdcl", "--pb", "bdd"},
		{},
		{"--backend", "portfolio:gini,walk"},
	}
	rng := rand.New(rand.NewPCG(27, 1))
	for i := range 12 {
		const n = 10
		f := &sat.Formula{NumVars: n}
		for range 4 + rng.IntN(6) {
			c := sattest.RandomPBMix(rng, n)
			c.K = sattest.MidBound(c)
			f.AddPB(c)
		}
		if i%2 == 1 {
			for v := 1; v <= n; v++ {
				f.Objective = append(f.Objective, sat.Term{Coef: 1 + rng.Int64N(9), Lit: sat.Var(v).Lit(rng.IntN(2) == 0)})
			}
		}
		want, cost := bruteOPB(f)
		path := filepath.Join(dir, fmt.Sprintf("f%d.opb", i))
		var b strings.Builder
		if err := satfile.WriteOPB(&b, f); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(path, []byte(b.String()), 0o644)
		for _, cfg := range configs {
			args := append(append([]string{"solve"}, cfg...), path)
			code, out, errs := runCLI(t, "", args...)
			status, model := parseOPBOutput(out, f.NumVars)
			if status != want {
				t.Fatalf("%v: s %s (exit %d, %s), brute force %s", args, status, code, errs, want)
			}
			if want == "UNSATISFIABLE" {
				continue
			}
			if err := f.Check(model); err != nil {
				t.Fatalf("%v: printed model fails: %v", args, err)
			}
			if f.Objective != nil && !strings.Contains(out, fmt.Sprintf("o %d\n", cost)) {
				t.Fatalf("%v: optimum %d not in %q", args, cost, out)
			}
		}
	}
}

// parseOPBOutput returns the status of the "s" line and the model of the
// "v" lines of PB Competition output (tokens x3 and -x3).
func parseOPBOutput(out string, n int) (string, sat.Assignment) {
	status := ""
	m := sat.NewAssignment(n)
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "s "):
			status = line[2:]
		case strings.HasPrefix(line, "v "):
			for _, tok := range strings.Fields(line[2:]) {
				var v int
				if _, err := fmt.Sscanf(strings.TrimPrefix(tok, "-"), "x%d", &v); err == nil && v >= 1 && v <= n {
					m[v] = !strings.HasPrefix(tok, "-")
				}
			}
		}
	}
	return status, m
}

// bruteOPB returns the competition status of f by enumeration and, with
// an objective, the optimum.
func bruteOPB(f *sat.Formula) (string, int64) {
	a := sat.NewAssignment(f.NumVars)
	found, best := false, int64(0)
	for bits := range 1 << f.NumVars {
		for v := 1; v <= f.NumVars; v++ {
			a[v] = bits>>(v-1)&1 != 0
		}
		if f.Check(a) != nil {
			continue
		}
		if c := f.Cost(a); !found || c < best {
			found, best = true, c
		}
	}
	switch {
	case !found:
		return "UNSATISFIABLE", 0
	case f.Objective != nil:
		return "OPTIMUM FOUND", best
	}
	return "SATISFIABLE", 0
}

// TestSolvePBNativeStats checks which way the PB constraints of an OPB
// file reach cdcl: natively with --pb auto, alone or in the default
// portfolio, and as clauses with --pb bdd (cdcl -v counts its native
// constraints).
func TestSolvePBNativeStats(t *testing.T) {
	path := filepath.Join(t.TempDir(), "card.opb")
	os.WriteFile(path, []byte("* #variable= 6 #constraint= 1\n+1 x1 +1 x2 +1 x3 +1 x4 +1 x5 +1 x6 >= 3 ;\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--backend", "cdcl"}, "c PB constraints native:         1\n"},
		{[]string{}, "c cdcl: PB constraints native:   1\n"},
		{[]string{"--backend", "cdcl", "--pb", "bdd"}, "c PB constraints native:         0\n"},
	} {
		args := append(append([]string{"solve", "-v"}, c.args...), path)
		code, _, errs := runCLI(t, "", args...)
		if code != 10 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, no %q in\n%s", args, code, c.want, errs)
		}
	}
}
