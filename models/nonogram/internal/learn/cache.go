package learn

import (
	"github.com/satsolve/satsolve/models/nonogram/internal/line"
)

// The learning search's line cache: a board's (lineCache, through
// line.Cached.SolveCached, as the board does), for propagation (after a backjump
// the search sets the same cells again). Explanations test completions
// without it (feasible, explain.go): through the cache they were a
// third of its hits and most of its stores. A cache of whole
// explanations, keyed by the line state and the cell, was tried: it saved
// line solves but not time.

// learnCacheBits bounds the cache: at most 2^learnCacheBits entries, and
// about one entry per cell on smaller puzzles (learnCacheMax), so that the
// native path's peak memory stays under the SAT path's on the survey
// puzzles (a cache of 8 entries per cell made it 0.3 MB on webpbn-00027,
// SAT's under 0.05).
const learnCacheBits = 13

// learnCacheMax returns the largest cache, in bits, for a puzzle of n
// cells: the power of two at or below n, between 2^minCacheBits and
// 2^learnCacheBits entries.
func learnCacheMax(n int) int {
	b := line.MinCacheBits
	for b < learnCacheBits && 2<<b <= n {
		b++
	}
	return b
}

// solveLine returns the line solver's answer for line l with known
// cells f (black) and e (white), from the cache when it holds it.
func (s *Learner) solveLine(l int, f, e uint64) (uint64, uint64, bool) {
	if s.Cache == nil {
		s.UseLineCache(learnCacheMax(s.w*s.h), max(s.w, s.h) <= 32)
	}
	return s.SolveCached(l, f, e)
}
