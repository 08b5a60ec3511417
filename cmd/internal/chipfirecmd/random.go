package chipfirecmd

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/models/chipfire"
)

func randomFlags(fs *flag.FlagSet) cli.Action {
	n, p, seed, format, out, timeout := new(int), new(cli.ProbabilityValue), new(uint64), new(string), new(string), new(time.Duration)
	cli.IntVar(fs, n, "n", 10, ": the number of vertices")
	cli.DensityVar(fs, p, 0.3, "; the graph is redrawn until connected")
	cli.SeedVar(fs, seed, "")
	spread := fs.Int64("spread", -1, spreadHelp)
	cli.Enum(fs, format, "out-format", "edges", "format of the game written: edges, dot or json", cli.Words("edges", "dot", "json"))
	cli.OutputVar(fs, out, ": the game")
	cli.TimeoutVar(fs, timeout, 0, "")
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if err := cli.WantArgs(args, 0, "no arguments"); err != nil {
			return err
		}
		f, err := chipfire.ParseFormat(*format)
		if err != nil {
			return err
		}
		game, err := chipfire.RandomGameContext(ctx, rand.NewPCG(*seed, 0x5eed), *n, p.P, *spread)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if f == chipfire.FormatEdges {
			fmt.Fprintf(&buf, "# satsolve chipfire random -n %d --density %v --seed %d: deg D = genus = %d, so the game is winnable\n",
				*n, p.P, *seed, game.Graph.Genus())
		}
		if err := chipfire.WriteGame(&buf, game.Graph, game.Divisor, f); err != nil {
			return err
		}
		return cli.WriteOutput(e, *out, func(w io.Writer) error { _, err := w.Write(buf.Bytes()); return err })
	}
}
