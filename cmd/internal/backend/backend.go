package backend

import (
	"fmt"
	"strings"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/external"
	"github.com/satsolve/satsolve/sat/portfolio"
)

// Default is the backend the model commands use when --backend is not
// given: sat/cdcl, one in-process engine, deterministic, cheap to call
// incrementally with assumptions (issue 14: it replaced gini once it beat
// gini on the corpus; README's backend section has the measurement).
const Default = "cdcl"

// DefaultSolve is the backend satsolve solve uses when --backend is not
// given: sat/cdcl racing walk. cdcl solves more of the corpus than gini in
// less CPU time; walk beside it settles in a fraction of a second the
// large random satisfiable instances no CDCL engine here finishes, which
// outweighs, in PAR-2 by CPU and by wall time, the second core it spends
// elsewhere (benchmarks/results/defaults.md, README).
const DefaultSolve = "portfolio:cdcl,walk"

// DefaultOptimize is the backend satsolve solve uses for a file with an
// objective when --backend is not given: sat/cdcl alone. The core-guided
// search (encode/optimize) needs the failed assumptions cdcl names, and
// a racer that cannot prove a bound (walk) would only halve the CPU time
// of the one that can (benchmarks/results/opt.md).
const DefaultOptimize = "cdcl"

// Help lists the specs, for the help of a --backend flag, which says
// what the flag is before it ("SAT backend: " + Help()).
func Help() string {
	var names []string
	for _, e := range engines {
		n := e.name
		if e.help != "" {
			n += " (" + e.help + ")"
		}
		names = append(names, n)
	}
	return strings.Join(names, ", ") + ", portfolio (gini and gophersat racing),\n" +
		"portfolio:A,B,... (any backends racing, e.g. portfolio:gini,walk), or external:NAME\n" +
		"(a DIMACS solver binary on PATH, e.g. external:cadical)"
}

// New returns a fresh solver for spec.
func New(spec string) (sat.Solver, error) {
	if e, ok := lookup(spec); ok {
		return e.new(), nil
	}
	switch {
	case strings.HasPrefix(spec, "cdcl:"):
		return newCDCL(strings.TrimPrefix(spec, "cdcl:"))
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
	return nil, fmt.Errorf("unknown backend %q (want %s, portfolio, portfolio:A,B or external:NAME)", spec, engineNames(", "))
}

// HelpSpec is the spec that asks for the options of cdcl instead of
// naming a backend: "--backend cdcl:help" prints OptionsHelp.
const HelpSpec = "cdcl:help"

// OptionsHelp returns the listing of every cdcl option (name, default,
// range and meaning, from sat/cdcl's table) with how a spec sets them.
func OptionsHelp() string {
	return "Options of the cdcl backend: --backend cdcl:NAME=V:NAME=V sets them (colons between options,\n" +
		"e.g. cdcl:stable=2:chrono=0; in a portfolio, portfolio:cdcl:stable=0,walk). Every option is an\n" +
		"integer, switches are 0/1; sat/cdcl/options.go gives the measurements behind the defaults.\n\n" +
		cdcl.Usage()
}

// newCDCL returns a cdcl solver with the options of a spec's tail,
// "name=value" pairs separated by colons (commas separate portfolio
// members).
func newCDCL(list string) (sat.Solver, error) {
	if list == "" {
		return nil, fmt.Errorf("backend cdcl: with no options: want cdcl or cdcl:NAME=V:NAME=V")
	}
	o := cdcl.DefaultOptions()
	if list == "help" {
		return nil, fmt.Errorf("backend %s lists the options of cdcl: it names no backend", HelpSpec)
	}
	if err := o.Parse(strings.ReplaceAll(list, ":", ",")); err != nil {
		return nil, fmt.Errorf("backend cdcl:%s: %v (--backend %s lists the options)", list, err, HelpSpec)
	}
	return cdcl.NewWith(o)
}

func engineNames(sep string) string {
	var names []string
	for _, e := range engines {
		names = append(names, e.name)
	}
	return strings.Join(names, sep)
}

func newPortfolio(names []string) (sat.Solver, error) {
	var members []portfolio.Member
	for _, n := range names {
		if n == "" || strings.HasPrefix(n, "portfolio") {
			return nil, fmt.Errorf("portfolio member %q: want %s or external:NAME", n, engineNames(", "))
		}
		s, err := New(n)
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

// Factory validates spec once and returns a function that makes fresh
// solvers for it, and one that names the last solver made (see Name).
func Factory(spec string) (newSolver func() sat.Solver, name func() string, err error) {
	if _, err := New(spec); err != nil {
		return nil, nil, err
	}
	var last sat.Solver
	newSolver = func() sat.Solver {
		last, _ = New(spec) // validated above
		return last
	}
	name = func() string {
		if last == nil {
			return spec
		}
		return Name(spec, last)
	}
	return newSolver, name, nil
}

// Name returns the name to report for a solver built from spec: the
// winning member for a portfolio.
func Name(spec string, s sat.Solver) string {
	if p, ok := s.(*portfolio.Solver); ok && p.Winner() != "" {
		return spec + " (" + p.Winner() + ")"
	}
	return spec
}
