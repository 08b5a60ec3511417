package cp

import (
	"github.com/satsolve/satsolve/sat"
)

// part is a literal or a constant inside a clause under construction.
type part struct {
	l sat.Lit
	k int8 // 0: the literal l; 1: constant true; −1: constant false
}

var (
	yes = part{k: 1}
	no  = part{k: -1}
)

func lit(l sat.Lit) part { return part{l: l} }

func (p part) not() part {
	if p.k != 0 {
		return part{k: -p.k}
	}
	return part{l: p.l.Not()}
}

// clause adds the clause of the parts to s, unless a part is true;
// false parts are dropped (all false: the empty clause).
func clause(s sat.Sink, ps ...part) {
	c := make([]sat.Lit, 0, len(ps))
	for _, p := range ps {
		switch p.k {
		case 1:
			return
		case 0:
			c = append(c, p.l)
		}
	}
	s.AddClause(c...)
}

// litOf returns a part as a literal, using the constant for true/false.
func (e *encoder) litOf(p part) sat.Lit {
	switch p.k {
	case 1:
		return e.t
	case -1:
		return e.t.Not()
	}
	return p.l
}

// geP returns x ≥ v as a part: a constant when v is at or beyond x's
// bounds, else x's literal.
func (e *encoder) geP(x IntVar, v int64) part {
	d := e.dom(x)
	switch {
	case v <= d.Min():
		return yes
	case v > d.Max():
		return no
	}
	return lit(e.ge(x, v))
}

// leP returns x ≤ v as a part.
func (e *encoder) leP(x IntVar, v int64) part {
	if v >= e.dom(x).Max() {
		return yes
	}
	return e.geP(x, v+1).not()
}

// eqP returns x = v as a part.
func (e *encoder) eqP(x IntVar, v int64) part {
	d := e.dom(x)
	switch {
	case !d.Contains(v):
		return no
	case d.Size() == 1:
		return yes
	}
	return lit(e.eq(x, v))
}

// boolP returns b as a part.
func (e *encoder) boolP(b BoolVar) part {
	switch e.m.bools[b.i].fixed {
	case 1:
		return yes
	case -1:
		return no
	}
	return lit(e.lit(b))
}

// neParts returns parts whose disjunction is x ≠ v, without new
// variables.
func (e *encoder) neParts(x IntVar, v int64) []part {
	d := e.dom(x)
	if !d.Contains(v) {
		return []part{yes}
	}
	if d.Size() == 1 {
		return nil
	}
	ls := e.ints[x.i].Ne(e.s, v)
	ps := make([]part, len(ls))
	for i, l := range ls {
		ps[i] = lit(l)
	}
	return ps
}

// floorDiv returns ⌊a/b⌋ for b ≠ 0.
func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// ceilDiv returns ⌈a/b⌉ for b ≠ 0.
func ceilDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) == (b < 0)) {
		q++
	}
	return q
}
