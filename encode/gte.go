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
	"context"
	"fmt"
	"math"
	"slices"
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
	ctx    context.Context
	err    error // ctx.Err() once the build has stopped
}

type gteNode struct {
	vals []int64 // ascending distinct reachable sums, capped at the limit
	outs []sat.Lit
}

// NewGTE encodes a generalised totalizer of terms into s that can bound
// Σ terms by any k below limit (AtMost) or up to limit (AtLeast), for the
// directions in b. Terms may have negative or zero coefficients and
// repeated literals. The error reports terms that fail
// sat.ValidateTerms. Its size can be learned beforehand with GTESize.
func NewGTE(s sat.Sink, terms []sat.Term, limit int64, b Bounds) (*GTE, error) {
	return NewGTEContext(context.Background(), s, terms, limit, b)
}

// NewGTEContext is NewGTE, watching ctx between the nodes of the tree: when
// ctx ends it stops and returns ctx.Err(). The clauses already added stay
// in s; they restrict no assignment of the terms' literals (every one
// only defines or bounds the fresh output variables), so an abandoned GTE
// is harmless, only dead weight.
func NewGTEContext(ctx context.Context, s sat.Sink, terms []sat.Term, limit int64, b Bounds) (*GTE, error) {
	if err := sat.ValidateTerms(terms); err != nil {
		return nil, fmt.Errorf("encode: %w", err)
	}
	ts, off := positive(terms, 0)
	off = -off // positive moved Σ negative coefficients into the bound
	lim := min(max(0, limit-off), total(ts))
	g := &GTE{s: s, total: total(ts), limit: lim, bounds: b, ctx: ctx}
	g.build(ts, true)
	if g.err != nil {
		return nil, g.err
	}
	g.offset, g.asked = off, limit
	return g, nil
}

// GTESize returns the number of auxiliary variables and clauses that
// NewGTE(s, terms, limit, b) adds, without building anything. It stops
// counting once the clauses exceed stop (then clauses > stop, and vars is
// a partial count), so its work is bounded by stop; stop ≤ 0 means no
// bound. The terms must satisfy sat.ValidateTerms.
func GTESize(terms []sat.Term, limit int64, b Bounds, stop int64) (vars, clauses int64) {
	ts, off := positive(terms, 0)
	lim := min(max(0, limit+off), total(ts))
	if lim <= 0 || len(ts) == 0 {
		return 0, 0
	}
	if stop <= 0 {
		stop = math.MaxInt64
	}
	var count func(terms []sat.Term) []int64
	count = func(terms []sat.Term) []int64 {
		if len(terms) == 1 || clauses > stop {
			return []int64{min(terms[0].Coef, lim)}
		}
		mid := len(terms) / 2
		av, bv := count(terms[:mid]), count(terms[mid:])
		if clauses > stop {
			return av
		}
		if b&UpperBounds != 0 {
			clauses += int64(len(av)+1)*int64(len(bv)+1) - 1
			if clauses > stop {
				return av
			}
		}
		vals := sumValues(av, bv, lim)
		vars += int64(len(vals))
		if b&LowerBounds != 0 {
			clauses += downward(av, bv, vals) + int64(len(vals)) - 1
		}
		return vals
	}
	root := count(ts)
	if b&LowerBounds == 0 && len(ts) > 1 {
		clauses += int64(len(root)) - 1 // the chain at the root
	}
	return vars, clauses
}

// downward counts the downward clauses of a node with child values av, bv
// and values vals.
func downward(av, bv, vals []int64) int64 {
	var n int64
	for _, x := range append([]int64{0}, av...) {
		for _, y := range append([]int64{0}, bv...) {
			if vals[len(vals)-1] > x+y {
				n++
			}
		}
	}
	return n
}

// sumValues returns the ascending distinct sums x+y, capped at limit, of
// x in {0} ∪ av and y in {0} ∪ bv, except 0.
func sumValues(av, bv []int64, limit int64) []int64 {
	seen := map[int64]bool{}
	var vals []int64
	for _, x := range append([]int64{0}, av...) {
		for _, y := range append([]int64{0}, bv...) {
			if v := min(x+y, limit); v > 0 && !seen[v] {
				seen[v] = true
				vals = append(vals, v)
			}
		}
	}
	slices.Sort(vals)
	return vals
}

// build builds the tree over normalised terms (positive coefficients);
// chain adds the chain at the root for upper bounds.
func (g *GTE) build(terms []sat.Term, chain bool) {
	if g.limit > 0 && len(terms) > 0 {
		g.root = g.node(terms, g.limit, g.bounds)
		if chain && g.bounds&LowerBounds == 0 && g.err == nil {
			g.chain(g.root)
		}
	}
}

// buildGTE builds a GTE over normalised terms without a context.
func buildGTE(s sat.Sink, terms []sat.Term, limit int64, b Bounds, chain bool) *GTE {
	g := &GTE{s: s, total: total(terms), limit: limit, bounds: b, ctx: context.Background()}
	g.build(terms, chain)
	return g
}

func (g *GTE) node(terms []sat.Term, limit int64, b Bounds) gteNode {
	if len(terms) == 1 {
		return gteNode{vals: []int64{min(terms[0].Coef, limit)}, outs: []sat.Lit{terms[0].Lit}}
	}
	mid := len(terms) / 2
	A := g.node(terms[:mid], limit, b)
	if g.err != nil {
		return A
	}
	B := g.node(terms[mid:], limit, b)
	if g.err == nil {
		g.err = g.ctx.Err()
	}
	if g.err != nil {
		return A
	}
	av, bv := append([]int64{0}, A.vals...), append([]int64{0}, B.vals...)
	vals := sumValues(A.vals, B.vals, limit)
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
