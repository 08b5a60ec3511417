package fzn

import "math"

// The AST keeps a model compactly: a FlatZinc file from MiniZinc can hold
// millions of constraints, so every argument is a 16-byte Value, and
// arrays, sets, strings and annotation calls live in pools of the Model
// that values refer to by index. Names are resolved while reading (FlatZinc
// declares everything before its use), so a Value never holds a name.

// Kind is the kind of a Value.
type Kind uint8

const (
	// KindNone is the zero Value: no value (a variable without an
	// assignment).
	KindNone Kind = iota
	// KindBool is a Boolean literal: X is 0 or 1.
	KindBool
	// KindInt is an integer literal: X is the integer.
	KindInt
	// KindFloat is a float literal: X holds its bits (math.Float64bits).
	KindFloat
	// KindSet is a set-of-integers literal: X indexes Model.Sets.
	KindSet
	// KindVar is a variable: X indexes Model.Vars.
	KindVar
	// KindArray is an array, named or literal: X indexes Model.Arrays.
	KindArray
	// KindString is a string literal (annotations only): X indexes
	// Model.Strings.
	KindString
	// KindAnn is an annotation (annotation arguments only): X indexes
	// Model.Anns.
	KindAnn
)

var kindWords = [...]string{KindNone: "nothing", KindBool: "a bool", KindInt: "an int", KindFloat: "a float",
	KindSet: "a set", KindVar: "a variable", KindArray: "an array", KindString: "a string", KindAnn: "an annotation"}

// String names the kind for messages ("an int").
func (k Kind) String() string {
	if int(k) < len(kindWords) {
		return kindWords[k]
	}
	return "?"
}

// A Value is a basic expression: a literal, or a reference into the
// model's declarations or pools.
type Value struct {
	Kind Kind
	X    int64
}

// Int returns the integer literal x.
func Int(x int64) Value { return Value{KindInt, x} }

// Bool returns the Boolean literal b.
func Bool(b bool) Value {
	if b {
		return Value{KindBool, 1}
	}
	return Value{KindBool, 0}
}

// Type is the type of a variable or of an array's elements.
type Type uint8

const (
	TypeBool Type = iota + 1
	TypeInt
	TypeFloat
	TypeSet // a set of integers
)

var typeWords = [...]string{TypeBool: "bool", TypeInt: "int", TypeFloat: "float", TypeSet: "set of int"}

// String returns the type as FlatZinc writes it.
func (t Type) String() string {
	if int(t) < len(typeWords) && typeWords[t] != "" {
		return typeWords[t]
	}
	return "?"
}

// A Range is the interval Lo..Hi of integers (empty when Lo > Hi).
type Range struct{ Lo, Hi int64 }

// An IntSet is a set of integers as sorted, disjoint, non-adjacent,
// non-empty ranges. The empty set has no ranges.
type IntSet []Range

// Contains reports whether v is in s.
func (s IntSet) Contains(v int64) bool {
	lo, hi := 0, len(s)
	for lo < hi {
		m := (lo + hi) / 2
		switch {
		case v < s[m].Lo:
			hi = m
		case v > s[m].Hi:
			lo = m + 1
		default:
			return true
		}
	}
	return false
}

// Min and Max return the least and greatest element of a non-empty set.
func (s IntSet) Min() int64 { return s[0].Lo }

// Max returns the greatest element of a non-empty set.
func (s IntSet) Max() int64 { return s[len(s)-1].Hi }

// Size returns the number of elements, saturating at the largest int64.
func (s IntSet) Size() uint64 {
	var n uint64
	for _, r := range s {
		d := uint64(r.Hi-r.Lo) + 1
		if d == 0 || n+d < n {
			return 1<<63 - 1
		}
		n += d
	}
	return min(n, 1<<63-1)
}

// Var flags.
const (
	// FlagOutput marks a variable annotated output_var.
	FlagOutput uint8 = 1 << iota
	// FlagDefined marks a variable annotated is_defined_var.
	FlagDefined
	// FlagIntroduced marks a variable annotated var_is_introduced.
	FlagIntroduced
)

// A Var is a variable declaration.
type Var struct {
	Name string
	// Type is TypeBool or TypeInt.
	Type Type
	// Domain is the declared domain of an int variable; nil for "var
	// int", which declares none.
	Domain IntSet
	// Value is the assignment "= expr", a literal or another variable
	// (an alias); KindNone when there is none.
	Value Value
	// Flags holds FlagOutput, FlagDefined and FlagIntroduced.
	Flags uint8
	// Anns are the declaration's other annotations.
	Anns []Annotation
	Pos  Pos
}

// An ArrayDecl is a named array: a parameter array or an array of
// variables.
type ArrayDecl struct {
	Name string
	// IsVar is set for "array [...] of var ...".
	IsVar bool
	// Type is the element type.
	Type Type
	// Domain is the declared domain of the elements of an array of var
	// int, nil when it declares none.
	Domain IntSet
	// Array indexes Model.Arrays: the elements.
	Array int
	// Output holds the index sets of output_array([...]); nil when the
	// array is not output.
	Output []Range
	// Anns are the declaration's other annotations.
	Anns []Annotation
	Pos  Pos
}

// An Annotation is ":: name" or ":: name(args)".
type Annotation struct {
	Name string
	Args []Value
}

// A Constraint is a constraint item.
type Constraint struct {
	// Name is the predicate, e.g. "int_lin_le".
	Name string
	Args []Value
	// Defines is the variable of its defines_var annotation plus one; 0
	// when it has none.
	Defines int32
	// Anns are its other annotations.
	Anns []Annotation
	Pos  Pos
}

// Method is what a solve item asks for.
type Method uint8

const (
	Satisfy Method = iota
	Minimize
	Maximize
)

var methodWords = [...]string{"satisfy", "minimize", "maximize"}

// String returns the method as FlatZinc writes it.
func (m Method) String() string { return methodWords[m] }

// Solve is the solve item.
type Solve struct {
	Method Method
	// Objective is the expression minimised or maximised: a variable or
	// an integer literal.
	Objective Value
	Anns      []Annotation
	Pos       Pos
}

// A Predicate is a predicate declaration: a non-standard constraint the
// model uses.
type Predicate struct {
	Name   string
	Params []Param
	Pos    Pos
}

// A Param is a parameter of a predicate declaration: its name and its type
// as FlatZinc text ("array [int] of var int").
type Param struct {
	Name, Type string
}

// An Output is one output_var variable or output_array array, in the
// order they were declared.
type Output struct {
	// IsArray says whether Index refers to Model.ArrayDecls or to
	// Model.Vars.
	IsArray bool
	Index   int
}

// A Model is a FlatZinc model as read.
type Model struct {
	// File names the input in errors (Options.File).
	File string

	Predicates  []Predicate
	Vars        []Var
	ArrayDecls  []ArrayDecl
	Constraints []Constraint
	Solve       Solve
	Output      []Output

	// The pools that Values refer to.
	Arrays  [][]Value
	Sets    []IntSet
	Strings []string
	Anns    []Annotation
}

// Elems returns the elements of array value v (KindArray).
func (m *Model) Elems(v Value) []Value { return m.Arrays[v.X] }

// Set returns the set of set value v (KindSet).
func (m *Model) Set(v Value) IntSet { return m.Sets[v.X] }

// floatValue returns the float literal f.
func floatValue(f float64) Value { return Value{KindFloat, int64(math.Float64bits(f))} }

// Float returns the float of a KindFloat value.
func (v Value) Float() float64 { return math.Float64frombits(uint64(v.X)) }
