package cp

import (
	"context"
	"errors"
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

// Options configures Solve and SolveAll. The zero value is the default.
type Options struct {
	// IntEncoding is the encoding of every integer variable for which
	// Model.SetEncoding chose none; Auto chooses per variable.
	IntEncoding Encoding
	// AutoOrderMax is the largest domain Auto encodes with the order or
	// direct encoding (larger ones are log-encoded); 0 means
	// DefaultAutoOrderMax.
	AutoOrderMax int64
	// Linear is how linear constraints of three or more terms (and
	// those over log-encoded variables) are encoded; Auto chooses per
	// constraint.
	Linear LinearMethod
	// Search is how an objective is optimised.
	Search Search
	// OnSolution, when not nil, is called with every solution Solve
	// finds for a model with an objective, each better than the one
	// before, after it passed Check (MiniZinc's -i). It is not called
	// by SolveAll, which yields every solution itself.
	OnSolution func(*Solution)
}

// Result is the outcome of Solve or SolveAll.
type Result struct {
	// Status is sat.Sat when a solution was found, sat.Unsat when the
	// model has none, sat.Unknown when the search stopped first.
	Status sat.Status
	// Complete reports that the search ended by itself: the model is
	// unsatisfiable, every solution was enumerated (SolveAll), or the
	// objective's optimum is proved (Solve with an objective).
	Complete bool
	// Solution is the last solution found (the best, with an
	// objective), checked by Model.Check; nil if none.
	Solution *Solution
	// Objective is the objective's value, recomputed from Solution.
	Objective int64
	// Bound is the best bound on the objective the search proved (a
	// lower bound when minimising, an upper one when maximising); it
	// equals Objective when Complete. Set only with a Solution.
	Bound int64
	// Solutions counts the solutions found.
	Solutions int
	// Stats describes the encoding.
	Stats Stats
}

// Stats counts what the encoding wrote into the solver.
type Stats struct {
	Vars, Clauses, PBs int
}

// ErrWrongSolution is wrapped by the error of a search whose solver
// returned a solution that fails Check: an internal error, never a
// result.
var ErrWrongSolution = errors.New("internal error: the solution of the encoding fails the model's check")

// Solve looks for a solution of m with the solver s, which must be fresh
// (no clauses yet): it encodes the model into s, then solves it, or, when
// the model has an objective, optimises (see Search). Every solution is
// checked by Check before it is returned or passed to OnSolution.
//
// The error is nil when the search ended or found its solution; otherwise
// it says why the search stopped (ctx.Err() within about a second of the
// context ending, during the encoding too; the solver's error; a model
// built with an error; a wrong solution wrapping ErrWrongSolution), and
// the Result still holds the best solution found, if any.
func Solve(ctx context.Context, m *Model, s sat.Solver, o Options) (Result, error) {
	e, res, err := start(ctx, m, s, o)
	if e == nil {
		return res, err
	}
	if m.obj != nil {
		return e.optimize(ctx, s, res)
	}
	st, err := s.Solve(ctx)
	if st != sat.Sat {
		res.Status, res.Complete = st, st == sat.Unsat
		return res, err
	}
	return e.found(s.Model(), res)
}

// SolveAll enumerates the solutions of m with the solver s (fresh, as
// for Solve), calling yield with each until it returns false. Two
// solutions differ on at least one variable of over (every variable of
// the model when over is empty): after each one, a clause excluding its
// values of over is added. The model must have no objective. Result
// counts the solutions and reports Complete when the enumeration ended
// because no solution was left.
func SolveAll(ctx context.Context, m *Model, s sat.Solver, o Options, over []Var, yield func(*Solution) bool) (Result, error) {
	if m.obj != nil {
		return Result{}, fmt.Errorf("cp: SolveAll on a model with an objective (use Solve with OnSolution)")
	}
	for _, v := range over {
		if !m.own(v) {
			return Result{}, m.err
		}
	}
	e, res, err := start(ctx, m, s, o)
	if e == nil {
		return res, err
	}
	if len(over) == 0 {
		over = m.allVars()
	}
	for {
		st, err := s.Solve(ctx)
		if st != sat.Sat {
			if res.Solutions == 0 {
				res.Status = st
			}
			res.Complete = st == sat.Unsat
			return res, err
		}
		res, err = e.found(s.Model(), res)
		if err != nil {
			return res, err
		}
		if !yield(res.Solution) {
			return res, nil
		}
		c := e.block(res.Solution, over)
		if len(c) == 0 {
			res.Complete = true
			return res, nil
		}
		s.AddClause(c...)
	}
}

// allVars returns every variable of m.
func (m *Model) allVars() []Var {
	var vs []Var
	for i := range m.ints {
		vs = append(vs, IntVar{m, int32(i)})
	}
	for i := range m.bools {
		vs = append(vs, BoolVar{m, int32(i)})
	}
	return vs
}

// start encodes m into s. It returns a nil encoder when the search is
// already over: an error, or a model with an empty domain (Unsat).
func start(ctx context.Context, m *Model, s sat.Solver, o Options) (*encoder, Result, error) {
	if m.err != nil {
		return nil, Result{}, m.err
	}
	for _, x := range m.ints {
		if x.dom.Empty() {
			return nil, Result{Status: sat.Unsat, Complete: true}, nil
		}
	}
	c := newCounter(s)
	var e *encoder
	err := sat.EncodeContext(ctx, c, func(w sat.Sink) error {
		var err error
		if e, err = newEncoder(ctx, m, w, o); err != nil {
			return err
		}
		for i, p := range m.cons {
			if i&63 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			if err := e.encodePosted(p); err != nil {
				return fmt.Errorf("%s: %w", p.c.name(), err)
			}
		}
		return nil
	})
	n := c.counts()
	res := Result{Stats: Stats{Vars: n.vars, Clauses: n.clauses, PBs: n.pbs}}
	if err != nil {
		return nil, res, err
	}
	e.s = s // the encoding is over: later definitions go straight in
	return e, res, nil
}

// found decodes and checks a model of the encoding and records it.
func (e *encoder) found(a sat.Assignment, res Result) (Result, error) {
	sol := e.decode(a)
	if err := e.m.Check(sol); err != nil {
		return res, fmt.Errorf("cp: %w: %v", ErrWrongSolution, err)
	}
	res.Status, res.Solution = sat.Sat, sol
	res.Solutions++
	if e.m.obj != nil {
		res.Objective = e.m.obj.value(sol)
	}
	return res, nil
}

// counter counts what passes into a sink.
type counter struct {
	s                  sat.Sink
	vars, clauses, pbs int
}

type counterPB struct {
	*counter
	pb sat.PBAdder
}

func (c *counterPB) AddPB(p sat.PB) { c.pbs++; c.pb.AddPB(p) }

func newCounter(s sat.Sink) interface {
	sat.Sink
	counts() *counter
} {
	c := &counter{s: s}
	if p, ok := s.(sat.PBAdder); ok {
		return &counterPB{counter: c, pb: p}
	}
	return c
}

func (c *counter) counts() *counter          { return c }
func (c *counter) NewVar() sat.Var           { c.vars++; return c.s.NewVar() }
func (c *counter) AddClause(lits ...sat.Lit) { c.clauses++; c.s.AddClause(lits...) }
