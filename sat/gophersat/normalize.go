package gophersat

import (
	"errors"

	"github.com/satsolve/satsolve/sat"
)

// geq is the normal form handed to gophersat: Σ w_i·l_i ≥ k with every
// w_i in 1..k on distinct variables, k ≥ 1 and Σ w_i ≥ k, so neither
// trivially true nor infeasible. Literals are DIMACS ints.
type geq struct {
	lits    []int
	weights []int
	k       int
}

// MaxBound is the largest bound of a normalised pseudo-Boolean constraint
// (and the largest sum of normalised objective weights) that gophersat can
// represent: it keeps a constraint's bound, minus one, in the low 30 bits
// of a uint32 (solver.Clause.lbdValue) and silently wraps larger ones.
const MaxBound = 1 << 30

// ErrRange is wrapped by the error returned for a constraint or objective
// beyond MaxBound after normalisation (saturation and division by the
// coefficients' gcd).
var ErrRange = errors.New("gophersat: pseudo-Boolean bound or objective weight sum above gophersat's limit 2^30")

// normClause returns c without repeated literals, and whether c is a
// tautology (then the literals are meaningless).
func normClause(c sat.Clause) (lits []int, tautology bool) {
	seen := make(map[sat.Lit]bool, len(c))
	for _, l := range c {
		if seen[l.Not()] {
			return nil, true
		}
		if !seen[l] {
			seen[l] = true
			lits = append(lits, int(l))
		}
	}
	return lits, false
}

// normPB turns c, which satisfies Validate, into at most two geq
// constraints (two for Equal). feasible is false when c cannot hold.
func normPB(c sat.PB) (out []geq, feasible bool, err error) {
	var sides []int64 // +1 for Σ ≥ K, −1 for −Σ ≥ −K
	switch c.Op {
	case sat.AtLeast:
		sides = []int64{1}
	case sat.AtMost:
		sides = []int64{-1}
	default:
		sides = []int64{1, -1}
	}
	for _, sign := range sides {
		g, trivial, feasible, err := toGeq(c.Terms, sign, sign*c.K)
		if err != nil || !feasible {
			return nil, feasible, err
		}
		if !trivial {
			out = append(out, g)
		}
	}
	return out, true, nil
}

// toGeq normalises Σ sign·terms ≥ k. Merging per variable uses
// c·¬x = c − c·x, and a negative total a·x becomes a + |a|·¬x; constants
// move to the bound. With sat's coefficient limit every intermediate value
// stays below 2^63.
func toGeq(terms []sat.Term, sign, k int64) (out geq, trivial, feasible bool, err error) {
	lits, weights, konst := merge(terms, sign)
	bound := k - konst
	for i, w := range weights {
		if w < 0 {
			lits[i], weights[i] = -lits[i], -w
			bound -= w
		}
	}
	if bound <= 0 {
		return geq{}, true, true, nil
	}
	var sum int64
	for i, w := range weights {
		weights[i] = min(w, bound) // saturation keeps every model
		sum += weights[i]
	}
	if sum < bound {
		return geq{}, false, false, nil
	}
	// Σ g·u_i·l_i ≥ k holds exactly when Σ u_i·l_i ≥ ⌈k/g⌉.
	var g int64
	for _, w := range weights {
		g = gcd(g, w)
	}
	bound = (bound + g - 1) / g
	if bound > MaxBound {
		return geq{}, false, false, ErrRange
	}
	out = geq{lits: lits, weights: make([]int, len(weights)), k: int(bound)}
	for i, w := range weights {
		out.weights[i] = int(min(w/g, bound))
	}
	return out, false, true, nil
}

// merge sums sign·terms per variable as Σ a_v·x_v + konst, dropping zero
// totals. It returns the positive literals of the variables with nonzero
// a_v, in first-seen order, with their a_v.
func merge(terms []sat.Term, sign int64) (lits []int, weights []int64, konst int64) {
	index := make(map[sat.Var]int, len(terms))
	var coef []int64
	var vars []sat.Var
	for _, t := range terms {
		c := sign * t.Coef
		v := t.Lit.Var()
		i, ok := index[v]
		if !ok {
			i = len(vars)
			index[v] = i
			vars = append(vars, v)
			coef = append(coef, 0)
		}
		if t.Lit.IsPos() {
			coef[i] += c
		} else {
			konst += c
			coef[i] -= c
		}
	}
	for i, v := range vars {
		if coef[i] != 0 {
			lits = append(lits, int(v))
			weights = append(weights, coef[i])
		}
	}
	return lits, weights, konst
}

// normObjective turns Σ objective into Σ w_i·l_i plus a constant, with
// positive weights on distinct variables; the constant does not change
// which models are optimal, so it is dropped. The weights must sum to at
// most MaxBound: gophersat's search bounds the cost with a constraint of
// that size.
func normObjective(objective []sat.Term) (lits []int, weights []int, err error) {
	ls, ws, _ := merge(objective, 1)
	weights = make([]int, len(ws))
	var sum int64
	for i, w := range ws {
		if w < 0 {
			ls[i], w = -ls[i], -w
		}
		sum += w
		weights[i] = int(w)
	}
	if sum > MaxBound {
		return nil, nil, ErrRange
	}
	return ls, weights, nil
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
