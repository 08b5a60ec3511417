package main

import (
	"context"
	"fmt"
	"time"

	"github.com/satsolve/satsolve/models/nonogram"
)

// runNonogramRate is satsolve nonogram rate: for every puzzle of a file it
// prints the category puzzle authors ask for: "line-solvable" (the line
// solver alone finishes it), "needs search" (unique, but line solving
// stalls), "multiple solutions", or "no solution". Uniqueness is decided
// by SAT, or by the native solver with --native; a goal image that
// satisfies the clues but differs from the solution found counts as a
// second solution.
func runNonogramRate(ctx context.Context, e *env, args []string) int {
	var o nonogramOpts
	fs := newFlags(e, "nonogram rate", "[flags] FILE")
	o.register(fs)
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitUsage
	}
	if err := o.check(); err != nil {
		return e.fail(err)
	}
	ps, err := o.readPuzzles(e, fs.Arg(0))
	if err != nil {
		return e.fail(err)
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
	}
	out := []rated{}
	var all []*solved
	err = o.solveAll(ctx, ps, 2, func(_ int, s *solved) {
		s.warn(e)
		p := s.p
		all = append(all, s)
		r := rated{Number: s.number, Name: p.Name, Width: p.Width, Height: p.Height, Rating: s.res.Rating().String(), Seconds: s.took.Seconds()}
		if s.err != nil {
			r.Error = s.err.Error()
		}
		out = append(out, r)
		if !o.json {
			line := r.Rating
			if s.err != nil {
				line += fmt.Sprintf(" (%v after %.2fs)", s.err, s.took.Seconds())
			}
			fmt.Fprintf(e.stdout, "%s: %s\n", s.title(), line)
		}
	})
	if err != nil {
		return e.fail(err)
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
		}{fs.Arg(0), out, counts, took.Seconds()}
		if err := writeNonogramJSON(e.stdout, doc); err != nil {
			return e.fail(err)
		}
	} else if len(ps) > 1 {
		fmt.Fprintf(e.stdout, "%d puzzles in %.2fs:", len(ps), took.Seconds())
		for i, r := range []nonogram.Rating{nonogram.RatingLineSolvable, nonogram.RatingNeedsSearch, nonogram.RatingMultiple, nonogram.RatingNone} {
			sep := ","
			if i == 0 {
				sep = ""
			}
			fmt.Fprintf(e.stdout, "%s %d %s", sep, counts[r.String()], r)
		}
		fmt.Fprintf(e.stdout, ", %d unknown\n", unknown)
	}
	if unknown > 0 {
		return exitError
	}
	return 0
}
