package gophersat

import (
	"fmt"

	"github.com/crillab/gophersat/solver"

	"github.com/satsolve/satsolve/sat"
)

// serve runs one request on a fresh gophersat solver and reports through
// emit, from the calling goroutine only: for a minimisation one non-final
// Sat reply per improving model, then always one final reply. It never
// panics: a panic inside gophersat becomes a final reply with Err set.
//
// Only gophersat's PB path is used (ParsePBConstrs; its cardinality path
// loses constraints next to unit clauses), assumptions are unit
// constraints of this fresh solver (its Assume forgets unit clauses and
// accepts x with ¬x), cost weights are always explicit (nil weights panic
// in Minimize), and Model is read only after a Sat status (after a later
// UNSAT it returns the previous model).
func serve(req *request, emit func(reply)) {
	defer func() {
		if r := recover(); r != nil {
			emit(reply{Final: true, Err: fmt.Sprintf("gophersat panicked: %v", r)})
		}
	}()
	p, feasible, err := buildProblem(req)
	switch {
	case err != nil:
		emit(reply{Final: true, Err: err.Error()})
		return
	case !feasible:
		emit(reply{Final: true, Status: sat.Unsat})
		return
	}
	if req.Minimize {
		optimise(req, p, emit)
		return
	}
	s := solver.New(p)
	switch s.Solve() {
	case solver.Sat:
		emit(reply{Final: true, Status: sat.Sat, Model: s.Model(), Stats: s.Stats})
	case solver.Unsat:
		emit(reply{Final: true, Status: sat.Unsat, Stats: s.Stats})
	default:
		emit(reply{Final: true, Err: "gophersat ended without an answer", Stats: s.Stats})
	}
}

// optimise runs gophersat's linear SAT-UNSAT search, emitting each
// improving model as gophersat finds it.
func optimise(req *request, p *solver.Problem, emit func(reply)) {
	lits, weights, err := normObjective(req.Objective)
	if err != nil {
		emit(reply{Final: true, Err: err.Error()})
		return
	}
	cost := make([]solver.Lit, len(lits))
	for i, l := range lits {
		cost[i] = solver.IntToLit(int32(l))
	}
	p.SetCostFunc(cost, weights)
	s := solver.New(p)
	res := runOptimal(s, func(r solver.Result) {
		if r.Status == solver.Sat {
			emit(reply{Status: sat.Sat, Model: r.Model})
		}
	})
	switch res.Status {
	case solver.Sat:
		emit(reply{Final: true, Status: sat.Sat, Stats: s.Stats})
	case solver.Unsat:
		emit(reply{Final: true, Status: sat.Unsat, Stats: s.Stats})
	default:
		emit(reply{Final: true, Err: "gophersat ended its minimisation without an answer"})
	}
}

// runOptimal calls s.Optimal, handing every intermediate result to each on
// a helper goroutine, and returns once each has seen them all (also when
// Optimal panics: it closes the channel on the way out).
func runOptimal(s *solver.Solver, each func(solver.Result)) solver.Result {
	results := make(chan solver.Result)
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		for r := range results {
			each(r)
		}
	}()
	defer func() { <-drained }()
	return s.Optimal(results, nil)
}

// buildProblem turns the request into a gophersat problem over at least
// NumVars variables: clauses, PB constraints and assumptions (as unit
// constraints) in normal form. feasible is false when normalisation or
// gophersat's parser already found the constraints infeasible.
func buildProblem(req *request) (p *solver.Problem, feasible bool, err error) {
	var cs []solver.PBConstr
	for _, c := range req.Clauses {
		lits, tautology := normClause(c)
		if tautology {
			continue
		}
		if len(lits) == 0 {
			return nil, false, nil
		}
		cs = append(cs, solver.PropClause(lits...))
	}
	for _, c := range req.PBs {
		gs, ok, err := normPB(c)
		if err != nil || !ok {
			return nil, false, err
		}
		for _, g := range gs {
			cs = append(cs, solver.GtEq(g.lits, g.weights, g.k))
		}
	}
	for _, l := range req.Assumptions {
		cs = append(cs, solver.PropClause(int(l)))
	}
	p = solver.ParsePBConstrs(cs)
	if p.Status == solver.Unsat {
		return nil, false, nil
	}
	p.NbVars = max(p.NbVars, req.NumVars)
	p.Model = grow(p.Model, p.NbVars)
	return p, true, nil
}

// grow extends s with zero values to length n.
func grow[T any](s []T, n int) []T {
	if len(s) >= n {
		return s
	}
	return append(s, make([]T, n-len(s))...)
}
