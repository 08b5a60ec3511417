package nonogram

// The learning search's line cache: a direct-mapped table of line-solver
// answers keyed by the line and its two words, shared by propagation and
// explanations (after a backjump the search sets the same cells again,
// and explains them under the same line states). A colliding entry is
// overwritten. A cache of whole explanations, keyed by the line state
// and the cell, was tried: it saved line solves but not time.

// learnCacheEntry is one answer: the line's words, the answer's, and a
// tag: line·2 + 1 + 2^31 when the line has a completion (0: empty).
type learnCacheEntry struct {
	f, e, rf, re uint64
	tag          uint32
}

// learnCacheBits bounds the cache: at most 2^learnCacheBits entries (40
// bytes each), and about one entry per cell on smaller puzzles
// (learnCacheSize), so that the native path's peak memory stays under the
// SAT path's on the survey puzzles (a cache of 8 entries per cell made it
// 0.3 MB on webpbn-00027, SAT's under 0.05).
const learnCacheBits = 13

// learnCacheSize returns the cache's entries for a puzzle of n cells: the
// power of two at or below n, between 2^8 and 2^learnCacheBits.
func learnCacheSize(n int) int {
	size := 1 << 8
	for size < 1<<learnCacheBits && 2*size <= n {
		size *= 2
	}
	return size
}

// solveLine returns the line solver's answer for line l with known
// cells f (black) and e (white), from the cache when it holds it.
func (s *learner) solveLine(l int, f, e uint64) (uint64, uint64, bool) {
	if s.cache == nil {
		s.cache = make([]learnCacheEntry, learnCacheSize(s.w*s.h))
	}
	h := f*0x9e3779b97f4a7c15 ^ e*0xc2b2ae3d27d4eb4f ^ uint64(l)*0x165667b19e3779f9
	x := &s.cache[(h^h>>29)&uint64(len(s.cache)-1)]
	tag := uint32(l)<<1 | 1
	if x.tag&^(1<<31) == tag && x.f == f && x.e == e {
		s.cacheHits++
		return x.rf, x.re, x.tag>>31 == 1
	}
	s.solves++
	nf, ne, ok := s.bl.solve(s.p.line(l), s.n[l], f, e)
	*x = learnCacheEntry{f: f, e: e, rf: nf, re: ne, tag: tag}
	if ok {
		x.tag |= 1 << 31
	}
	return nf, ne, ok
}
