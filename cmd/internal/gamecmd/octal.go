package gamecmd

import (
	"context"
	"flag"
	"fmt"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/models/games"
)

func octalFlags(fs *flag.FlagSet) cli.Action {
	var o positionOpts
	addPositionFlags(fs, &o, ", by exhaustive search")
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if len(args) < 1 {
			return cli.Usagef("want an octal CODE and heap sizes")
		}
		if err := o.check(); err != nil {
			return err
		}
		g, err := games.ParseOctal(args[0])
		if err != nil {
			return cli.Usagef("%v", err)
		}
		heaps, err := parseHeaps(args[1:])
		if err != nil {
			return err
		}
		switch {
		case o.misere:
			err = checkGraphHeaps("--misere (an exhaustive search over positions)", heaps...)
		case o.satCheck || o.inst.Requested():
			err = checkGraphHeaps("--cross-check (and --dimacs, --opb)", heaps...)
		}
		if err != nil {
			return err
		}
		j := nimJSON{Game: g.String(), Heaps: heaps, Play: "normal"}
		if o.misere {
			an, err := g.Misere(ctx, heaps, o.limit)
			if err != nil {
				return err
			}
			j.Play, j.Win, j.Moves, j.Positions = "misère", an.Win, movesJSON(an.Winning), an.Positions
			if o.json {
				return cli.WriteJSON(e.Stdout, j)
			}
			fmt.Fprintf(e.Stdout, "misère %v: %s (%s searched)\n", g, outcomeWord(an.Win), english.Count(an.Positions, "position"))
			printMoves(e.Stdout, an.Winning)
			return nil
		}
		an, err := g.Analyse(ctx, heaps)
		if err != nil {
			return err
		}
		build := func() (*games.GameGraph, []int, error) { return g.GameGraph(ctx, heaps, o.satLimit) }
		if o.inst.Requested() {
			return o.writeGraph(ctx, build)
		}
		if o.satCheck {
			if j.SAT, j.SATUnfinished, err = o.crossCheck(ctx, build); err != nil {
				return err
			}
		}
		j.Values, j.Nimber, j.Win, j.Moves = an.Values, &an.Nimber, an.Nimber != 0, movesJSON(an.Winning)
		if o.json {
			return finish(cli.WriteJSON(e.Stdout, j), j.SATUnfinished)
		}
		fmt.Fprintf(e.Stdout, "%v: heap values %s, nimber %d: %s\n", g, joinInts(an.Values), an.Nimber, outcomeWord(an.Nimber != 0))
		printMoves(e.Stdout, an.Winning)
		printSAT(e.Stdout, j.SAT, j.SATUnfinished)
		return finish(nil, j.SATUnfinished)
	}
}
