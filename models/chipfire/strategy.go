package chipfire

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// Heuristic is a rule a player might follow: at each move it picks the
// vertex that lends next. None of them borrows; they differ in whom they
// make pay. The "weight" of a vertex's neighbourhood is the sum of its
// neighbours' values (counted per edge).
type Heuristic uint8

// The nine play heuristics.
const (
	Richest             Heuristic = iota // the richest vertex lends; ties: lowest index
	RichestPoorNbrs                      // richest; ties: poorest neighbourhood
	RichestRichNbrs                      // richest; ties: richest neighbourhood
	RichestLowDegree                     // richest; ties: smallest degree
	RichestHighDegree                    // richest; ties: largest degree
	RichestRandom                        // richest; ties: at random
	PoorestNbrs                          // the positive vertex with the poorest neighbourhood lends
	RandomPositive                       // a random vertex with a positive value lends
	RichestNbrOfPoorest                  // the richest neighbour of the poorest vertex lends
)

var heuristicNames = []string{"max", "max-minnbr", "max-maxnbr", "max-mindeg", "max-maxdeg", "max-random", "minnbr", "random", "nbr-of-min"}

// Heuristics returns the nine heuristics, in declaration order.
func Heuristics() []Heuristic {
	hs := make([]Heuristic, len(heuristicNames))
	for i := range hs {
		hs[i] = Heuristic(i)
	}
	return hs
}

// String returns the heuristic's flag name, e.g. "max-minnbr".
func (h Heuristic) String() string {
	if int(h) < len(heuristicNames) {
		return heuristicNames[h]
	}
	return "Heuristic(" + strconv.Itoa(int(h)) + ")"
}

// ParseHeuristic returns the heuristic whose String is name.
func ParseHeuristic(name string) (Heuristic, error) {
	if i := slices.Index(heuristicNames, name); i >= 0 {
		return Heuristic(i), nil
	}
	return 0, fmt.Errorf("unknown heuristic %q (want %s)", name, strings.Join(heuristicNames, ", "))
}

// Choose returns the vertex that lends next under h, or −1 when h finds
// none (no vertex has a positive value, for the heuristics that need
// one). rng is used only by the random heuristics.
func (h Heuristic) Choose(g *Graph, d Divisor, rng *rand.Rand) int {
	switch h {
	case PoorestNbrs:
		return best(d, func(v int) bool { return d[v] > 0 }, func(v int) int64 { return -g.nbrWeight(d, v) }, nil)
	case RandomPositive:
		var pos []int
		for v, x := range d {
			if x > 0 {
				pos = append(pos, v)
			}
		}
		if len(pos) == 0 {
			return -1
		}
		return pos[rng.IntN(len(pos))]
	case RichestNbrOfPoorest:
		poor := best(d, nil, func(v int) int64 { return -d[v] }, nil)
		rich := -1
		for _, u := range g.adj[poor] {
			if rich < 0 || d[u.V] > d[rich] {
				rich = u.V
			}
		}
		return rich
	}
	var tie func(v int) int64
	switch h {
	case RichestPoorNbrs:
		tie = func(v int) int64 { return -g.nbrWeight(d, v) }
	case RichestRichNbrs:
		tie = func(v int) int64 { return g.nbrWeight(d, v) }
	case RichestLowDegree:
		tie = func(v int) int64 { return -int64(g.deg[v]) }
	case RichestHighDegree:
		tie = func(v int) int64 { return int64(g.deg[v]) }
	case RichestRandom:
		tie = func(int) int64 { return rng.Int64() }
	}
	return best(d, nil, func(v int) int64 { return d[v] }, tie)
}

// best returns the vertex v of d (with ok(v), when ok is given) that
// maximises key, then tie, then comes first; −1 if none qualifies.
func best(xs Divisor, ok func(int) bool, key, tie func(int) int64) int {
	b := -1
	var bk, bt int64
	for i := range xs {
		if ok != nil && !ok(i) {
			continue
		}
		k := key(i)
		if b >= 0 && k < bk {
			continue
		}
		var t int64
		if tie != nil {
			t = tie(i)
		}
		if b < 0 || k > bk || t > bt {
			b, bk, bt = i, k, t
		}
	}
	return b
}

// nbrWeight returns Σ_{u~v} mult·D(u).
func (g *Graph) nbrWeight(d Divisor, v int) int64 {
	var s int64
	for _, u := range g.adj[v] {
		s += int64(u.Mult) * d[u.V]
	}
	return s
}

// PlayResult is the outcome of Play.
type PlayResult struct {
	// Won reports that no vertex was left in debt within the move limit.
	Won bool
	// Moves is the number of lends made.
	Moves int
	// Script counts the lends of each vertex.
	Script Script
}

// Play plays the game D with heuristic h for at most limit moves (one
// lend each), from a copy of D. The error reports a divisor that does not
// fit g.
func Play(g *Graph, d Divisor, h Heuristic, limit int, rng *rand.Rand) (PlayResult, error) {
	if err := g.CheckDivisor(d); err != nil {
		return PlayResult{}, err
	}
	cur := slices.Clone(d)
	res := PlayResult{Script: make(Script, len(d))}
	for ; res.Moves < limit; res.Moves++ {
		if cur.Effective() {
			break
		}
		v := h.Choose(g, cur, rng)
		if v < 0 {
			return res, nil
		}
		g.Fire(cur, v, 1)
		res.Script[v]++
	}
	res.Won = cur.Effective()
	return res, nil
}
