package gamecmd

import (
	"context"
	"flag"
	"fmt"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/models/games"
)

// nimJSON is the JSON answer of satsolve game nim and game octal.
type nimJSON struct {
	Game      string     `json:"game"`
	Heaps     []int      `json:"heaps"`
	Play      string     `json:"play"`
	Values    []int      `json:"values,omitempty"`
	Nimber    *int       `json:"nimber,omitempty"`
	Win       bool       `json:"win"`
	Moves     []moveJSON `json:"winning_moves"`
	Positions int        `json:"positions_searched,omitempty"`
	SAT       *satJSON   `json:"sat,omitempty"`
	// SATUnfinished says why --cross-check stopped before its end
	// (--timeout, a signal); the native answer then stands unchecked.
	SATUnfinished string `json:"sat_unfinished,omitempty"`
}

func nimFlags(fs *flag.FlagSet) cli.Action {
	var o positionOpts
	addPositionFlags(fs, &o, ", by Bouton's rule")
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if err := o.check(); err != nil {
			return err
		}
		heaps, err := parseHeaps(args)
		if err != nil {
			return err
		}
		if o.satCheck || o.inst.Requested() {
			if err := checkGraphHeaps("--cross-check (and --dimacs, --opb)", heaps...); err != nil {
				return err
			}
		}
		j := nimJSON{Game: "nim", Heaps: heaps, Play: "normal"}
		if o.misere {
			an, err := games.NimMisere(heaps)
			if err != nil {
				return err
			}
			j.Play, j.Win, j.Moves = "misère", an.Win, movesJSON(an.Winning)
			if o.json {
				return cli.WriteJSON(e.Stdout, j)
			}
			fmt.Fprintf(e.Stdout, "misère Nim: %s\n", outcomeWord(an.Win))
			printMoves(e.Stdout, an.Winning)
			return nil
		}
		an, err := games.Nim(heaps)
		if err != nil {
			return err
		}
		build := func() (*games.GameGraph, []int, error) { return games.NimGameGraph(ctx, heaps, o.satLimit) }
		if o.inst.Requested() {
			return o.writeGraph(ctx, build)
		}
		if o.satCheck {
			if j.SAT, j.SATUnfinished, err = o.crossCheck(ctx, build); err != nil {
				return err
			}
		}
		j.Nimber, j.Win, j.Moves = &an.Nimber, an.Nimber != 0, movesJSON(an.Winning)
		if o.json {
			return finish(cli.WriteJSON(e.Stdout, j), j.SATUnfinished)
		}
		fmt.Fprintf(e.Stdout, "nim-sum %d (binary %b): %s\n", an.Nimber, an.Nimber, outcomeWord(an.Nimber != 0))
		printMoves(e.Stdout, an.Winning)
		printSAT(e.Stdout, j.SAT, j.SATUnfinished)
		return finish(nil, j.SATUnfinished)
	}
}
