package nonogramcmd

import (
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/models/nonogram"
)

// runNonogramRate is satsolve nonogram rate: for every puzzle of a file it
// prints the category puzzle authors ask for: "line-solvable" (the line
// solver alone finishes it), "needs search" (unique, but line solving
// stalls), "multiple solutions", or "no solution". Uniqueness is decided
// by SAT, or by the native solver with --native; a goal image that
// satisfies the clues but differs from the solution found counts as a
// second solution.
var rateCommand = &cli.Command{
	Name:    "rate",
	Summary: "rate puzzles: line-solvable, needs search, or multiple solutions",
	Args:    "[flags] FILE",
	Flags: func(fs *flag.FlagSet) cli.Action {
		var o nonogramOpts
		o.register(fs)
		return func(ctx context.Context, e *cli.Env, args []string) error {
			if err := cli.WantArgs(args, 1, "one puzzle FILE"); err != nil {
				return err
			}
			return o.rate(ctx, e, args[0])
		}
	},
}

// rate rates the puzzles of path.
func (o *nonogramOpts) rate(ctx context.Context, e *cli.Env, path string) error {
	if err := o.check(); err != nil {
		return err
	}
	ps, err := o.readPuzzles(e, path)
	if err != nil {
		return err
	}
	start := time.Now()
	type rated struct {
		Number  int     `json:"number"`
		Name    string  `json:"name,omitempty"`
		Width   int     `json:"width"`
		Height  int     `json:"height"`
		Rating  string  `json:"rating"`
		Seconds float64 `json:"seconds"`
		Error   string  `json:"error,omitempty"`
		Stopped string  `json:"stopped,omitempty"` // "interrupted" or "timeout"
	}
	out := []rated{}
	var all []*solved
	p := e.Progress("nonogram rate", "puzzles", int64(len(ps)))
	err = o.solveAll(ctx, ps, 2, func(_ int, s *solved) {
		p.Add(1)
		s.warn(e)
		p := s.p
		all = append(all, s)
		r := rated{Number: s.number, Name: p.Name, Width: p.Width, Height: p.Height, Rating: s.res.Rating().String(), Seconds: s.took.Seconds()}
		if s.err != nil {
			r.Error, r.Stopped = s.err.Error(), cli.StopReason(s.err)
		}
		out = append(out, r)
		if !o.json {
			line := r.Rating
			if s.err != nil {
				line += fmt.Sprintf(" (%v after %.2fs)", s.err, s.took.Seconds())
			}
			fmt.Fprintf(e.Stdout, "%s: %s\n", s.title(), line)
		}
	})
	p.Done()
	if err != nil {
		return err
	}
	counts := map[string]int{}
	unknown := len(ps) - len(all)
	for _, s := range all {
		r := s.res.Rating()
		counts[r.String()]++
		if r == nonogram.RatingUnknown {
			unknown++
		}
	}
	took := time.Since(start)
	if o.json {
		doc := struct {
			File    string         `json:"file"`
			Puzzles []rated        `json:"puzzles"`
			Counts  map[string]int `json:"counts"`
			Seconds float64        `json:"seconds"`
		}{path, out, counts, took.Seconds()}
		if err := cli.WriteJSON(e.Stdout, doc); err != nil {
			return err
		}
	} else if len(ps) > 1 {
		fmt.Fprintf(e.Stdout, "%d puzzles in %.2fs:", len(ps), took.Seconds())
		for i, r := range []nonogram.Rating{nonogram.RatingLineSolvable, nonogram.RatingNeedsSearch, nonogram.RatingMultiple, nonogram.RatingNone} {
			sep := ","
			if i == 0 {
				sep = ""
			}
			fmt.Fprintf(e.Stdout, "%s %d %s", sep, counts[r.String()], r)
		}
		fmt.Fprintf(e.Stdout, ", %d unknown\n", unknown)
	}
	if unknown > 0 {
		return cli.Exit(cli.ExitError)
	}
	return nil
}
