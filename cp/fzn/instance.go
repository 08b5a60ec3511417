package fzn

// Instance writes a FlatZinc model's encoding into a sink without solving
// it, for satsolve compare fzn, which measures the encoding's size and
// solves it with each backend itself. cp's one entry point is Solve, which
// encodes into a solver and then solves; Instance splits it in two runs of
// Solve over the same translation:
//
//   - encoding: Solve into a recorder, a sat.Solver whose clauses go to
//     the sink and whose Solve answers Unknown at once, so that Solve
//     stops after encoding; the recorder hashes every variable and clause;
//   - checking a model a of the sink: Solve again into a replay, which
//     takes the same encoding (its hash must be the first's, or the check
//     fails: the encoding was not reproduced) and answers Sat with a as
//     its model, so that cp decodes a and checks the solution with Check;
//     then the FlatZinc model's own check runs on it.
//
// The objective is left out: each solve looks for a solution.

import (
	"context"
	"errors"
	"fmt"
	"hash"
	"hash/fnv"
	"strconv"

	"github.com/satsolve/satsolve/cp"
	"github.com/satsolve/satsolve/sat"
)

// errEncoded is the recorder's answer: the encoding is done.
var errEncoded = errors.New("fzn: encoded (not solved)")

// Instance encodes m's satisfaction problem (the objective left out) with
// cp's options o into s, and returns the check of a model of s: it decodes
// the model into values, which must pass cp's Check and m's own Check.
func Instance(ctx context.Context, m *Model, o cp.Options, s sat.Sink) (check func(sat.Assignment) error, err error) {
	tr, err := translate(ctx, m, false)
	if err != nil {
		return nil, err
	}
	rec := &recorder{sink: s, h: fnv.New64a()}
	var solver sat.Solver = rec
	if p, ok := s.(sat.PBAdder); ok {
		solver = &recorderPB{recorder: rec, pb: p}
	}
	res, err := cp.Solve(ctx, tr.Model, solver, o)
	switch {
	case errors.Is(err, errEncoded):
	case err != nil:
		return nil, err
	case res.Status == sat.Unsat && !rec.solved:
		// cp answered without encoding (an empty domain): the instance
		// is the empty clause.
		s.AddClause()
	default:
		return nil, fmt.Errorf("fzn: cp answered %v before the solver was asked", res.Status)
	}
	sum := rec.h.Sum64()
	return func(a sat.Assignment) error {
		tr, err := translate(ctx, m, false)
		if err != nil {
			return err
		}
		rep := &recorder{sink: discard{}, h: fnv.New64a(), replay: true, model: a, want: sum}
		var solver sat.Solver = rep
		if _, ok := s.(sat.PBAdder); ok {
			solver = &recorderPB{recorder: rep, pb: discard{}}
		}
		res, err := cp.Solve(ctx, tr.Model, solver, o)
		if err != nil {
			return err
		}
		if res.Solution == nil {
			return fmt.Errorf("fzn: no solution decoded (%v)", res.Status)
		}
		return m.Check(tr.Value(res.Solution))
	}, nil
}

// recorder is the sat.Solver of Instance's two runs. The first records
// into sink and answers Unknown (errEncoded); a replay numbers variables
// from 1 itself and answers Sat with model, once the encoding's hash (the
// variables as numbered, the clauses, the PB constraints) is the first
// run's, want.
type recorder struct {
	sink   sat.Sink
	h      hash.Hash64
	vars   int
	solved bool
	replay bool
	model  sat.Assignment
	want   uint64
	buf    []byte
}

func (r *recorder) NewVar() sat.Var {
	r.vars++
	v := sat.Var(r.vars)
	if !r.replay {
		v = r.sink.NewVar()
	}
	r.buf = strconv.AppendInt(append(r.buf[:0], 'v'), int64(v), 10)
	r.h.Write(r.buf)
	return v
}

func (r *recorder) AddClause(lits ...sat.Lit) {
	r.buf = r.buf[:0]
	for _, l := range lits {
		r.buf = strconv.AppendInt(r.buf, int64(l), 10)
		r.buf = append(r.buf, ' ')
	}
	r.buf = append(r.buf, '0')
	r.h.Write(r.buf)
	r.sink.AddClause(lits...)
}

func (r *recorder) Solve(context.Context, ...sat.Lit) (sat.Status, error) {
	r.solved = true
	if r.model == nil {
		return sat.Unknown, errEncoded
	}
	if r.h.Sum64() != r.want {
		return sat.Unknown, errors.New("fzn: the encoding was not reproduced: the model cannot be decoded")
	}
	return sat.Sat, nil
}

func (r *recorder) Value(l sat.Lit) bool { return r.model.Lit(l) }

func (r *recorder) Model() sat.Assignment { return append(sat.Assignment(nil), r.model...) }

// recorderPB is a recorder over a sink that takes PB constraints.
type recorderPB struct {
	*recorder
	pb sat.PBAdder
}

func (r *recorderPB) AddPB(c sat.PB) {
	r.h.Write([]byte(fmt.Sprint(c)))
	r.pb.AddPB(c)
}

// discard is the sink of a replay, which numbers its variables itself.
type discard struct{}

func (discard) NewVar() sat.Var      { return 0 }
func (discard) AddClause(...sat.Lit) {}
func (discard) AddPB(sat.PB)         {}
