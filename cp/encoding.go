package cp

import (
	"context"
	"fmt"
	"strings"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// Encoding selects how integer variables are encoded.
type Encoding uint8

// The integer encodings. Auto chooses one per variable (see the package
// comment for the rule).
const (
	Auto   Encoding = iota // per variable, by domain size and use
	Order                  // encode.IntOrder: x ≥ v literals
	Log                    // encode.IntLog: binary
	Direct                 // encode.IntDirect: x = v literals
)

var encodingNames = []string{"auto", "order", "log", "direct"}

// String returns the encoding's flag name, e.g. "auto".
func (e Encoding) String() string {
	if int(e) < len(encodingNames) {
		return encodingNames[e]
	}
	return fmt.Sprintf("Encoding(%d)", uint8(e))
}

// Encodings returns every encoding, in declaration order.
func Encodings() []Encoding { return []Encoding{Auto, Order, Log, Direct} }

// ParseEncoding returns the encoding whose String is name.
func ParseEncoding(name string) (Encoding, error) {
	for _, e := range Encodings() {
		if e.String() == name {
			return e, nil
		}
	}
	return 0, fmt.Errorf("cp: unknown integer encoding %q (want one of %s)", name, strings.Join(encodingNames, ", "))
}

// The thresholds of the automatic choice (see the package comment).
const (
	// DefaultAutoOrderMax is the largest domain Auto encodes with the
	// order or direct encoding by default (Options.AutoOrderMax); larger
	// domains are log-encoded.
	DefaultAutoOrderMax = 1024
	// MaxOrderDomain is the largest domain the order and direct
	// encodings accept when asked for explicitly.
	MaxOrderDomain = 1 << 22
)

// orderMax returns the Auto threshold of the options.
func (o Options) orderMax() int64 {
	if o.AutoOrderMax > 0 {
		return o.AutoOrderMax
	}
	return DefaultAutoOrderMax
}

// usage records how the constraints use each integer variable.
type usage struct {
	value []bool // through x = v literals (all_different, element, table, …)
}

func (u *usage) byValue(xs ...IntVar) {
	for _, x := range xs {
		u.value[x.i] = true
	}
}

// choose returns the encoding of each integer variable.
func choose(m *Model, o Options) ([]encode.IntEncoding, error) {
	u := &usage{value: make([]bool, len(m.ints))}
	for _, p := range m.cons {
		p.c.uses(u)
	}
	out := make([]encode.IntEncoding, len(m.ints))
	for i, x := range m.ints {
		e := x.enc
		if e == Auto {
			e = o.IntEncoding
		}
		n := x.dom.Size()
		switch e {
		case Auto:
			switch {
			case n > o.orderMax():
				e = Log
			case u.value[i]:
				e = Direct
			default:
				e = Order
			}
		case Order, Direct:
			if n > MaxOrderDomain {
				return nil, fmt.Errorf("cp: %s has %d values, too many for the %v encoding (at most %d; use log)", IntVar{m, int32(i)}, n, e, MaxOrderDomain)
			}
		case Log:
		default:
			return nil, fmt.Errorf("cp: unknown %v", e)
		}
		out[i] = [...]encode.IntEncoding{Order: encode.IntOrder, Log: encode.IntLog, Direct: encode.IntDirect}[e]
	}
	return out, nil
}

// encoder holds the literals of a model being encoded into a sink.
type encoder struct {
	ctx   context.Context
	m     *Model
	s     sat.Sink // the root sink: definitions go here, never guarded
	o     Options
	enc   []encode.IntEncoding // by variable: the model's, then the encoder's own
	doms  []Domain
	ints  []*encode.Int
	bools []sat.Lit
	t     sat.Lit
}

// newEncoder creates the variables of m in s.
func newEncoder(ctx context.Context, m *Model, s sat.Sink, o Options) (*encoder, error) {
	encs, err := choose(m, o)
	if err != nil {
		return nil, err
	}
	e := &encoder{ctx: ctx, m: m, s: s, o: o, enc: encs, ints: make([]*encode.Int, len(m.ints)), bools: make([]sat.Lit, len(m.bools))}
	for _, x := range m.ints {
		e.doms = append(e.doms, x.dom)
	}
	tv := s.NewVar()
	s.AddClause(tv.Pos())
	e.t = tv.Pos()
	for i, x := range m.ints {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		e.ints[i] = encode.NewIntIn(s, x.dom, encs[i])
	}
	for i, b := range m.bools {
		switch b.fixed {
		case 1:
			e.bools[i] = e.t
		case -1:
			e.bools[i] = e.t.Not()
		default:
			e.bools[i] = s.NewVar().Pos()
		}
	}
	return e, nil
}

func (e *encoder) int(x IntVar) *encode.Int { return e.ints[x.i] }
func (e *encoder) lit(b BoolVar) sat.Lit    { return e.bools[b.i] }

// newInt returns an auxiliary integer variable with domain d, known to
// the encoder only (not to the model, nor to Check), encoded as
// Options.IntEncoding says or, for Auto, by its size alone.
func (e *encoder) newInt(d Domain) IntVar {
	enc := encode.IntOrder
	switch {
	case e.o.IntEncoding == Log || e.o.IntEncoding == Auto && d.Size() > e.o.orderMax():
		enc = encode.IntLog
	case e.o.IntEncoding == Direct:
		enc = encode.IntDirect
	}
	e.enc = append(e.enc, enc)
	e.doms = append(e.doms, d)
	e.ints = append(e.ints, encode.NewIntIn(e.s, d, enc))
	return IntVar{e.m, int32(len(e.ints) - 1)}
}

// isLog reports whether x is log-encoded with more than one value.
func (e *encoder) isLog(x IntVar) bool {
	return e.enc[x.i] == encode.IntLog && e.doms[x.i].Size() > 1
}

// ge returns the literal x ≥ v.
func (e *encoder) ge(x IntVar, v int64) sat.Lit { return e.ints[x.i].Ge(e.s, v) }

// le returns the literal x ≤ v.
func (e *encoder) le(x IntVar, v int64) sat.Lit { return e.ints[x.i].Le(e.s, v) }

// eq returns the literal x = v.
func (e *encoder) eq(x IntVar, v int64) sat.Lit { return e.ints[x.i].Eq(e.s, v) }

// dom returns x's domain.
func (e *encoder) dom(x IntVar) Domain { return e.doms[x.i] }

// decode reads the values of a model of the encoding.
func (e *encoder) decode(a sat.Assignment) *Solution {
	s := &Solution{m: e.m, ints: make([]int64, len(e.m.ints)), bools: make([]bool, len(e.bools))}
	for i := range s.ints {
		s.ints[i] = e.ints[i].Value(a)
	}
	for i, l := range e.bools {
		s.bools[i] = a.Lit(l)
	}
	return s
}

// block returns the clause excluding the solution's values of vars.
func (e *encoder) block(sol *Solution, vars []Var) []sat.Lit {
	var c []sat.Lit
	for _, v := range vars {
		switch v := v.(type) {
		case IntVar:
			c = append(c, e.ints[v.i].Ne(e.s, sol.Int(v))...)
		case BoolVar:
			l := e.bools[v.i]
			if sol.Bool(v) {
				l = l.Not()
			}
			c = append(c, l)
		}
	}
	return c
}
