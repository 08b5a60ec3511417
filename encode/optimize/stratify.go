package optimize

// Stratification by weight, diversity-based (Ansótegui, Bonet, Gabàs,
// Levy 2013; RC2's "div" strategy).
//
// Only the soft literals of weight at least the current level are
// assumed. The heavy literals' cores come first, each raising the lower
// bound by a large weight, and the light literals, which would fill the
// cores with small weights, wait. Each model of a stratum lowers the
// level to the next distinct weight below it that makes a good stratum;
// when every soft literal is assumed and a model satisfies them all, the
// optimum is proved (core.go).
//
// A level w is a good stratum when the weights from w up repeat (at least
// divRatio literals per distinct weight: strata of one literal each would
// cost one SAT call per weight for little gain, so on diverse weights the
// level drops to the bottom at once), or when w exceeds the sum of all
// lighter weights (the heavier literals then dominate lexicographically,
// the boolean multilevel case). The weights change as cores are charged,
// so the candidates are recomputed at every step.
//
// C. Ansótegui, M. L. Bonet, J. Gabàs, J. Levy, Improving WPM2 for
// (weighted) partial MaxSAT, CP 2013, LNCS 8124, 117–132.

import (
	"slices"
)

// divRatio is the least number of soft literals per distinct weight that
// makes a level a stratum.
const divRatio = 1.25

// firstLevel returns the first stratum's level.
func (c *oll) firstLevel() int64 {
	return c.levelBelow(1 << 62)
}

// nextLevel returns the level of the stratum after the current one.
func (c *oll) nextLevel() int64 {
	return c.levelBelow(c.level)
}

// levelBelow returns the highest good level strictly below top, or the
// least weight when none is; with stratification off, the least weight.
func (c *oll) levelBelow(top int64) int64 {
	var ws []int64
	for _, s := range c.softs {
		if !s.gone {
			ws = append(ws, s.weight)
		}
	}
	if len(ws) == 0 {
		return 1
	}
	slices.Sort(ws)
	least := ws[0]
	if c.o.Tuning.NoStratify {
		return least
	}
	// ws ascending; walk the distinct weights below top from the highest.
	var lighter int64 // Σ weights below ws[i], computed as a prefix sum
	prefix := make([]int64, len(ws)+1)
	for i, w := range ws {
		prefix[i+1] = prefix[i] + w
	}
	distinct := 0
	for i := len(ws) - 1; i >= 0; i-- {
		w := ws[i]
		if i+1 < len(ws) && ws[i+1] == w {
			continue // not the first of its run from above
		}
		distinct++
		if w >= top {
			continue
		}
		j, _ := slices.BinarySearch(ws, w) // first literal of weight w
		lighter = prefix[j]
		count := len(ws) - j
		if w > lighter || float64(count) >= divRatio*float64(distinct) {
			return w
		}
	}
	return least
}
