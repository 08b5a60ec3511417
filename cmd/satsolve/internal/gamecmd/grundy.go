package gamecmd

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/satsolve/satsolve/cmd/satsolve/internal/cli"
	"github.com/satsolve/satsolve/models/games"
)

// grundyJSON is the JSON answer of satsolve game grundy.
type grundyJSON struct {
	Code   string      `json:"code"`
	N      int         `json:"n"`
	Values []int       `json:"values,omitempty"`
	Period *periodJSON `json:"period,omitempty"`
	Misere *misereJSON `json:"misere,omitempty"`
	Millis float64     `json:"compute_ms"`
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
	cli.JSONVar(fs, asJSON, "")
	cli.TimeoutVar(fs, timeout, 0, "")
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if *timeout > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, *timeout)
			defer cancel()
		}
		if *period && *misere {
			return cli.Usagef("--period and --misere do not combine")
		}
		if err := cli.WantArgs(args, 2, "an octal CODE and N"); err != nil {
			return err
		}
		g, err := games.ParseOctal(args[0])
		if err != nil {
			return err
		}
		n, err := strconv.Atoi(args[1])
		if err != nil {
			return fmt.Errorf("N %q: want the largest heap, a number", args[1])
		}
		start := time.Now()
		if *misere {
			return grundyMisere(ctx, e, g, n, *limit, *asJSON)
		}
		seq, err := g.Sequence(ctx, n)
		if err != nil {
			return err
		}
		elapsed := time.Since(start)
		e.Logf("computed G(0..%d) of %v in %v", n, g, elapsed.Round(time.Microsecond))
		j := grundyJSON{Code: g.String(), N: n, Millis: float64(elapsed.Microseconds()) / 1000}
		if !*period {
			if *asJSON {
				j.Values = seq
				return cli.WriteJSON(e.Stdout, j)
			}
			printSequence(e, g, seq)
			return nil
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
			return cli.WriteJSON(e.Stdout, j)
		}
		fmt.Fprintf(e.Stdout, "%v: period %d, preperiod %d", g, p.Period, p.Preperiod)
		if p.Preperiod > 0 {
			fmt.Fprintf(e.Stdout, " (last exception at %d)", p.Preperiod-1)
		}
		fmt.Fprintf(e.Stdout, ", proven from G(0..%d) by the Guy–Smith criterion\n", n)
		fmt.Fprintf(e.Stdout, "exceptions (%d): %s\n", len(p.Exceptions), joinInts(p.Exceptions))
		fmt.Fprintf(e.Stdout, "for n ≥ %d: G(n) = C[n mod %d], C = %s\n", p.Preperiod, p.Period, joinInts(p.Cycle))
		return nil
	}
}

// grundyMisere prints the misère losses among single heaps up to n.
func grundyMisere(ctx context.Context, e *cli.Env, g games.Octal, n, limit int, asJSON bool) error {
	start := time.Now()
	lose, positions, err := g.MisereLosses(ctx, n, limit)
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	e.Logf("searched %d misère positions of %v in %v", positions, g, elapsed.Round(time.Millisecond))
	if asJSON {
		return cli.WriteJSON(e.Stdout, grundyJSON{Code: g.String(), N: n, Millis: float64(elapsed.Microseconds()) / 1000,
			Misere: &misereJSON{Losses: lose, Positions: positions}})
	}
	fmt.Fprintf(e.Stdout, "misère %v: single heaps n ≤ %d that lose for the player to move: %s\n", g, n, joinInts(lose))
	return nil
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
