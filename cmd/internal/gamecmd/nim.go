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
}

func nimFlags(fs *flag.FlagSet) cli.Action {
	var o positionOpts
	addPositionFlags(fs, &o, ", by Bouton's rule")
	return func(ctx context.Context, e *cli.Env, args []string) error {
		ctx, cancel := o.context(ctx)
		defer cancel()
		if err := o.check(); err != nil {
			return err
		}
		heaps, err := parseHeaps(args)
		if err != nil {
			return err
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
		if o.satCheck || o.inst.Requested() {
			gg, native, err := games.NimGameGraph(ctx, heaps, o.satLimit)
			if err != nil {
				return err
			}
			if o.inst.Requested() {
				if err := o.writeInstance(ctx, gg); err != nil {
					return err
				}
				return nil
			}
			if j.SAT, err = o.crossCheck(ctx, gg, native); err != nil {
				return err
			}
		}
		j.Nimber, j.Win, j.Moves = &an.Nimber, an.Nimber != 0, movesJSON(an.Winning)
		if o.json {
			return cli.WriteJSON(e.Stdout, j)
		}
		fmt.Fprintf(e.Stdout, "nim-sum %d (binary %b): %s\n", an.Nimber, an.Nimber, outcomeWord(an.Nimber != 0))
		printMoves(e.Stdout, an.Winning)
		if j.SAT != nil {
			printSAT(e.Stdout, j.SAT)
		}
		return nil
	}
}
