package walk

import (
	"context"
	"math"
	"math/rand/v2"

	"github.com/satsolve/satsolve/sat"
)

// maxBreak bounds the break values with their own probability; larger
// ones share the last entry.
const maxBreak = 64

// checkEvery is the number of flips between looks at the context.
const checkEvery = 1 << 10

// probabilities returns f(b) for b = 0..maxBreak, the unnormalised weight
// of flipping a variable that breaks b clauses, for formulas whose longest
// clause has k literals (see doc.go for the constants).
func probabilities(k int) []float64 {
	f := make([]float64, maxBreak+1)
	if k <= 3 {
		const cb, eps = 2.06, 0.9
		for b := range f {
			f[b] = math.Pow(eps+float64(b), -cb)
		}
		return f
	}
	cb := 5.4
	switch k {
	case 4:
		cb = 3.0
	case 5:
		cb = 3.7
	case 6:
		cb = 5.1
	}
	for b := range f {
		f[b] = math.Pow(cb, -float64(b))
	}
	return f
}

// state is one run of the search over a problem.
type state struct {
	*problem
	val     []bool  // current value of each variable
	numTrue []int32 // true literals of each clause
	unsat   []int32 // the falsified clauses
	where   []int32 // index of each clause in unsat, −1 if satisfied
}

// search runs probSAT from a random assignment until every clause holds,
// ctx is done or maxFlips (if positive) flips have been made. It returns
// a model of the problem's clauses extended by the assumptions, or the
// reason it stopped.
func (p *problem) search(ctx context.Context, rng *rand.Rand, maxFlips int64) (sat.Assignment, int64, error) {
	s := &state{problem: p, val: make([]bool, p.nvars+1)}
	for v := 1; v <= p.nvars; v++ {
		s.val[v] = rng.IntN(2) == 1
	}
	m := p.numClauses()
	s.numTrue = make([]int32, m)
	s.where = make([]int32, m)
	for c := 0; c < m; c++ {
		if c&(1<<14-1) == 0 {
			if err := ctx.Err(); err != nil {
				return nil, 0, err // counting the true literals of ten million clauses takes seconds
			}
		}
		s.where[c] = -1
		for _, l := range p.clause(int32(c)) {
			if s.val[l.Var()] == l.IsPos() {
				s.numTrue[c]++
			}
		}
		if s.numTrue[c] == 0 {
			s.falsify(int32(c))
		}
	}
	prob := probabilities(p.maxLen)
	weights := make([]float64, 0, p.maxLen)
	var flips int64
	for len(s.unsat) > 0 {
		if flips%checkEvery == 0 {
			select {
			case <-ctx.Done():
				return nil, flips, ctx.Err()
			default:
			}
			if maxFlips > 0 && flips >= maxFlips {
				return nil, flips, sat.ErrUnknown
			}
		}
		c := s.unsat[rng.IntN(len(s.unsat))]
		cl := p.clause(c)
		weights = weights[:0]
		sum := 0.0
		for _, l := range cl {
			w := prob[min(s.breaks(int32(l.Var())), maxBreak)]
			weights = append(weights, w)
			sum += w
		}
		r := rng.Float64() * sum
		pick := len(cl) - 1
		for i, w := range weights {
			if r < w {
				pick = i
				break
			}
			r -= w
		}
		s.flip(int32(cl[pick].Var()))
		flips++
	}
	model := sat.NewAssignment(p.nvars)
	for v := 1; v <= p.nvars; v++ {
		model[v] = s.val[v]
		if p.fixed[v] != 0 {
			model[v] = p.fixed[v] > 0
		}
	}
	return model, flips, nil
}

// trueLit returns the coded literal of v that currently holds.
func (s *state) trueLit(v int32) int32 {
	if s.val[v] {
		return 2 * v
	}
	return 2*v + 1
}

// breaks counts the clauses that flipping v would falsify: those whose only
// true literal is v's.
func (s *state) breaks(v int32) int {
	b := 0
	for _, c := range s.occ(s.trueLit(v)) {
		if s.numTrue[c] == 1 {
			b++
		}
	}
	return b
}

// flip negates v and updates the counts and the falsified list.
func (s *state) flip(v int32) {
	was := s.trueLit(v)
	s.val[v] = !s.val[v]
	for _, c := range s.occ(was ^ 1) {
		s.numTrue[c]++
		if s.numTrue[c] == 1 {
			s.satisfy(c)
		}
	}
	for _, c := range s.occ(was) {
		s.numTrue[c]--
		if s.numTrue[c] == 0 {
			s.falsify(c)
		}
	}
}

// falsify adds c to the falsified list.
func (s *state) falsify(c int32) {
	s.where[c] = int32(len(s.unsat))
	s.unsat = append(s.unsat, c)
}

// satisfy removes c from the falsified list.
func (s *state) satisfy(c int32) {
	i, last := s.where[c], s.unsat[len(s.unsat)-1]
	s.unsat[i], s.where[last] = last, i
	s.unsat = s.unsat[:len(s.unsat)-1]
	s.where[c] = -1
}
