package satfile

import (
	"slices"

	"github.com/satsolve/satsolve/sat"
)

// Dense variables.
//
// Backends size their per-variable arrays by the largest variable, and the
// solve command declares every variable up to Formula.NumVars, so a 22-byte
// file "p cnf 1 1 / 2147483647 0" asked gini for 8.6 GB, and
// "p cnf 2000000000 1" for as much. The readers therefore bound the
// variable count by the input's size: with L literal occurrences in the
// input, NumVars is at most L + DenseSlack. A header that declares more
// variables is not believed (the formula then covers the variables up to
// the largest that occurs), and a literal beyond it makes the reader renumber
// the variables that occur densely, 1..n in increasing order of their
// original numbers; Problem.Names maps them back, for output. Every backend
// then sees a dense formula, whatever it is. Files whose variables are
// numbered as the formats intend never reach the bound.

// DenseSlack is how many variables beyond its literal occurrences an input
// may declare or use before its variables are renumbered densely.
const DenseSlack = 1 << 20

// denseLimit returns the largest variable count an input with lits literal
// occurrences keeps as written.
func denseLimit(lits int) int { return min(lits+DenseSlack, int(sat.MaxVar)) }

// compact renumbers the variables that occur in f (clauses, PB constraints
// and the objective; zero literals, placeholders, are left alone) densely
// from 1, in increasing order, sets f.NumVars, and returns the original
// number of each new variable.
func compact(f *sat.Formula) []sat.Var {
	var names []sat.Var
	add := func(l sat.Lit) {
		if l != 0 {
			names = append(names, l.Var())
		}
	}
	for _, c := range f.Clauses {
		for _, l := range c {
			add(l)
		}
	}
	for _, c := range f.PBs {
		for _, t := range c.Terms {
			add(t.Lit)
		}
	}
	for _, t := range f.Objective {
		add(t.Lit)
	}
	slices.Sort(names)
	names = slices.Compact(names)
	names = slices.Clip(names)
	rename := func(l sat.Lit) sat.Lit {
		if l == 0 {
			return 0
		}
		i, _ := slices.BinarySearch(names, l.Var())
		return sat.Var(i + 1).Lit(l > 0)
	}
	for _, c := range f.Clauses {
		for i, l := range c {
			c[i] = rename(l)
		}
	}
	for _, c := range f.PBs {
		for i, t := range c.Terms {
			c.Terms[i].Lit = rename(t.Lit)
		}
	}
	for i, t := range f.Objective {
		f.Objective[i].Lit = rename(t.Lit)
	}
	f.NumVars = len(names)
	return names
}

// Name returns the input's own number of variable v of the formula: v
// itself unless the reader renumbered the variables (Names), and v for a
// WCNF relaxation variable (above OrigVars).
func (p *Problem) Name(v sat.Var) sat.Var {
	if p.Names == nil || int(v) > len(p.Names) {
		return v
	}
	return p.Names[v-1]
}
