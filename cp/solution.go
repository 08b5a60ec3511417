package cp

import (
	"errors"
	"fmt"
	"strings"
)

// Solution holds a value for every variable of a model.
type Solution struct {
	m     *Model
	ints  []int64
	bools []bool
}

// NewSolution returns a solution of m with every integer at the smallest
// value of its domain (0 for an empty one) and every Boolean false (true
// for the constant true), to be filled with SetInt and SetBool, e.g. to
// check values found elsewhere.
func (m *Model) NewSolution() *Solution {
	s := &Solution{m: m, ints: make([]int64, len(m.ints)), bools: make([]bool, len(m.bools))}
	for i, x := range m.ints {
		if !x.dom.Empty() {
			s.ints[i] = x.dom.Min()
		}
	}
	for i, b := range m.bools {
		s.bools[i] = b.fixed == 1
	}
	return s
}

// Int returns the value of x.
func (s *Solution) Int(x IntVar) int64 { return s.ints[x.i] }

// Bool returns the value of b.
func (s *Solution) Bool(b BoolVar) bool { return s.bools[b.i] }

// Value returns the value of an IntVar, or 1 or 0 for a BoolVar.
func (s *Solution) Value(v Var) int64 {
	switch v := v.(type) {
	case IntVar:
		return s.Int(v)
	case BoolVar:
		if s.Bool(v) {
			return 1
		}
	}
	return 0
}

// SetInt sets the value of x.
func (s *Solution) SetInt(x IntVar, v int64) { s.ints[x.i] = v }

// SetBool sets the value of b.
func (s *Solution) SetBool(b BoolVar, v bool) { s.bools[b.i] = v }

// ErrViolated is wrapped by Check's errors.
var ErrViolated = errors.New("solution violates the model")

// Check evaluates every constraint of the model on the solution's values
// directly, never through an encoding, and checks every value against its
// variable's domain. The error names the first violation and wraps
// ErrViolated; a model built with an error returns that error.
func (m *Model) Check(s *Solution) error {
	if m.err != nil {
		return m.err
	}
	if s.m != m || len(s.ints) != len(m.ints) || len(s.bools) != len(m.bools) {
		return fmt.Errorf("cp: %w: the solution belongs to another model", ErrViolated)
	}
	for i, x := range m.ints {
		if !x.dom.Contains(s.ints[i]) {
			return fmt.Errorf("cp: %w: %s = %d outside its domain %v", ErrViolated, IntVar{m, int32(i)}, s.ints[i], x.dom)
		}
	}
	for i, b := range m.bools {
		if b.fixed != 0 && s.bools[i] != (b.fixed == 1) {
			return fmt.Errorf("cp: %w: the constant %v is %v", ErrViolated, b.fixed == 1, s.bools[i])
		}
	}
	for _, p := range m.cons {
		if !holdsPosted(p, s) {
			return fmt.Errorf("cp: %w: %s", ErrViolated, m.describe(p, s))
		}
	}
	return nil
}

// describe names a posted constraint and its reification for messages.
func (m *Model) describe(p posted, s *Solution) string {
	var b strings.Builder
	b.WriteString(p.c.name())
	switch p.mode {
	case implied:
		fmt.Fprintf(&b, " (only if %s, which is %v)", p.b, s.Bool(p.b))
	case iff:
		fmt.Fprintf(&b, " (iff %s, which is %v)", p.b, s.Bool(p.b))
	}
	if d, ok := p.c.(interface{ args() []Var }); ok {
		b.WriteString(" with ")
		for i, v := range d.args() {
			if i > 0 {
				b.WriteString(", ")
			}
			if i == 8 {
				b.WriteString("…")
				break
			}
			fmt.Fprintf(&b, "%s = %d", v, s.Value(v))
		}
	}
	return b.String()
}
