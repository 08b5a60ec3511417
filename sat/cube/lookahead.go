package cube

import (
	"math"
	"slices"

	"github.com/satsolve/satsolve/sat"
)

// The look-ahead: for each preselected variable, assign each polarity in
// turn, propagate, weigh what propagation did, and undo. A literal whose
// propagation fails is a failed literal: its branch is refuted on the
// spot and its negation holds in the node (march, and before it Freeman's
// POSIT, "Improvements to propositional satisfiability search
// algorithms", 1995).
//
// The measure is march's weighted count of new clauses: every clause a
// propagation shortened without satisfying it counts 5^(2−k), where k is
// its length afterwards, so a new binary clause counts 1, a new ternary
// 0.2 (Heule and van Maaren, "March_dl: adding adaptive heuristics and a
// new branching strategy", JSAT 2, 2006). The variable to branch on
// maximises 1024·D(x)·D(¬x) + D(x) + D(¬x), which prefers variables whose
// both branches simplify the formula (the product) and breaks ties by the
// sum.

// weights[k] is the weight of a clause shortened to k free literals.
var weights = func() [32]float64 {
	var w [32]float64
	for k := 2; k < len(w); k++ {
		w[k] = math.Pow(5, float64(2-k))
	}
	return w
}()

func weight(k int) float64 {
	if k < len(weights) {
		return weights[k]
	}
	return 0
}

// look is the outcome of looking ahead on one literal.
type look struct {
	ok      bool    // propagation did not fail
	diff    float64 // the measure D
	implied int     // literals assigned, the literal included
}

// lookahead propagates l from the current state, measures, and undoes.
func (s *state) lookahead(l sat.Lit) look {
	s.newStamp()
	n := len(s.trail)
	ok := s.propagate(l)
	r := look{ok: ok, implied: len(s.trail) - n}
	if ok {
		for _, c := range s.touched {
			if s.nsat[c] == 0 {
				r.diff += weight(len(s.clauses[c]) - int(s.nfalse[c]))
			}
		}
	}
	s.undo(n)
	return r
}

// mix combines the measures of both branches into the branching score.
func mix(p, n float64) float64 { return 1024*p*n + p + n }

// preselect returns up to k free variables of the clauses not yet
// satisfied, best first by an estimate of the measure that needs no
// propagation: a free literal x of an unsatisfied clause with j free
// literals credits weight(j−1) to ¬x, the clause's weight if x were set
// false (1 for a binary clause, which x false turns into a unit). Ties go to the lower variable, so the choice is deterministic.
func (s *state) preselect(k int, credit []float64, out []sat.Var) []sat.Var {
	clear(credit)
	for c, cl := range s.clauses {
		if s.nsat[c] > 0 {
			continue
		}
		// A binary clause, once x is false, forces its other literal:
		// credit it as much as a new binary clause.
		w := 1.0
		if j := len(cl) - int(s.nfalse[c]); j > 2 {
			w = weight(j - 1)
		}
		for _, x := range cl {
			if s.value(x) == 0 {
				credit[litCode(-x)] += w
			}
		}
	}
	out = out[:0]
	for v := 1; v <= s.nvars; v++ {
		if s.val[v] == 0 && (credit[2*v] > 0 || credit[2*v+1] > 0) {
			out = append(out, sat.Var(v))
		}
	}
	score := func(v sat.Var) float64 { return mix(credit[2*v], credit[2*v+1]) }
	slices.SortStableFunc(out, func(a, b sat.Var) int {
		sa, sb := score(a), score(b)
		switch {
		case sa > sb:
			return -1
		case sa < sb:
			return 1
		}
		return 0
	})
	return out[:min(k, len(out))]
}

// autoPreselect is the number of variables looked ahead at a node with
// free free variables when Options.Preselect is 0: a tenth of them, at
// least 20 and at most 200. march preselects a similar share; fewer makes
// the decisions worse, more makes each node cost more.
func autoPreselect(free int) int { return min(max(free/10, 20), 200) }
