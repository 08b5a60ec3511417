package sat

import "context"

// EncodeContext runs encode on a sink that writes into s and looks at ctx
// every 4,096 variables and constraints; once ctx has ended it aborts the
// encoding, and EncodeContext returns ctx's error. Otherwise it returns
// encode's error.
//
// Encoders take no context: they are plain functions over a Sink. Most
// run in milliseconds, but some instances are large enough that building
// them takes seconds (a projective plane of order 9 is 17M clauses; a
// rank certificate on a 60-vertex game builds a BDD of a million
// variables), and a --timeout must not wait for that. The abort is a
// panic inside the sink, recovered here; any other panic goes on.
//
// After an abort, s holds part of the formula: the caller must drop it
// and never solve it. ctx.Err() is non-nil from then on (a done context
// stays done), which is what callers check. The sink given to encode
// takes native pseudo-Boolean constraints exactly when s does.
func EncodeContext(ctx context.Context, s Sink, encode func(Sink) error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopEncoding); !ok {
				panic(r)
			}
			err = ctx.Err()
		}
	}()
	w := &watching{ctx: ctx, s: s}
	if p, ok := s.(PBAdder); ok {
		return encode(&watchingPB{watching: w, pb: p})
	}
	return encode(w)
}

// stopEncoding is the panic value by which a watching sink aborts an
// encoding whose context has ended.
type stopEncoding struct{}

// watching is the sink of EncodeContext.
type watching struct {
	ctx context.Context
	s   Sink
	n   int // calls so far, for the periodic look at ctx
}

// poll aborts the encoding if ctx has ended, looking every 4,096 calls.
func (w *watching) poll() {
	w.n++
	if w.n&4095 == 0 && w.ctx.Err() != nil {
		panic(stopEncoding{})
	}
}

func (w *watching) NewVar() Var { w.poll(); return w.s.NewVar() }

func (w *watching) AddClause(lits ...Lit) { w.poll(); w.s.AddClause(lits...) }

// watchingPB is the sink of EncodeContext over a PBAdder.
type watchingPB struct {
	*watching
	pb PBAdder
}

func (w *watchingPB) AddPB(c PB) { w.poll(); w.pb.AddPB(c) }
