package solve

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/encode"
	"github.com/satsolve/satsolve/models/nonogram/internal/search"
	"github.com/satsolve/satsolve/sat"
)

// SAT solves p with the SAT solver s, which must be fresh (it gets
// the encoding's clauses and nothing else), looking for up to o.Limit
// solutions. It runs the pre-pass o.Presolve, encodes what is left with
// o.Encoding, then solves, decodes and checks each model against the clues
// (Check), blocks it over the cell variables and solves again,
// incrementally, until the limit or Unsat. On interruption it returns the
// solutions found so far with Exhausted false and the solver's error. A
// model that fails Check is an internal error wrapping ErrBadSolution.
func SAT(ctx context.Context, s sat.Solver, p *nonogram.Puzzle, o nonogram.Options) (*nonogram.Result, error) {
	start := time.Now()
	res := &nonogram.Result{}
	known, err := presolve(ctx, p, o.Presolve, res)
	res.Stats.Presolve = time.Since(start)
	if err != nil {
		return res, err
	}
	if known == nil || known.Complete() {
		return res, presolved(p, o, known, res)
	}
	t := time.Now()
	defer func() { res.Stats.Search = time.Since(t) }()
	if err := search.Seed(ctx, p, o, res); err != nil {
		return res, err
	}
	if len(res.Solutions) >= o.Wanted() {
		return res, nil
	}
	if err := encode.CheckSize(p, known, o.Encoding); err != nil {
		return res, err
	}
	te := time.Now()
	x := encode.Encode(s, p, known, o.Encoding)
	res.Stats.Vars, res.Stats.Clauses = x.Size()
	res.Stats.Encode = time.Since(te)
	for _, g := range res.Solutions {
		x.Block(s, g)
	}
	for len(res.Solutions) < o.Wanted() {
		res.Stats.Solves++
		st, err := s.Solve(ctx)
		switch {
		case err != nil:
			if errors.Is(err, sat.ErrBadModel) {
				return res, fmt.Errorf("%w: %v", nonogram.ErrBadSolution, err)
			}
			return res, err
		case st == sat.Unsat:
			res.Exhausted = true
			return res, nil
		case st != sat.Sat:
			return res, fmt.Errorf("SAT solver answered %v", st)
		}
		g := x.Decode(s.Value)
		if err := nonogram.Check(p, g); err != nil {
			return res, fmt.Errorf("%w: %s encoding: %v", nonogram.ErrBadSolution, o.Encoding, err)
		}
		for _, h := range res.Solutions {
			if h.Equal(g) {
				return res, fmt.Errorf("%w: the solver repeated a blocked solution", nonogram.ErrBadSolution)
			}
		}
		res.Solutions = append(res.Solutions, g)
		if len(res.Solutions) == o.Wanted() {
			break
		}
		if !x.Block(s, g) {
			res.Exhausted = true
			return res, nil
		}
	}
	return res, nil
}

// presolved finishes a solve that the pre-pass settled: known is nil (the
// clues contradict each other) or complete (the only solution).
func presolved(p *nonogram.Puzzle, o nonogram.Options, known *nonogram.Grid, res *nonogram.Result) error {
	res.Exhausted = true
	if err := search.CheckHint(p, o); err != nil {
		return err
	}
	if known == nil {
		if o.Hint != nil {
			return fmt.Errorf("%w: line solving refutes the hint, which satisfies the clues", nonogram.ErrBadSolution)
		}
		return nil
	}
	if err := nonogram.Check(p, known); err != nil {
		return fmt.Errorf("%w: line solver: %v", nonogram.ErrBadSolution, err)
	}
	if o.Hint != nil && !o.Hint.Equal(known) {
		return fmt.Errorf("%w: line solving found a solution other than the hint, which satisfies the clues", nonogram.ErrBadSolution)
	}
	res.Solutions = []*nonogram.Grid{known}
	return nil
}
