package main

import (
	"context"
	"fmt"

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

func runGameNim(ctx context.Context, e *env, args []string) int {
	var o positionOpts
	fs := newFlags(e, "game nim", "[flags] HEAP...   (e.g. 8 8 7 7 7 6 4 4 4 2 1, or 3,4,5)")
	addPositionFlags(fs, &o, "misère play (the player who cannot move wins), by Bouton's rule")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if err := o.check(); err != nil {
		return e.fail(err)
	}
	heaps, err := parseHeaps(fs.Args())
	if err != nil {
		return e.fail(err)
	}
	j := nimJSON{Game: "nim", Heaps: heaps, Play: "normal"}
	if o.misere {
		an, err := games.NimMisere(heaps)
		if err != nil {
			return e.fail(err)
		}
		j.Play, j.Win, j.Moves = "misère", an.Win, movesJSON(an.Winning)
		if o.json {
			return writeJSON(e, j)
		}
		fmt.Fprintf(e.stdout, "misère Nim: %s\n", outcomeWord(an.Win))
		printMoves(e.stdout, an.Winning)
		return 0
	}
	an, err := games.Nim(heaps)
	if err != nil {
		return e.fail(err)
	}
	if o.satCheck || o.inst.requested() {
		gg, native, err := games.NimGameGraph(ctx, heaps, o.satLimit)
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
	j.Nimber, j.Win, j.Moves = &an.Nimber, an.Nimber != 0, movesJSON(an.Winning)
	if o.json {
		return writeJSON(e, j)
	}
	fmt.Fprintf(e.stdout, "nim-sum %d (binary %b): %s\n", an.Nimber, an.Nimber, outcomeWord(an.Nimber != 0))
	printMoves(e.stdout, an.Winning)
	if j.SAT != nil {
		printSAT(e.stdout, j.SAT)
	}
	return 0
}
