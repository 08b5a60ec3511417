package preprocess

import (
	"context"
	"fmt"
	"slices"

	"github.com/satsolve/satsolve/sat"
)

// The brute-force oracle. A formula may number its variables sparsely (the
// tests spread them out so that clause signatures collide), but at most
// maxOracleVars distinct variables may occur; they are enumerated as bit
// masks, bit i standing for the i-th smallest of them, and clauses are
// compiled to masks so that all assignments are checked quickly.

const maxOracleVars = 16

// space is the set of variables the oracle enumerates.
type space struct {
	vars  []sat.Var       // sorted
	index map[sat.Var]int // bit of each variable
	n     int             // NumVars of the formula
}

func newSpace(f *sat.Formula, extra []sat.Var) *space {
	sp := &space{index: map[sat.Var]int{}, n: f.NumVars}
	add := func(v sat.Var) {
		if _, ok := sp.index[v]; !ok && int(v) <= f.NumVars {
			sp.index[v] = 0
			sp.vars = append(sp.vars, v)
		}
	}
	for _, c := range f.Clauses {
		for _, l := range c {
			add(l.Var())
		}
	}
	for _, v := range extra {
		add(v)
	}
	if len(sp.vars) > maxOracleVars {
		panic("formula too large for the oracle")
	}
	slices.Sort(sp.vars)
	for i, v := range sp.vars {
		sp.index[v] = i
	}
	return sp
}

func (sp *space) size() uint32 { return 1 << len(sp.vars) }

type maskClause struct{ pos, neg uint32 }

// compile turns clauses into masks; a tautology compiles to a clause that
// every assignment satisfies. Every variable must be in the space.
func (sp *space) compile(clauses []sat.Clause) []maskClause {
	out := make([]maskClause, len(clauses))
	for i, c := range clauses {
		for _, l := range c {
			bit := uint32(1) << sp.index[l.Var()]
			if l > 0 {
				out[i].pos |= bit
			} else {
				out[i].neg |= bit
			}
		}
	}
	return out
}

func satisfies(cs []maskClause, m uint32) bool {
	for _, c := range cs {
		if c.pos&m == 0 && c.neg&^m == 0 {
			return false
		}
	}
	return true
}

// assignment expands mask m to an assignment of every variable (those
// outside the space are false).
func (sp *space) assignment(m uint32) sat.Assignment {
	a := sat.NewAssignment(sp.n)
	for i, v := range sp.vars {
		a[v] = m>>i&1 == 1
	}
	return a
}

// hasModel reports whether f is satisfiable.
func hasModel(f *sat.Formula) bool {
	sp := newSpace(f, nil)
	cs := sp.compile(f.Clauses)
	for m := uint32(0); m < sp.size(); m++ {
		if satisfies(cs, m) {
			return true
		}
	}
	return false
}

// checkSimplify runs Simplify on f with opts and checks every promise of
// the package against the oracle. It returns a description of the first
// broken promise, or "".
func checkSimplify(ctx context.Context, f *sat.Formula, opts Options) string {
	orig := f.Copy()
	res, err := Simplify(ctx, f, opts)
	if err != nil {
		return fmt.Sprintf("Simplify error: %v", err)
	}
	if fmt.Sprint(orig.Clauses) != fmt.Sprint(f.Clauses) {
		return "Simplify modified its input"
	}
	g := res.Formula
	if g.NumVars != f.NumVars {
		return fmt.Sprintf("NumVars %d, want %d", g.NumVars, f.NumVars)
	}
	if msg := checkShape(res); msg != "" {
		return msg
	}
	sp := newSpace(f, opts.Frozen)
	var frozen, occurring uint32
	for _, v := range opts.Frozen {
		if int(v) <= f.NumVars {
			frozen |= 1 << sp.index[v]
		}
	}
	for _, c := range g.Clauses {
		for _, l := range c {
			i, ok := sp.index[l.Var()]
			if !ok {
				return fmt.Sprintf("simplified formula mentions variable %d, absent from the original", l.Var())
			}
			occurring |= 1 << i
		}
	}

	fm, gm := sp.compile(f.Clauses), sp.compile(g.Clauses)
	origProj := map[uint32]bool{}
	simpProj := map[uint32]bool{}
	origSat, simpSat := false, false
	for m := uint32(0); m < sp.size(); m++ {
		if satisfies(fm, m) {
			origSat = true
			origProj[m&frozen] = true
		}
		if !satisfies(gm, m) {
			continue
		}
		simpSat = true
		simpProj[m&frozen] = true
		a := sp.assignment(m)
		before := slices.Clone(a)
		e := res.Extend(a)
		if !slices.Equal(a, before) {
			return "Extend modified its argument"
		}
		if err := f.Check(e); err != nil {
			return fmt.Sprintf("Extend of model %v of the simplified formula fails the original: %v", a.Lits(len(a)-1), err)
		}
		for i, v := range sp.vars {
			if (frozen|occurring)>>i&1 == 1 && e[v] != a[v] {
				return fmt.Sprintf("Extend changed variable %d, which is frozen or still occurs", v)
			}
		}
	}
	if origSat != simpSat {
		return fmt.Sprintf("original satisfiable=%v, simplified satisfiable=%v", origSat, simpSat)
	}
	switch res.Status {
	case sat.Unsat:
		if origSat {
			return "Status Unsat for a satisfiable formula"
		}
	case sat.Sat:
		if err := f.Check(res.Extend(nil)); err != nil {
			return fmt.Sprintf("Status Sat but Extend(nil) fails: %v", err)
		}
	}
	if len(origProj) != len(simpProj) {
		return fmt.Sprintf("%d frozen assignments extend to models of the original, %d of the simplified", len(origProj), len(simpProj))
	}
	for k := range origProj {
		if !simpProj[k] {
			return fmt.Sprintf("frozen assignment %b extends to a model of the original only", k)
		}
	}
	return ""
}

// checkShape checks the form of the simplified formula and the statistics
// that describe it.
func checkShape(res *Result) string {
	g := res.Formula
	if res.Status == sat.Unsat {
		if len(g.Clauses) != 1 || len(g.Clauses[0]) != 0 {
			return "Unsat result without exactly the empty clause"
		}
	}
	lits := 0
	vars := map[sat.Var]bool{}
	for _, c := range g.Clauses {
		lits += len(c)
		if len(c) == 0 && res.Status != sat.Unsat {
			return "empty clause in a result not marked Unsat"
		}
		for i, l := range c {
			vars[l.Var()] = true
			if i > 0 && c[i-1].Var() >= l.Var() {
				return fmt.Sprintf("clause %v not sorted by variable, or has a duplicate or complementary pair", c)
			}
		}
	}
	st := res.Stats
	if st.ClausesAfter != len(g.Clauses) || st.LitsAfter != lits || st.VarsAfter != len(vars) {
		return fmt.Sprintf("stats after %d/%d/%d, formula has %d clauses, %d literals, %d variables",
			st.ClausesAfter, st.LitsAfter, st.VarsAfter, len(g.Clauses), lits, len(vars))
	}
	return ""
}
