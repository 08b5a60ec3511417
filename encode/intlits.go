package encode

// The literals of an integer variable: comparisons and values with
// constants, made on demand and cached.
//
// Every literal made here is a definition: a fresh variable and the
// clauses making it equivalent to a function of x's literals. A definition
// restricts no assignment of x, so it is written beneath any Guard the
// sink argument carries (a guarded definition would hold only under the
// guard, and the cached literal would be wrong everywhere else); pass any
// sink that writes into the same solver as the one x was created in.
//
//	order literal of a small direct x   o_p ↔ d_p ∨ o_(p+1): 1 variable, 3 clauses
//	                                    (all of them at once, at the first request)
//	value literal of an order x         d_p ↔ o_p ∧ ¬o_(p+1): 1 variable, 3 clauses
//	                                    (none for the two end values)
//	x ≥ v, log                          a chain of at most m And/Or gates
//	x = v, log                          one And gate over the m bits
//
// Ne gives the literals whose disjunction says x ≠ v without any new
// variable, for blocking clauses.

import "github.com/satsolve/satsolve/sat"

// unguard returns the sink beneath any guards, where definitions go.
func unguard(s sat.Sink) sat.Sink {
	for {
		switch g := s.(type) {
		case *guarded:
			s = g.s
		case *guardedPB:
			s = g.s
		default:
			return s
		}
	}
}

// Ge returns a literal equivalent to x ≥ v: an encoding literal, a
// constant, or a cached definition (see the file comment).
func (x *Int) Ge(s sat.Sink, v int64) sat.Lit {
	switch p := x.dom.Index(v); {
	case p == 0:
		return x.t.True(unguard(s))
	case p == x.dom.size:
		return x.t.True(unguard(s)).Not()
	default:
		return x.geAt(unguard(s), p)
	}
}

// Le returns a literal equivalent to x ≤ v (see Ge).
func (x *Int) Le(s sat.Sink, v int64) sat.Lit {
	if v >= x.hi {
		return x.t.True(unguard(s))
	}
	return x.Ge(s, v+1).Not()
}

// Eq returns a literal equivalent to x = v (see Ge): the constant false
// when v is outside the domain.
func (x *Int) Eq(s sat.Sink, v int64) sat.Lit {
	if !x.dom.Contains(v) {
		return x.t.True(unguard(s)).Not()
	}
	return x.eqAt(unguard(s), x.dom.Index(v))
}

// Ne returns literals whose disjunction is equivalent to x ≠ v, made of
// x's existing literals (or a constant, created in s when needed).
func (x *Int) Ne(s sat.Sink, v int64) []sat.Lit {
	if !x.dom.Contains(v) {
		return []sat.Lit{x.t.True(unguard(s))}
	}
	p, n := x.dom.Index(v), x.dom.size
	switch {
	case n == 1:
		return nil
	case x.enc == IntLog:
		out := make([]sat.Lit, len(x.bits))
		for j, b := range x.bits {
			out[j] = pick(b, (v-x.lo)>>j&1 == 0)
		}
		return out
	case x.enc == IntDirect:
		return []sat.Lit{x.eqs[p].Not()}
	}
	var out []sat.Lit
	if p > 0 {
		out = append(out, x.ord[p-1].Not())
	}
	if p < n-1 {
		out = append(out, x.ord[p])
	}
	return out
}

// geAt returns x ≥ v_p for 0 < p < n, written into the unguarded s.
func (x *Int) geAt(s sat.Sink, p int64) sat.Lit {
	if x.enc != IntLog {
		if x.ord == nil {
			x.channelOrder(s)
		}
		return x.ord[p-1]
	}
	if l, ok := x.ge[p]; ok {
		return l
	}
	c := x.dom.Value(p) - x.lo
	g := partTrue
	for b, y := range x.bits {
		switch {
		case c>>b&1 == 1 && g == partTrue:
			g = part{l: y}
		case c>>b&1 == 1:
			g = part{l: And(s, y, g.l)}
		case g != partTrue:
			g = part{l: Or(s, y, g.l)}
		}
	}
	if x.ge == nil {
		x.ge = map[int64]sat.Lit{}
	}
	x.ge[p] = g.l
	return g.l
}

// eqAt returns x = v_p, written into the unguarded s.
func (x *Int) eqAt(s sat.Sink, p int64) sat.Lit {
	n := x.dom.size
	if n == 1 {
		return x.t.True(s)
	}
	if x.enc == IntLog {
		if l, ok := x.eq[p]; ok {
			return l
		}
		lits := make([]sat.Lit, len(x.bits))
		for j, y := range x.bits {
			lits[j] = pick(y, (x.dom.Value(p)-x.lo)>>j&1 == 1)
		}
		if x.eq == nil {
			x.eq = map[int64]sat.Lit{}
		}
		x.eq[p] = And(s, lits...)
		return x.eq[p]
	}
	if x.eqs == nil {
		x.eqs = make([]sat.Lit, n)
	}
	if x.eqs[p] == 0 {
		x.eqs[p] = x.channelEq(s, p)
	}
	return x.eqs[p]
}

// channelEq defines d_p ↔ o_p ∧ ¬o_(p+1) over the order literals.
func (x *Int) channelEq(s sat.Sink, p int64) sat.Lit {
	n := x.dom.size
	switch p {
	case 0:
		return x.ord[0].Not()
	case n - 1:
		return x.ord[n-2]
	}
	d := s.NewVar().Pos()
	lo, hi := x.ord[p-1], x.ord[p]
	s.AddClause(d.Not(), lo)
	s.AddClause(d.Not(), hi.Not())
	s.AddClause(d, lo.Not(), hi)
	return d
}

// channelOrder defines the order literals of a small direct integer:
// o_(n−1) is d_(n−1), and o_p ↔ d_p ∨ o_(p+1) below.
func (x *Int) channelOrder(s sat.Sink) {
	n := x.dom.size
	x.ord = make([]sat.Lit, n-1)
	x.ord[n-2] = x.eqs[n-1]
	for p := n - 2; p >= 1; p-- {
		o, d, up := s.NewVar().Pos(), x.eqs[p], x.ord[p]
		s.AddClause(d.Not(), o)
		s.AddClause(up.Not(), o)
		s.AddClause(o.Not(), d, up)
		x.ord[p-1] = o
	}
}
