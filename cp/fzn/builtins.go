package fzn

// The builtins: every FlatZinc constraint satsolve knows, with how it is
// posted into the cp model and how it is evaluated on values. The two
// sides are written beside each other on purpose: post goes through cp's
// constructors and encodings, holds is the FlatZinc specification's
// definition in a line, and the checker (check.go) evaluates every
// constraint of the model with holds on each solution before it is
// printed, so a mistake in the translation cannot print a wrong solution.

import (
	"math/big"
	"strings"
	"sync"

	"github.com/satsolve/satsolve/cp"
)

// form says which FlatZinc names a builtin answers to.
type form uint8

const (
	// plain: name(args) is C, name_reif(args, r) is r ↔ C and
	// name_imp(args, r) is r → C.
	plain form = iota
	// implied: name(args) is C and name_imp(args, r) is r → C; C has no
	// full reification (cp cannot encode its negation: arithmetic,
	// element, the globals).
	implied
	// natural: the builtin is reified by nature: name(args, r) is r ↔ C
	// and name_imp(args, r) is r → C (bool_and, array_bool_or, …).
	natural
	// only: name(args) is C, with no reified forms.
	only
)

// A builtin is one constraint of FlatZinc, or of satsolve's MiniZinc
// library.
type builtin struct {
	name string
	// arity counts the arguments of C, without a reifying Boolean.
	arity int
	form  form
	// post adds C to the model (nil: not supported yet).
	post func(t *translator, a []Value) cp.Constraint
	// holds evaluates C on values.
	holds func(e *evaluator, a []Value) bool
}

// builtins is the table. Names are FlatZinc's (flatzinc_builtins.mzn of
// MiniZinc 2.6) and the satsolve_ natives of the library in mznlib/.
var builtins = []builtin{
	// Integer comparisons and linear constraints.
	{"int_eq", 2, plain, func(t *translator, a []Value) cp.Constraint { return t.m.IntEq(t.intVar(a[0]), t.intVar(a[1])) },
		func(e *evaluator, a []Value) bool { return e.int(a[0]) == e.int(a[1]) }},
	{"int_ne", 2, plain, func(t *translator, a []Value) cp.Constraint { return t.m.IntNe(t.intVar(a[0]), t.intVar(a[1])) },
		func(e *evaluator, a []Value) bool { return e.int(a[0]) != e.int(a[1]) }},
	{"int_le", 2, plain, func(t *translator, a []Value) cp.Constraint { return t.m.IntLe(t.intVar(a[0]), t.intVar(a[1])) },
		func(e *evaluator, a []Value) bool { return e.int(a[0]) <= e.int(a[1]) }},
	{"int_lt", 2, plain, func(t *translator, a []Value) cp.Constraint { return t.m.IntLt(t.intVar(a[0]), t.intVar(a[1])) },
		func(e *evaluator, a []Value) bool { return e.int(a[0]) < e.int(a[1]) }},
	{"int_lin_eq", 3, plain, func(t *translator, a []Value) cp.Constraint {
		return t.m.IntLinEq(t.constInts(a[0]), t.intVars(a[1]), t.constInt(a[2]))
	}, func(e *evaluator, a []Value) bool { return e.dot(a[0], a[1]).cmp(i128(e.int(a[2]))) == 0 }},
	{"int_lin_ne", 3, plain, func(t *translator, a []Value) cp.Constraint {
		return t.m.IntLinNe(t.constInts(a[0]), t.intVars(a[1]), t.constInt(a[2]))
	}, func(e *evaluator, a []Value) bool { return e.dot(a[0], a[1]).cmp(i128(e.int(a[2]))) != 0 }},
	{"int_lin_le", 3, plain, func(t *translator, a []Value) cp.Constraint {
		return t.m.IntLinLe(t.constInts(a[0]), t.intVars(a[1]), t.constInt(a[2]))
	}, func(e *evaluator, a []Value) bool { return e.dot(a[0], a[1]).cmp(i128(e.int(a[2]))) <= 0 }},
	{"int_plus", 3, plain, func(t *translator, a []Value) cp.Constraint {
		return t.m.IntPlus(t.intVar(a[0]), t.intVar(a[1]), t.intVar(a[2]))
	}, func(e *evaluator, a []Value) bool {
		return i128(e.int(a[0])).add(i128(e.int(a[1]))) == i128(e.int(a[2]))
	}},
	{"set_in", 2, plain, func(t *translator, a []Value) cp.Constraint {
		return t.m.IntIn(t.intVar(a[0]), domainOf(t.constSet(a[1])))
	},
		func(e *evaluator, a []Value) bool { return e.m.Sets[a[1].X].Contains(e.int(a[0])) }},

	// Arithmetic.
	{"int_times", 3, implied, func(t *translator, a []Value) cp.Constraint {
		return t.m.IntTimes(t.intVar(a[0]), t.intVar(a[1]), t.intVar(a[2]))
	}, func(e *evaluator, a []Value) bool { return mul128(e.int(a[0]), e.int(a[1])) == i128(e.int(a[2])) }},
	{"int_div", 3, implied, func(t *translator, a []Value) cp.Constraint {
		return t.m.IntDiv(t.intVar(a[0]), t.intVar(a[1]), t.intVar(a[2]))
	}, func(e *evaluator, a []Value) bool {
		x, y, z := e.int(a[0]), e.int(a[1]), e.int(a[2])
		return y != 0 && !(x == -1<<63 && y == -1) && x/y == z // truncation toward zero, as MiniZinc's div
	}},
	{"int_mod", 3, implied, func(t *translator, a []Value) cp.Constraint {
		return t.m.IntMod(t.intVar(a[0]), t.intVar(a[1]), t.intVar(a[2]))
	}, func(e *evaluator, a []Value) bool {
		x, y, z := e.int(a[0]), e.int(a[1]), e.int(a[2])
		return y != 0 && (y == -1 && z == 0 || y != -1 && x%y == z) // the sign of x, as MiniZinc's mod
	}},
	{"int_abs", 2, implied, func(t *translator, a []Value) cp.Constraint { return t.m.IntAbs(t.intVar(a[0]), t.intVar(a[1])) },
		func(e *evaluator, a []Value) bool {
			x, y := e.int(a[0]), e.int(a[1])
			return x != -1<<63 && (x == y || x == -y) && y >= 0
		}},
	{"int_min", 3, implied, func(t *translator, a []Value) cp.Constraint {
		return t.m.IntMin(t.intVar(a[2]), t.intVar(a[0]), t.intVar(a[1]))
	}, func(e *evaluator, a []Value) bool { return min(e.int(a[0]), e.int(a[1])) == e.int(a[2]) }},
	{"int_max", 3, implied, func(t *translator, a []Value) cp.Constraint {
		return t.m.IntMax(t.intVar(a[2]), t.intVar(a[0]), t.intVar(a[1]))
	}, func(e *evaluator, a []Value) bool { return max(e.int(a[0]), e.int(a[1])) == e.int(a[2]) }},
	{"int_pow", 3, implied, func(t *translator, a []Value) cp.Constraint {
		return t.pow(t.intVar(a[0]), t.intVar(a[1]), t.intVar(a[2]))
	}, func(e *evaluator, a []Value) bool { return powHolds(e.int(a[0]), e.int(a[1]), e.int(a[2])) }},
	{"int_pow_fixed", 3, implied, func(t *translator, a []Value) cp.Constraint {
		return t.pow(t.intVar(a[0]), t.intVar(Int(t.constInt(a[1]))), t.intVar(a[2]))
	}, func(e *evaluator, a []Value) bool { return powHolds(e.int(a[0]), e.int(a[1]), e.int(a[2])) }},
	{"array_int_maximum", 2, implied, func(t *translator, a []Value) cp.Constraint {
		return t.m.IntMax(t.intVar(a[0]), t.intVars(a[1])...)
	}, func(e *evaluator, a []Value) bool {
		xs := e.ints(a[1])
		return len(xs) > 0 && slicesMax(xs) == e.int(a[0])
	}},
	{"array_int_minimum", 2, implied, func(t *translator, a []Value) cp.Constraint {
		return t.m.IntMin(t.intVar(a[0]), t.intVars(a[1])...)
	}, func(e *evaluator, a []Value) bool {
		xs := e.ints(a[1])
		return len(xs) > 0 && slicesMin(xs) == e.int(a[0])
	}},

	// Element: the index is 1-based, as every FlatZinc array.
	{"array_int_element", 3, implied, func(t *translator, a []Value) cp.Constraint {
		return t.m.IntElement(t.intVar(a[0]), 1, t.constInts(a[1]), t.intVar(a[2]))
	}, elementHolds},
	{"array_var_int_element", 3, implied, func(t *translator, a []Value) cp.Constraint {
		return t.m.IntVarElement(t.intVar(a[0]), 1, t.intVars(a[1]), t.intVar(a[2]))
	}, elementHolds},
	{"array_bool_element", 3, implied, func(t *translator, a []Value) cp.Constraint {
		return t.m.BoolElement(t.intVar(a[0]), 1, t.constBools(a[1]), t.boolVar(a[2]))
	}, elementHolds},
	{"array_var_bool_element", 3, implied, func(t *translator, a []Value) cp.Constraint {
		return t.m.BoolVarElement(t.intVar(a[0]), 1, t.boolVars(a[1]), t.boolVar(a[2]))
	}, elementHolds},

	// Booleans.
	{"bool2int", 2, only, func(t *translator, a []Value) cp.Constraint {
		return t.m.Bool2Int(t.boolVar(a[0]), t.intVar(a[1]))
	}, func(e *evaluator, a []Value) bool { return e.int(a[0]) == e.int(a[1]) }},
	{"bool_eq", 2, plain, func(t *translator, a []Value) cp.Constraint { return t.m.BoolEq(t.boolVar(a[0]), t.boolVar(a[1])) },
		func(e *evaluator, a []Value) bool { return e.bool(a[0]) == e.bool(a[1]) }},
	{"bool_not", 2, plain, func(t *translator, a []Value) cp.Constraint { return t.m.BoolNe(t.boolVar(a[0]), t.boolVar(a[1])) },
		func(e *evaluator, a []Value) bool { return e.bool(a[0]) != e.bool(a[1]) }},
	{"bool_le", 2, plain, func(t *translator, a []Value) cp.Constraint { return t.m.BoolLe(t.boolVar(a[0]), t.boolVar(a[1])) },
		func(e *evaluator, a []Value) bool { return !e.bool(a[0]) || e.bool(a[1]) }},
	{"bool_lt", 2, plain, func(t *translator, a []Value) cp.Constraint { return t.m.BoolLt(t.boolVar(a[0]), t.boolVar(a[1])) },
		func(e *evaluator, a []Value) bool { return !e.bool(a[0]) && e.bool(a[1]) }},
	{"bool_xor", 2, plain, func(t *translator, a []Value) cp.Constraint { return t.m.BoolXor(t.boolVar(a[0]), t.boolVar(a[1])) },
		func(e *evaluator, a []Value) bool { return e.bool(a[0]) != e.bool(a[1]) }},
	{"bool_and", 2, natural, func(t *translator, a []Value) cp.Constraint { return t.m.BoolAnd(t.boolVar(a[0]), t.boolVar(a[1])) },
		func(e *evaluator, a []Value) bool { return e.bool(a[0]) && e.bool(a[1]) }},
	{"bool_or", 2, natural, func(t *translator, a []Value) cp.Constraint { return t.m.BoolOr(t.boolVar(a[0]), t.boolVar(a[1])) },
		func(e *evaluator, a []Value) bool { return e.bool(a[0]) || e.bool(a[1]) }},
	{"bool_xor", 2, natural, func(t *translator, a []Value) cp.Constraint { return t.m.BoolXor(t.boolVar(a[0]), t.boolVar(a[1])) },
		func(e *evaluator, a []Value) bool { return e.bool(a[0]) != e.bool(a[1]) }},
	{"array_bool_and", 1, natural, func(t *translator, a []Value) cp.Constraint { return t.m.BoolAnd(t.boolVars(a[0])...) },
		func(e *evaluator, a []Value) bool { return count(e.ints(a[0])) == len(e.m.Arrays[a[0].X]) }},
	{"array_bool_or", 1, natural, func(t *translator, a []Value) cp.Constraint { return t.m.BoolOr(t.boolVars(a[0])...) },
		func(e *evaluator, a []Value) bool { return count(e.ints(a[0])) > 0 }},
	{"array_bool_xor", 1, plain, func(t *translator, a []Value) cp.Constraint { return t.m.BoolXor(t.boolVars(a[0])...) },
		func(e *evaluator, a []Value) bool { return count(e.ints(a[0]))%2 == 1 }},
	{"bool_clause", 2, plain, func(t *translator, a []Value) cp.Constraint {
		return t.m.BoolClause(t.boolVars(a[0]), t.boolVars(a[1]))
	}, func(e *evaluator, a []Value) bool {
		return count(e.ints(a[0])) > 0 || count(e.ints(a[1])) < len(e.m.Arrays[a[1].X])
	}},
	{"bool_lin_eq", 3, plain, func(t *translator, a []Value) cp.Constraint {
		return t.m.BoolLinEq(t.constInts(a[0]), t.boolVars(a[1]), t.intVar(a[2]))
	}, func(e *evaluator, a []Value) bool { return e.dot(a[0], a[1]).cmp(i128(e.int(a[2]))) == 0 }},
	{"bool_lin_le", 3, plain, func(t *translator, a []Value) cp.Constraint {
		return t.m.BoolLinLe(t.constInts(a[0]), t.boolVars(a[1]), t.constInt(a[2]))
	}, func(e *evaluator, a []Value) bool { return e.dot(a[0], a[1]).cmp(i128(e.int(a[2]))) <= 0 }},
}

// count returns how many of xs are non-zero (true).
func count(xs []int64) int {
	n := 0
	for _, x := range xs {
		if x != 0 {
			n++
		}
	}
	return n
}

func slicesMax(xs []int64) int64 {
	m := xs[0]
	for _, x := range xs[1:] {
		m = max(m, x)
	}
	return m
}

func slicesMin(xs []int64) int64 {
	m := xs[0]
	for _, x := range xs[1:] {
		m = min(m, x)
	}
	return m
}

// elementHolds evaluates array_*_element(i, as, c): 1 ≤ i ≤ n and
// as[i] = c.
func elementHolds(e *evaluator, a []Value) bool {
	i, as := e.int(a[0]), e.m.Arrays[a[1].X]
	return i >= 1 && i <= int64(len(as)) && e.int(as[i-1]) == e.int(a[2])
}

// powHolds evaluates int_pow(x, y, z): z = x^y, and for y < 0 as
// MiniZinc 2.6 evaluates pow: 1 for x = 1, undefined (false) for x = 0,
// and 0 for every other x, −1 included (MiniZinc prints pow(-1, -1) as 0;
// a solution fixed back into a model is judged so).
func powHolds(x, y, z int64) bool {
	if y < 0 {
		switch x {
		case 0:
			return false
		case 1:
			return z == 1
		}
		return z == 0
	}
	if (x < -1 || x > 1) && y > 64 {
		return false // |x^y| > 2^64 > |z|
	}
	return new(big.Int).Exp(big.NewInt(x), big.NewInt(y), nil).Cmp(big.NewInt(z)) == 0
}

// lookupKey finds a builtin by name, arity and whether it is natural
// (bool_xor is both: a ≠ b with two arguments, r ↔ a ≠ b with three).
type lookupKey struct {
	name    string
	arity   int
	natural bool
}

var (
	byName     map[lookupKey]*builtin
	byNameOnce sync.Once
)

// mode says how a constraint item uses its builtin.
type mode uint8

const (
	modePlain mode = iota // C
	modeIff               // r ↔ C, r the last argument
	modeImp               // r → C
)

// lookup returns the builtin of a constraint item named name with n
// arguments, and how it uses it; nil when there is none.
func lookup(name string, n int) (*builtin, mode) {
	byNameOnce.Do(func() {
		all := append(builtins[:len(builtins):len(builtins)], nativeBuiltins()...)
		byName = make(map[lookupKey]*builtin, len(all))
		for i := range all {
			b := &all[i]
			byName[lookupKey{b.name, b.arity, b.form == natural}] = b
		}
	})
	if b := byName[lookupKey{name, n, false}]; b != nil {
		return b, modePlain
	}
	if b := byName[lookupKey{name, n - 1, true}]; b != nil {
		return b, modeIff
	}
	if base, ok := strings.CutSuffix(name, "_reif"); ok {
		if b := byName[lookupKey{base, n - 1, false}]; b != nil && b.form == plain {
			return b, modeIff
		}
	}
	if base, ok := strings.CutSuffix(name, "_imp"); ok {
		if b := byName[lookupKey{base, n - 1, false}]; b != nil && (b.form == plain || b.form == implied) {
			return b, modeImp
		}
		if b := byName[lookupKey{base, n - 1, true}]; b != nil {
			return b, modeImp
		}
	}
	return nil, modePlain
}
