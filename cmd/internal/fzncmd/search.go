package fzncmd

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cp"
	"github.com/satsolve/satsolve/cp/fzn"
	"github.com/satsolve/satsolve/sat"
)

// search runs one model's search and prints as MiniZinc expects.
type search struct {
	o     *options
	e     *cli.Env
	m     *fzn.Model
	tr    *fzn.Translation
	spec  string
	start time.Time

	initTime time.Duration
	printed  int   // solutions printed
	err      error // the first failure of a check or a write
}

// print checks a solution against the FlatZinc model and prints it.
func (s *search) print(sol *cp.Solution) error {
	value := s.tr.Value(sol)
	if err := s.m.Check(value); err != nil {
		// cp's Check passed and the FlatZinc model's failed: the
		// translation is wrong. Never print it.
		return fmt.Errorf("internal error, solution not printed: %w", err)
	}
	if s.o.stats && s.tr.Optimizing() && s.tr.Model.HasObjective() {
		s.stat("objective", strconv.FormatInt(s.tr.Model.ObjectiveValue(sol), 10))
		s.statEnd()
	}
	if err := s.m.WriteSolution(s.e.Stdout, value); err != nil {
		return err
	}
	s.printed++
	return nil
}

// line prints one status line.
func (s *search) line(l string) error {
	_, err := fmt.Fprintln(s.e.Stdout, l)
	return err
}

// run searches with solver and prints the solutions and the outcome.
func (s *search) run(ctx context.Context, solver sat.Solver) error {
	o := s.o
	opts := o.cpOptions()
	var res cp.Result
	var err error
	if s.tr.Optimizing() {
		if o.all || o.intermediate {
			opts.OnSolution = func(sol *cp.Solution) {
				if s.err == nil {
					s.err = s.print(sol)
				}
				s.e.Logf("fzn: solution %d, objective %d, %v", s.printed, s.tr.Model.ObjectiveValue(sol), time.Since(s.start).Round(time.Millisecond))
			}
		}
		res, err = cp.Solve(ctx, s.tr.Model, solver, opts)
		if !s.tr.Model.HasObjective() && res.Status == sat.Sat {
			res.Complete = true // a constant objective: any solution is optimal
		}
	} else {
		res, err = s.satisfy(ctx, solver, opts)
	}
	if s.err != nil {
		return s.err
	}
	stopped := ctx.Err() != nil
	if err != nil && !stopped {
		return err
	}
	if stopped {
		s.e.Logf("fzn: stopped (%v) after %v", cli.Stopped(ctx), time.Since(s.start).Round(time.Millisecond))
	}
	if res.Solution != nil && s.printed == 0 {
		// The best solution of an optimisation without -i, or the one
		// solution of a satisfaction problem (with -i, -a or -n the
		// search printed each solution as it came, the last one too).
		if err := s.print(res.Solution); err != nil {
			return err
		}
	}
	complete := res.Complete && !s.tr.Restricted
	var werr error
	switch {
	case s.printed > 0 && complete && (s.tr.Optimizing() || o.all || o.n > 1):
		werr = s.line(fzn.SearchComplete)
	case s.printed == 0 && complete && res.Status == sat.Unsat:
		werr = s.line(fzn.Unsatisfiable)
	case s.printed == 0:
		werr = s.line(fzn.Unknown)
	}
	if werr != nil {
		return werr
	}
	if o.stats {
		s.finalStats(res)
	}
	return nil
}

// satisfy finds one solution, or with -a or -n N enumerates them over
// the output variables (two solutions differ in what they print).
func (s *search) satisfy(ctx context.Context, solver sat.Solver, opts cp.Options) (cp.Result, error) {
	want := 1
	switch {
	case s.o.n > 0:
		want = s.o.n
	case s.o.all:
		want = 0
	}
	over := s.tr.OutputVars()
	if want == 1 || len(over) == 0 {
		res, err := cp.Solve(ctx, s.tr.Model, solver, opts)
		// One solution does not complete the search, unless there can be
		// no other: Complete then means unsatisfiable, or, with nothing
		// to output, that every solution would print the same.
		res.Complete = res.Complete && res.Status == sat.Unsat || res.Status == sat.Sat && len(over) == 0 && want != 1
		return res, err
	}
	res, err := cp.SolveAll(ctx, s.tr.Model, solver, opts, over, func(sol *cp.Solution) bool {
		if s.err = s.print(sol); s.err != nil {
			return false
		}
		s.e.Logf("fzn: solution %d, %v", s.printed, time.Since(s.start).Round(time.Millisecond))
		return want == 0 || s.printed < want
	})
	if want > 0 && s.printed == want {
		res.Complete = false // stopped by -n: no claim either way
	}
	return res, err
}

// stat prints one statistic.
func (s *search) stat(name, value string) {
	fmt.Fprintf(s.e.Stdout, "%%%%%%mzn-stat: %s=%s\n", name, value)
}

func (s *search) statEnd() { fmt.Fprintln(s.e.Stdout, "%%%mzn-stat-end") }

// finalStats prints the statistics of the search.
func (s *search) finalStats(res cp.Result) {
	secs := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 3, 64) }
	s.stat("initTime", secs(s.initTime))
	s.stat("solveTime", secs(time.Since(s.start)-s.initTime))
	s.stat("solutions", strconv.Itoa(s.printed))
	s.stat("intVariables", strconv.Itoa(s.tr.Model.NumInts()))
	s.stat("boolVariables", strconv.Itoa(s.tr.Model.NumBools()))
	s.stat("variables", strconv.Itoa(res.Stats.Vars))
	s.stat("clauses", strconv.Itoa(res.Stats.Clauses))
	if res.Stats.PBs > 0 {
		s.stat("pbConstraints", strconv.Itoa(res.Stats.PBs))
	}
	if s.tr.Model.HasObjective() && res.Solution != nil {
		s.stat("objective", strconv.FormatInt(res.Objective, 10))
		if res.Complete && !s.tr.Restricted {
			s.stat("objectiveBound", strconv.FormatInt(res.Objective, 10))
		}
	}
	s.stat("backend", strconv.Quote(s.spec))
	if mb, ok := peakMB(); ok {
		s.stat("peakMem", strconv.FormatFloat(mb, 'f', 1, 64))
	}
	s.statEnd()
}
