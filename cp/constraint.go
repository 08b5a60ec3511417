package cp

import (
	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// con is one kind of constraint. Every kind can be checked on values and
// encoded; reifiable kinds also give their negation.
type con interface {
	// name is the constraint's FlatZinc name, for messages.
	name() string
	// holds evaluates the constraint on a solution's values directly.
	holds(v *Solution) bool
	// post encodes the constraint into s, which may be a guard (the
	// constraint is then enforced only under it). Literal definitions go
	// to e.s, never through s (see the package comment).
	post(e *encoder, s sat.Sink) error
	// negate returns a constraint equivalent to the negation, or nil if
	// the kind cannot be fully reified.
	negate() con
	// uses reports how the constraint uses its integer variables, for the
	// automatic choice of encodings.
	uses(u *usage)
}

// reifier is implemented by constraints that can give a literal
// equivalent to themselves, cheaper than posting them guarded both ways.
type reifier interface {
	// reify returns a literal equivalent to the constraint, defined in
	// e.s, and whether it could.
	reify(e *encoder) (sat.Lit, bool, error)
}

// reifMode says how a posted constraint is enforced.
type reifMode uint8

const (
	enforced reifMode = iota // C
	implied                  // b → C (half reification)
	iff                      // b ↔ C (full reification)
)

type posted struct {
	c    con
	mode reifMode
	b    BoolVar
}

// Constraint is a handle on a posted constraint, for options that apply
// to any constraint: OnlyIf (half reification) and Iff (full
// reification). The zero Constraint, which a builder call returns after
// an error, ignores them.
type Constraint struct {
	m *Model
	i int
}

func (m *Model) post(c con) Constraint {
	if m.err != nil {
		return Constraint{}
	}
	m.cons = append(m.cons, posted{c: c})
	return Constraint{m, len(m.cons) - 1}
}

// OnlyIf makes the constraint hold only when b is true (b → C, FlatZinc's
// _imp forms); when b is false it need not hold. Every constraint can be
// half-reified.
func (c Constraint) OnlyIf(b BoolVar) Constraint { return c.reify(implied, b) }

// Iff makes b true exactly when the constraint holds (b ↔ C, FlatZinc's
// _reif forms). Constraints whose negation has no encoding (the globals)
// record an error.
func (c Constraint) Iff(b BoolVar) Constraint { return c.reify(iff, b) }

func (c Constraint) reify(mode reifMode, b BoolVar) Constraint {
	m := c.m
	if m == nil || m.err != nil || !m.own(b) {
		return c
	}
	p := &m.cons[c.i]
	if p.mode != enforced {
		m.fail("%s: reified twice", p.c.name())
		return c
	}
	if mode == iff && p.c.negate() == nil {
		m.fail("%s cannot be fully reified", p.c.name())
		return c
	}
	p.mode, p.b = mode, b
	return c
}

// encodePosted encodes one posted constraint with its reification.
func (e *encoder) encodePosted(p posted) error {
	if p.mode == enforced {
		return p.c.post(e, e.s)
	}
	// A fixed control literal needs no guard.
	switch e.m.bools[p.b.i].fixed {
	case 1:
		return p.c.post(e, e.s)
	case -1:
		if p.mode == implied {
			return nil
		}
		return p.c.negate().post(e, e.s)
	}
	b := e.lit(p.b)
	if r, ok := p.c.(reifier); ok {
		l, ok, err := r.reify(e)
		if err != nil {
			return err
		}
		if ok {
			e.s.AddClause(b.Not(), l)
			if p.mode == iff {
				e.s.AddClause(b, l.Not())
			}
			return nil
		}
	}
	if err := p.c.post(e, encode.Guard(e.s, b)); err != nil {
		return err
	}
	if p.mode == iff {
		return p.c.negate().post(e, encode.Guard(e.s, b.Not()))
	}
	return nil
}

// holdsPosted evaluates a posted constraint with its reification.
func holdsPosted(p posted, v *Solution) bool {
	h := p.c.holds(v)
	switch p.mode {
	case implied:
		return !v.Bool(p.b) || h
	case iff:
		return v.Bool(p.b) == h
	}
	return h
}
