package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/models/chipfire"
	"github.com/satsolve/satsolve/sat/cdcl"
)

// The survey of issue 29: random games of 10–40 vertices
// (chipfire.SurveyGame: p uniform in [0.1, 0.3], degree g − k with k up to
// g/2, so winnable and unwinnable), decided natively and by the SAT model
// as `satsolve chipfire solve` runs it (cdcl, default options), and the
// fewest moves of the winnable ones. The targets: every game decided by
// SAT within a second, every fewest-moves optimum of up to 30 vertices
// proved within ten.

// surveyRow is one game's measurements.
type surveyRow struct {
	seed, n, genus, deg int
	winnable            bool
	native, sat         time.Duration // CPU time
	satDone             bool
	moves               int64 // fewest moves (−1: not run or not proved)
	movesCPU            time.Duration
	movesDone, movesRun bool
	dharMoves           int64
}

// survey measures r.surveyGames games.
func (r *report) survey() error {
	fmt.Println("## Survey: random games of 10–40 vertices, SAT next to native (issue 29)")
	fmt.Println()
	fmt.Printf("%d games drawn by chipfire.SurveyGame (seeds 0–%d): n uniform in 10..40, p uniform in [0.1, 0.3], deg D = g − k with k uniform in 0..⌊g/2⌋. "+
		"Native: Dhar's algorithm at the centre (Winnable) and the greedy algorithm. SAT: SolveWin as `chipfire solve` runs it (cdcl, default options: Dhar's boxes, automatic integer encoding, BDDs). "+
		"Fewest moves: MinMoves (cdcl, binary search) on the winnable games, proved optimal. Times are CPU seconds of this process (user + system) per game, limit %v each; every SAT answer was checked against the rules (CheckWin) and against Dhar.\n\n",
		r.surveyGames, r.surveyGames-1, r.timeout)
	var rows []surveyRow
	for seed := range r.surveyGames {
		if !r.rows.Next() {
			continue
		}
		row, err := r.surveyOne(seed)
		if err != nil {
			return fmt.Errorf("survey game %d: %w", seed, err)
		}
		rows = append(rows, row)
	}
	printSurvey(rows, r.timeout, r.listAll)
	return nil
}

// surveyOne measures the game of one seed.
func (r *report) surveyOne(seed int) (surveyRow, error) {
	game, err := chipfire.SurveyGame(rand.NewPCG(29, uint64(seed)), 10, 40)
	if err != nil {
		return surveyRow{}, err
	}
	g, d := game.Graph, game.Divisor
	row := surveyRow{seed: seed, n: g.N(), genus: g.Genus(), deg: int(d.Deg()), moves: -1}
	c0 := benchmarks.CPUTime()
	script, _, err := chipfire.Winnable(r.ctx, g, d)
	if err != nil {
		return row, err
	}
	gr, err := chipfire.Greedy(r.ctx, g, d)
	if err != nil {
		return row, err
	}
	row.native = benchmarks.CPUTime() - c0
	row.winnable = script != nil
	if gr.Winnable != row.winnable {
		return row, fmt.Errorf("Dhar says winnable %v, greedy %v", row.winnable, gr.Winnable)
	}
	ctx, stop := benchmarks.WithCPULimit(r.ctx, r.timeout, 10*time.Millisecond)
	res, err := chipfire.SolveWin(ctx, g, d, cdcl.New(), chipfire.DefaultOptions())
	row.sat = stop()
	switch {
	case r.ctx.Err() != nil:
		return row, r.ctx.Err()
	case err == nil && res.Winnable != row.winnable:
		return row, fmt.Errorf("SAT says winnable %v, Dhar %v", res.Winnable, row.winnable)
	case err == nil:
		row.satDone = true
	}
	if !row.winnable {
		return row, nil
	}
	row.dharMoves = script.Fewest().Moves()
	row.movesRun = true
	ctx, stop = benchmarks.WithCPULimit(r.ctx, r.timeout, 10*time.Millisecond)
	mm, err := chipfire.MinMoves(ctx, g, d, cdcl.New(), chipfire.MovesOptions{Options: chipfire.DefaultOptions(), Strategy: optimize.Binary})
	row.movesCPU = stop()
	switch {
	case r.ctx.Err() != nil:
		return row, r.ctx.Err()
	case err == nil && mm.Moves > row.dharMoves:
		return row, fmt.Errorf("fewest moves %d, more than Dhar's %d", mm.Moves, row.dharMoves)
	case err == nil && mm.Optimal:
		row.moves, row.movesDone = mm.Moves, true
	}
	return row, nil
}

// printSurvey prints the table by size class and the slowest games (all
// games, slowest first, with all).
func printSurvey(rows []surveyRow, limit time.Duration, all bool) {
	fmt.Println("| n | games | winnable | native median / max µs | SAT decided | SAT median / max ms | fewest moves proved | fewest median / max ms |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for _, class := range [][2]int{{10, 19}, {20, 29}, {30, 40}, {10, 40}} {
		var nat, st, mv []time.Duration
		games, won, decided, proved, tried := 0, 0, 0, 0, 0
		for _, x := range rows {
			if x.n < class[0] || x.n > class[1] {
				continue
			}
			games++
			nat = append(nat, x.native)
			st = append(st, x.sat)
			if x.winnable {
				won++
			}
			if x.satDone {
				decided++
			}
			if x.movesRun {
				tried++
				mv = append(mv, x.movesCPU)
				if x.movesDone {
					proved++
				}
			}
		}
		if games == 0 {
			continue
		}
		fmt.Printf("| %d–%d | %d | %d | %s / %s | %d/%d | %s / %s | %d/%d | %s / %s |\n", class[0], class[1], games, won,
			us(median(nat)), us(slices.Max(nat)), decided, games, ms(median(st)), ms(slices.Max(st)),
			proved, tried, ms(median(mv)), msMax(mv))
	}
	fmt.Println()
	slow := slices.Clone(rows)
	slices.SortFunc(slow, func(a, b surveyRow) int { return int(b.sat + b.movesCPU - a.sat - a.movesCPU) })
	fmt.Println("The slowest games (SAT and fewest moves together):")
	fmt.Println()
	shown := min(10, len(slow))
	if all {
		shown = len(slow)
	}
	fmt.Println("| seed | n | genus | deg D | winnable | native µs | SAT ms | Dhar's moves | fewest moves | fewest ms |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	for _, x := range slow[:shown] {
		fewest := "–"
		switch {
		case x.movesDone:
			fewest = fmt.Sprint(x.moves)
		case x.movesRun:
			fewest = "over " + limit.String()
		}
		satMs := ms(x.sat)
		if !x.satDone {
			satMs = "over " + limit.String()
		}
		dhar := "–"
		if x.winnable {
			dhar = fmt.Sprint(x.dharMoves)
		}
		fmt.Printf("| %d | %d | %d | %d | %v | %s | %s | %s | %s | %s |\n", x.seed, x.n, x.genus, x.deg, x.winnable,
			us(x.native), satMs, dhar, fewest, ms(x.movesCPU))
	}
	fmt.Println()
}

// us formats a duration in microseconds.
func us(d time.Duration) string { return fmt.Sprintf("%.0f", float64(d)/float64(time.Microsecond)) }

// msMax formats the largest duration, or "–" for none.
func msMax(ds []time.Duration) string {
	if len(ds) == 0 {
		return "–"
	}
	return ms(slices.Max(ds))
}
