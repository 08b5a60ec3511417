package cp

// Element: z = as[i] over an array of constants or of variables, integer
// or Boolean (FlatZinc array_int_element, array_var_int_element,
// array_bool_element, array_var_bool_element). The index counts from
// first (FlatZinc's arrays count from 1).
//
// The index is kept within the array by two bound clauses. Over
// constants it is the support encoding (Gent 2002's, with the direct
// encoding of the index): i = u → z = as[u] for every index value u (one
// binary clause), and z = w → ∨{ i = u : as[u] = w } for every value w of
// the image, z being first restricted to the image (set_in's clauses).
// Unit propagation is then domain-consistent on both sides. Over
// variables: i = u → z = xs[u], as a guarded equality (a ladder for order
// or direct encodings, else a pseudo-Boolean equality); for Booleans two
// clauses per index. Either way the index is used through its value
// literals, so Auto encodes it directly.
//
// I. P. Gent, Arc consistency in SAT, ECAI 2002.

import (
	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

type elemCon struct {
	fzn   string
	idx   IntVar
	first int64
	as    []int64   // constants (int or 0/1)
	xs    []IntVar  // variables, or
	bs    []BoolVar // Boolean variables
	z     IntVar    // integer result, or
	b     BoolVar   // Boolean result
	isB   bool      // the result is b
}

func (c *elemCon) name() string { return c.fzn }
func (c *elemCon) negate() con  { return nil }
func (c *elemCon) uses(u *usage) {
	u.byValue(c.idx)
	if c.as != nil && !c.isB {
		u.byValue(c.z)
	}
}

func (c *elemCon) args() []Var {
	vs := []Var{c.idx}
	if c.isB {
		vs = append(vs, c.b)
	} else {
		vs = append(vs, c.z)
	}
	for _, x := range c.xs {
		vs = append(vs, x)
	}
	for _, b := range c.bs {
		vs = append(vs, b)
	}
	return vs
}

func (c *elemCon) size() int { return max(len(c.as), len(c.xs), len(c.bs)) }

func (c *elemCon) holds(v *Solution) bool {
	i := v.Int(c.idx) - c.first
	if i < 0 || i >= int64(c.size()) {
		return false
	}
	switch {
	case c.xs != nil:
		return v.Int(c.z) == v.Int(c.xs[i])
	case c.bs != nil:
		return v.Bool(c.b) == v.Bool(c.bs[i])
	case c.isB:
		return v.Bool(c.b) == (c.as[i] != 0)
	}
	return v.Int(c.z) == c.as[i]
}

func (c *elemCon) post(e *encoder, s sat.Sink) error {
	n := int64(c.size())
	clause(s, e.geP(c.idx, c.first))
	clause(s, e.leP(c.idx, c.first+n-1))
	valid := e.dom(c.idx).Intersect(encode.RangeDomain(c.first, c.first+n-1))
	for u := range valid.Values {
		at := e.eqP(c.idx, u)
		k := u - c.first
		switch {
		case c.xs != nil:
			if err := e.linUnder(s, at, []iterm{{1, c.z}, {-1, c.xs[k]}}, opEq, 0); err != nil {
				return err
			}
		case c.bs != nil:
			b, x := e.boolP(c.b), e.boolP(c.bs[k])
			clause(s, at.not(), b.not(), x)
			clause(s, at.not(), b, x.not())
		case c.isB:
			if c.as[k] != 0 {
				clause(s, at.not(), e.boolP(c.b))
			} else {
				clause(s, at.not(), e.boolP(c.b).not())
			}
		default:
			clause(s, at.not(), e.eqP(c.z, c.as[k]))
		}
	}
	if c.xs != nil || c.bs != nil || c.isB {
		return nil
	}
	// Support: z takes only values of the image, each through an index.
	support := map[int64][]part{}
	var image []int64
	for u := range valid.Values {
		w := c.as[u-c.first]
		if _, ok := support[w]; !ok {
			image = append(image, w)
		}
		support[w] = append(support[w], e.eqP(c.idx, u))
	}
	if err := (&inCon{x: c.z, set: encode.DomainOf(image...)}).post(e, s); err != nil {
		return err
	}
	for _, w := range image {
		if !e.dom(c.z).Contains(w) {
			continue
		}
		clause(s, append([]part{e.eqP(c.z, w).not()}, support[w]...)...)
	}
	return nil
}

// IntElement constrains z = as[idx−first] (FlatZinc array_int_element
// with first 1).
func (m *Model) IntElement(idx IntVar, first int64, as []int64, z IntVar) Constraint {
	if !m.own(idx, z) || !m.checkValues("array_int_element", as...) {
		return Constraint{}
	}
	return m.post(&elemCon{fzn: "array_int_element", idx: idx, first: first, as: as, z: z})
}

// IntVarElement constrains z = xs[idx−first] (FlatZinc
// array_var_int_element with first 1).
func (m *Model) IntVarElement(idx IntVar, first int64, xs []IntVar, z IntVar) Constraint {
	if !m.own(idx, z) || !m.ownInts(xs) {
		return Constraint{}
	}
	if len(xs) == 0 {
		return m.post(&elemCon{fzn: "array_var_int_element", idx: idx, first: first, as: []int64{}, z: z})
	}
	return m.post(&elemCon{fzn: "array_var_int_element", idx: idx, first: first, xs: xs, z: z})
}

// BoolElement constrains b = as[idx−first] (FlatZinc array_bool_element
// with first 1).
func (m *Model) BoolElement(idx IntVar, first int64, as []bool, b BoolVar) Constraint {
	if !m.own(idx, b) {
		return Constraint{}
	}
	vs := make([]int64, len(as))
	for i, a := range as {
		if a {
			vs[i] = 1
		}
	}
	return m.post(&elemCon{fzn: "array_bool_element", idx: idx, first: first, as: vs, b: b, isB: true})
}

// BoolVarElement constrains b = bs[idx−first] (FlatZinc
// array_var_bool_element with first 1).
func (m *Model) BoolVarElement(idx IntVar, first int64, bs []BoolVar, b BoolVar) Constraint {
	if !m.own(idx, b) || !m.ownBools(bs) {
		return Constraint{}
	}
	if len(bs) == 0 {
		return m.post(&elemCon{fzn: "array_var_bool_element", idx: idx, first: first, as: []int64{}, b: b, isB: true})
	}
	return m.post(&elemCon{fzn: "array_var_bool_element", idx: idx, first: first, bs: bs, b: b, isB: true})
}
