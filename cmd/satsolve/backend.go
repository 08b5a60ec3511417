package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/external"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/gophersat"
	"github.com/satsolve/satsolve/sat/portfolio"
	"github.com/satsolve/satsolve/sat/walk"
)

// defaultBackend is the backend the model commands use when --backend is
// not given: one in-process engine, deterministic, cheap to call
// incrementally with assumptions.
const defaultBackend = "gini"

// defaultSolveBackend is the backend satsolve solve uses when --backend is
// not given: the pure-Go configuration that solved the most corpus
// instances with the lowest PAR-2 (benchmarks/results/cnf.md, README).
const defaultSolveBackend = "portfolio:gini,walk"

const backendHelp = `SAT backend: gini, gophersat, walk (local search: finds models, never
proves UNSAT), portfolio (gini and gophersat racing), portfolio:A,B,... (any
backends racing, e.g. portfolio:gini,walk), or external:NAME (a DIMACS
solver binary on PATH, e.g. external:cadical)`

// backendFlag registers --backend on fs.
func backendFlag(fs *flag.FlagSet) *string {
	return fs.String("backend", defaultBackend, backendHelp)
}

// newSolver returns a fresh solver for the backend spec.
func newSolver(spec string) (sat.Solver, error) {
	switch {
	case spec == "gini":
		return gini.New(), nil
	case spec == "gophersat":
		return gophersat.New(), nil
	case spec == "walk":
		return walk.New(), nil
	case spec == "portfolio":
		return newPortfolio([]string{"gini", "gophersat"})
	case strings.HasPrefix(spec, "portfolio:"):
		return newPortfolio(strings.Split(strings.TrimPrefix(spec, "portfolio:"), ","))
	case strings.HasPrefix(spec, "external:"):
		name := strings.TrimPrefix(spec, "external:")
		if name == "" {
			return nil, fmt.Errorf("backend %q: name the solver binary, e.g. external:cadical", spec)
		}
		return external.New(name)
	}
	return nil, fmt.Errorf("unknown backend %q (want gini, gophersat, walk, portfolio, portfolio:A,B or external:NAME)", spec)
}

func newPortfolio(names []string) (sat.Solver, error) {
	var members []portfolio.Member
	for _, n := range names {
		if n == "" || strings.HasPrefix(n, "portfolio") {
			return nil, fmt.Errorf("portfolio member %q: want gini, gophersat, walk or external:NAME", n)
		}
		s, err := newSolver(n)
		if err != nil {
			return nil, err
		}
		members = append(members, portfolio.Member{Name: n, Solver: s})
	}
	if len(members) == 0 {
		return nil, fmt.Errorf("empty portfolio")
	}
	return portfolio.New(members...), nil
}

// backendName returns the name to report for a solver built from spec: the
// winning member for a portfolio.
func backendName(spec string, s sat.Solver) string {
	if p, ok := s.(*portfolio.Solver); ok && p.Winner() != "" {
		return spec + " (" + p.Winner() + ")"
	}
	return spec
}
