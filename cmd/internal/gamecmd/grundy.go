package gamecmd

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/backend"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/models/games"
	"github.com/satsolve/satsolve/sat"
)

// grundyJSON is the JSON answer of satsolve game grundy.
type grundyJSON struct {
	Code   string      `json:"code"`
	N      int         `json:"n"`
	Values []int       `json:"values,omitempty"`
	Period *periodJSON `json:"period,omitempty"`
	Misere *misereJSON `json:"misere,omitempty"`
	Millis float64     `json:"compute_ms"`
	// SAT reports --cross-check; SATUnfinished says why it stopped before
	// its end (--timeout, a signal): the values then stand unchecked.
	SAT           *seqSATJSON `json:"sat,omitempty"`
	SATUnfinished string      `json:"sat_unfinished,omitempty"`
}

// seqSATJSON reports the cross-check of a sequence or of misère losses.
type seqSATJSON struct {
	Backend          string `json:"backend"`
	Graphs           int    `json:"graphs"`
	Positions        int    `json:"positions"`
	Moves            int    `json:"moves"`
	KernelVars       int    `json:"kernel_vars"`
	KernelClauses    int    `json:"kernel_clauses"`
	GrundyVars       int    `json:"grundy_vars,omitempty"`
	GrundyClauses    int    `json:"grundy_clauses,omitempty"`
	AgreesWithNative bool   `json:"agrees_with_native"`
}

// misereJSON lists the single heaps that lose in misère play.
type misereJSON struct {
	Losses    []int `json:"losing_heaps"`
	Positions int   `json:"positions_searched"`
}

// periodJSON is a proven period.
type periodJSON struct {
	Period        int   `json:"period"`
	Preperiod     int   `json:"preperiod"`
	LastException int   `json:"last_exception"`
	Exceptions    []int `json:"exceptions"`
	Cycle         []int `json:"cycle"`
}

func grundyFlags(fs *flag.FlagSet) cli.Action {
	period := fs.Bool("period", false, "find the period and preperiod by the Guy–Smith criterion from G(0..N) instead of printing the sequence")
	misere, asJSON, timeout := new(bool), new(bool), new(time.Duration)
	cli.BoolVar(fs, misere, "misere", ": list the single heaps n ≤ N (at most 255) that lose for the player to move, by exhaustive search")
	limit := fs.Int("max-positions", maxPositions, maxPositionsHelp)
	var x crossOpts
	cli.BoolVar(fs, &x.on, "cross-check", ": every value of G(0..N) (with --misere: every loss) through the SAT encodings of the game graphs of single heaps (kernel and one-hot Grundy; kernel of the misère graph)")
	fs.IntVar(&x.limit, "max-graph", 50_000, maxGraphHelp)
	fs.Int64Var(&x.maxSize, "max-clauses", defaultMaxClauses, maxClausesHelp)
	cli.BackendVar(fs, &x.backend, backend.Default, " of --cross-check")
	cli.VerboseVar(fs, nil)
	cli.JSONVar(fs, asJSON, "")
	cli.TimeoutVar(fs, timeout, 0, "")
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if *period && *misere {
			return cli.Usagef("--period and --misere do not combine")
		}
		if x.limit < 1 || x.maxSize < 1 {
			return cli.Usagef("--max-graph and --max-clauses must be positive")
		}
		if err := cli.WantArgs(args, 2, "an octal CODE and N"); err != nil {
			return err
		}
		g, err := games.ParseOctal(args[0])
		if err != nil {
			return cli.Usagef("%v", err)
		}
		n, err := strconv.Atoi(args[1])
		if err != nil || n < 0 || n > games.MaxSequence {
			return cli.Usagef("N %q: want the largest heap, a number from 0 to %d", args[1], games.MaxSequence)
		}
		switch {
		case *misere:
			err = checkGraphHeaps("--misere (an exhaustive search over positions)", n)
		case x.on:
			err = checkGraphHeaps("--cross-check (through the game graph of each heap)", n)
		}
		if err != nil {
			return err
		}
		start := time.Now()
		if *misere {
			return grundyMisere(ctx, e, g, n, *limit, *asJSON, x)
		}
		seq, err := g.Sequence(ctx, n)
		if err != nil {
			return err
		}
		elapsed := time.Since(start)
		e.Logf("computed G(0..%d) of %v in %v", n, g, elapsed.Round(time.Microsecond))
		j := grundyJSON{Code: g.String(), N: n, Millis: float64(elapsed.Microseconds()) / 1000}
		if x.on {
			if j.SAT, j.SATUnfinished, err = x.sequence(ctx, g, seq); err != nil {
				return err
			}
		}
		if !*period {
			if *asJSON {
				j.Values = seq
				return finish(cli.WriteJSON(e.Stdout, j), j.SATUnfinished)
			}
			printSequence(e, g, seq)
			printSeqSAT(e.Stdout, j.SAT, j.SATUnfinished, fmt.Sprintf("G(0..%d)", n))
			return finish(nil, j.SATUnfinished)
		}
		p, ok := g.Periodicity(seq)
		if !ok {
			return fmt.Errorf("%v: no period proven from G(0..%d) by the Guy–Smith criterion; try a larger N", g, n)
		}
		j.Period = &periodJSON{Period: p.Period, Preperiod: p.Preperiod, LastException: p.Preperiod - 1, Exceptions: p.Exceptions, Cycle: p.Cycle}
		if j.Period.Exceptions == nil {
			j.Period.Exceptions = []int{}
		}
		if *asJSON {
			return finish(cli.WriteJSON(e.Stdout, j), j.SATUnfinished)
		}
		fmt.Fprintf(e.Stdout, "%v: period %d, preperiod %d", g, p.Period, p.Preperiod)
		if p.Preperiod > 0 {
			fmt.Fprintf(e.Stdout, " (last exception at %d)", p.Preperiod-1)
		}
		fmt.Fprintf(e.Stdout, ", proven from G(0..%d) by the Guy–Smith criterion\n", n)
		fmt.Fprintf(e.Stdout, "exceptions (%d): %s\n", len(p.Exceptions), joinInts(p.Exceptions))
		fmt.Fprintf(e.Stdout, "for n ≥ %d: G(n) = C[n mod %d], C = %s\n", p.Preperiod, p.Period, joinInts(p.Cycle))
		printSeqSAT(e.Stdout, j.SAT, j.SATUnfinished, fmt.Sprintf("G(0..%d)", n))
		return finish(nil, j.SATUnfinished)
	}
}

// grundyMisere prints the misère losses among single heaps up to n.
func grundyMisere(ctx context.Context, e *cli.Env, g games.Octal, n, limit int, asJSON bool, x crossOpts) error {
	start := time.Now()
	lose, positions, err := g.MisereLosses(ctx, n, limit)
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	e.Logf("searched %d misère positions of %v in %v", positions, g, elapsed.Round(time.Millisecond))
	j := grundyJSON{Code: g.String(), N: n, Millis: float64(elapsed.Microseconds()) / 1000,
		Misere: &misereJSON{Losses: lose, Positions: positions}}
	if x.on {
		if j.SAT, j.SATUnfinished, err = x.misere(ctx, g, n, lose); err != nil {
			return err
		}
	}
	if asJSON {
		return finish(cli.WriteJSON(e.Stdout, j), j.SATUnfinished)
	}
	fmt.Fprintf(e.Stdout, "misère %v: single heaps n ≤ %d that lose for the player to move: %s\n", g, n, joinInts(lose))
	printSeqSAT(e.Stdout, j.SAT, j.SATUnfinished, fmt.Sprintf("the misère outcome of every heap 0..%d", n))
	return finish(nil, j.SATUnfinished)
}

// crossOpts are grundy's --cross-check flags.
type crossOpts struct {
	on      bool
	limit   int
	maxSize int64 // --max-clauses
	backend string
}

// factory returns fresh solvers of the backend and the name of the last.
func (x crossOpts) factory() (func() sat.Solver, func() string, error) {
	return backend.Factory(x.backend)
}

// sequence cross-checks G(0..N); see result.
func (x crossOpts) sequence(ctx context.Context, g games.Octal, seq []int) (*seqSATJSON, string, error) {
	newSolver, name, err := x.factory()
	if err != nil {
		return nil, "", err
	}
	rep, err := g.CrossCheckSequence(ctx, seq, x.limit, x.maxSize, newSolver, encode.AMOLadder)
	return x.result(ctx, rep, name, err)
}

// misere cross-checks the misère losses among single heaps up to n; see
// result.
func (x crossOpts) misere(ctx context.Context, g games.Octal, n int, lose []int) (*seqSATJSON, string, error) {
	newSolver, name, err := x.factory()
	if err != nil {
		return nil, "", err
	}
	rep, err := g.CrossCheckMisere(ctx, n, lose, x.limit, x.maxSize, newSolver)
	return x.result(ctx, rep, name, err)
}

// result turns a cross-check's outcome into its report; when --timeout or
// a signal stopped it, into the note saying so, with a nil error (the
// native values stand, unchecked).
func (x crossOpts) result(ctx context.Context, rep games.SequenceReport, name func() string, err error) (*seqSATJSON, string, error) {
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, stopReason(ctx), nil
	case err != nil:
		return nil, "", crossCheckError(err)
	}
	return seqSAT(rep, name()), "", nil
}

func seqSAT(rep games.SequenceReport, backend string) *seqSATJSON {
	return &seqSATJSON{Backend: backend, Graphs: rep.Graphs, Positions: rep.Positions, Moves: rep.Moves,
		KernelVars: rep.Kernel.Vars, KernelClauses: rep.Kernel.Clauses,
		GrundyVars: rep.Grundy.Vars, GrundyClauses: rep.Grundy.Clauses, AgreesWithNative: true}
}

// printSeqSAT prints the line of a cross-check, or why it did not finish
// (nothing without one).
func printSeqSAT(w io.Writer, s *seqSATJSON, unfinished, what string) {
	if unfinished != "" {
		printUnfinished(w, unfinished)
		return
	}
	if s == nil {
		return
	}
	fmt.Fprintf(w, "SAT cross-check (%s): %s through %d game graphs of single heaps, %d positions, %d moves; kernel %d variables %d clauses",
		s.Backend, what, s.Graphs, s.Positions, s.Moves, s.KernelVars, s.KernelClauses)
	if s.GrundyClauses > 0 {
		fmt.Fprintf(w, ", Grundy %d variables %d clauses", s.GrundyVars, s.GrundyClauses)
	}
	fmt.Fprintln(w, ": every value agrees with the native one")
}

// printSequence prints G(0..n) ten values to a line, each line headed by
// its first index.
func printSequence(e *cli.Env, g games.Octal, seq []int) {
	fmt.Fprintf(e.Stdout, "%v G(0..%d):\n", g, len(seq)-1)
	width := len(strconv.Itoa(len(seq) - 1))
	for i := 0; i < len(seq); i += 10 {
		fmt.Fprintf(e.Stdout, "%*d: %s\n", width, i, joinInts(seq[i:min(i+10, len(seq))]))
	}
}

func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, " ")
}
