package comparecmd

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/backend"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/compare"
)

// Command is satsolve compare.
var Command = &cli.Command{
	Name:    "compare",
	Summary: "encode one constraint with every method and compare sizes and solve times",
	Args:    "[flags] [args]",
	Noun:    "family",
	Doc: "Encode one constraint with every applicable method and print, per method,\n" +
		"its size, encode time and solve time on each backend.\n\n" +
		"Run 'satsolve compare FAMILY -h' for a family's flags.",
	Subs: []*cli.Command{
		family("card", "a cardinality constraint Σ x op k, with every cardinality method", "--n N --bound K (--atmost|--atleast|--exactly)", cardFlags),
		family("amo", "an at-most-one (or exactly-one) constraint, with every AMO method", "--n N [--exactly-one]", amoFlags),
		family("pb", "a pseudo-Boolean constraint Σ aᵢxᵢ op K, with every PB method", "--coeffs A,B,... (--le K|--ge K|--eq K)", pbFlags),
		family("int", "a linear constraint Σ aᵢxᵢ op K over bounded integers, with the order and log encodings and every PB method", "--coeffs A,B,... (--le K|--ge K|--eq K) [--lo L] [--hi H]", intFlags),
		family("dobble", "the incidence model of a Dobble deck (projective plane), with every card, AMO and pair encoding", "--order Q [--lambda L]", dobbleFlags),
		family("nonogram", "a nonogram puzzle, with every encoding (block starts, automaton), after line solving and bare", "FILE [--index N] [--task first|other]", nonogramFlags),
		family("fzn", "a FlatZinc model (MiniZinc's solver input), with every integer encoding (and linear method)", "MODEL.fzn [--linear]", fznFlags),
	},
}

// A builder registers a family's own flags and returns the function that
// builds the subject from them, once parsed, and the positional arguments.
// Its errors are usage errors (cli.Usagef) unless the data is at fault,
// such as a malformed input file.
type builder func(fs *flag.FlagSet) func(ctx context.Context, args []string) (*compare.Subject, error)

// family returns the command of one family: the shared flags, the
// family's, and the measurement.
func family(name, summary, synopsis string, build builder) *cli.Command {
	return &cli.Command{
		Name:    name,
		Summary: summary,
		Args:    synopsis + " [flags]",
		Flags: func(fs *flag.FlagSet) cli.Action {
			var o options
			o.register(fs)
			subject := build(fs)
			return func(ctx context.Context, e *cli.Env, args []string) error {
				subj, err := subject(ctx, args)
				if err != nil {
					return err
				}
				if err := o.validate(subj); err != nil {
					return err
				}
				// --timeout bounds the whole comparison (the frame applies
				// it); each solve has --solve-timeout.
				cells := len(subj.Methods) * len(o.backends)
				p := e.Progress("compare "+name, "method × backend runs", int64(cells))
				cfg := compare.Config{Family: name, Backends: o.backends, NewSolver: backend.New,
					Timeout: o.solveTimeout, Repeat: o.repeat, Cell: func() { p.Add(1) },
					Start: func(method, backend string) { p.Note(running(method, backend)) }}
				res, err := compare.Measure(ctx, cfg, subj)
				p.Done()
				return o.finish(ctx, e, res, err)
			}
		},
	}
}

// running says what a comparison is doing, for the progress line.
func running(method, backend string) string {
	if backend == "" {
		return "encoding " + method
	}
	return method + " on " + backend
}

// finish prints the comparison. When it stopped before the end (--timeout,
// Ctrl-C), the methods measured are printed and drawn all the same, as for
// every command that stops, and the error says how far it came.
func (o *options) finish(ctx context.Context, e *cli.Env, res *compare.Comparison, err error) error {
	if res == nil || !res.Stopped {
		if err != nil {
			return err
		}
		return o.print(e, res, nil)
	}
	stop := cli.Explain(ctx, err)
	if perr := o.print(e, res, stop); perr != nil {
		return perr
	}
	return fmt.Errorf("%w: %d of %d method × backend runs measured, the rest not", stop, res.Measured, res.Cells())
}

// options are the flags every family shares.
type options struct {
	backends     []string
	timeout      time.Duration
	solveTimeout time.Duration
	repeat       int
	methods      string
	json         bool
	csv          bool
	svg          string
}

// defaultBackends are the backends compared when --backend is not given:
// the project's own engine, the one every other command uses, beside the
// two pure-Go libraries.
var defaultBackends = []string{backend.Default, "gini", "gophersat"}

func (o *options) register(fs *flag.FlagSet) {
	cli.BackendsVar(fs, &o.backends, " to solve with; repeat the flag for several (default cdcl, gini and gophersat)")
	cli.TimeoutVar(fs, &o.timeout, 0, " for the whole comparison")
	cli.SolveTimeoutVar(fs, &o.solveTimeout, 10*time.Second, ": a run without an answer by then is a timeout")
	fs.IntVar(&o.repeat, "repeat", 3, "runs per measurement; times are medians")
	fs.StringVar(&o.methods, "methods", "", "comma-separated methods to compare (default: all)")
	cli.JSONVar(fs, &o.json, "")
	fs.BoolVar(&o.csv, "csv", false, "print the results as CSV, one row per method and backend")
	cli.StringVar(fs, &o.svg, "svg", ": the sizes and the times as charts")
	cli.VerboseVar(fs, nil)
}

// validate checks the shared flags and keeps the methods --methods asks for.
func (o *options) validate(subj *compare.Subject) error {
	if o.repeat < 1 {
		return cli.Usagef("--repeat must be at least 1, not %d", o.repeat)
	}
	if o.solveTimeout <= 0 {
		return cli.Usagef("--solve-timeout must be positive, not %v", o.solveTimeout)
	}
	if o.json && o.csv {
		return cli.Usagef("--json and --csv exclude each other")
	}
	if len(o.backends) == 0 {
		o.backends = defaultBackends
	}
	if o.methods == "" {
		return nil
	}
	if err := subj.Keep(strings.Split(o.methods, ",")); err != nil {
		return cli.Usagef("--methods: %v", err)
	}
	return nil
}

// print writes the comparison in the requested form on standard output,
// and the SVG file when asked; stop, when not nil, says why it stopped
// before the end (for JSON).
func (o *options) print(e *cli.Env, c *compare.Comparison, stop error) error {
	var err error
	switch {
	case o.json:
		r := c.Report()
		if stop != nil {
			r.Stopped, r.Reason = cli.StopReason(stop), stop.Error()
		}
		err = cli.WriteJSON(e.Stdout, r)
	case o.csv:
		err = compare.WriteCSV(e.Stdout, c)
	default:
		err = compare.WriteTable(e.Stdout, c)
	}
	if err == nil && o.svg != "" {
		err = cli.WriteFile(o.svg, func(w io.Writer) error { return compare.WriteSVG(w, c) })
	}
	return err
}
