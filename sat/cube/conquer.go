package cube

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/satsolve/satsolve/sat"
)

// Answer is one cube's outcome.
type Answer struct {
	// Index is the cube's position in the list, from 0.
	Index int
	// Status is Sat, Unsat (the formula and the cube have no model) or
	// Unknown.
	Status sat.Status
	// Model is the solver's model when Status is Sat.
	Model sat.Assignment
	// Time is the wall-clock time the cube took, loading included.
	Time time.Duration
	// Err says why Status is Unknown: the context's error, ErrSkipped, or
	// the solver's reason.
	Err error
}

// ErrSkipped is the reason of a cube left unsolved because another cube
// was satisfiable first.
var ErrSkipped = errors.New("not solved: another cube was satisfiable first")

// ConquerOptions configure Conquer.
type ConquerOptions struct {
	// NewSolver makes a solver; it is required.
	NewSolver func() sat.Solver
	// Jobs is the number of cubes solved at once (0: GOMAXPROCS).
	Jobs int
	// Incremental keeps one solver per job for all its cubes, loading
	// the formula once: what it learnt on one cube helps the next. Off,
	// every cube gets a fresh solver, as an independent job on a cluster
	// would.
	Incremental bool
	// All solves every cube; otherwise the first satisfiable cube stops
	// the others.
	All bool
	// Done, when set, is called with each answer as it arrives, from one
	// goroutine at a time.
	Done func(Answer)
}

// Conquer solves f under each cube and returns the answers, indexed like
// cubes. f must have no pseudo-Boolean constraints. Cubes not solved
// because the context ended or a satisfiable cube stopped the run are
// Unknown, with the reason in Err. Conquer's error is reserved for misuse
// (no NewSolver, pseudo-Boolean constraints); a solver's failure is a
// cube's Err.
func Conquer(ctx context.Context, f *sat.Formula, cubes [][]sat.Lit, opt ConquerOptions) ([]Answer, error) {
	if opt.NewSolver == nil {
		return nil, errors.New("cube: ConquerOptions.NewSolver is required")
	}
	if len(f.PBs) > 0 {
		return nil, errors.New("cube: the formula has pseudo-Boolean constraints")
	}
	jobs := opt.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	answers := make([]Answer, len(cubes))
	answered := make([]bool, len(cubes))
	ctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	next := make(chan int)
	results := make(chan Answer)
	var wg sync.WaitGroup
	for range min(jobs, len(cubes)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var s sat.Solver
			for i := range next {
				start := time.Now()
				if s == nil || !opt.Incremental {
					// A fresh solver pays for loading the formula, as an
					// independent job would: the load counts in the time.
					s = nil
					s = opt.NewSolver()
					load(s, f)
				}
				a := solveCube(ctx, s, cubes[i])
				a.Index, a.Time = i, time.Since(start)
				results <- a
			}
		}()
	}
	go func() {
		defer close(next)
		for i := range cubes {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	for a := range results {
		if a.Status == sat.Unknown && ctx.Err() != nil {
			a.Err = context.Cause(ctx)
		}
		answers[a.Index], answered[a.Index] = a, true
		if opt.Done != nil {
			opt.Done(a)
		}
		if a.Status == sat.Sat && !opt.All {
			stop(ErrSkipped)
		}
	}
	for i := range answers {
		if !answered[i] {
			answers[i] = Answer{Index: i, Status: sat.Unknown, Err: context.Cause(ctx)}
		}
	}
	return answers, nil
}

// load adds f's variables and clauses to s.
func load(s sat.Solver, f *sat.Formula) {
	for range f.NumVars {
		s.NewVar()
	}
	for _, c := range f.Clauses {
		s.AddClause(c...)
	}
}

// solveCube solves s's clauses under cube.
func solveCube(ctx context.Context, s sat.Solver, cube []sat.Lit) Answer {
	st, err := s.Solve(ctx, cube...)
	switch {
	case err != nil:
		return Answer{Status: sat.Unknown, Err: err}
	case st == sat.Sat:
		return Answer{Status: sat.Sat, Model: s.Model()}
	case st == sat.Unsat:
		return Answer{Status: sat.Unsat}
	}
	return Answer{Status: sat.Unknown, Err: fmt.Errorf("solver answered %v without a reason", st)}
}
