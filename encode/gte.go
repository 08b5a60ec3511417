package encode

// The generalised totalizer (Joshi, Martins, Manquinho 2015).
//
// The totalizer with weights: a balanced tree over the terms in which each
// node has one output per distinct sum its inputs can reach, capped at a
// limit (every sum ≥ limit shares the output "≥ limit"). A leaf's output
// is its literal, with value min(a, limit). For a node with children A and
// B (value 0 standing for a true constant):
//
//	upward   (upper bounds):  A(va) ∧ B(vb) → o(min(va+vb, limit))
//	         for every pair of child values or 0, except 0+0
//	downward (lower bounds):  ¬A(next va) ∧ ¬B(next vb) → ¬o(w)
//	         for every pair, with w the smallest node value > va+vb (if
//	         any) and "next" the child's next larger value (false after
//	         its largest), plus the chain o(v') → o(v) for consecutive
//	         node values v < v'
//
// Per node with |A| and |B| child values and |O| outputs: |O| variables,
// (|A|+1)(|B|+1) − 1 upward clauses, and #{pairs with a node value above
// va+vb} + |O| − 1 downward clauses. In every model the output at the true
// sum (capped) is true and, with the downward clauses, no output above it;
// for an incremental upper bound the chain is also added at the root (so a
// bound is one literal), unless the encoding is one-shot.
//
// The number of outputs is the number of distinct subset sums up to the
// limit, so the encoding is pseudo-polynomial and can blow up on diverse
// weights; it shines on objectives with few distinct weights (with unit
// weights it is exactly the totalizer). Σ ≤ K is ¬o(K+1) with limit K+1,
// Σ ≥ K is o(K) with limit K.
//
// For the one-shot constraints (limit K+1 for ≤, K for ≥, where every sum
// beyond the bound shares one output) unit propagation is arc-consistent;
// the tests check this exhaustively on small instances, and it held on
// 3000 random ones. Not for =, as for every method here (that would decide
// subset sum), and not claimed for the bound literals of an incremental
// GTE built with a larger limit.
//
// S. Joshi, R. Martins, V. Manquinho, Generalized totalizer encoding for
// pseudo-Boolean constraints, CP 2015, LNCS 9255, 200–209.

import (
	"fmt"
	"sort"

	"github.com/satsolve/satsolve/sat"
)

// GTE is a generalised totalizer over weighted literals that hands out
// literals for bounds on Σ terms, to be asserted or assumed; as for a
// Counter, only a literal's truth is meaningful. Build it with NewGTE.
type GTE struct {
	s      sat.Sink
	offset int64 // Σ terms = offset + Σ normalised terms
	root   gteNode
	total  int64 // largest normalised sum
	limit  int64 // normalised limit
	asked  int64 // the limit NewGTE was given
	bounds Bounds
	t      constant
}

type gteNode struct {
	vals []int64 // ascending distinct reachable sums, capped at the limit
	outs []sat.Lit
}

// NewGTE encodes a generalised totalizer of terms into s that can bound
// Σ terms by any k below limit (AtMost) or up to limit (AtLeast), for the
// directions in b. Terms may have negative or zero coefficients and
// repeated literals. The error reports terms that fail
// sat.ValidateTerms.
func NewGTE(s sat.Sink, terms []sat.Term, limit int64, b Bounds) (*GTE, error) {
	if err := sat.ValidateTerms(terms); err != nil {
		return nil, fmt.Errorf("encode: %w", err)
	}
	ts, off := positive(terms, 0)
	off = -off // positive moved Σ negative coefficients into the bound
	lim := min(max(0, limit-off), total(ts))
	g := buildGTE(s, ts, lim, b, true)
	g.offset, g.asked = off, limit
	return g, nil
}

// buildGTE builds the tree over normalised terms (positive coefficients);
// chain adds the chain at the root for upper bounds.
func buildGTE(s sat.Sink, terms []sat.Term, limit int64, b Bounds, chain bool) *GTE {
	g := &GTE{s: s, total: total(terms), limit: limit, bounds: b}
	if limit > 0 && len(terms) > 0 {
		g.root = g.node(terms, limit, b)
		if chain && b&LowerBounds == 0 {
			g.chain(g.root)
		}
	}
	return g
}

func (g *GTE) node(terms []sat.Term, limit int64, b Bounds) gteNode {
	if len(terms) == 1 {
		return gteNode{vals: []int64{min(terms[0].Coef, limit)}, outs: []sat.Lit{terms[0].Lit}}
	}
	mid := len(terms) / 2
	A, B := g.node(terms[:mid], limit, b), g.node(terms[mid:], limit, b)
	av, bv := append([]int64{0}, A.vals...), append([]int64{0}, B.vals...)
	seen := map[int64]bool{}
	var vals []int64
	for _, x := range av {
		for _, y := range bv {
			if v := min(x+y, limit); v > 0 && !seen[v] {
				seen[v] = true
				vals = append(vals, v)
			}
		}
	}
	sort.Slice(vals, func(i, j int) bool { return vals[i] < vals[j] })
	o := gteNode{vals: vals, outs: make([]sat.Lit, len(vals))}
	for i := range o.outs {
		o.outs[i] = g.s.NewVar().Pos()
	}
	if b&UpperBounds != 0 {
		for i, x := range av {
			for j, y := range bv {
				if i+j == 0 {
					continue
				}
				emit(g.s, A.at(i).not(), B.at(j).not(), part{l: o.outs[o.index(min(x+y, limit))]})
			}
		}
	}
	if b&LowerBounds != 0 {
		for i, x := range av {
			for j, y := range bv {
				w := sort.Search(len(vals), func(k int) bool { return vals[k] > x+y })
				if w == len(vals) {
					continue
				}
				emit(g.s, A.at(i+1), B.at(j+1), part{l: o.outs[w].Not()})
			}
		}
		g.chain(o)
	}
	return o
}

// at returns the output for the i-th value counting 0 as the first: true
// for 0, false past the last value.
func (n gteNode) at(i int) part {
	switch {
	case i == 0:
		return partTrue
	case i <= len(n.outs):
		return part{l: n.outs[i-1]}
	}
	return partFalse
}

func (n gteNode) index(v int64) int {
	return sort.Search(len(n.vals), func(k int) bool { return n.vals[k] >= v })
}

func (g *GTE) chain(n gteNode) {
	for i := 1; i < len(n.outs); i++ {
		g.s.AddClause(n.outs[i].Not(), n.outs[i-1])
	}
}

// atMost returns the literal for a normalised Σ ≤ k, 0 ≤ k < min(limit, total).
func (g *GTE) atMost(k int64) sat.Lit {
	return g.root.outs[sort.Search(len(g.root.vals), func(i int) bool { return g.root.vals[i] > k })].Not()
}

// atLeast returns the literal for a normalised Σ ≥ k, 1 ≤ k ≤ min(limit, total).
func (g *GTE) atLeast(k int64) sat.Lit {
	return g.root.outs[g.root.index(k)]
}

// AtMost returns a literal that enforces Σ terms ≤ k. The GTE must have
// been built with UpperBounds and, unless the bound is trivial, a limit
// above k; it panics otherwise.
func (g *GTE) AtMost(k int64) sat.Lit {
	if g.bounds&UpperBounds == 0 {
		panic("encode: AtMost on a GTE built without UpperBounds")
	}
	k -= g.offset
	switch {
	case k < 0:
		return g.t.True(g.s).Not()
	case k >= g.total:
		return g.t.True(g.s)
	case k >= g.limit:
		panic(fmt.Sprintf("encode: GTE AtMost(%d) beyond its limit %d", k+g.offset, g.limit+g.offset))
	}
	return g.atMost(k)
}

// AtLeast returns a literal that enforces Σ terms ≥ k. The GTE must have
// been built with LowerBounds and, unless the bound is trivial, a limit of
// at least k; it panics otherwise.
func (g *GTE) AtLeast(k int64) sat.Lit {
	if g.bounds&LowerBounds == 0 {
		panic("encode: AtLeast on a GTE built without LowerBounds")
	}
	k -= g.offset
	switch {
	case k <= 0:
		return g.t.True(g.s)
	case k > g.total:
		return g.t.True(g.s).Not()
	case k > g.limit:
		panic(fmt.Sprintf("encode: GTE AtLeast(%d) beyond its limit %d", k+g.offset, g.limit+g.offset))
	}
	return g.atLeast(k)
}

// Values returns, in increasing order, the sums of the terms that some
// assignment reaches and that lie below the limit given to NewGTE. Between
// two consecutive values no assignment lands, so a search for the least
// feasible sum can jump from one to the next.
func (g *GTE) Values() []int64 {
	var out []int64
	if g.offset < g.asked {
		out = append(out, g.offset)
	}
	for _, v := range g.root.vals {
		exact := v < g.limit || g.limit == g.total
		if exact && g.offset+v < g.asked {
			out = append(out, g.offset+v)
		}
	}
	return out
}
