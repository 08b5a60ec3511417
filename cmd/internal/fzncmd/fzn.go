package fzncmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/backend"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cp"
	"github.com/satsolve/satsolve/cp/fzn"
)

// options are the flags of satsolve fzn.
type options struct {
	all          bool // -a
	n            int  // -n
	intermediate bool // -i
	free         bool // -f (satsolve's search is always free)
	parallel     int  // -p
	seed         int  // -r
	seedSet      bool
	stats        bool // -s
	timeMS       int  // -t
	verbose      bool // -v

	timeout  time.Duration
	backend  string
	intEnc   string
	linear   string
	search   string
	install  string
	exe      []string // the command MiniZinc runs, for --install (tests set it)
	sawFlags map[string]bool
}

// Command is satsolve fzn.
var Command = &cli.Command{
	Name:    "fzn",
	Summary: "solve a FlatZinc model as a MiniZinc solver; --install DIR makes satsolve one",
	Args:    "[flags] MODEL.fzn   or   satsolve fzn --install DIR",
	Doc: "Reads FlatZinc (MiniZinc's solver input) and prints solutions as MiniZinc reads\n" +
		"them. Every solution is checked against the FlatZinc model before it is printed.\n" +
		"--install DIR writes DIR/satsolve.msc and satsolve's MiniZinc library beside it;\n" +
		"then MZN_SOLVER_PATH=DIR minizinc --solver satsolve MODEL.mzn [DATA.dzn] runs\n" +
		"satsolve (DIR may be ~/.minizinc/solvers, which MiniZinc always searches).\n" +
		"-a -n -i -f -p -r -s -t -v are MiniZinc's standard solver flags (docs/fzn.md).",
	Flags: flags,
}

// maxParallel bounds -p: each engine holds its own copy of the clauses.
const maxParallel = 16

func flags(fs *flag.FlagSet) cli.Action {
	var o options
	fs.BoolVar(&o.all, "a", false, "all solutions of a satisfaction problem; every improving solution of an optimisation")
	fs.IntVar(&o.n, "n", 0, "stop after this many solutions of a satisfaction problem (0: one, or all with -a)")
	fs.BoolVar(&o.intermediate, "i", false, "print every improving solution of an optimisation, not only the best")
	fs.BoolVar(&o.free, "f", false, "free search: accepted and always the case (satsolve follows no search annotation)")
	fs.IntVar(&o.parallel, "p", 1, fmt.Sprintf("race this many differently configured cdcl engines (1 to %d)", maxParallel))
	fs.IntVar(&o.seed, "r", 0, "random seed of the SAT engines")
	fs.BoolVar(&o.stats, "s", false, "print statistics as %%%mzn-stat: lines on standard output")
	fs.IntVar(&o.timeMS, "t", 0, "wall-clock limit in milliseconds (0: none): then print the best solution found")
	cli.VerboseVar(fs, &o.verbose)
	cli.TimeoutVar(fs, &o.timeout, 0, " (as -t, in Go durations: 30s, 2m); the best solution found is printed")
	cli.BackendVar(fs, &o.backend, backend.Default, "")
	cli.Enum(fs, &o.intEnc, "int-encoding", "auto", "encoding of integer variables: auto (log above 1,024 values, direct when used by value, else order), order, log or direct", cli.Check(cp.ParseEncoding))
	cli.EnumVar(fs, &o.linear, "pb", "auto", ": auto, bdd, swc, adder, gte or native", cli.Check(cp.ParseLinearMethod))
	cli.EnumVar(fs, &o.search, "opt", "linear", ": linear (improve down one solution at a time), binary or optimize", cli.Check(cp.ParseSearch))
	fs.StringVar(&o.install, "install", "", "write DIR/satsolve.msc and satsolve's MiniZinc library (DIR/satsolve/), then exit")
	return func(ctx context.Context, e *cli.Env, args []string) error {
		o.sawFlags = map[string]bool{}
		fs.Visit(func(f *flag.Flag) { o.sawFlags[f.Name] = true })
		o.seedSet = o.sawFlags["r"]
		if o.install != "" {
			if len(args) > 0 {
				return cli.Usagef("--install takes no MODEL.fzn")
			}
			return o.installTo(e, o.install)
		}
		if err := cli.WantArgs(args, 1, "one MODEL.fzn"); err != nil {
			return err
		}
		if err := o.check(); err != nil {
			return err
		}
		return o.run(ctx, e, args[0])
	}
}

// check refuses flag values out of range.
func (o *options) check() error {
	switch {
	case o.n < 0:
		return cli.Usagef("-n: want 0 or more solutions, not %d", o.n)
	case o.parallel < 1 || o.parallel > maxParallel:
		return cli.Usagef("-p: want 1 to %d engines, not %d", maxParallel, o.parallel)
	case o.timeMS < 0:
		return cli.Usagef("-t: want 0 or more milliseconds, not %d", o.timeMS)
	case o.seed < 0:
		return cli.Usagef("-r: want a seed of 0 or more, not %d", o.seed)
	}
	return nil
}

// spec returns the backend spec: --backend, or with -p N a portfolio of N
// cdcl engines with different seeds and configurations, and -r's seed.
func (o *options) spec(e *cli.Env) string {
	if o.parallel <= 1 {
		if o.seedSet && o.backend == "cdcl" {
			return fmt.Sprintf("cdcl:seed=%d", o.seed)
		}
		return o.backend
	}
	if o.backend != "cdcl" {
		e.Logf("fzn: -p races cdcl configurations; --backend %s runs alone", o.backend)
		return o.backend
	}
	var members []string
	for i := range o.parallel {
		m := fmt.Sprintf("cdcl:seed=%d", o.seed+i)
		if v := variants[i%len(variants)]; v != "" {
			m += ":" + v
		}
		members = append(members, m)
	}
	return "portfolio:" + strings.Join(members, ",")
}

// variants are the configurations -p races, in order: the default, then
// the other initial phase and each restart mode.
var variants = []string{"", "phase=0", "stable=2", "stable=0", "phase=0:stable=2", "phase=0:stable=0", "rephase=0", "chrono=0"}

// cpOptions returns the options of the cp search.
func (o *options) cpOptions() cp.Options {
	enc, _ := cp.ParseEncoding(o.intEnc)
	lin, _ := cp.ParseLinearMethod(o.linear)
	srch, _ := cp.ParseSearch(o.search)
	return cp.Options{IntEncoding: enc, Linear: lin, Search: srch}
}

// run solves the model in path.
func (o *options) run(ctx context.Context, e *cli.Env, path string) error {
	start := time.Now()
	// -t is MiniZinc's limit; the frame applies --timeout.
	ctx, cancel := cli.WithTimeout(ctx, time.Duration(o.timeMS)*time.Millisecond, "-t")
	defer cancel()
	m, err := fzn.ReadFile(path, fzn.Options{Context: ctx})
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			// Out of time while reading: no solution, as in the search.
			_, werr := fmt.Fprintln(e.Stdout, fzn.Unknown)
			return werr
		}
		return err
	}
	e.Logf("fzn: read %s: %d variables, %d constraints, %s (%v)", path, len(m.Vars), len(m.Constraints), m.Solve.Method, time.Since(start).Round(time.Millisecond))
	tr, err := fzn.Translate(ctx, m)
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			_, werr := fmt.Fprintln(e.Stdout, fzn.Unknown)
			return werr
		}
		return err
	}
	if tr.Restricted {
		e.Warnf("a variable has no finite domain within ±2^40: it is searched within ±2^40, so no answer claims the search complete")
	}
	spec := o.spec(e)
	solver, err := backend.New(spec)
	if err != nil {
		return err
	}
	s := &search{o: o, e: e, m: m, tr: tr, start: start, spec: spec}
	s.initTime = time.Since(start)
	return s.run(ctx, solver)
}
