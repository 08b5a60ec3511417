package main

import (
	"context"
	"fmt"
	"time"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/sat"
)

// runNonogramSolve is satsolve nonogram solve: it solves every puzzle of a
// file (up to -j at once, printed in file order, with progress on standard
// error when there are several) and prints each picture and what was proved about uniqueness,
// then a summary. The exit status is 0 when every puzzle got a definite
// answer, 1 on an error or when a puzzle timed out.
func runNonogramSolve(ctx context.Context, e *env, args []string) int {
	var o nonogramOpts
	fs := newFlags(e, "nonogram solve", "[flags] FILE")
	o.register(fs)
	unique := fs.Bool("unique", false, "prove the solution unique, or print two different solutions")
	count := fs.Int("count", 0, "count solutions up to N (printing them)")
	svg := fs.String("svg", "", "draw the solution with its clues into this SVG file")
	png := fs.String("png", "", "draw the solution with its clues into this PNG file")
	noPicture := fs.Bool("no-picture", false, "print only the verdict of each puzzle, not its picture")
	inst := addInstanceFlags(fs)
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
	if *count < 0 {
		return e.fail(fmt.Errorf("--count must be positive, not %d", *count))
	}
	limit := 1
	if *unique {
		limit = 2
	}
	limit = max(limit, *count)
	ps, err := o.readPuzzles(e, fs.Arg(0))
	if err != nil {
		return e.fail(err)
	}
	if (*svg != "" || *png != "" || inst.requested()) && len(ps) > 1 {
		return e.fail(fmt.Errorf("%s holds %d puzzles: choose one with --index for pictures and instance files", fs.Arg(0), len(ps)))
	}
	if inst.requested() {
		return writeNonogramInstance(ctx, e, inst, ps[0], o.enc, o.pre)
	}
	start := time.Now()
	var all []*solved
	lastProgress := start
	err = o.solveAll(ctx, ps, limit, func(k int, s *solved) {
		s.warn(e)
		all = append(all, s)
		if !o.json {
			printSolved(e, s, limit, len(ps) > 1, !*noPicture)
		}
		if len(ps) > 1 && (time.Since(lastProgress) > time.Second || k == len(ps)-1) {
			fmt.Fprintf(e.stderr, "satsolve: %d/%d puzzles in %.1fs\n", k+1, len(ps), time.Since(start).Seconds())
			lastProgress = time.Now()
		}
	})
	if err != nil {
		return e.fail(err)
	}
	sum := summarise(all, len(ps), time.Since(start))
	if err := drawPictures(*svg, *png, all); err != nil {
		return e.fail(err)
	}
	if o.json {
		if err := writeSolveJSON(e, fs.Arg(0), all, sum, limit); err != nil {
			return e.fail(err)
		}
	} else if len(ps) > 1 {
		fmt.Fprintln(e.stdout, sum.text())
	}
	if sum.Unknown > 0 || len(all) < len(ps) {
		return exitError
	}
	return 0
}

// writeNonogramInstance writes the puzzle's encoding, after the pre-pass,
// to the --dimacs and --opb files, with comment lines naming the cell
// variables.
func writeNonogramInstance(ctx context.Context, e *env, inst *instanceOut, p *nonogram.Puzzle, enc nonogram.Encoding, pre nonogram.Presolve) int {
	known, err := nonogram.Prepass(ctx, p, pre)
	if err != nil {
		return e.fail(err)
	}
	f := &sat.Formula{}
	var comments []string
	if known == nil {
		f.AddClause() // the pre-pass refuted the clues
		comments = []string{fmt.Sprintf("nonogram %dx%d: the %s pre-pass found the clues contradictory", p.Width, p.Height, pre)}
	} else {
		comments = nonogram.Encode(f, p, known, enc).Comments()
	}
	if err := inst.write(f, comments); err != nil {
		return e.fail(err)
	}
	return 0
}
