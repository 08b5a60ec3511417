package chipfirecmd

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/satsolve/satsolve/cmd/satsolve/internal/cli"
	"github.com/satsolve/satsolve/models/chipfire"
)

func randomFlags(fs *flag.FlagSet) cli.Action {
	n := fs.Int("n", 10, "number of vertices")
	p := fs.Float64("p", 0.3, "edge probability of G(n, p); the graph is redrawn until connected")
	seed := fs.Uint64("seed", 1, "random seed (the same seed gives the same game)")
	spread := fs.Int64("spread", -1, "values are the mean g/n plus a uniform integer in −spread..spread, then adjusted to total g (−1: ⌊g/n⌋ + 2)")
	format := fs.String("format", "edges", "output format: edges, dot or json")
	out := fs.String("o", "", "write the game to this file instead of standard output")
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if err := cli.WantArgs(args, 0, "no arguments"); err != nil {
			return err
		}
		f, err := chipfire.ParseFormat(*format)
		if err != nil || f == chipfire.FormatAuto {
			return cli.Usagef("--format %q: want edges, dot or json", *format)
		}
		game, err := chipfire.RandomGame(rand.NewPCG(*seed, 0x5eed), *n, *p, *spread)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if f == chipfire.FormatEdges {
			fmt.Fprintf(&buf, "# satsolve chipfire random -n %d -p %v --seed %d: deg D = genus = %d, so the game is winnable\n",
				*n, *p, *seed, game.Graph.Genus())
		}
		if err := chipfire.WriteGame(&buf, game.Graph, game.Divisor, f); err != nil {
			return err
		}
		if *out == "" {
			_, err := e.Stdout.Write(buf.Bytes())
			return err
		}
		return cli.WriteFile(*out, func(w io.Writer) error { _, err := w.Write(buf.Bytes()); return err })
	}
}
