package nonogramcmd

import (
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/encode"
	"github.com/satsolve/satsolve/models/nonogram/solve"
	"github.com/satsolve/satsolve/sat"
)

// solveCommand is satsolve nonogram solve: it solves every puzzle of a
// file (up to -j at once, printed in file order, with progress on standard
// error when there are several) and prints each picture and what was
// proved about uniqueness, then a summary. The exit status is 0 when every
// puzzle got a definite answer, 1 on an error or when a puzzle timed out.
var solveCommand = &cli.Command{
	Name:    "solve",
	Summary: "solve puzzles: the picture, uniqueness (--unique), counts (--count), pictures (--svg, --png)",
	Args:    "[flags] FILE",
	Flags: func(fs *flag.FlagSet) cli.Action {
		var o solveOpts
		o.register(fs)
		return o.run
	},
}

// solveOpts are the flags of satsolve nonogram solve.
type solveOpts struct {
	nonogramOpts
	unique    bool
	count     int
	svg, png  string
	noPicture bool
	inst      *cli.Instance
}

func (o *solveOpts) register(fs *flag.FlagSet) {
	o.nonogramOpts.register(fs)
	fs.BoolVar(&o.unique, "unique", false, "prove the solution unique, or print two different solutions")
	cli.BoolVar(fs, &o.certify, "certify", " (uniqueness, no solution): solve each\nagain with cdcl writing a proof, checked as it is written (docs/proofs.md)")
	fs.IntVar(&o.count, "count", 0, "count solutions up to N (printing them)")
	cli.StringVar(fs, &o.svg, "svg", ": the first solution with its clues")
	cli.StringVar(fs, &o.png, "png", ": the first solution with its clues")
	fs.BoolVar(&o.noPicture, "no-picture", false, "print only the verdict of each puzzle, not its picture")
	o.inst = cli.InstanceFlags(fs)
}

// run solves the puzzles of the file.
func (o *solveOpts) run(ctx context.Context, e *cli.Env, args []string) error {
	if err := cli.WantArgs(args, 1, "one puzzle FILE"); err != nil {
		return err
	}
	path := args[0]
	if err := o.check(); err != nil {
		return err
	}
	if o.count < 0 {
		return cli.Usagef("--count must be positive, not %d", o.count)
	}
	limit := 1
	if o.unique {
		limit = 2
	}
	limit = max(limit, o.count)
	ps, err := o.readPuzzles(e, path)
	if err != nil {
		return err
	}
	if (o.svg != "" || o.png != "" || o.inst.Requested()) && len(ps) > 1 {
		return fmt.Errorf("%s holds %d puzzles: choose one with --index for pictures and instance files", path, len(ps))
	}
	if o.inst.Requested() {
		return writeNonogramInstance(ctx, o.inst, ps[0], o.enc, o.pre)
	}
	start := time.Now()
	var all []*solved
	p := e.Progress("nonogram solve", "puzzles", int64(len(ps)))
	err = o.solveAll(ctx, ps, limit, func(k int, s *solved) {
		s.warn(e)
		all = append(all, s)
		if !o.json {
			printSolved(e, s, limit, len(ps) > 1, !o.noPicture)
		}
		p.Add(1)
	})
	p.Done()
	if err != nil {
		return err
	}
	sum := summarise(all, len(ps), time.Since(start))
	if err := drawPictures(o.svg, o.png, all); err != nil {
		return err
	}
	if o.json {
		if err := writeSolveJSON(e, path, all, sum, limit); err != nil {
			return err
		}
	} else if len(ps) > 1 {
		fmt.Fprintln(e.Stdout, sum.text())
	}
	if sum.Unknown > 0 || len(all) < len(ps) {
		return cli.Exit(cli.ExitError)
	}
	for _, s := range all {
		if s.err != nil { // interrupted: the question asked is not settled
			return cli.Exit(cli.ExitError)
		}
	}
	if sum.None > 0 {
		return cli.Exit(cli.ExitNo) // a puzzle proved to have no solution: an answer
	}
	return nil
}

// writeNonogramInstance writes the puzzle's encoding, after the pre-pass,
// to the --dimacs and --opb files, with comment lines naming the cell
// variables.
func writeNonogramInstance(ctx context.Context, inst *cli.Instance, p *nonogram.Puzzle, enc nonogram.Encoding, pre nonogram.Presolve) error {
	known, err := solve.Prepass(ctx, p, pre)
	if err != nil {
		return err
	}
	f := &sat.Formula{}
	var comments []string
	if known == nil {
		f.AddClause() // the pre-pass refuted the clues
		comments = []string{fmt.Sprintf("nonogram %dx%d: the %s pre-pass found the clues contradictory", p.Width, p.Height, pre)}
	} else {
		comments = encode.Encode(f, p, known, enc).Comments()
	}
	return inst.Write(ctx, f, comments)
}
