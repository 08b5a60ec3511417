package main

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/models/games"
)

func runGameOctal(ctx context.Context, e *env, args []string) int {
	var o positionOpts
	fs := newFlags(e, "game octal", "[flags] CODE HEAP...   (e.g. 0.77 5 7: a Kayles position with rows of 5 and 7)")
	addPositionFlags(fs, &o, "misère play (the player who cannot move wins), by exhaustive search")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() < 1 {
		fs.Usage()
		return exitUsage
	}
	if err := o.check(); err != nil {
		return e.fail(err)
	}
	g, err := games.ParseOctal(fs.Arg(0))
	if err != nil {
		return e.fail(err)
	}
	heaps, err := parseHeaps(fs.Args()[1:])
	if err != nil {
		return e.fail(err)
	}
	j := nimJSON{Game: g.String(), Heaps: heaps, Play: "normal"}
	if o.misere {
		an, err := g.Misere(ctx, heaps, o.limit)
		if err != nil {
			return e.fail(err)
		}
		j.Play, j.Win, j.Moves, j.Positions = "misère", an.Win, movesJSON(an.Winning), an.Positions
		if o.json {
			return writeJSON(e, j)
		}
		fmt.Fprintf(e.stdout, "misère %v: %s (%d positions searched)\n", g, outcomeWord(an.Win), an.Positions)
		printMoves(e.stdout, an.Winning)
		return 0
	}
	an, err := g.Analyse(ctx, heaps)
	if err != nil {
		return e.fail(err)
	}
	if o.satCheck || o.inst.requested() {
		gg, native, err := g.GameGraph(ctx, heaps, o.satLimit)
		if err != nil {
			return e.fail(err)
		}
		if o.inst.requested() {
			if err := o.writeInstance(gg); err != nil {
				return e.fail(err)
			}
			return 0
		}
		if j.SAT, err = o.crossCheck(ctx, gg, native); err != nil {
			return e.fail(err)
		}
	}
	j.Values, j.Nimber, j.Win, j.Moves = an.Values, &an.Nimber, an.Nimber != 0, movesJSON(an.Winning)
	if o.json {
		return writeJSON(e, j)
	}
	fmt.Fprintf(e.stdout, "%v: heap values %s, nimber %d: %s\n", g, joinInts(an.Values), an.Nimber, outcomeWord(an.Nimber != 0))
	printMoves(e.stdout, an.Winning)
	if j.SAT != nil {
		printSAT(e.stdout, j.SAT)
	}
	return 0
}
