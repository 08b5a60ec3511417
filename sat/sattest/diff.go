package sattest

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// Backend is a named way to make fresh solvers, for differential runs.
type Backend struct {
	Name string
	New  func() sat.Solver
}

// Instance is a formula to solve, with its status when known (Unknown when
// it is not).
type Instance struct {
	Name    string
	Formula *sat.Formula
	Want    sat.Status
}

// Compare solves inst on a fresh solver of every backend, under ctx, and
// fails t unless every backend answers, the answers agree with each other
// and with inst.Want, and every Sat model passes inst.Formula.Check.
func Compare(t testing.TB, ctx context.Context, inst Instance, backends ...Backend) {
	t.Helper()
	first, firstName := inst.Want, "the expected status"
	for _, b := range backends {
		s := b.New()
		if err := Load(s, inst.Formula); err != nil {
			t.Fatalf("%s: %s: %v", inst.Name, b.Name, err)
		}
		st, err := s.Solve(ctx)
		switch st {
		case sat.Sat:
			if err := inst.Formula.Check(s.Model()); err != nil {
				t.Fatalf("%s: %s: SAT model fails the check: %v", inst.Name, b.Name, err)
			}
		case sat.Unsat:
		default:
			t.Fatalf("%s: %s: %v (%v)", inst.Name, b.Name, st, err)
		}
		if first == sat.Unknown {
			first, firstName = st, b.Name
		} else if st != first {
			t.Fatalf("%s: %s says %v, %s says %v", inst.Name, b.Name, st, firstName, first)
		}
	}
}

// DifferentialInstances returns the standard differential set, seeded:
// random 3-SAT at the threshold ratio 4.26 with n = 20, 50, 100 and 150
// variables, perSize formulas of each size (the ones with 20 variables have
// their status from the Oracle); and the pigeonhole formulas PHP(n+1, n)
// (unsatisfiable) and PHP(n, n) (satisfiable) for n = 1..6.
func DifferentialInstances(seed uint64, perSize int) []Instance {
	var out []Instance
	for _, n := range []int{20, 50, 100, 150} {
		m := int(math.Round(4.26 * float64(n)))
		for i := range perSize {
			s := seed + uint64(i)
			f := RandomKSAT(s, n, m, 3)
			want := sat.Unknown
			if n <= MaxOracleVars {
				want = sat.Unsat
				if NewOracle(f).Count() > 0 {
					want = sat.Sat
				}
			}
			out = append(out, Instance{Name: fmt.Sprintf("rand3_n%d_s%d", n, s), Formula: f, Want: want})
		}
	}
	for n := 1; n <= 6; n++ {
		out = append(out,
			Instance{Name: fmt.Sprintf("php_%d_%d", n+1, n), Formula: Pigeonhole(n+1, n), Want: sat.Unsat},
			Instance{Name: fmt.Sprintf("php_%d_%d", n, n), Formula: Pigeonhole(n, n), Want: sat.Sat})
	}
	return out
}

// Differential runs Compare on DifferentialInstances(seed, perSize), one
// subtest per instance, each bounded by the suite's solve timeout.
func Differential(t *testing.T, seed uint64, perSize int, backends ...Backend) {
	for _, inst := range DifferentialInstances(seed, perSize) {
		t.Run(inst.Name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), solveTimeout)
			defer cancel()
			Compare(t, ctx, inst, backends...)
		})
	}
}
