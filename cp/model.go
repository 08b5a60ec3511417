package cp

import (
	"errors"
	"fmt"

	"github.com/satsolve/satsolve/encode"
)

// Domain is a finite set of integers (ranges, possibly with holes); build
// one with encode.RangeDomain, encode.DomainOf or encode.NewDomain.
type Domain = encode.Domain

// MaxValue bounds the absolute value of every domain value and constant,
// so that sums and products the encodings compute stay inside int64 and
// the pseudo-Boolean coefficient range.
const MaxValue = 1 << 40

// Model is a constraint model: integer and Boolean variables, constraints
// over them and, optionally, an objective. Building it is separate from
// solving it (Solve, SolveAll); a model can be solved many times, with
// different options and solvers.
//
// The builder keeps its first error (a variable of another model, arrays
// of different lengths, a domain out of range, a constraint that cannot be
// reified): the call that caused it returns a harmless value, later calls
// do nothing, and Err, Solve and Check report it. So a model can be built
// without an error check after every call.
type Model struct {
	ints   []intVar
	bools  []boolVar
	cons   []posted
	obj    *objective
	err    error
	iconst map[int64]IntVar
	bconst [2]BoolVar
}

type intVar struct {
	dom  Domain
	name string
	enc  Encoding // Auto unless the user chose one for this variable
}

type boolVar struct {
	name  string
	fixed int8 // 1 true, −1 false, 0 free
}

// IntVar is an integer variable of a model. The zero IntVar belongs to no
// model; using it is an error.
type IntVar struct {
	m *Model
	i int32
}

// BoolVar is a Boolean variable of a model. The zero BoolVar belongs to no
// model; using it is an error.
type BoolVar struct {
	m *Model
	i int32
}

// Var is an IntVar or a BoolVar: what SolveAll enumerates over.
type Var interface {
	model() *Model
	String() string
}

func (x IntVar) model() *Model  { return x.m }
func (b BoolVar) model() *Model { return b.m }

// String returns the variable's name, or "_i<n>" for an unnamed one.
func (x IntVar) String() string {
	if x.m == nil {
		return "<invalid IntVar>"
	}
	if n := x.m.ints[x.i].name; n != "" {
		return n
	}
	return fmt.Sprintf("_i%d", x.i)
}

// String returns the variable's name, or "_b<n>" for an unnamed one.
func (b BoolVar) String() string {
	if b.m == nil {
		return "<invalid BoolVar>"
	}
	if n := b.m.bools[b.i].name; n != "" {
		return n
	}
	return fmt.Sprintf("_b%d", b.i)
}

// NewModel returns an empty model.
func NewModel() *Model { return &Model{iconst: map[int64]IntVar{}} }

// Err returns the first error met while building the model, or nil.
func (m *Model) Err() error { return m.err }

// fail records the first error.
func (m *Model) fail(format string, args ...any) {
	if m.err == nil {
		m.err = fmt.Errorf("cp: "+format, args...)
	}
}

// ErrInvalid is wrapped by the errors of a model built with a variable of
// another model or the zero variable.
var ErrInvalid = errors.New("invalid variable")

// NewInt returns a new integer variable with domain lo..hi; lo > hi gives
// an empty domain, which makes the model unsatisfiable.
func (m *Model) NewInt(lo, hi int64, name string) IntVar {
	return m.NewIntIn(encode.RangeDomain(lo, hi), name)
}

// NewIntIn returns a new integer variable with domain d, which may have
// holes or be empty (the model is then unsatisfiable). Values must lie
// within ±MaxValue.
func (m *Model) NewIntIn(d Domain, name string) IntVar {
	if !d.Empty() && (d.Min() < -MaxValue || d.Max() > MaxValue) {
		m.fail("variable %s: domain %v beyond ±2^40", name, d)
		d = encode.RangeDomain(0, 0)
	}
	m.ints = append(m.ints, intVar{dom: d, name: name})
	return IntVar{m, int32(len(m.ints) - 1)}
}

// NewBool returns a new Boolean variable.
func (m *Model) NewBool(name string) BoolVar {
	m.bools = append(m.bools, boolVar{name: name})
	return BoolVar{m, int32(len(m.bools) - 1)}
}

// IntConst returns an integer variable fixed to v (one per value).
func (m *Model) IntConst(v int64) IntVar {
	if x, ok := m.iconst[v]; ok {
		return x
	}
	x := m.NewIntIn(encode.DomainOf(v), "")
	m.iconst[v] = x
	return x
}

// BoolConst returns a Boolean variable fixed to v.
func (m *Model) BoolConst(v bool) BoolVar {
	k := 0
	if v {
		k = 1
	}
	if m.bconst[k].m == nil {
		b := m.NewBool("")
		m.bools[b.i].fixed = int8(2*k - 1)
		m.bconst[k] = b
	}
	return m.bconst[k]
}

// Domain returns the domain x was created with.
func (m *Model) Domain(x IntVar) Domain {
	if !m.own(x) {
		return Domain{}
	}
	return m.ints[x.i].dom
}

// SetEncoding chooses how x is encoded, overriding Options.IntEncoding
// for this variable (Auto gives it back to the options' rule).
func (m *Model) SetEncoding(x IntVar, e Encoding) {
	if m.own(x) {
		m.ints[x.i].enc = e
	}
}

// NumInts and NumBools return how many variables the model has (constants
// and variables the constraints introduce included).
func (m *Model) NumInts() int { return len(m.ints) }

// NumBools returns how many Boolean variables the model has.
func (m *Model) NumBools() int { return len(m.bools) }

// own reports whether every variable belongs to m, recording an error
// otherwise.
func (m *Model) own(vs ...Var) bool {
	for _, v := range vs {
		if v.model() != m {
			m.fail("%w %s (zero or of another model)", ErrInvalid, v)
			return false
		}
	}
	return true
}

func (m *Model) ownInts(xs []IntVar) bool {
	for _, x := range xs {
		if !m.own(x) {
			return false
		}
	}
	return true
}

func (m *Model) ownBools(bs []BoolVar) bool {
	for _, b := range bs {
		if !m.own(b) {
			return false
		}
	}
	return true
}

// checkValues records an error if a constant is beyond ±MaxValue.
func (m *Model) checkValues(what string, vs ...int64) bool {
	for _, v := range vs {
		if v < -MaxValue || v > MaxValue {
			m.fail("%s: constant %d beyond ±2^40", what, v)
			return false
		}
	}
	return true
}
