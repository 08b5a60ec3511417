package nonogram

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/satsolve/satsolve/sat"
)

// SolveSAT solves p with the SAT solver s, which must be fresh (it gets
// the encoding's clauses and nothing else), looking for up to o.Limit
// solutions. It runs the pre-pass o.Presolve, encodes what is left with
// o.Encoding, then solves, decodes and checks each model against the clues
// (Check), blocks it over the cell variables and solves again,
// incrementally, until the limit or Unsat. On interruption it returns the
// solutions found so far with Exhausted false and the solver's error. A
// model that fails Check is an internal error wrapping ErrBadSolution.
func SolveSAT(ctx context.Context, s sat.Solver, p *Puzzle, o Options) (*Result, error) {
	start := time.Now()
	res := &Result{}
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
	if err := seed(ctx, p, o, res); err != nil {
		return res, err
	}
	if len(res.Solutions) >= o.limit() {
		return res, nil
	}
	if err := checkSATSize(p, known, o.Encoding); err != nil {
		return res, err
	}
	te := time.Now()
	x := Encode(s, p, known, o.Encoding)
	res.Stats.Vars, res.Stats.Clauses = x.Size()
	res.Stats.Encode = time.Since(te)
	for _, g := range res.Solutions {
		x.Block(s, g)
	}
	for len(res.Solutions) < o.limit() {
		res.Stats.Solves++
		st, err := s.Solve(ctx)
		switch {
		case err != nil:
			if errors.Is(err, sat.ErrBadModel) {
				return res, fmt.Errorf("%w: %v", ErrBadSolution, err)
			}
			return res, err
		case st == sat.Unsat:
			res.Exhausted = true
			return res, nil
		case st != sat.Sat:
			return res, fmt.Errorf("SAT solver answered %v", st)
		}
		g := x.Decode(s.Value)
		if err := Check(p, g); err != nil {
			return res, fmt.Errorf("%w: %s encoding: %v", ErrBadSolution, o.Encoding, err)
		}
		for _, h := range res.Solutions {
			if h.Equal(g) {
				return res, fmt.Errorf("%w: the solver repeated a blocked solution", ErrBadSolution)
			}
		}
		res.Solutions = append(res.Solutions, g)
		if len(res.Solutions) == o.limit() {
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
func presolved(p *Puzzle, o Options, known *Grid, res *Result) error {
	res.Exhausted = true
	if err := checkHint(p, o); err != nil {
		return err
	}
	if known == nil {
		if o.Hint != nil {
			return fmt.Errorf("%w: line solving refutes the hint, which satisfies the clues", ErrBadSolution)
		}
		return nil
	}
	if err := Check(p, known); err != nil {
		return fmt.Errorf("%w: line solver: %v", ErrBadSolution, err)
	}
	if o.Hint != nil && !o.Hint.Equal(known) {
		return fmt.Errorf("%w: line solving found a solution other than the hint, which satisfies the clues", ErrBadSolution)
	}
	res.Solutions = []*Grid{known}
	return nil
}
