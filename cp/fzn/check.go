package fzn

// The checker evaluates a solution against the FlatZinc model itself:
// every variable's value against its declared domain and assignment,
// every element of an array of variables against the array's element
// domain, and every constraint item by its builtin's definition (holds in
// builtins.go), never through the cp model. The command runs it on each
// solution after cp's own Check, so that a mistake anywhere between the
// FlatZinc text and the SAT model cannot print a wrong solution.

import (
	"errors"
	"fmt"
	"strings"
)

// ErrViolated is wrapped by Check's errors.
var ErrViolated = errors.New("solution violates the FlatZinc model")

// Check evaluates m on the values value gives (value(i) is the value of
// m.Vars[i]: an integer, 0 or 1 for a Boolean) and returns an error
// wrapping ErrViolated that names the first declaration or constraint it
// violates, or an error for a constraint it cannot evaluate.
func (m *Model) Check(value func(i int) int64) error {
	e := &evaluator{m: m, value: value}
	for i, v := range m.Vars {
		x := value(i)
		ok := true
		switch {
		case v.Type == TypeBool:
			ok = x == 0 || x == 1
		case v.Domain != nil:
			ok = v.Domain.Contains(x)
		}
		if ok && v.Value.Kind != KindNone {
			ok = e.int(v.Value) == x
		}
		if !ok {
			return m.violation(v.Pos, "variable %s = %d, outside its declaration", v.Name, x)
		}
	}
	for _, d := range m.ArrayDecls {
		if !d.IsVar || d.Domain == nil {
			continue
		}
		for k, el := range m.Arrays[d.Array] {
			if x := e.int(el); !d.Domain.Contains(x) {
				return m.violation(d.Pos, "%s[%d] = %d, outside the array's element domain", d.Name, k+1, x)
			}
		}
	}
	for i := range m.Constraints {
		c := &m.Constraints[i]
		b, mode := lookup(c.Name, len(c.Args))
		if b == nil {
			return m.violation(c.Pos, "cannot check constraint %s", c.Name)
		}
		ok := b.holds(e, c.Args[:b.arity])
		switch mode {
		case modeIff:
			ok = ok == e.bool(c.Args[b.arity])
		case modeImp:
			ok = ok || !e.bool(c.Args[b.arity])
		}
		if !ok {
			return m.violation(c.Pos, "constraint %s", m.describe(c, e))
		}
	}
	return nil
}

// violation returns an error wrapping ErrViolated at p.
func (m *Model) violation(p Pos, format string, args ...any) error {
	return &Error{File: m.File, Line: int(p.Line), Col: int(p.Col), Err: fmt.Errorf("%w: "+format, append([]any{ErrViolated}, args...)...)}
}

// describe writes a constraint with its arguments' values, for a message:
// int_le(x = 3, 2).
func (m *Model) describe(c *Constraint, e *evaluator) string {
	var b strings.Builder
	b.WriteString(c.Name + "(")
	for i, a := range c.Args {
		if i > 0 {
			b.WriteString(", ")
		}
		switch a.Kind {
		case KindVar:
			fmt.Fprintf(&b, "%s = %d", m.Vars[a.X].Name, e.int(a))
		case KindArray:
			elems := m.Arrays[a.X]
			b.WriteString("[")
			for j, el := range elems {
				if j == 8 {
					fmt.Fprintf(&b, ", … %d more", len(elems)-j)
					break
				}
				if j > 0 {
					b.WriteString(", ")
				}
				if el.Kind == KindVar {
					fmt.Fprint(&b, e.int(el))
				} else {
					b.WriteString(clip(m.literalText(el)))
				}
			}
			b.WriteString("]")
		default:
			b.WriteString(clip(m.literalText(a)))
		}
	}
	b.WriteString(")")
	return b.String()
}
