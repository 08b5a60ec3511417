package fzn

// Arguments of a constraint as the translation and the checker need them.
// The translator keeps the first error (a sticky error, as cp.Model does),
// so a builtin's code reads its arguments without checking each one.

import (
	"github.com/satsolve/satsolve/cp"
)

// failf records an error about the current constraint, unless one is
// recorded already.
func (t *translator) failf(class error, format string, args ...any) {
	if t.err == nil {
		t.err = t.errAt(t.cur.Pos, class, format, args...)
	}
}

// errAt returns an *Error at p.
func (t *translator) errAt(p Pos, class error, format string, args ...any) error {
	return &Error{File: t.file, Line: int(p.Line), Col: int(p.Col), Err: newDefect(class, format, args...)}
}

// argErr records that argument v of the current constraint is not what
// want says.
func (t *translator) argErr(v Value, want string) {
	got := v.Kind.String()
	if v.Kind == KindVar {
		got = "a " + t.fz.Vars[v.X].Type.String() + " variable"
	}
	t.failf(ErrType, "%s: want %s, not %s", t.cur.Name, want, got)
}

// constInt returns the integer of a literal argument.
func (t *translator) constInt(v Value) int64 {
	if v.Kind != KindInt {
		t.argErr(v, "an integer")
		return 0
	}
	return v.X
}

// intVar returns an integer argument: a variable or a literal.
func (t *translator) intVar(v Value) cp.IntVar {
	switch {
	case v.Kind == KindInt:
		if v.X < -cp.MaxValue || v.X > cp.MaxValue {
			t.failf(ErrUnsupported, "%s: the constant %d is beyond ±2^40", t.cur.Name, v.X)
			return cp.IntVar{}
		}
		return t.m.IntConst(v.X)
	case v.Kind == KindVar && t.fz.Vars[v.X].Type == TypeInt:
		return t.ints[t.class(int(v.X))]
	}
	t.argErr(v, "an int")
	return cp.IntVar{}
}

// boolVar returns a Boolean argument: a variable or a literal.
func (t *translator) boolVar(v Value) cp.BoolVar {
	switch {
	case v.Kind == KindBool:
		return t.m.BoolConst(v.X != 0)
	case v.Kind == KindVar && t.fz.Vars[v.X].Type == TypeBool:
		return t.bools[t.class(int(v.X))]
	}
	t.argErr(v, "a bool")
	return cp.BoolVar{}
}

// array returns the elements of an array argument.
func (t *translator) array(v Value) []Value {
	if v.Kind != KindArray {
		t.argErr(v, "an array")
		return nil
	}
	return t.fz.Arrays[v.X]
}

// each converts every element of array v with conv.
func each[T any](t *translator, v Value, conv func(Value) T) []T {
	elems := t.array(v)
	out := make([]T, len(elems))
	for i, e := range elems {
		out[i] = conv(e)
	}
	return out
}

// constInts returns an array of integer literals.
func (t *translator) constInts(v Value) []int64 { return each(t, v, t.constInt) }

// constBool returns the Boolean of a literal argument.
func (t *translator) constBool(v Value) bool {
	if v.Kind != KindBool {
		t.argErr(v, "a Boolean")
		return false
	}
	return v.X != 0
}

// constBools returns an array of Boolean literals.
func (t *translator) constBools(v Value) []bool { return each(t, v, t.constBool) }

// intVars returns an array of integers.
func (t *translator) intVars(v Value) []cp.IntVar { return each(t, v, t.intVar) }

// boolVars returns an array of Booleans.
func (t *translator) boolVars(v Value) []cp.BoolVar { return each(t, v, t.boolVar) }

// constSet returns a set literal.
func (t *translator) constSet(v Value) IntSet {
	if v.Kind != KindSet {
		t.argErr(v, "a set of int")
		return nil
	}
	return t.fz.Sets[v.X]
}

// An evaluator gives the values of a FlatZinc model's arguments in a
// solution, for the checker: variables through value, literals as they
// are. Arguments are assumed well typed (the translation checked them).
type evaluator struct {
	m     *Model
	value func(i int) int64
}

func (e *evaluator) int(v Value) int64 {
	if v.Kind == KindVar {
		return e.value(int(v.X))
	}
	return v.X
}

func (e *evaluator) bool(v Value) bool { return e.int(v) != 0 }

func (e *evaluator) ints(v Value) []int64 {
	elems := e.m.Arrays[v.X]
	out := make([]int64, len(elems))
	for i, x := range elems {
		out[i] = e.int(x)
	}
	return out
}

// dot returns Σ as[i]·xs[i] in 128 bits, as (hi, lo) two's complement.
func (e *evaluator) dot(as, xs Value) int128 {
	a, x := e.m.Arrays[as.X], e.m.Arrays[xs.X]
	var s int128
	for i := range a {
		s = s.add(mul128(a[i].X, e.int(x[i])))
	}
	return s
}
