package encode

// The modulo totalizer (Ogawa, Liu, Hasegawa, Koshimura, Fujita 2013).
//
// A totalizer whose nodes count in base p = max(2, ⌈√limit⌉): each node
// over m inputs has unary "lower" outputs L1..L(nl), nl = min(m, p−1), for
// the count modulo p, and unary "upper" outputs U1..U(nu),
// nu = min(⌊m/p⌋, ⌊limit/p⌋+1), for the count divided by p, plus a carry
// variable c when its children's remainders can reach p (la + lb ≥ p).
// A leaf has L1 = the input and no upper outputs. A node has at most
// p−1 + ⌊limit/p⌋+1 ≈ 2√limit outputs instead of the totalizer's
// min(m, limit), and O(limit) upward clauses instead of O(limit²); for
// 57 inputs and ≤ 8 it is 203 variables and 615 clauses against the
// totalizer's 227 and 696.
//
// Upward clauses (upper bounds), for children A, B (L0 = U0 = true):
//
//	Ai ∧ Bj → c ∨ L(i+j)              1 ≤ i+j < p
//	Ai ∧ Bj → c,  Ai ∧ Bj → L(i+j−p)  i+j ≥ p (the second for i+j > p)
//	AUi ∧ BUj → U(i+j)                 i+j ≥ 1
//	AUi ∧ BUj ∧ c → U(i+j+1)           when the node has a carry
//
// where an upper index beyond the cap is replaced by the top output, and
// beyond ⌊m/p⌋ (impossible) drops the literal, which forbids the carry.
// Downward clauses (lower bounds) make every true output justified:
//
//	c → A(i+1) ∨ B(p−i)                        for 0 ≤ i < p
//	LI ∧ ¬c → A(i+1) ∨ B(I−i)                  for 0 ≤ i < I
//	LI ∧ c → A(i+1) ∨ B(I+p−i)                 for 0 ≤ i < p
//	UJ → AU(i+1) ∨ BU(J−1−i)   (with a carry)  for 0 ≤ i < J−1
//	UJ ∧ ¬c → AU(i+1) ∨ BU(J−i)                for 0 ≤ i < J
//
// (a literal beyond a child's range is false). Per node, with κ = 1 when
// the node has a carry: nl + nu + κ variables, and
//
//	upward:   (la+1)(lb+1) − 1 + #{i ≤ la, j ≤ lb : i+j > p}
//	          + (qa+1)(qb+1) − 1 + κ(qa+1)(qb+1)
//	downward: κp + nl(nl+1)/2 + κ·p·nl + nu(nu+1)/2 + κ·nu(nu−1)/2
//
// clauses, where la, lb, qa, qb are the children's lower and upper output
// counts. Output flags need not be monotone in a model, so a bound takes
// several clauses at the root: with k = qp + r, Σ ≤ k is ¬Uj for
// j = q+1..nu and (¬Uq ∨ ¬Li) for i = r+1..nl; Σ ≥ k is (U(q+1) ∨ Uq) when
// q ≥ 1 and (U(q+1) ∨ Lr) when r ≥ 1. As a Counter the bound is one fresh
// literal implying those clauses.
//
// Why it is sound: with Q and R the largest true U and L indices, every
// model of the upward clauses has Q·p + R at least the true count (or the
// top U true), and every model of the downward clauses has the true count
// at least Q·p + R, by induction over the tree. Unit propagation is not
// arc-consistent (the carry is a choice propagation cannot make).
//
// T. Ogawa, Y. Liu, R. Hasegawa, M. Koshimura, H. Fujita, Modulo based
// CNF encoding of cardinality constraints and its application to MaxSAT
// solvers, ICTAI 2013, 9–17.

import "github.com/satsolve/satsolve/sat"

// part is a literal or a constant inside a clause under construction.
type part struct {
	l sat.Lit
	k int8 // 0: the literal l; 1: constant true; -1: constant false
}

var partTrue, partFalse = part{k: 1}, part{k: -1}

func (p part) not() part {
	if p.k != 0 {
		return part{k: -p.k}
	}
	return part{l: p.l.Not()}
}

// clauseOf returns the clause of the parts, or false if a part is true.
func clauseOf(parts ...part) ([]sat.Lit, bool) {
	c := make([]sat.Lit, 0, len(parts))
	for _, p := range parts {
		switch p.k {
		case 1:
			return nil, false
		case 0:
			c = append(c, p.l)
		}
	}
	return c, true
}

func emit(s sat.Sink, parts ...part) {
	if c, ok := clauseOf(parts...); ok {
		s.AddClause(c...)
	}
}

type modNode struct {
	m       int
	low, up []sat.Lit
	exact   bool // up covers every possible quotient (not capped)
}

func (n *modNode) L(i int) part {
	switch {
	case i == 0:
		return partTrue
	case i <= len(n.low):
		return part{l: n.low[i-1]}
	}
	return partFalse
}

func (n *modNode) U(j int) part {
	switch {
	case j == 0:
		return partTrue
	case j <= len(n.up):
		return part{l: n.up[j-1]}
	case n.exact:
		return partFalse
	}
	panic("encode: internal error: modulo totalizer quotient beyond its cap")
}

type modTot struct {
	s    sat.Sink
	p    int
	qcap int
	b    Bounds
	root *modNode
}

func modTotalizer(s sat.Sink, lits []sat.Lit, limit int, b Bounds) *modTot {
	p := max(2, isqrtCeil(limit))
	t := &modTot{s: s, p: p, qcap: limit/p + 1, b: b}
	t.root = t.node(lits)
	return t
}

func (t *modTot) node(lits []sat.Lit) *modNode {
	if len(lits) == 1 {
		return &modNode{m: 1, low: lits[:1:1], exact: true}
	}
	mid := len(lits) / 2
	a, b := t.node(lits[:mid]), t.node(lits[mid:])
	m := a.m + b.m
	nu := min(m/t.p, t.qcap)
	n := &modNode{m: m, low: newRow(t.s, int64(min(m, t.p-1))), up: newRow(t.s, int64(nu)), exact: nu == m/t.p}
	c, carry := partFalse, len(a.low)+len(b.low) >= t.p
	if carry {
		c = part{l: t.s.NewVar().Pos()}
	}
	if t.b&UpperBounds != 0 {
		t.up(a, b, n, c, carry)
	}
	if t.b&LowerBounds != 0 {
		t.down(a, b, n, c, carry)
	}
	return n
}

func (t *modTot) up(a, b, n *modNode, c part, carry bool) {
	s, p := t.s, t.p
	for i := 0; i <= len(a.low); i++ {
		for j := 0; j <= len(b.low); j++ {
			ai, bj := a.L(i).not(), b.L(j).not()
			switch {
			case i+j == 0:
			case i+j < p:
				emit(s, ai, bj, c, n.L(i+j))
			default:
				emit(s, ai, bj, c)
				if i+j > p {
					emit(s, ai, bj, n.L(i+j-p))
				}
			}
		}
	}
	nu := len(n.up)
	for i := 0; i <= len(a.up); i++ {
		for j := 0; j <= len(b.up); j++ {
			ai, bj := a.U(i).not(), b.U(j).not()
			if i+j >= 1 {
				emit(s, ai, bj, n.U(min(i+j, nu)))
			}
			if !carry {
				continue
			}
			switch {
			case i+j+1 <= nu:
				emit(s, ai, bj, c.not(), n.U(i+j+1))
			case n.exact:
				emit(s, ai, bj, c.not())
			default:
				emit(s, ai, bj, c.not(), n.U(nu))
			}
		}
	}
}

func (t *modTot) down(a, b, n *modNode, c part, carry bool) {
	s, p := t.s, t.p
	if carry {
		for i := 0; i < p; i++ {
			emit(s, c.not(), a.L(i+1), b.L(p-i))
		}
	}
	for I := 1; I <= len(n.low); I++ {
		li := n.L(I).not()
		for i := 0; i < I; i++ {
			emit(s, li, c, a.L(i+1), b.L(I-i))
		}
		if carry {
			for i := 0; i < p; i++ {
				emit(s, li, c.not(), a.L(i+1), b.L(I+p-i))
			}
		}
	}
	for J := 1; J <= len(n.up); J++ {
		uj := n.U(J).not()
		for i := 0; i < J; i++ {
			if carry {
				emit(s, uj, a.U(i+1), b.U(J-1-i))
			}
			emit(s, uj, c, a.U(i+1), b.U(J-i))
		}
	}
}

func (t *modTot) atMostClauses(k int) [][]sat.Lit {
	q, r := k/t.p, k%t.p
	var out [][]sat.Lit
	for j := q + 1; j <= len(t.root.up); j++ {
		out = append(out, []sat.Lit{t.root.up[j-1].Not()})
	}
	for i := r + 1; i <= len(t.root.low); i++ {
		if c, ok := clauseOf(t.root.U(q).not(), t.root.L(i).not()); ok {
			out = append(out, c)
		}
	}
	return out
}

func (t *modTot) atLeastClauses(k int) [][]sat.Lit {
	q, r := k/t.p, k%t.p
	var out [][]sat.Lit
	if q >= 1 {
		if c, ok := clauseOf(t.root.U(q+1), t.root.U(q)); ok {
			out = append(out, c)
		}
	}
	if r >= 1 {
		if c, ok := clauseOf(t.root.U(q+1), t.root.L(r)); ok {
			out = append(out, c)
		}
	}
	return out
}
