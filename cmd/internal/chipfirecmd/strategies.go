package chipfirecmd

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/satsolve/satsolve/chart"
	"github.com/satsolve/satsolve/cmd/internal/backend"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/models/chipfire"
)

// cfStrategiesOpts are the flags of satsolve chipfire strategies.
type cfStrategiesOpts struct {
	solver    cfSolver
	n         int
	densities []float64
	games     int
	moves     int
	seed      uint64
	spread    int64
	optimal   bool
	svg       string
}

func strategiesFlags(fs *flag.FlagSet) cli.Action {
	var o cfStrategiesOpts
	o.solver.register(fs, true, true)
	cli.IntVar(fs, &o.n, "n", 8, ": the number of vertices")
	density := fs.String("densities", "0.3,0.4,0.5,0.6,0.7,0.8,0.9", "edge probabilities p of the random G(n, p) games, comma-separated")
	fs.IntVar(&o.games, "games", 50, "random games per density")
	fs.IntVar(&o.moves, "moves", 100, "move limit per game (a heuristic that has not won by then fails)")
	cli.SeedVar(fs, &o.seed, "")
	fs.Int64Var(&o.spread, "spread", -1, spreadHelp)
	fs.BoolVar(&o.optimal, "optimal", true, "also compute the fewest moves of every game (SAT/PB, proven optimal)")
	cli.StringVar(fs, &o.svg, "svg", ": success rate against density")
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if err := cli.WantArgs(args, 0, "no arguments"); err != nil {
			return err
		}
		if o.games < 1 {
			return cli.Usagef("--games must be at least 1, not %d", o.games)
		}
		if o.moves < 0 {
			return cli.Usagef("--moves must not be negative, not %d", o.moves)
		}
		for _, s := range strings.Split(*density, ",") {
			p, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
			if err != nil || p < 0 || p > 1 {
				return cli.Usagef("--densities: %q is not a probability", s)
			}
			o.densities = append(o.densities, p)
		}
		ctx, cancel := o.solver.context(ctx)
		defer cancel()
		r, err := o.run(ctx, e)
		switch {
		case err != nil && ctx.Err() != nil && r != nil && len(r.Densities) > 0:
			// Stopped by --timeout or a signal: report the densities
			// finished, and exit as a stopped search does.
			r.Stopped = fmt.Sprintf("stopped after %d of %d densities: %s", len(r.Densities), len(o.densities), stopReason(ctx))
			err = nil
		case err != nil:
			return err
		}
		if o.svg != "" {
			if err := cli.WriteFile(o.svg, func(w io.Writer) error { return plotStrategies(w, r) }); err != nil {
				return err
			}
		}
		if o.solver.json {
			err = cli.WriteJSON(e.Stdout, r)
		} else {
			printStrategies(e.Stdout, r)
		}
		if err == nil && r.Stopped != "" {
			return cli.Exit(cli.ExitError)
		}
		return err
	}
}

// run plays every heuristic on every game (chipfire.Sweep, the loop the
// web server's strategies page runs too).
func (o *cfStrategiesOpts) run(ctx context.Context, e *cli.Env) (*chipfire.SweepTable, error) {
	prog := e.Progress("chipfire strategies", "games", int64(len(o.densities)*o.games))
	defer prog.Done()
	start := time.Now()
	sw := &chipfire.Sweep{N: o.n, Games: o.games, Moves: o.moves, Seed: o.seed, Densities: o.densities, Spread: o.spread,
		Step: func() { prog.Add(1) },
		Row: func(t *chipfire.SweepTable) {
			e.Logf("p = %v: %d games in %v", t.Densities[len(t.Densities)-1], o.games, time.Since(start).Round(time.Millisecond))
			start = time.Now()
		},
	}
	if o.optimal {
		sw.Fewest = func(ctx context.Context, g *chipfire.Graph, d chipfire.Divisor, known int64) (int64, bool, error) {
			return o.fewest(ctx, &chipfire.Game{Graph: g, Divisor: d}, known)
		}
	}
	return sw.Run(ctx)
}

// fewest returns the fewest moves of a game by SAT, capped by the best
// heuristic's (or Dhar's) script, and whether it was proven optimal.
func (o *cfStrategiesOpts) fewest(ctx context.Context, game *chipfire.Game, known int64) (int64, bool, error) {
	script, _, err := chipfire.Winnable(ctx, game.Graph, game.Divisor)
	if err != nil {
		return 0, false, err
	}
	if script == nil {
		return 0, false, fmt.Errorf("internal error: a random game of degree g is unwinnable")
	}
	if c := script.Fewest().Moves(); known == 0 || c < known {
		known = c
	}
	if known == 0 {
		return 0, true, nil // already won
	}
	s, err := backend.New(o.solver.backend)
	if err != nil {
		return 0, false, err
	}
	opt, err := o.solver.options(s)
	if err != nil {
		return 0, false, err
	}
	st, err := o.solver.optStrategy(s)
	if err != nil {
		return 0, false, err
	}
	opt.Plain = false
	res, err := chipfire.MinMoves(ctx, game.Graph, game.Divisor, s, chipfire.MovesOptions{Options: opt, Strategy: st, Known: known})
	if err != nil {
		return 0, false, err
	}
	return res.Moves, res.Optimal, nil
}

// printStrategies writes a Markdown table: one row per heuristic, one column per
// density, "success% / mean moves".
func printStrategies(w io.Writer, r *chipfire.SweepTable) {
	fmt.Fprintf(w, "Random G(%d, p) games with deg D = genus (all winnable), %d per density, at most %d moves, seed %d.\n",
		r.N, r.Games, r.MoveLimit, r.Seed)
	fmt.Fprintln(w, "Each cell: games won within the limit / mean moves of the games won.")
	fmt.Fprintln(w)
	fmt.Fprint(w, "| heuristic |")
	for _, p := range r.Densities {
		fmt.Fprintf(w, " p = %v |", p)
	}
	fmt.Fprint(w, "\n|---|")
	for range r.Densities {
		fmt.Fprint(w, "---|")
	}
	fmt.Fprintln(w)
	for _, h := range r.Heuristics {
		fmt.Fprintf(w, "| %s |", h.Name)
		for j := range r.Densities {
			fmt.Fprintf(w, " %3.0f%% / %.1f |", 100*h.Success[j], h.Moves[j])
		}
		fmt.Fprintln(w)
	}
	if r.Optimal != nil {
		fmt.Fprint(w, "| fewest moves (SAT) |")
		for j := range r.Densities {
			fmt.Fprintf(w, " %d proven / %.1f |", r.Proven[j], r.Optimal[j])
		}
		fmt.Fprintln(w)
	}
	if r.Stopped != "" {
		fmt.Fprintf(w, "\n%s.\n", r.Stopped)
	}
}

// plotStrategies draws the success rate of each heuristic against the density, with
// gonum/plot, as SVG.
func plotStrategies(w io.Writer, r *chipfire.SweepTable) error {
	p := plot.New()
	p.X.Label.Text = "edge probability p"
	p.Y.Label.Text = "share of the games won"
	p.Y.Min, p.Y.Max = 0, 1.02
	p.Add(plotter.NewGrid())
	legend := chart.NewLegend()
	var names []string
	for i, h := range r.Heuristics {
		pts := make(plotter.XYs, len(r.Densities))
		for j, d := range r.Densities {
			pts[j] = plotter.XY{X: d, Y: h.Success[j]}
		}
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return err
		}
		line.LineStyle = chart.LineStyle(i)
		points.GlyphStyle = chart.GlyphStyle(i)
		p.Add(line, points)
		legend.Add(h.Name, line, points)
		names = append(names, h.Name)
	}
	legendW := chart.LegendWidth(names...)
	width, height := 20*vg.Centimeter+legendW, 13*vg.Centimeter
	p.Title.Text = chart.Wrap(fmt.Sprintf("Dollar-game heuristics on random G(%d, p) games: %d games per point, at most %d moves",
		r.N, r.Games, r.MoveLimit), chart.TitleWidth(width-legendW))
	c := vgsvg.New(width, height)
	dc := draw.New(c)
	chart.DrawWithLegend(draw.Crop(dc, vg.Centimeter/2, -vg.Centimeter/2, vg.Centimeter/2, -vg.Centimeter/2), p, legend, legendW)
	_, err := c.WriteTo(w)
	return err
}
