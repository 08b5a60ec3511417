package cdcl

// EVSIDS, the variable order of stable mode: scores and their heap.
//
// Exponential VSIDS (MiniSat; M. Moskewicz et al., Chaff, DAC 2001; N. Eén,
// N. Sörensson 2003): every variable met in conflict analysis has its score
// raised by inc, and inc grows by 1/decay after each conflict, so recent
// conflicts weigh exponentially more. Scores are rescaled when inc passes
// 1e150. The heap is internal/heap's indexed max-heap on score over
// variables (equal scores in no particular order), with each variable's
// heap index kept so that a bump can sift it up in O(log n).
//
// Invariant: in stable mode every unassigned variable is in the heap
// (backtrack re-inserts what it unassigns; decide pops assigned variables
// lazily).

// bumpScore raises x's EVSIDS score and rescales all scores when needed.
func (s *Solver) bumpScore(x int) {
	s.score[x] += s.scoreInc
	if s.score[x] > 1e150 {
		for y := range s.score {
			s.score[y] *= 1e-150
		}
		s.scoreInc *= 1e-150
	}
	s.heap.Raised(x, s.score)
}

// decayScores makes later bumps weigh more (after each conflict).
func (s *Solver) decayScores() {
	s.scoreInc *= 1000 / float64(s.opts.ScoreDecay)
}
