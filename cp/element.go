package cp

// Element: z = as[i] over an array of constants or of variables, integer
// or Boolean (FlatZinc array_int_element, array_var_int_element,
// array_bool_element, array_var_bool_element), encoded by encode.Element,
// ElementInts and ElementLits (the support encoding over constants,
// guarded equalities over variables; see encode/element.go). The index
// counts from first (FlatZinc's arrays count from 1) and is used through
// its value literals, so Auto encodes it directly.

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
	idx := e.int(c.idx)
	switch {
	case c.xs != nil:
		return encode.ElementInts(s, idx, c.first, e.intsOf(c.xs), e.int(c.z), e.pbMethod(true))
	case c.bs != nil || c.isB:
		lits := make([]sat.Lit, c.size())
		for i := range lits {
			if c.bs != nil {
				lits[i] = e.lit(c.bs[i])
			} else {
				lits[i] = e.litOf(part{k: int8(2*c.as[i] - 1)})
			}
		}
		encode.ElementLits(s, idx, c.first, lits, e.lit(c.b))
		return nil
	}
	encode.Element(s, idx, c.first, c.as, e.int(c.z))
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
