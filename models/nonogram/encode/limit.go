package encode

import (
	"fmt"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/sat"
)

// The SAT path's memory bound.
//
// A SAT backend's memory grows with the literals it is given (gini, the
// default backend, takes about 55 bytes per literal all told: a 512×512
// puzzle whose clues are all "1" gives 2.1 million clauses of 6.3 million
// literals and peaks at 350 MB), and a puzzle within the size caps can
// ask for far more than fits: 2048×2048 with every clue "1" would need 33
// million clauses and 5.3 GB. solve.SAT therefore counts the model before
// building it and refuses one of more than MaxLiterals literals with
// ErrTooLarge, before the solver holds any of it. The count is a dry run
// of the encoder into a sink that keeps nothing; it is skipped when a
// cheap upper bound (satBound) already shows the model fits.

// MaxLiterals is the most literals solve.SAT gives a solver: 2^24,
// about 0.9 GB in gini.
const MaxLiterals = 1 << 24

// countSink counts what an encoder writes and keeps nothing.
type countSink struct {
	vars          int
	clauses, lits int
}

func (c *countSink) NewVar() sat.Var {
	c.vars++
	return sat.Var(c.vars)
}

func (c *countSink) AddClause(lits ...sat.Lit) {
	c.clauses++
	c.lits += len(lits)
}

// satBound returns an upper bound on the literals Encode writes for p with
// encoding e, from the clues alone. Per line of n cells and k blocks, the
// starts encoding writes at most n·(7k+2) clauses of at most four
// literals (holes, order, the order chain, cover and support: each at most
// n per block, support n·(k+1)); the automaton writes at most 2n(m+1)
// transitions of nine literals (definition and successor) and n·s
// states of two three-literal clauses (forward, backward), with s =
// ΣL + k + 1 states at most, and 2n value clauses of at most s+1 literals.
func satBound(p *nonogram.Puzzle, e nonogram.Encoding) int {
	total := 0
	for l := 0; l < p.Width+p.Height; l++ {
		clue := p.Line(l)
		n := p.Height
		if l < p.Height {
			n = p.Width
		}
		k := len(clue)
		switch e {
		case nonogram.EncodeDFA:
			s := k + 1 // states, at least one
			for _, b := range clue {
				s += b
			}
			total += 2*n*s*9 + n*s*6 + 2*n*(s+1)
		default:
			total += 4 * n * (7*k + 2)
		}
	}
	return total
}

// CheckSize returns an error wrapping ErrTooLarge when p's model, with
// the cells of known decided, would exceed MaxLiterals.
func CheckSize(p *nonogram.Puzzle, known *nonogram.Grid, e nonogram.Encoding) error {
	if satBound(p, e) <= MaxLiterals {
		return nil
	}
	var c countSink
	Encode(&c, p, known, e)
	if c.lits > MaxLiterals {
		return fmt.Errorf("%w: %s encoding of %dx%d: %d clauses of %d literals (at most %d literals, about 1 GB); the native solver needs memory linear in the cells",
			nonogram.ErrTooLarge, e, p.Width, p.Height, c.clauses, c.lits, MaxLiterals)
	}
	return nil
}
