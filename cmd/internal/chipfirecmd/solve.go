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
	"github.com/satsolve/satsolve/sat/proof"
)

// cfSolveOpts are the flags of satsolve chipfire solve.
type cfSolveOpts struct {
	in       cfInput
	solver   cfSolver
	inst     *cli.Instance
	native   bool
	sat      bool
	minMoves bool
	certify  bool
}

func solveFlags(fs *flag.FlagSet) cli.Action {
	var o cfSolveOpts
	o.in.register(fs)
	o.solver.register(fs, true, true)
	// The help is that of game --max-clauses; docs/chipfire.md says that
	// the native answer then stands alone, with a note.
	fs.Int64Var(&o.solver.maxSize, "max-clauses", chipfire.DefaultMaxClauses, "refuse a SAT model whose estimated clauses or variables exceed this, before building it")
	o.inst = cli.InstanceFlags(fs)
	cli.BoolVar(fs, &o.native, "native", ": Dhar's burning algorithm and the greedy algorithm (default: native and SAT, which must agree)")
	cli.BoolVar(fs, &o.sat, "sat", " (default: native and SAT, which must agree)")
	fs.BoolVar(&o.minMoves, "min-moves", false, "also find a winning script with the fewest moves (PB optimisation, proven optimal)")
	cli.BoolVar(fs, &o.certify, "certify", " (unwinnable): solve it again with cdcl writing\na proof, checked as it is written (docs/proofs.md); PB constraints are then encoded as clauses")
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if err := cli.WantArgs(args, 1, "one game FILE"); err != nil {
			return err
		}
		if o.native && o.sat {
			return cli.Usagef("--native and --sat exclude each other (give neither for both)")
		}
		if o.native && o.inst.Requested() {
			return cli.Usagef("--dimacs and --opb write the SAT model; they do not go with --native")
		}
		ctx, cancel := o.solver.context(ctx)
		defer cancel()
		game, err := o.in.load(ctx, e, args[0], true)
		if err != nil {
			return err
		}
		if o.inst.Requested() {
			return o.writeInstance(ctx, e, game)
		}
		r, err := o.solve(ctx, e, game)
		if err != nil {
			return err
		}
		r.File = args[0]
		if o.solver.json {
			err = cli.WriteJSON(e.Stdout, r)
		} else {
			r.printText(e.Stdout, game.Graph)
		}
		switch {
		case err != nil:
			return err
		case r.SATUnfinished != "" || r.MinMovesUnfinished != "":
			// The answer is printed, but a part asked for is missing:
			// work stopped before its end (docs/cli.md).
			return cli.Exit(cli.ExitError)
		case !r.Winnable:
			return cli.Exit(cli.ExitNo) // proved unwinnable: an answer, a "no"
		}
		return nil
	}
}

// cfSolveResult is the outcome of satsolve chipfire solve, as printed with
// --json. Scripts and configurations list one value per vertex, in the
// order of Vertices.
type cfSolveResult struct {
	File     string           `json:"file"`
	Vertices []string         `json:"vertices"`
	Edges    int              `json:"edges"`
	Genus    int              `json:"genus"`
	Divisor  chipfire.Divisor `json:"divisor"`
	Degree   int64            `json:"degree"`
	Winnable bool             `json:"winnable"`
	Native   *cfNative        `json:"native,omitempty"`
	SAT      *cfSAT           `json:"sat,omitempty"`
	MinMoves *cfMinMoves      `json:"min_moves,omitempty"`
	// SATSkipped and MinMovesSkipped say why a SAT model was not built
	// (its estimated size): the native answer then stands alone.
	SATSkipped      string `json:"sat_skipped,omitempty"`
	MinMovesSkipped string `json:"min_moves_skipped,omitempty"`
	// SATUnfinished and MinMovesUnfinished say why the SAT cross-check or
	// the fewest-moves search stopped before its end (--timeout, a
	// signal): the native answer then stands unchecked, and MinMoves holds
	// the best script found, not proved optimal, if any.
	SATUnfinished      string `json:"sat_unfinished,omitempty"`
	MinMovesUnfinished string `json:"min_moves_unfinished,omitempty"`
}

type cfNative struct {
	Winnable bool             `json:"winnable"`
	Script   chipfire.Script  `json:"script,omitempty"`
	Moves    int64            `json:"moves"`
	Final    chipfire.Divisor `json:"final,omitempty"`
	// Reduced and Order certify an unwinnable divisor: the reduced
	// divisor at Order[0], at most ν_Order.
	Reduced chipfire.Divisor `json:"reduced,omitempty"`
	Order   []string         `json:"order,omitempty"`
	Borrows int64            `json:"greedy_borrows"`
	Seconds float64          `json:"seconds"`
}

type cfSAT struct {
	Backend  string `json:"backend"`
	Encoding string `json:"encoding"`
	// Bound is the largest |f(v)| the model allowed; Fixed the vertex
	// whose entry it fixed at 0 (absent in the plain model, 0..Bound).
	Bound    int64            `json:"bound"`
	Fixed    string           `json:"fixed_vertex,omitempty"`
	Winnable bool             `json:"winnable"`
	Script   chipfire.Script  `json:"script,omitempty"`
	Moves    int64            `json:"moves"`
	Final    chipfire.Divisor `json:"final,omitempty"`
	Seconds  float64          `json:"seconds"`
	// Certified counts the UNSAT answers certified (--certify).
	Certified *int `json:"certified,omitempty"`
}

type cfMinMoves struct {
	Backend  string           `json:"backend"`
	Strategy string           `json:"strategy"`
	Moves    int64            `json:"moves"`
	Optimal  bool             `json:"optimal"`
	Script   chipfire.Script  `json:"script"`
	Final    chipfire.Divisor `json:"final"`
	Seconds  float64          `json:"seconds"`
}

// solve runs the requested methods and checks that they agree.
func (o *cfSolveOpts) solve(ctx context.Context, e *cli.Env, game *chipfire.Game) (*cfSolveResult, error) {
	g, d := game.Graph, game.Divisor
	r := &cfSolveResult{Vertices: g.Names(), Edges: g.M(), Genus: g.Genus(), Divisor: d, Degree: d.Deg()}
	if !o.sat {
		nat, err := runNative(ctx, g, d)
		if err != nil {
			return nil, err
		}
		r.Native, r.Winnable = nat, nat.Winnable
	}
	if !o.native {
		st, err := o.runSAT(ctx, g, d)
		switch {
		case errors.Is(err, chipfire.ErrModelTooLarge) && r.Native != nil:
			// The native answer stands alone, with the reason.
			r.SATSkipped = strings.TrimPrefix(err.Error(), "SAT: ")
		case err != nil && r.Native != nil && ctx.Err() != nil:
			// Stopped by --timeout or a signal: the native answer stands,
			// unchecked, and the note says so.
			r.SATUnfinished = stopReason(ctx)
		case err != nil:
			return nil, err
		case r.Native != nil && st.Winnable != r.Native.Winnable:
			return nil, fmt.Errorf("%w: native %v, SAT %v", errDisagree, r.Native.Winnable, st.Winnable)
		default:
			r.SAT, r.Winnable = st, st.Winnable
		}
	}
	if o.minMoves && r.Winnable && ctx.Err() != nil {
		r.MinMovesUnfinished = stopReason(ctx)
	} else if o.minMoves && r.Winnable {
		known := int64(0)
		if r.Native != nil {
			known = r.Native.Moves
		}
		if r.SAT != nil && (known == 0 || r.SAT.Moves < known) {
			known = r.SAT.Moves
		}
		mm, err := o.runMinMoves(ctx, g, d, known)
		switch {
		case errors.Is(err, chipfire.ErrModelTooLarge) && r.Native != nil:
			r.MinMovesSkipped = strings.TrimPrefix(err.Error(), "min moves: ")
		case err != nil && ctx.Err() != nil:
			r.MinMoves, r.MinMovesUnfinished = mm, stopReason(ctx) // mm: the best found, or nil
		case err != nil:
			return nil, err
		default:
			r.MinMoves = mm
		}
	}
	return r, nil
}

// runNative decides the game with Dhar's algorithm (Winnable) and the
// greedy algorithm, which must agree.
func runNative(ctx context.Context, g *chipfire.Graph, d chipfire.Divisor) (*cfNative, error) {
	start := time.Now()
	script, cert, err := chipfire.Winnable(ctx, g, d)
	if err != nil {
		return nil, err
	}
	gr, err := chipfire.Greedy(ctx, g, d)
	if err != nil {
		return nil, err
	}
	nat := &cfNative{Winnable: script != nil, Borrows: gr.Borrows, Seconds: time.Since(start).Seconds()}
	if gr.Winnable != nat.Winnable {
		return nil, fmt.Errorf("internal error: Dhar's algorithm says winnable %v, the greedy algorithm %v", nat.Winnable, gr.Winnable)
	}
	if !nat.Winnable {
		if err := g.CheckCertificate(d, 0, *cert); err != nil {
			return nil, fmt.Errorf("internal error: Dhar certificate: %v", err)
		}
		nat.Reduced, _ = g.Apply(d, cert.Script)
		for _, v := range cert.Order {
			nat.Order = append(nat.Order, g.Name(v))
		}
		return nat, nil
	}
	nat.Script = script.Fewest()
	nat.Moves = nat.Script.Moves()
	nat.Final, err = g.Apply(d, nat.Script)
	if err == nil {
		err = g.CheckWin(d, nat.Script)
	}
	if err != nil {
		return nil, fmt.Errorf("internal error: Dhar script: %v", err)
	}
	return nat, nil
}

// runSAT decides the game with the bounded SAT model.
func (o *cfSolveOpts) runSAT(ctx context.Context, g *chipfire.Graph, d chipfire.Divisor) (*cfSAT, error) {
	s, err := backend.New(o.solver.backend)
	if err != nil {
		return nil, err
	}
	var cert *proof.Certifier
	if o.certify {
		cert = backend.NewCertifier()
		s = cert.Solver(s)
	}
	opt, err := o.solver.options(s)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	res, err := chipfire.SolveWin(ctx, g, d, s, opt)
	if err != nil {
		return nil, fmt.Errorf("SAT: %w", err)
	}
	st := &cfSAT{Backend: backend.Name(o.solver.backend, s), Encoding: encodingName(opt), Bound: res.Bound,
		Winnable: res.Winnable, Seconds: time.Since(start).Seconds()}
	if res.Q >= 0 {
		st.Fixed = g.Name(res.Q)
	}
	if cert != nil {
		n := cert.Certified()
		st.Certified = &n
	}
	if res.Winnable {
		st.Script = res.Script.Fewest()
		st.Moves = st.Script.Moves()
		st.Final, _ = g.Apply(d, st.Script)
	}
	return st, nil
}

// runMinMoves finds the fewest moves, capped by a known script's cost.
func (o *cfSolveOpts) runMinMoves(ctx context.Context, g *chipfire.Graph, d chipfire.Divisor, known int64) (*cfMinMoves, error) {
	s, err := backend.New(o.solver.backend)
	if err != nil {
		return nil, err
	}
	opt, err := o.solver.options(s)
	if err != nil {
		return nil, err
	}
	st, err := o.solver.optStrategy(s)
	if err != nil {
		return nil, err
	}
	opt.Plain = false
	start := time.Now()
	res, err := chipfire.MinMoves(ctx, g, d, s, chipfire.MovesOptions{Options: opt, Strategy: st, Known: known})
	var mm *cfMinMoves
	if res.Winnable {
		mm = &cfMinMoves{Backend: backend.Name(o.solver.backend, s), Strategy: st.String(), Moves: res.Moves,
			Optimal: res.Optimal, Script: res.Script, Final: res.Final, Seconds: time.Since(start).Seconds()}
	}
	switch {
	case err != nil:
		return mm, fmt.Errorf("min moves: %w", err) // mm: the best script found before the search stopped, if any
	case !res.Winnable:
		return nil, fmt.Errorf("%w: min moves finds no script", errDisagree)
	}
	return mm, nil
}

func encodingName(o chipfire.Options) string {
	name := o.Int.String() + "/" + o.PB.String()
	if o.IntAuto {
		name = "auto/" + o.PB.String()
	}
	if o.Plain {
		name += "/plain"
	}
	return name
}

// printText writes the result for people.
func (r *cfSolveResult) printText(w io.Writer, g *chipfire.Graph) {
	fmt.Fprintf(w, "%s: %s, %s, genus %d; D = %s (degree %d)\n",
		r.File, english.Count(len(r.Vertices), "vertex"), english.Count(r.Edges, "edge"), r.Genus, describeDivisor(g, r.Divisor), r.Degree)
	verdict := map[bool]string{true: "winnable", false: "unwinnable"}
	if n := r.Native; n != nil {
		if n.Winnable {
			fmt.Fprintf(w, "native (Dhar): winnable: %s (%s)\n", describeScript(g, n.Script), english.Count(int(n.Moves), "move"))
			fmt.Fprintf(w, "  final: %s\n", describeDivisor(g, n.Final))
		} else {
			fmt.Fprintf(w, "native (Dhar): unwinnable: the %s-reduced divisor %s owes at %s; burning order %s\n",
				n.Order[0], describeDivisor(g, n.Reduced), n.Order[0], strings.Join(n.Order, " "))
		}
		fmt.Fprintf(w, "native (greedy): %s after %s\n", verdict[n.Winnable], english.Count(int(n.Borrows), "borrow"))
	}
	if s := r.SAT; s != nil {
		within := fmt.Sprintf("scripts within 0..%d", s.Bound)
		if s.Fixed != "" {
			within = fmt.Sprintf("%s fixed, scripts within Dhar's bounds, |f| ≤ %d", s.Fixed, s.Bound)
		}
		fmt.Fprintf(w, "sat (%s, %s, %s): %s", s.Backend, s.Encoding, within, verdict[s.Winnable])
		if s.Winnable {
			fmt.Fprintf(w, ": %s (%s)\n  final: %s\n", describeScript(g, s.Script), english.Count(int(s.Moves), "move"), describeDivisor(g, s.Final))
		} else {
			fmt.Fprintln(w, " (no script within the bounds, so none at all)")
		}
		if s.Certified != nil {
			fmt.Fprintf(w, "  certified: %d UNSAT answers re-proved by cdcl with checked proofs\n", *s.Certified)
		}
	}
	if r.SATSkipped != "" {
		fmt.Fprintf(w, "sat: not run: %s\n", r.SATSkipped)
	}
	if r.SATUnfinished != "" {
		fmt.Fprintf(w, "sat: did not finish: %s; the native answer is not cross-checked\n", r.SATUnfinished)
	}
	if r.MinMovesSkipped != "" {
		fmt.Fprintf(w, "fewest moves: not run: %s\n", r.MinMovesSkipped)
	}
	if m := r.MinMoves; m != nil {
		proof := "proven optimal"
		if !m.Optimal {
			proof = "not proven optimal"
		}
		fmt.Fprintf(w, "fewest moves (%s, %s): %d, %s: %s\n  final: %s\n", m.Backend, m.Strategy, m.Moves, proof,
			describeScript(g, m.Script), describeDivisor(g, m.Final))
	}
	switch {
	case r.MinMovesUnfinished != "" && r.MinMoves != nil:
		fmt.Fprintf(w, "fewest moves: the search stopped before proving the best script found optimal: %s\n", r.MinMovesUnfinished)
	case r.MinMovesUnfinished != "":
		fmt.Fprintf(w, "fewest moves: did not finish: %s\n", r.MinMovesUnfinished)
	}
}

// writeInstance writes the SAT model (winnability, or min-moves with
// --min-moves) to --dimacs / --opb instead of solving.
func (o *cfSolveOpts) writeInstance(ctx context.Context, e *cli.Env, game *chipfire.Game) error {
	var f sat.Formula
	opt, err := o.solver.options(&f)
	if err != nil {
		return err
	}
	if o.inst.DIMACS != "" && opt.PB == encode.PBNative {
		opt.PB = encode.PBBDD // DIMACS CNF holds no PB constraints
	}
	var comments []string
	if o.minMoves {
		opt.Plain = false
		var m *chipfire.MovesModel
		err := sat.EncodeContext(ctx, &f, func(s sat.Sink) (err error) {
			m, err = chipfire.EncodeMoves(ctx, s, game.Graph, game.Divisor, chipfire.MovesOptions{Options: opt})
			return err
		})
		if err != nil {
			return err
		}
		obj, offset := m.Objective()
		f.SetObjective(obj)
		comments = m.Comments()
		if o.inst.DIMACS != "" {
			e.Warnf("DIMACS CNF cannot hold the objective (sum |f[v]| = objective + %d); use --opb for it", offset)
		}
	} else {
		var m *chipfire.WinModel
		err := sat.EncodeContext(ctx, &f, func(s sat.Sink) (err error) {
			m, err = chipfire.EncodeWin(ctx, s, game.Graph, game.Divisor, opt)
			return err
		})
		if err != nil {
			return err
		}
		comments = m.Comments()
	}
	if err := o.inst.Write(ctx, &f, comments); err != nil {
		return err
	}
	fmt.Fprintf(e.Stderr, "satsolve: wrote %d variables, %d clauses, %d PB constraints (%s)\n", f.NumVars, len(f.Clauses), len(f.PBs), encodingName(opt))
	return nil
}
