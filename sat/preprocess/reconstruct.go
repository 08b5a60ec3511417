package preprocess

import "github.com/satsolve/satsolve/sat"

// Model reconstruction.
//
// Every step that removes a variable from the formula without keeping it
// equivalent pushes clauses onto a stack, each with a distinguished
// "pivot" literal (Eén & Biere 2005, section 5; MiniSat's elimclauses):
//
//   - a fixed literal l pushes the unit (l);
//   - eliminating x by resolution pushes the clauses of one polarity, say
//     those containing ¬x, with ¬x as pivot, followed by the unit (x);
//   - substituting x by an equivalent literal r pushes (x ∨ ¬r) and
//     (¬x ∨ r), with pivots x and ¬x.
//
// Extend walks the stack from the top down and, for every clause that the
// current assignment falsifies, makes the pivot true. A variable is only
// ever written by the entries pushed when it was removed, and those sit
// above every entry of variables removed before it (which cannot occur in
// its clauses, since their clauses had left the formula) and below the
// entries of variables removed after it (whose values are therefore final
// when it is reached). For an eliminated x: the unit (x) first sets x
// true, which satisfies the clauses of x; if one saved clause (¬x ∨ C) has
// C false, every clause (x ∨ D) has D true because the resolvent C ∨ D is
// in the formula or is a tautology over the other variables, so setting x
// false satisfies everything.

// reconstruction is the elimination stack.
type reconstruction struct {
	lits []sat.Lit // the clauses, pivot first, concatenated
	ends []int     // ends[i] is the end of clause i in lits
}

// pushUnit records that l must be true.
func (r *reconstruction) pushUnit(l sat.Lit) {
	r.lits = append(r.lits, l)
	r.ends = append(r.ends, len(r.lits))
}

// pushClause records clause c with the pivot p, which must occur in c.
func (r *reconstruction) pushClause(p lit, c []lit) {
	r.lits = append(r.lits, p.ext())
	for _, l := range c {
		if l != p {
			r.lits = append(r.lits, l.ext())
		}
	}
	r.ends = append(r.ends, len(r.lits))
}

// extend completes m, which must cover every variable, in place.
func (r *reconstruction) extend(m sat.Assignment) {
	for i := len(r.ends) - 1; i >= 0; i-- {
		start := 0
		if i > 0 {
			start = r.ends[i-1]
		}
		c := sat.Clause(r.lits[start:r.ends[i]])
		if !c.Satisfied(m) {
			p := c[0]
			m[p.Var()] = p > 0
		}
	}
}
