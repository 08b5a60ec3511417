package chipfirecmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/backend"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/models/chipfire"
	"github.com/satsolve/satsolve/sat"
)

// cfRankOpts are the flags of satsolve chipfire rank.
type cfRankOpts struct {
	in       cfInput
	solver   cfSolver
	inst     *cli.Instance
	gonality bool
	pure     bool
	brute    int
	k        int64
}

func rankFlags(fs *flag.FlagSet) cli.Action {
	var o cfRankOpts
	o.in.register(fs)
	o.solver.register(fs, false, true)
	o.inst = cli.InstanceFlags(fs)
	fs.BoolVar(&o.gonality, "gonality", false, "compute the divisorial gonality of the graph instead (no divisor needed)")
	fs.BoolVar(&o.pure, "pure", false, "scan k from 0 on D itself, resting on SAT answers alone (default: use Riemann–Roch to start higher or scan K − D)")
	fs.IntVar(&o.brute, "brute", 200000, "also compute the answer by brute force when it takes at most this many winnability tests (0: never)")
	fs.Int64Var(&o.k, "degree", 0, "with --dimacs/--opb: write the model of \"r(D) < k\" for k = this degree (or, with --gonality, of \"dgon ≤ k\")")
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if err := cli.WantArgs(args, 1, "one game FILE"); err != nil {
			return err
		}
		game, err := o.in.load(ctx, e, args[0], !o.gonality)
		if err != nil {
			return err
		}
		ctx, cancel := o.solver.context(ctx)
		defer cancel()
		if o.inst.Requested() {
			return o.writeInstance(ctx, e, game)
		}
		newSolver, err := o.solver.factory()
		if err != nil {
			return err
		}
		opt, err := o.solver.options(newSolver())
		if err != nil {
			return err
		}
		var r any
		var text func(io.Writer)
		if o.gonality {
			p := e.Progress("chipfire rank --gonality", "SAT models", 0)
			res, err := o.gonalityOf(ctx, game.Graph, newSolver, opt, p)
			p.Done()
			if err != nil {
				return err
			}
			res.File, r, text = args[0], res, func(w io.Writer) { res.printText(w, game.Graph) }
		} else {
			p := e.Progress("chipfire rank", "SAT models", 0)
			res, err := o.rankOf(ctx, game.Graph, game.Divisor, newSolver, opt, p)
			p.Done()
			if err != nil {
				return err
			}
			res.File, r, text = args[0], res, func(w io.Writer) { res.printText(w, game.Graph) }
		}
		if o.solver.json {
			err = cli.WriteJSON(e.Stdout, r)
		} else {
			text(e.Stdout)
		}
		if err == nil && ctx.Err() != nil {
			// The answer is printed, but a check asked for did not
			// finish: exit as a search stopped by --timeout does.
			return cli.Exit(cli.ExitError)
		}
		return err
	}
}

// cfRankResult is the outcome of satsolve chipfire rank, as printed with
// --json.
type cfRankResult struct {
	File     string           `json:"file"`
	Vertices []string         `json:"vertices"`
	Genus    int              `json:"genus"`
	Divisor  chipfire.Divisor `json:"divisor"`
	Degree   int64            `json:"degree"`
	Rank     int              `json:"rank"`
	// LowerBound says that the SAT scan stopped (Unfinished says why)
	// and Rank is only the least rank it proved.
	LowerBound bool   `json:"lower_bound,omitempty"`
	Backend    string `json:"backend"`
	Encoding   string `json:"encoding"`
	// Dual reports that the SAT scan ran on K − D (Riemann–Roch).
	Dual bool `json:"dual"`
	// Scanned is the divisor the scan ran on; WitnessE an effective
	// divisor with Scanned − WitnessE unwinnable, of degree one more than
	// its rank.
	Scanned      chipfire.Divisor `json:"scanned"`
	WitnessE     chipfire.Divisor `json:"witness_e"`
	WitnessOrder []string         `json:"witness_order"`
	WitnessF     chipfire.Script  `json:"witness_script"`
	Start        int64            `json:"start"`
	Seconds      float64          `json:"seconds"`
	// Brute and CoriLeBorgne are the independent checks, when run.
	Brute        *int `json:"brute_force,omitempty"`
	CoriLeBorgne *int `json:"cori_le_borgne,omitempty"`
	// Unfinished says why a check stopped before its end (--timeout, a
	// signal): the SAT answer, checked by its certificate, then stands
	// without it.
	Unfinished string `json:"unfinished,omitempty"`
}

// rankOf computes r(D) by SAT and checks it by brute force and, on
// complete graphs, Cori–Le Borgne.
func (o *cfRankOpts) rankOf(ctx context.Context, g *chipfire.Graph, d chipfire.Divisor, newSolver func() sat.Solver, opt chipfire.Options, p *cli.Progress) (*cfRankResult, error) {
	start := time.Now()
	var last sat.Solver
	counting := func() sat.Solver { p.Add(1); last = newSolver(); return last }
	res, err := chipfire.Rank(ctx, g, d, counting, chipfire.RankOptions{Options: opt, Pure: o.pure})
	if err != nil && ctx.Err() != nil && res.Lower >= 0 {
		// Stopped by --timeout or a signal: what the scan proved.
		return &cfRankResult{Vertices: g.Names(), Genus: g.Genus(), Divisor: d, Degree: d.Deg(), Rank: res.Lower, LowerBound: true,
			Backend: backend.Name(o.solver.backend, last), Encoding: encodingName(opt), Dual: res.Dual, Scanned: res.Scanned,
			Start: res.Start, Seconds: time.Since(start).Seconds(), Unfinished: "the SAT scan did not finish: " + stopReason(ctx)}, nil
	}
	if err != nil {
		return nil, err
	}
	r := &cfRankResult{Vertices: g.Names(), Genus: g.Genus(), Divisor: d, Degree: d.Deg(), Rank: res.Rank,
		Backend: backend.Name(o.solver.backend, last), Encoding: encodingName(opt), Dual: res.Dual,
		Scanned: res.Scanned, WitnessE: res.Witness.E, WitnessF: res.Witness.Script, Start: res.Start,
		Seconds: time.Since(start).Seconds()}
	for _, v := range res.Witness.Order {
		r.WitnessOrder = append(r.WitnessOrder, g.Name(v))
	}
	if g.IsComplete() {
		clb, err := chipfire.CoriLeBorgne(ctx, g, d)
		if err != nil && ctx.Err() != nil {
			r.Unfinished = "the check by Cori–Le Borgne did not finish: " + stopReason(ctx)
			return r, nil
		}
		if err != nil {
			return nil, err
		}
		if clb != r.Rank {
			return nil, fmt.Errorf("internal error: SAT rank %d, Cori–Le Borgne %d", r.Rank, clb)
		}
		r.CoriLeBorgne = &clb
	}
	if o.brute > 0 {
		p.Note(fmt.Sprintf("checking by brute force, up to %d winnability tests", o.brute))
		b, err := chipfire.BruteRank(ctx, g, d, o.brute)
		switch {
		case errors.Is(err, chipfire.ErrTooLarge):
		case err != nil && ctx.Err() != nil:
			r.Unfinished = "the check by brute force did not finish: " + stopReason(ctx)
		case err != nil:
			return nil, err
		case b != r.Rank:
			return nil, fmt.Errorf("internal error: SAT rank %d, brute force %d", r.Rank, b)
		default:
			r.Brute = &b
		}
	}
	return r, nil
}

func (r *cfRankResult) printText(w io.Writer, g *chipfire.Graph) {
	fmt.Fprintf(w, "%s: genus %d; D = %s (degree %d)\n", r.File, r.Genus, describeDivisor(g, r.Divisor), r.Degree)
	if r.LowerBound {
		fmt.Fprintf(w, "r(D) ≥ %d: %s\n", r.Rank, r.Unfinished)
		return
	}
	fmt.Fprintf(w, "r(D) = %d\n", r.Rank)
	scanned := "D"
	if r.Dual {
		scanned = "K − D"
		fmt.Fprintf(w, "  by Riemann–Roch: r(D) = deg D + 1 − g + r(K − D), K − D = %s\n", describeDivisor(g, r.Scanned))
	}
	k := r.WitnessE.Deg()
	fmt.Fprintf(w, "  SAT (%s, %s, %.3fs): ", r.Backend, r.Encoding, r.Seconds)
	switch {
	case r.Start > k-1:
		fmt.Fprintf(w, "the first certificate tried, at degree %d, exists\n", k)
	case r.Start == k-1:
		fmt.Fprintf(w, "every %s − E with E effective of degree %d is winnable (no certificate)\n", scanned, k-1)
	default:
		fmt.Fprintf(w, "every %s − E with E effective of degree %d..%d is winnable (no certificates)\n", scanned, r.Start, k-1)
	}
	if r.Start > 0 {
		fmt.Fprintf(w, "    (degrees below %d: Riemann–Roch gives r ≥ deg − g)\n", r.Start)
	}
	fmt.Fprintf(w, "  witness: %s − E is unwinnable for E = %s (order %s, script %v)\n", scanned,
		describeDivisor(g, r.WitnessE), strings.Join(r.WitnessOrder, " "), r.WitnessF)
	if r.Brute != nil {
		fmt.Fprintf(w, "  brute force: %d\n", *r.Brute)
	}
	if r.CoriLeBorgne != nil {
		fmt.Fprintf(w, "  Cori–Le Borgne: %d\n", *r.CoriLeBorgne)
	}
	if r.Unfinished != "" {
		fmt.Fprintf(w, "  %s\n", r.Unfinished)
	}
}

// cfGonalityResult is the outcome of satsolve chipfire rank --gonality.
type cfGonalityResult struct {
	File     string            `json:"file"`
	Vertices []string          `json:"vertices"`
	Genus    int               `json:"genus"`
	Gonality int               `json:"gonality"`
	Divisor  chipfire.Divisor  `json:"divisor"`
	Scripts  []chipfire.Script `json:"scripts"`
	Backend  string            `json:"backend"`
	Encoding string            `json:"encoding"`
	Seconds  float64           `json:"seconds"`
	Brute    *int              `json:"brute_force,omitempty"`
	// Unfinished says why the check by brute force stopped (see
	// cfRankResult).
	Unfinished string `json:"unfinished,omitempty"`
}

func (o *cfRankOpts) gonalityOf(ctx context.Context, g *chipfire.Graph, newSolver func() sat.Solver, opt chipfire.Options, p *cli.Progress) (*cfGonalityResult, error) {
	start := time.Now()
	var last sat.Solver
	counting := func() sat.Solver { p.Add(1); last = newSolver(); return last }
	res, err := chipfire.Gonality(ctx, g, counting, opt)
	if err != nil {
		return nil, err
	}
	r := &cfGonalityResult{Vertices: g.Names(), Genus: g.Genus(), Gonality: res.Gonality, Divisor: res.Divisor,
		Scripts: res.Scripts, Backend: backend.Name(o.solver.backend, last), Encoding: encodingName(opt),
		Seconds: time.Since(start).Seconds()}
	if o.brute > 0 {
		p.Note(fmt.Sprintf("checking by brute force, up to %d winnability tests", o.brute))
		b, _, err := chipfire.BruteGonality(ctx, g, o.brute)
		switch {
		case errors.Is(err, chipfire.ErrTooLarge):
		case err != nil && ctx.Err() != nil:
			r.Unfinished = "the check by brute force did not finish: " + stopReason(ctx)
		case err != nil:
			return nil, err
		case b != r.Gonality:
			return nil, fmt.Errorf("internal error: SAT gonality %d, brute force %d", r.Gonality, b)
		default:
			r.Brute = &b
		}
	}
	return r, nil
}

func (r *cfGonalityResult) printText(w io.Writer, g *chipfire.Graph) {
	fmt.Fprintf(w, "%s: %s, genus %d\n", r.File, english.Count(len(r.Vertices), "vertex"), r.Genus)
	fmt.Fprintf(w, "gonality = %d\n", r.Gonality)
	fmt.Fprintf(w, "  SAT (%s, %s, %.3fs): no effective divisor of degree %d has rank ≥ 1 (unsatisfiable)\n",
		r.Backend, r.Encoding, r.Seconds, r.Gonality-1)
	fmt.Fprintf(w, "  witness: D = %s has rank ≥ 1 (a winning script for D − v at every v)\n", describeDivisor(g, r.Divisor))
	if r.Brute != nil {
		fmt.Fprintf(w, "  brute force: %d\n", *r.Brute)
	}
	if r.Unfinished != "" {
		fmt.Fprintf(w, "  %s\n", r.Unfinished)
	}
}

// writeInstance writes the certificate model for --k (or the gonality
// model) instead of solving.
func (o *cfRankOpts) writeInstance(ctx context.Context, e *cli.Env, game *chipfire.Game) error {
	var f sat.Formula
	opt, err := o.solver.options(&f)
	if err != nil {
		return err
	}
	if o.inst.DIMACS != "" && opt.PB == encode.PBNative {
		opt.PB = encode.PBBDD // DIMACS CNF holds no PB constraints
	}
	var comments []string
	err = sat.EncodeContext(ctx, &f, func(s sat.Sink) error {
		if o.gonality {
			m, err := chipfire.EncodeGonality(s, game.Graph, o.k, opt)
			if err != nil {
				return err
			}
			comments = m.Comments()
			return nil
		}
		m, err := chipfire.EncodeCert(s, game.Graph, game.Divisor, o.k, opt)
		if err != nil {
			return err
		}
		comments = m.Comments()
		return nil
	})
	if err != nil {
		return err
	}
	if err := o.inst.Write(ctx, &f, comments); err != nil {
		return err
	}
	fmt.Fprintf(e.Stderr, "satsolve: wrote %d variables, %d clauses, %d PB constraints (%s)\n", f.NumVars, len(f.Clauses), len(f.PBs), encodingName(opt))
	return nil
}
