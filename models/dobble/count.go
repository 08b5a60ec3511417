package dobble

import (
	"context"

	"github.com/satsolve/satsolve/sat"
)

// Size is the size of an encoding: the variables it created and the
// clauses (and native constraints) it added.
type Size struct {
	Vars, Clauses, PBs int
}

// counting wraps a sink and counts what goes through it. It also keeps a
// --timeout on the encoding: the large encodings take seconds (a plane of
// order 9 is 17M clauses, about 15 s into a solver) and the encoders take
// no context, so every 4,096 constraints the sink looks at ctx, and once
// ctx has ended it aborts the encoder by panicking with stopEncoding,
// which encodeWith recovers. Dropping the constraints instead would
// still leave the encoder's own loops to run, a second for that plane.
type counting struct {
	ctx  context.Context
	s    sat.Sink
	size *Size
	n    int // constraints seen, for the periodic look at ctx
}

func (c *counting) NewVar() sat.Var { c.size.Vars++; return c.s.NewVar() }

func (c *counting) AddClause(lits ...sat.Lit) {
	c.poll()
	c.size.Clauses++
	c.s.AddClause(lits...)
}

// poll aborts the encoding if ctx has ended, looking at it every 4,096
// calls.
func (c *counting) poll() {
	c.n++
	if c.n&4095 == 0 && c.ctx.Err() != nil {
		panic(stopEncoding{})
	}
}

// stopEncoding is the panic value by which counting aborts an encoding
// whose context has ended.
type stopEncoding struct{}

// encodeWith runs encode, which writes through sinks made by count with
// ctx, and returns its error, or ctx's error if a sink aborted it. The
// solver it was writing into holds part of the formula and must be
// dropped; callers check ctx after encodeWith in any case (ctx may end
// after the last look), and a done ctx stays done.
func encodeWith(ctx context.Context, encode func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopEncoding); !ok {
				panic(r)
			}
			err = ctx.Err()
		}
	}()
	return encode()
}

type countingPB struct {
	*counting
	pb sat.PBAdder
}

func (c *countingPB) AddPB(p sat.PB) {
	c.poll()
	c.size.PBs++
	c.pb.AddPB(p)
}

// count returns a sink that writes into s and adds to size; it takes
// native constraints when s does. It must be used inside encodeWith with
// the same ctx: once ctx has ended it aborts the encoding.
func count(ctx context.Context, s sat.Sink, size *Size) sat.Sink {
	c := &counting{ctx: ctx, s: s, size: size}
	if p, ok := s.(sat.PBAdder); ok {
		return &countingPB{counting: c, pb: p}
	}
	return c
}
