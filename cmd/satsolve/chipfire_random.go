package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/satsolve/satsolve/models/chipfire"
)

func runChipfireRandom(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, "chipfire random", "-n N -p P [--seed S] [flags]")
	n := fs.Int("n", 10, "number of vertices")
	p := fs.Float64("p", 0.3, "edge probability of G(n, p); the graph is redrawn until connected")
	seed := fs.Uint64("seed", 1, "random seed (the same seed gives the same game)")
	spread := fs.Int64("spread", -1, "values are the mean g/n plus a uniform integer in −spread..spread, then adjusted to total g (−1: ⌊g/n⌋ + 2)")
	format := fs.String("format", "edges", "output format: edges, dot or json")
	out := fs.String("o", "", "write the game to this file instead of standard output")
	code, pos := parseCfFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 0 {
		fs.Usage()
		return exitUsage
	}
	f, err := chipfire.ParseFormat(*format)
	if err != nil || f == chipfire.FormatAuto {
		fmt.Fprintf(e.stderr, "satsolve: --format %q: want edges, dot or json\n", *format)
		return exitUsage
	}
	game, err := chipfire.RandomGame(rand.NewPCG(*seed, 0x5eed), *n, *p, *spread)
	if err != nil {
		return e.fail(err)
	}
	var buf bytes.Buffer
	if f == chipfire.FormatEdges {
		fmt.Fprintf(&buf, "# satsolve chipfire random -n %d -p %v --seed %d: deg D = genus = %d, so the game is winnable\n",
			*n, *p, *seed, game.Graph.Genus())
	}
	if err := chipfire.WriteGame(&buf, game.Graph, game.Divisor, f); err != nil {
		return e.fail(err)
	}
	if *out == "" {
		if _, err := e.stdout.Write(buf.Bytes()); err != nil {
			return e.fail(err)
		}
		return 0
	}
	if err := writeAtomic(*out, func(file *os.File) error { _, err := file.Write(buf.Bytes()); return err }); err != nil {
		return e.fail(err)
	}
	return 0
}
