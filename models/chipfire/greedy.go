package chipfire

import (
	"context"
)

// GreedyResult is the outcome of the greedy algorithm.
type GreedyResult struct {
	// Winnable reports whether the borrowing ended at an effective divisor.
	Winnable bool
	// Script is minus the borrow counts (every entry ≤ 0). When Winnable,
	// it is a winning script; otherwise it is where the greedy stopped.
	Script Script
	// Final is D − L·Script.
	Final Divisor
	// Borrows is the total number of borrows, M0 = −Σ Script.
	Borrows int64
}

// Greedy plays the greedy algorithm ("borrowing binge", Corry–Perkinson
// ch. 3): while some vertex is in debt, it borrows. If every vertex has
// borrowed at least once, D is unwinnable; otherwise the loop ends at an
// effective divisor. Neither the final divisor nor the number of borrows
// depends on the order of the choices (Baker), so a vertex in debt by x
// borrows ⌈x/deg(v)⌉ times at once.
//
// The number of borrows grows with the values (it is pseudo-polynomial),
// so Greedy checks ctx every few thousand steps and returns ctx.Err() when
// it is done. The error also reports a divisor that does not fit g, or a
// script that would leave the range ±MaxScript.
func Greedy(ctx context.Context, g *Graph, d Divisor) (GreedyResult, error) {
	if err := g.CheckDivisor(d); err != nil {
		return GreedyResult{}, err
	}
	n := len(d)
	cur := append(Divisor(nil), d...)
	f := make(Script, n)
	if n == 1 {
		return GreedyResult{Winnable: cur[0] >= 0, Script: f, Final: cur}, nil
	}
	var queue []int
	inQueue := make([]bool, n)
	for v, x := range cur {
		if x < 0 {
			queue = append(queue, v)
			inQueue[v] = true
		}
	}
	borrowed, total := 0, int64(0)
	for step := 0; len(queue) > 0; step++ {
		if step&0xfff == 0 && ctx.Err() != nil {
			return GreedyResult{}, ctx.Err()
		}
		v := queue[0]
		queue = queue[1:]
		inQueue[v] = false
		if cur[v] >= 0 {
			continue
		}
		dg := int64(g.deg[v])
		k := (-cur[v] + dg - 1) / dg
		if f[v] == 0 {
			borrowed++
		}
		f[v] -= k
		if f[v] < -MaxScript {
			return GreedyResult{}, scriptRangeError(g, v)
		}
		total += k
		g.Fire(cur, v, -k)
		if borrowed == n {
			return GreedyResult{Winnable: false, Script: f, Final: cur, Borrows: total}, nil
		}
		for _, u := range g.adj[v] {
			if cur[u.V] < 0 && !inQueue[u.V] {
				queue = append(queue, u.V)
				inQueue[u.V] = true
			}
		}
	}
	return GreedyResult{Winnable: true, Script: f, Final: cur, Borrows: total}, nil
}
