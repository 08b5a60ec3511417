package solvecmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/big"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/backend"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/preprocess"
	"github.com/satsolve/satsolve/sat/proof"
	"github.com/satsolve/satsolve/sat/satfile"
)

// defaultPreprocess says whether solve simplifies the clauses before solving
// when --preprocess is not given; the README gives the measurements.
const defaultPreprocess = false

// solveOpts are the flags of satsolve solve.
type solveOpts struct {
	backend     string
	timeout     time.Duration
	noModel     bool
	json        bool
	verbose     bool
	strict      bool
	format      satfile.Format
	pb          string
	strategy    string
	preprocess  bool
	cube        int          // solve cube n of an iCNF file; -1: a plain file
	proofFile   string       // --proof: write the proof here
	proofFormat proof.Format // --proof-format
	certify     bool         // --certify: check the proof of an UNSAT answer
	backendSet  bool         // --backend was given
	maxLiterals int          // --max-literals (0: from the memory available)
	pbBudget    int64        // clauses for PB encodings (0: encodePBs' default; tests set it)

	assumptions []sat.Lit // the cube's literals
}

// Command is satsolve solve.
var Command = &cli.Command{
	Name:    "solve",
	Summary: "solve a DIMACS CNF, OPB or WCNF file",
	Args:    "[flags] FILE   (FILE may be - for standard input; gzip, bzip2 and xz are recognised)",
	Doc: "Prints SAT-competition output (\"s\" and \"v\" lines, \"o\" for the cost of an\n" +
		"optimisation) or JSON with --json. Every model is checked against the file.\n" +
		"--proof FILE writes a DRAT or LRAT proof of unsatisfiability (cdcl only), which\n" +
		"satsolve check verifies; --certify prints UNSATISFIABLE only once its proof has\n" +
		"been checked (docs/proofs.md).\n" +
		"Exit status: 10 SAT, 20 UNSAT, 30 optimum proved, 0 UNKNOWN.",
	Flags: flags,
}

func flags(fs *flag.FlagSet) cli.Action {
	var o solveOpts
	cli.BackendVar(fs, &o.backend, backend.DefaultSolve, " (solve's default races cdcl, the project's own engine, and walk: the pure-Go configuration with the best PAR-2 on the corpus)")
	cli.TimeoutVar(fs, &o.timeout, 0, ", then answer UNKNOWN")
	fs.BoolVar(&o.noModel, "no-model", false, "print no model (it is still checked)")
	cli.JSONVar(fs, &o.json, " (default: SAT-competition output)")
	cli.VerboseVar(fs, &o.verbose)
	fs.BoolVar(&o.strict, "strict", false, "accept only the SAT-competition dialect of DIMACS CNF")
	cli.FormatVar(fs, &o.format, ": auto, cnf, opb or wcnf")
	cli.EnumVar(fs, &o.pb, "pb", "auto", ": auto (native constraints for the backends that take them, cdcl and gophersat,\nBDDs for the others; a portfolio gives each member its way), or bdd, swc, adder, gte (clauses for every backend)", cli.AutoOr(cli.Check(encode.ParsePBMethod)))
	cli.EnumVar(fs, &o.strategy, "opt", "auto", ": auto, native, linear or binary", cli.AutoOr(cli.Check(optimize.ParseStrategy)))
	fs.BoolVar(&o.preprocess, "preprocess", defaultPreprocess, "simplify the clauses first (variable elimination, subsumption, equivalent literals); models are mapped back")
	cli.StringVar(fs, &o.proofFile, "proof", " (every clause derived and deleted);\nonly the cdcl backend writes proofs (the default with --proof)")
	cli.Var(fs, &o.proofFormat, "proof-format", ": auto (lrat for a FILE named *.lrat, else drat), drat, binary-drat or lrat")
	cli.BoolVar(fs, &o.certify, "certify", ": print UNSATISFIABLE only after checking the solver's proof (cdcl, LRAT unless\n--proof-format says otherwise); a proof that fails is an error")
	fs.IntVar(&o.maxLiterals, "max-literals", 0, "refuse a file with more literals than this (0: what the memory available can hold, at 64 bytes a literal)")
	fs.IntVar(&o.cube, "cube", -1, "read FILE as iCNF (satsolve cube's output) and solve its clauses under cube N, from 0;\nUNSATISFIABLE then means no model within the cube")
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if err := cli.WantArgs(args, 1, "one FILE"); err != nil {
			return err
		}
		fs.Visit(func(f *flag.Flag) { o.backendSet = o.backendSet || f.Name == "backend" })
		if err := o.checkProofFlags(); err != nil {
			return err
		}
		return o.solveFile(ctx, e, args[0]) // the frame applies --timeout
	}
}

// outcome is what a solve produced, ready to print.
type outcome struct {
	status  sat.Status
	model   sat.Assignment
	optim   bool // the problem had an objective
	optimal bool
	cost    int64
	lower   int64 // the proved lower bound of an objective
	// bigCost is the cost recomputed from the file (check), exactly: the
	// one printed.
	bigCost *big.Int
	reason  error // why the answer is unknown
	// flat, when not nil, holds the file's clauses in place of the
	// formula's (flatten), for the final check.
	flat *sat.ClauseList
	// printed says that an "o" line was printed during the search, of
	// cost lastPrinted.
	printed     bool
	lastPrinted *big.Int
}

func (o *solveOpts) solveFile(ctx context.Context, e *cli.Env, path string) error {
	start := time.Now()
	defer readGC()()
	p, stopped, err := o.read(ctx, e, path)
	if err != nil {
		return err
	}
	if stopped != nil {
		// The deadline or a signal came while the file was being read: no
		// answer, as when it comes during the search.
		p = &satfile.Problem{Formula: &sat.Formula{}}
		r := report{file: path, problem: p, backend: o.backend, wall: time.Since(start), cube: o.cube,
			out: outcome{status: sat.Unknown, reason: cli.Explain(ctx, fmt.Errorf("stopped while reading: %w", stopped))}}
		if o.json {
			return r.printJSON(e)
		}
		return r.printCompetition(e, false)
	}
	printWarnings(e, p.Warnings)
	f := p.Formula
	clauses := len(f.Clauses)
	if p.Flat != nil {
		clauses = p.Flat.Len()
	}
	o.logf(e, "read %s (%s): %d variables, %d clauses, %d PB constraints in %v",
		path, p.Format, f.NumVars, clauses, len(f.PBs), time.Since(start).Round(time.Millisecond))

	defer tuneGC(clauses)()
	if f.Objective != nil && !o.backendSet {
		o.backend = backend.DefaultOptimize
	}
	s, err := backend.New(o.backend)
	if err != nil {
		return err
	}
	work, pre, err := o.simplify(ctx, e, f, p.BigPBs)
	if err != nil {
		return err
	}
	var out outcome
	var cert *certificate
	if o.proving() {
		out, cert, err = o.solveWithProof(ctx, e, f, s, start)
	} else {
		out, err = o.search(ctx, e, s, p, work, pre)
	}
	if err == nil {
		err = out.check(p, pre, o.assumptions)
	}
	if err != nil {
		return err
	}
	out.reason = cli.Explain(ctx, out.reason) // "interrupted", "time limit (--timeout 2s) reached"
	o.logf(e, "%v by %s in %v", out.status, backend.Name(o.backend, s), time.Since(start).Round(time.Millisecond))
	o.printStats(e, s)
	r := report{file: path, problem: p, clauses: clauses, backend: backend.Name(o.backend, s), wall: time.Since(start), out: out, cube: o.cube, cubeLits: o.assumptions, cert: cert}
	if o.json {
		return r.printJSON(e)
	}
	return r.printCompetition(e, !o.noModel)
}

// read reads the problem of path ("-": standard input; with --cube, the
// clauses of an iCNF file under its cube). It returns the problem, or
// stopped, the reader's error, when ctx ended first (no answer, which is
// not an error), or the error that ends the command: a formula beyond the
// bound worked out from the memory available says so and how to lift it.
func (o *solveOpts) read(ctx context.Context, e *cli.Env, path string) (p *satfile.Problem, stopped, err error) {
	mode := satfile.Tolerant
	if o.strict {
		mode = satfile.Strict
	}
	// The bound from the memory available is worked out only for an
	// input of some size (satfile.BudgetFrom literals): reading
	// /proc/meminfo costs about 0.06 ms, 2.7% of a run on a tiny file.
	budget := 0
	opts := satfile.Options{Mode: mode, Format: o.format, MaxLiterals: o.maxLiterals, Context: ctx, Wide: true,
		Budget: func() int { budget = literalBudget(0); return budget },
		// A plain CNF comes flat from the reader, unless preprocessing or a
		// proof wants the formula's clauses.
		Flat: !o.preprocess && !o.proving()}
	switch {
	case o.cube >= 0:
		p, o.assumptions, err = readCube(e, path, o.cube)
	case path == "-":
		opts.File = "<stdin>"
		p, err = satfile.Read(e.Stdin, opts)
	default:
		p, err = satfile.ReadFile(path, opts)
	}
	if errors.Is(err, satfile.ErrFormulaSize) && o.maxLiterals == 0 {
		return nil, nil, fmt.Errorf("%w (the memory available holds about %d MB of formula at %d bytes a literal; --max-literals sets the limit)", err, int64(budget)*bytesPerLiteral>>20, bytesPerLiteral)
	}
	switch {
	case err == nil:
		return p, nil, nil
	case ctx.Err() != nil:
		return nil, err, nil
	}
	return nil, nil, icnfHint(err)
}

// search loads the formula work (the file's, or its simplification pre)
// into s and decides it, or minimises its objective, with a heartbeat on
// standard error. A stop while loading is an outcome without an answer.
func (o *solveOpts) search(ctx context.Context, e *cli.Env, s sat.Solver, p *satfile.Problem, work *sat.Formula, pre *preprocess.Result) (out outcome, err error) {
	f := p.Formula
	// A heartbeat on standard error while the search goes on (on a
	// terminal, or every 5 s with -v).
	stop := e.Progress("solve", "", 0).Done
	// A plain CNF is held once, flat: the backend's engines share it
	// (sat.ListAdder) and the final check reads it.
	flat := p.Flat
	if flat == nil && pre == nil && f.Objective == nil {
		flat = flatten(ctx, f)
	}
	err = o.load(ctx, s, work, flat)
	if err == nil && len(p.BigPBs) > 0 {
		err = sat.EncodeContext(ctx, s, func(s sat.Sink) error {
			for _, c := range p.BigPBs {
				if err := encode.BigPB(s, c, encode.PBAdder); err != nil {
					return err
				}
			}
			return nil
		})
	}
	switch {
	case err != nil && ctx.Err() != nil:
		out, err = outcome{status: sat.Unknown, optim: f.Objective != nil, reason: err}, nil
	case err != nil:
	case f.Objective != nil:
		improve := p.Improve
		if pre != nil {
			// Models of the simplified formula are improved once
			// extended (check), where the soft clauses are whole.
			improve = nil
		}
		var live *anytime
		if !o.json {
			live = &anytime{e: e, p: p, pre: pre, assumptions: o.assumptions}
		}
		out, err = o.minimize(ctx, s, f, improve, live)
		if live != nil {
			out.printed, out.lastPrinted = live.printed, live.last
		}
	default:
		if flat != nil {
			// check reads the same clauses the engines would check
			// every model against: once is enough.
			sat.DeferCheck(s)
		}
		out, err = o.decide(ctx, s)
		out.flat = flat
	}
	stop()
	return out, err
}

// load adds the formula's clauses and PB constraints to s, encoding the PB
// constraints when s cannot take them natively; the clauses are flat's
// when it is not nil (flatten has moved them there). It watches ctx every
// few thousand variables and clauses and between PB constraints, and
// returns ctx.Err() when it ends.
func (o *solveOpts) load(ctx context.Context, s sat.Solver, f *sat.Formula, flat *sat.ClauseList) error {
	// A flat list goes first: an engine that takes it whole sizes its
	// per-variable state once, for the list's largest variable, where
	// declaring the variables one by one grows it step by step (cdcl:
	// fifteen arrays reallocated some twenty times each, fresh pages every
	// time; ssa6288-047, 10,410 variables, spent a fifth of its run there).
	declared := 0
	if flat != nil {
		if err := sat.AddList(ctx, s, flat); err != nil {
			return err
		}
		declared = int(flat.MaxVar())
	}
	// Then every variable the header counts but no clause uses, so that
	// it still appears in the model: a Sink's NewVar returns a variable
	// above every one it has seen.
	for v := declared; v < f.NumVars; v++ {
		if v%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		s.NewVar()
	}
	for i, c := range f.Clauses {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		s.AddClause(c...)
	}
	return o.encodePBs(ctx, s, f.PBs)
}

// decide solves a problem without objective.
func (o *solveOpts) decide(ctx context.Context, s sat.Solver) (outcome, error) {
	st, err := s.Solve(ctx, o.assumptions...)
	if err != nil {
		if !unknown(err) {
			return outcome{}, err
		}
		return outcome{status: sat.Unknown, reason: err}, nil
	}
	out := outcome{status: st}
	if st == sat.Sat {
		out.model = s.Model()
	}
	return out, nil
}

// unknown reports whether a solver's error means "no answer yet" (the
// deadline, a signal, an engine that gave up: s UNKNOWN, exit 0) rather
// than a failure (a bad model, a backend that crashed, such as a gophersat
// child that died: an error, exit 1).
func unknown(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, sat.ErrUnknown)
}

// check maps a model of the simplified formula back to the original one
// (when pre is not nil) and verifies it, and the cost of an optimisation,
// against the original formula: the file's own clauses and PB constraints,
// and the assumptions (a cube's literals). The cost printed is then the
// file's own cost of the model printed (Problem.Cost: for WCNF the weight
// of the soft clauses the model falsifies), after the relaxation
// variables have been set to match their soft clauses; an optimum claimed
// at another cost is an error.
func (out *outcome) check(p *satfile.Problem, pre *preprocess.Result, assumptions []sat.Lit) error {
	if out.status != sat.Sat {
		return nil
	}
	f := p.Formula
	if pre != nil {
		out.model = pre.Extend(out.model)
	}
	check := f.CheckUnder
	if out.flat != nil {
		check = out.flat.Check
	}
	if err := check(out.model, assumptions); err != nil {
		return fmt.Errorf("%w: %v", sat.ErrBadModel, err)
	}
	if err := p.CheckBig(out.model); err != nil {
		return fmt.Errorf("%w: %v", sat.ErrBadModel, err)
	}
	if !out.optim {
		return nil
	}
	// Costs in exact arithmetic: with weights near 2^63 a model's cost
	// may lie beyond int64, where the optimiser reports math.MaxInt64.
	fc := sat.BigSum(f.Objective, out.model)
	if fits := fc.IsInt64() && fc.Int64() == out.cost; !fits && !(out.cost == math.MaxInt64 && !fc.IsInt64()) {
		return fmt.Errorf("%w: optimiser reported cost %d, the model costs %v", sat.ErrBadModel, out.cost, fc)
	}
	p.Improve(out.model)
	c := p.BigCost(out.model)
	if err := f.CheckUnder(out.model, assumptions); err != nil || sat.BigSum(f.Objective, out.model).Cmp(c) != 0 {
		return fmt.Errorf("%w: the model with its relaxation variables set costs %v in the formula, %v in the file (%v)", sat.ErrBadModel, sat.BigSum(f.Objective, out.model), c, err)
	}
	if out.optimal && (!c.IsInt64() || c.Int64() != out.cost) {
		return fmt.Errorf("%w: optimum claimed at cost %d, but the model's relaxation variables overstate it: its cost is %v", sat.ErrBadModel, out.cost, c)
	}
	out.bigCost = c
	out.cost = c.Int64() // meaningful when c.IsInt64(); printed from bigCost
	return nil
}

// simplify preprocesses f when asked, returning the formula to solve and
// the preprocessing result that maps its models back (nil when f is solved
// as it is). Variables of PB constraints and of the objective stay frozen.
func (o *solveOpts) simplify(ctx context.Context, e *cli.Env, f *sat.Formula, bigs []sat.BigPB) (*sat.Formula, *preprocess.Result, error) {
	if !o.preprocess {
		return f, nil, nil
	}
	// A cube's variables must survive: they are assumed; and so must the
	// variables of the constraints beyond int64, which are encoded
	// beside the simplified formula.
	var frozen []sat.Var
	for _, l := range o.assumptions {
		frozen = append(frozen, l.Var())
	}
	for _, c := range bigs {
		for _, t := range c.Terms {
			frozen = append(frozen, t.Lit.Var())
		}
	}
	r, err := preprocess.Simplify(ctx, f, preprocess.Options{Frozen: frozen})
	if err != nil {
		return nil, nil, err
	}
	st := r.Stats
	o.logf(e, "preprocessed in %v: %d -> %d variables, %d -> %d clauses (%d eliminated, %d substituted, %d fixed, %d subsumed)",
		st.Duration.Round(time.Millisecond), st.VarsBefore, st.VarsAfter, st.ClausesBefore, st.ClausesAfter,
		st.Eliminated, st.Substituted, st.Fixed, st.Subsumed)
	return r.Formula, r, nil
}

func (o *solveOpts) logf(e *cli.Env, format string, args ...any) {
	if o.verbose {
		fmt.Fprintf(e.Stderr, "c "+format+"\n", args...)
	}
}

// printWarnings prints the reader's warnings, at most maxWarnings of them.
func printWarnings(e *cli.Env, ws []*satfile.ParseError) {
	const maxWarnings = 10
	for i, w := range ws {
		if i == maxWarnings {
			e.Warnf("%s", english.Count(len(ws)-maxWarnings, "more warning"))
			break
		}
		e.Warnf("%v", w)
	}
}

// printStats prints, with -v, the engine's statistics as "c name: value"
// lines, as MiniSat and CaDiCaL print theirs: whatever the backend reports
// through sat.Statser.
func (o *solveOpts) printStats(e *cli.Env, s sat.Solver) {
	if !o.verbose {
		return
	}
	st, ok := s.(sat.Statser)
	if !ok {
		o.logf(e, "%s keeps no statistics", o.backend)
		return
	}
	for _, c := range st.Stats() {
		fmt.Fprintf(e.Stderr, "c %-30s %d\n", c.Name+":", c.Value)
	}
}
