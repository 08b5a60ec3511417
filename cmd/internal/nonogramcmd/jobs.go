package nonogramcmd

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/models/nonogram"
)

// solveAll solves the puzzles of a file with o.jobs workers, each puzzle
// on its own solver, and hands every outcome to emit in file order, so
// that the output does not depend on the number of workers. When ctx ends,
// puzzles already running report their partial answers (s.err says why)
// and the rest are reported unknown without being started; solveAll
// returns the first internal error, after stopping the other workers.
func (o *nonogramOpts) solveAll(ctx context.Context, ps []*nonogram.Puzzle, limit int, emit func(k int, s *solved)) error {
	type outcome struct {
		s       *solved
		err     error
		skipped bool
	}
	work, cancel := context.WithCancel(ctx)
	results := make([]chan outcome, len(ps))
	for k := range results {
		results[k] = make(chan outcome, 1)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range max(min(o.jobs, len(ps)), 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1) - 1)
				if k >= len(ps) {
					return
				}
				if work.Err() != nil { // interrupted, or another puzzle failed
					results[k] <- outcome{skipped: true}
					continue
				}
				s, err := o.solve(work, ps[k], o.puzzleNumber(k), limit)
				results[k] <- outcome{s: s, err: err}
			}
		}()
	}
	defer func() {
		cancel()
		wg.Wait()
	}()
	for k := range ps {
		r := <-results[k]
		switch {
		case r.err != nil:
			return r.err
		case r.skipped:
			r.s = &solved{number: o.puzzleNumber(k), p: ps[k], res: &nonogram.Result{},
				err: cli.Explain(work, fmt.Errorf("not started: %w", context.Cause(work)))}
		}
		emit(k, r.s)
	}
	return nil
}
