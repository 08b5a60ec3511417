package nonogramcmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/backend"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/solve"
	"github.com/satsolve/satsolve/sat/proof"
)

// Command is satsolve nonogram.
var Command = &cli.Command{
	Name:    "nonogram",
	Summary: "nonograms: solve (uniqueness, counts, pictures), rate, compare encodings",
	Args:    "[flags] FILE",
	Doc: "FILE is a puzzle file in any supported format (.non, webpbn XML, .nin, TAAI\n" +
		"tournament sets, CWD, picross-solver GRID text, Tatham game IDs), recognised\n" +
		"from its content, or - for standard input. Run 'satsolve nonogram COMMAND -h'\n" +
		"for flags.",
	Subs: []*cli.Command{
		solveCommand,
		rateCommand,
		{Name: "compare", Summary: "compare the SAT encodings of a puzzle side by side (as satsolve compare nonogram)",
			Alias: []string{"compare", "nonogram"}},
	},
}

// nonogramOpts holds the flags solve and rate share.
type nonogramOpts struct {
	format        nonogram.Format
	index         int
	native        bool
	satOnly       bool // --sat
	backend       string
	encoding      string
	presolve      string
	timeout       time.Duration // the whole command
	puzzleTimeout time.Duration // each puzzle
	useGoal       bool
	json          bool
	jobs          int
	certify       bool // certify the SAT solver's UNSAT answers (solve --certify)

	enc nonogram.Encoding
	pre nonogram.Presolve
}

func (o *nonogramOpts) register(fs *flag.FlagSet) {
	cli.FormatVar(fs, &o.format, ": auto, non, xml, nin, taai, cwd, picross or tatham")
	cli.IntVar(fs, &o.index, "index", 0, " (0: every puzzle)")
	cli.BoolVar(fs, &o.native, "native", " (line solving, probing, backtracking)")
	cli.BoolVar(fs, &o.satOnly, "sat", " (by default the native solver runs first under a work budget,\nthen hands what is left to SAT)")
	cli.BackendVar(fs, &o.backend, backend.Default, "")
	cli.EnumVar(fs, &o.encoding, "encoding", "starts", ": starts (order-encoded block starts) or dfa (one automaton per line)", cli.Check(nonogram.ParseEncoding))
	cli.Enum(fs, &o.presolve, "presolve", "line", "deduction before encoding: line (line solving), probe (line solving and probing) or none", cli.Check(nonogram.ParsePresolve))
	cli.TimeoutVar(fs, &o.timeout, 0, "; puzzles unfinished by then are reported unknown")
	fs.DurationVar(&o.puzzleTimeout, "puzzle-timeout", 0, "give up on each puzzle after this long (0: no limit)")
	fs.BoolVar(&o.useGoal, "use-goal", false, "take a goal image found in the file, once checked against the clues, as the first solution\nand look for others around it and then globally (settles puzzles whose first solution is hard to find)")
	cli.JSONVar(fs, &o.json, "")
	cli.IntVar(fs, &o.jobs, "j", runtime.GOMAXPROCS(0), ": puzzles of a file (the output stays in file order)")
	cli.VerboseVar(fs, nil)
}

// check validates the flag values.
func (o *nonogramOpts) check() error {
	var err error
	if o.enc, err = nonogram.ParseEncoding(o.encoding); err != nil {
		return err
	}
	if o.pre, err = nonogram.ParsePresolve(o.presolve); err != nil {
		return err
	}
	if o.native && o.satOnly {
		return cli.Usagef("--native and --sat exclude each other")
	}
	if o.jobs < 1 {
		return cli.Usagef("-j must be at least 1, not %d", o.jobs)
	}
	if o.index < 0 {
		return cli.Usagef("--index must be at least 1, not %d", o.index)
	}
	if o.puzzleTimeout < 0 {
		return cli.Usagef("--puzzle-timeout must not be negative, not %v", o.puzzleTimeout)
	}
	return nil
}

// readPuzzles reads the puzzles of path ("-" is standard input) and keeps
// the one --index names, if any. Parse warnings go to standard error.
func (o *nonogramOpts) readPuzzles(e *cli.Env, path string) ([]*nonogram.Puzzle, error) {
	var ps []*nonogram.Puzzle
	var err error
	if path == "-" {
		ps, err = nonogram.Parse(e.Stdin, "<stdin>", o.format)
	} else {
		ps, err = nonogram.ParseFile(path, o.format)
	}
	if err != nil {
		return nil, err
	}
	for _, p := range ps {
		for _, w := range p.Warnings {
			e.Warnf("%s", w)
		}
	}
	if o.index > 0 {
		if o.index > len(ps) {
			return nil, cli.Usagef("%s: --index %d: the file holds %s", path, o.index, english.Count(len(ps), "puzzle"))
		}
		ps = ps[o.index-1 : o.index]
	}
	return ps, nil
}

// puzzleNumber returns the 1-based position of the k-th puzzle solved in
// its file.
func (o *nonogramOpts) puzzleNumber(k int) int {
	if o.index > 0 {
		return o.index
	}
	return k + 1
}

// solved is one puzzle's outcome, ready to print.
type solved struct {
	number int
	p      *nonogram.Puzzle
	res    *nonogram.Result
	goal   nonogram.GoalStatus
	method string
	took   time.Duration
	err    error    // why the answer is incomplete (timeout), nil otherwise
	warns  []string // warnings to print with the answer
	// certified counts the UNSAT answers certified (-1 without --certify).
	certified int
}

// warn prints the outcome's warnings on standard error.
func (s *solved) warn(e *cli.Env) {
	for _, w := range s.warns {
		e.Warnf("%s", w)
	}
}

// solveSAT runs the portfolio (native under a work budget, then SAT: the
// default) or, with --sat or --certify, SAT alone, and fills s's method,
// result and certified count.
func (o *nonogramOpts) solveSAT(ctx context.Context, p *nonogram.Puzzle, opt nonogram.Options, s *solved) error {
	solver, err := backend.New(o.backend)
	if err != nil {
		return err
	}
	s.method = fmt.Sprintf("SAT %s, %s encoding", backend.Name(o.backend, solver), o.enc)
	if !o.satOnly && !o.certify {
		s.res, err = solve.Portfolio(ctx, solver, p, opt, 0)
		if s.res.BySAT {
			s.method = "native, then " + s.method
		} else {
			s.method = "native"
		}
		return err
	}
	var cert *proof.Certifier
	if o.certify {
		cert = backend.NewCertifier()
		solver = cert.Solver(solver)
	}
	s.res, err = solve.SAT(ctx, solver, p, opt)
	if cert != nil {
		s.certified = cert.Certified()
	}
	return err
}

// solve runs one puzzle with the chosen solver, asking for limit
// solutions, and compares the result with the goal image. It is safe to
// call from several goroutines: warnings are kept in the outcome.
func (o *nonogramOpts) solve(ctx context.Context, p *nonogram.Puzzle, number, limit int) (*solved, error) {
	ctx, cancel := cli.WithTimeout(ctx, o.puzzleTimeout, "--puzzle-timeout")
	defer cancel()
	opt := nonogram.Options{Limit: limit, Encoding: o.enc, Presolve: o.pre}
	s := &solved{number: number, p: p, certified: -1}
	if o.useGoal {
		hint, err := nonogram.GoalHint(p)
		if err != nil {
			s.warns = append(s.warns, fmt.Sprintf("%s: puzzle %d: %v", p.Source.File, number, err))
		}
		opt.Hint = hint
	}
	start := time.Now()
	var err error
	if o.native {
		s.method = "native"
		s.res, err = solve.Native(ctx, p, opt)
	} else if err = o.solveSAT(ctx, p, opt, s); errors.Is(err, nonogram.ErrTooLarge) {
		// The model would not fit (issue 18, item 14): the native
		// solver takes the puzzle in memory linear in its cells.
		s.warns = append(s.warns, fmt.Sprintf("%s: puzzle %d: %v; solving natively instead", p.Source.File, number, err))
		s.method = "native"
		s.res, err = solve.Native(ctx, p, opt)
	}
	s.took = time.Since(start)
	if err != nil {
		if !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
			return nil, fmt.Errorf("%s: puzzle %d: %w", p.Source.File, number, err)
		}
		s.err = cli.Explain(ctx, err) // the answer stays incomplete
	}
	goal, gerr := s.res.AddGoal(p)
	s.goal = goal
	switch {
	case goal == nonogram.GoalInvalid:
		s.warns = append(s.warns, fmt.Sprintf("%s: puzzle %d: %v", p.Source.File, number, gerr))
	case gerr != nil:
		return nil, fmt.Errorf("%s: puzzle %d: %w", p.Source.File, number, gerr)
	}
	return s, nil
}
