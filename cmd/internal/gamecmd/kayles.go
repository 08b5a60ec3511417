package gamecmd

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	gograph "gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/models/games"
)

// kaylesJSON is the JSON answer of satsolve game kayles.
type kaylesJSON struct {
	Game       string   `json:"game"`
	File       string   `json:"file"`
	Vertices   int      `json:"vertices"`
	Edges      int      `json:"edges"`
	Play       string   `json:"play"`
	Nimber     *int     `json:"nimber,omitempty"`
	Components []int    `json:"component_values,omitempty"`
	Win        bool     `json:"win"`
	Moves      []string `json:"winning_moves"`
	Positions  int      `json:"positions_searched,omitempty"`
	SAT        *satJSON `json:"sat,omitempty"`
	// SATUnfinished: see nimJSON.
	SATUnfinished string `json:"sat_unfinished,omitempty"`
}

func kaylesFlags(fs *flag.FlagSet) cli.Action {
	var o positionOpts
	addPositionFlags(fs, &o, ", by exhaustive search")
	format := new(string)
	cli.EnumVar(fs, format, "format", "auto", ": auto, edges or dot", cli.Check(games.ParseGraphFormat))
	canonical := fs.Int("canonical", 0, "also memoise components of 4 up to this many vertices by canonical form (0: by vertex set only, measured faster)")
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if err := cli.WantArgs(args, 1, "one graph FILE"); err != nil {
			return err
		}
		if err := o.check(); err != nil {
			return err
		}
		gf, err := games.ParseGraphFormat(*format)
		if err != nil {
			return err
		}
		path := args[0]
		g, err := readGraphFile(e, path, gf)
		if err != nil {
			return err
		}
		k, err := games.NewKayles(g)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		k.Limit, k.CanonicalMax = o.limit, *canonical
		j := kaylesJSON{Game: "node-kayles", File: path, Vertices: g.Nodes().Len(), Edges: g.Edges().Len(), Play: "normal"}
		if o.misere {
			an, err := k.Misere(ctx, o.limit)
			if err != nil {
				return err
			}
			j.Play, j.Win, j.Moves, j.Positions = "misère", an.Win, names(an.Winning), an.Positions
			if o.json {
				return cli.WriteJSON(e.Stdout, j)
			}
			fmt.Fprintf(e.Stdout, "misère node-Kayles on %s: %s, %s: %s (%s searched)\n",
				path, english.Count(j.Vertices, "vertex"), english.Count(j.Edges, "edge"), outcomeWord(an.Win), english.Count(an.Positions, "position"))
			printVertexMoves(e.Stdout, j.Moves)
			return nil
		}
		an, err := k.Analyse(ctx)
		if err != nil {
			return err
		}
		build := func() (*games.GameGraph, []int, error) { return k.GameGraph(ctx, o.satLimit) }
		if o.inst.Requested() {
			return o.writeGraph(ctx, build)
		}
		if o.satCheck {
			if j.SAT, j.SATUnfinished, err = o.crossCheck(ctx, build); err != nil {
				return err
			}
		}
		j.Nimber, j.Components, j.Win, j.Moves = &an.Nimber, an.Components, an.Nimber != 0, names(an.Winning)
		if o.json {
			return finish(cli.WriteJSON(e.Stdout, j), j.SATUnfinished)
		}
		fmt.Fprintf(e.Stdout, "node-Kayles on %s: %s, %s, %s (values %s)\n",
			path, english.Count(j.Vertices, "vertex"), english.Count(j.Edges, "edge"), english.Count(len(an.Components), "component"), joinInts(an.Components))
		fmt.Fprintf(e.Stdout, "nimber %d: %s\n", an.Nimber, outcomeWord(an.Nimber != 0))
		printVertexMoves(e.Stdout, j.Moves)
		printSAT(e.Stdout, j.SAT, j.SATUnfinished)
		return finish(nil, j.SATUnfinished)
	}
}

// readGraphFile reads a graph from path, or standard input for "-".
func readGraphFile(e *cli.Env, path string, format games.GraphFormat) (*simple.UndirectedGraph, error) {
	var r io.Reader = e.Stdin
	name := "<stdin>"
	if path != "-" {
		f, err := cli.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r, name = f, path
	}
	g, notes, err := games.ReadGraphNotes(r, name, format)
	for _, n := range notes {
		e.Notef("%s", n)
	}
	return g, err
}

// names returns the names of vertices.
func names(nodes []gograph.Node) []string {
	out := []string{}
	for _, n := range nodes {
		out = append(out, fmt.Sprint(n))
	}
	return out
}

func printVertexMoves(w io.Writer, moves []string) {
	if len(moves) > 0 {
		fmt.Fprintf(w, "winning moves (%s): %s\n", english.Count(len(moves), "vertex"), strings.Join(moves, " "))
	}
}
