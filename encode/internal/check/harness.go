package check

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

// Assume returns the assumptions that set vars according to mask: vars[i]
// is true when bit i of mask is set.
func Assume(vars []sat.Var, mask uint64) []sat.Lit {
	a := make([]sat.Lit, len(vars))
	for i, v := range vars {
		a[i] = v.Lit(mask>>i&1 == 1)
	}
	return a
}

// EvalLits returns how many of lits are true when vars are set by mask;
// every literal's variable must be among vars.
func EvalLits(lits []sat.Lit, vars []sat.Var, mask uint64) int {
	n := 0
	for _, l := range lits {
		for i, v := range vars {
			if l.Var() == v && (mask>>i&1 == 1) == l.IsPos() {
				n++
			}
		}
	}
	return n
}

// EvalTerms returns Σ terms when vars are set by mask; every literal's
// variable must be among vars.
func EvalTerms(terms []sat.Term, vars []sat.Var, mask uint64) int64 {
	var sum int64
	for _, t := range terms {
		for i, v := range vars {
			if t.Lit.Var() == v && (mask>>i&1 == 1) == t.Lit.IsPos() {
				sum += t.Coef
			}
		}
	}
	return sum
}

// Exhaust solves f (clauses and native constraints) under every assignment
// of vars and checks that it is satisfiable exactly when holds(mask). It
// returns the number of assignments that extend to a model, or an error
// naming the first disagreement.
func Exhaust(f *sat.Formula, vars []sat.Var, holds func(mask uint64) bool) (int, error) {
	s := Load(f)
	count := 0
	for mask := uint64(0); mask < 1<<len(vars); mask++ {
		st, err := s.Solve(context.Background(), Assume(vars, mask)...)
		if err != nil {
			return count, err
		}
		if (st == sat.Sat) != holds(mask) {
			return count, fmt.Errorf("inputs %0*b: solver says %v, constraint holds = %v", len(vars), mask, st, holds(mask))
		}
		if st == sat.Sat {
			count++
		}
	}
	return count, nil
}

// CheckAC checks that unit propagation on the clauses of f is arc-consistent
// on vars for the constraint holds: under every partial assignment of vars,
// propagation fails exactly when no completion satisfies the constraint, and
// otherwise it sets every input that all satisfying completions agree on.
func CheckAC(f *sat.Formula, vars []sat.Var, holds func(mask uint64) bool) error {
	s := New()
	s.grow(f.NumVars)
	for _, c := range f.Clauses {
		s.AddClause(c...)
	}
	n := len(vars)
	full := uint64(1)<<n - 1
	tt := make([]bool, 1<<n)
	for m := range tt {
		tt[m] = holds(uint64(m))
	}
	// Each partial assignment is a set of assigned inputs and their values.
	for set := uint64(0); set <= full; set++ {
		for vals := set; ; vals = (vals - 1) & set {
			if err := acPoint(s, vars, tt, set, vals); err != nil {
				return err
			}
			if vals == 0 {
				break
			}
		}
	}
	return nil
}

func acPoint(s *Solver, vars []sat.Var, tt []bool, set, vals uint64) error {
	n := len(vars)
	free := (uint64(1)<<n - 1) &^ set
	var canTrue, canFalse uint64 // inputs that some satisfying completion sets true / false
	consistent := false
	for sub := free; ; sub = (sub - 1) & free {
		m := vals | sub
		if tt[m] {
			consistent = true
			canTrue |= m
			canFalse |= ^m
		}
		if sub == 0 {
			break
		}
	}
	var assume []sat.Lit
	for i, v := range vars {
		if set>>i&1 == 1 {
			assume = append(assume, v.Lit(vals>>i&1 == 1))
		}
	}
	got, ok := s.Propagate(assume)
	if !consistent {
		if ok {
			return fmt.Errorf("partial %v has no solution but propagation finds no conflict", assume)
		}
		return nil
	}
	if !ok {
		return fmt.Errorf("partial %v has a solution but propagation finds a conflict", assume)
	}
	for i, v := range vars {
		if free>>i&1 == 0 {
			continue
		}
		bit := uint64(1) << i
		switch {
		case canTrue&bit == 0 && got[v] != -1:
			return fmt.Errorf("partial %v forces %v false; propagation gives %d", assume, v, got[v])
		case canFalse&bit == 0 && got[v] != 1:
			return fmt.Errorf("partial %v forces %v true; propagation gives %d", assume, v, got[v])
		}
	}
	return nil
}
