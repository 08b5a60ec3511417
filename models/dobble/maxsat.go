package dobble

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/sat"
)

// The largest deck by SAT: an incidence matrix of M rows (M the bound of
// DeckBound), row i switched on by an activity literal a_i, with
// a_i → a_{i−1}; an inactive row is empty, an active one holds k
// symbols and shares λ with every other active row (the pair constraint
// guarded by the later row's activity). Asking for m cards is solving
// under the assumption a_{m−1}; the size grows until the solver answers
// UNSAT or the bound is reached, all in one incremental solver: the
// linear search of encode/optimize, minimising the inactive rows with
// these assumptions as its bounds.
//
// Symmetry breaking (lex level): rows and columns in decreasing lex
// order (double lex, sound for the full row and column symmetry; inactive
// rows are empty and sort last). It implies the fixings the issue states,
// added as units to help the solver: card 0 is {0..k−1}, and card 1 (if
// active) is {0..λ−1} ∪ {k..2k−λ−1}.

// MaxOptions configures the SAT search for the largest deck.
type MaxOptions struct {
	Card     encode.CardMethod // card sizes, exactly-λ for λ ≥ 2
	AMO      encode.AMOMethod  // exactly-one for λ = 1
	Symmetry Symmetry          // SymNone or SymLex
	// SearchOnly drops the counting bound, so that the search itself
	// proves every optimum below Fisher's and Deza's bounds.
	SearchOnly bool
	// Progress, when not nil, is called after each SAT call with the
	// number of calls so far and the size of the largest deck found.
	Progress func(solves, cards int)
}

// DefaultMaxOptions are the options measured fastest (docs/dobble.md).
var DefaultMaxOptions = MaxOptions{Card: encode.CardTotalizer, AMO: encode.AMOPairwise, Symmetry: SymLex}

// MaxResult is the largest deck found and how its optimality is known.
type MaxResult struct {
	Deck  *Deck
	Bound Bound // the upper bound the search started from
	// Proof says why no larger deck exists: the bound was reached, or
	// the search proved the next size impossible.
	Proof string
	// Solves counts the SAT calls (or native searches); Size is the
	// encoding of the last SAT model.
	Solves int
	Size   Size
}

// The search of MaxDeck and MaxDeckNative, when interrupted, returns the
// error with a result whose Deck is the largest deck found so far
// (checked, as every deck returned) and whose Proof is empty: the deck is
// not proved largest.

// MaxDeck returns a largest deck of k-symbol cards over n symbols with
// any two sharing exactly λ, by SAT. The deck is checked before it is
// returned (a failure is an internal error). The error also reports bad
// parameters or options, and interruption.
func MaxDeck(ctx context.Context, newSolver func() sat.Solver, n, k, lambda int, opt MaxOptions) (MaxResult, error) {
	return maxDeck(n, k, lambda, !opt.SearchOnly, func(n, lo, hi int, res *MaxResult) (*Deck, bool, error) {
		return maxSATSearch(ctx, newSolver, n, k, lambda, lo, hi, opt, res)
	})
}

// searchFunc looks for a deck over n symbols larger than lo cards and at
// most hi. It returns the largest found (nil if none) and whether it is
// proved largest.
type searchFunc func(n, lo, hi int, res *MaxResult) (*Deck, bool, error)

// maxDeck runs the strategy shared by the SAT and native searches.
func maxDeck(n, k, lambda int, counting bool, search searchFunc) (MaxResult, error) {
	if err := CheckDeckParams(n, k, lambda); err != nil {
		return MaxResult{}, err
	}
	res := MaxResult{Bound: DeckBound(n, k, lambda, counting)}
	best := Sunflower(n, k, lambda)
	if len(best.Cards) >= res.Bound.Max {
		res.Deck, res.Proof = best, res.Bound.Reason
		return res, nil
	}
	if deza := k*k - k + 1; n > deza {
		d, _, err := search(deza, len(best.Cards), deza, &res)
		if d != nil && len(d.Cards) > len(best.Cards) && err != nil {
			best = d
		}
		if err != nil {
			res.Deck = best
			return res, err
		}
		if d != nil && len(d.Cards) == deza {
			res.Deck = d
			res.Proof = fmt.Sprintf("a deck of k²−k+1 = %d cards exists on %d symbols; %s", deza, deza, res.Bound.Reason)
			return res, nil
		}
		if d != nil && len(d.Cards) > len(best.Cards) {
			best = d
		}
	}
	d, proved, err := search(n, len(best.Cards), res.Bound.Max, &res)
	if d != nil && len(d.Cards) > len(best.Cards) {
		best = d
	}
	if err != nil {
		res.Deck = best
		return res, err
	}
	res.Deck = best
	switch {
	case len(best.Cards) == res.Bound.Max:
		res.Proof = res.Bound.Reason
	case proved:
		res.Proof = fmt.Sprintf("the search proved that no deck of %d cards exists", len(best.Cards)+1)
	default:
		return res, fmt.Errorf("internal error: search ended without a proof")
	}
	return res, nil
}

// maxSATSearch grows the deck in one incremental solver.
func maxSATSearch(ctx context.Context, newSolver func() sat.Solver, n, k, lambda, lo, hi int, opt MaxOptions, res *MaxResult) (*Deck, bool, error) {
	s := newSolver()
	sc := &countSolves{}
	res.Size = Size{}
	var m *Matrix
	var active []sat.Lit
	err := sat.EncodeContext(ctx, s, func(s sat.Sink) (err error) {
		m, active, err = EncodeMax(count(s, &res.Size), n, k, lambda, hi, opt)
		return err
	})
	if ctx.Err() != nil { // an encoding cut short is never solved
		return nil, false, ctx.Err()
	}
	if err != nil {
		return nil, false, err
	}
	if lo >= hi {
		return nil, true, nil
	}
	// Fewest inactive rows, with at least lo+1 active (active[lo]): the
	// cost hi − cards is at most b exactly when card hi−b−1 is active, so
	// the linear search asks for one more card each time with no bound
	// to encode (optimize.Options.AtMost).
	obj := make([]sat.Term, len(active))
	for i, l := range active {
		obj[i] = sat.Term{Coef: 1, Lit: l.Not()}
	}
	var best *Deck
	var bad error
	o := optimize.DefaultOptions()
	o.Strategy = optimize.LinearSatUnsat
	o.Assumptions = []sat.Lit{active[lo]}
	o.AtMost = func(b int64) sat.Lit { return active[max(0, int64(hi)-b-1)] }
	o.OnSolution = func(_ int64, a sat.Assignment) {
		var rows []int
		for i, l := range active {
			if a.Lit(l) {
				rows = append(rows, i)
			}
		}
		d := m.Decode(a, rows)
		if err := Check(d, k, lambda); err != nil && bad == nil {
			bad = fmt.Errorf("internal error: the SAT deck fails the check: %w", err)
		}
		best = d
		if opt.Progress != nil {
			opt.Progress(res.Solves+sc.solves, len(rows))
		}
	}
	sc.Solver = s
	r, err := optimize.Solve(ctx, sc, obj, o)
	res.Solves += r.Solves
	switch {
	case bad != nil:
		return nil, false, bad
	case r.Status == sat.Unsat:
		return nil, true, nil
	case err != nil:
		return best, false, err
	}
	return best, true, nil
}

// countSolves counts the solves of the solver it wraps.
type countSolves struct {
	sat.Solver
	solves int
}

func (c *countSolves) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	c.solves++
	return c.Solver.Solve(ctx, assumptions...)
}

// EncodeMax writes the model of a deck of at most rows cards over n
// symbols into s and returns the matrix and the activity literals (card
// i exists iff active[i]; active[0] is asserted). The error reports bad
// parameters or options.
func EncodeMax(s sat.Sink, n, k, lambda, rows int, opt MaxOptions) (*Matrix, []sat.Lit, error) {
	if err := CheckDeckParams(n, k, lambda); err != nil {
		return nil, nil, err
	}
	if opt.Symmetry != SymNone && opt.Symmetry != SymLex {
		return nil, nil, fmt.Errorf("%w: symmetry level %v (the deck search takes none or lex)", ErrOption, opt.Symmetry)
	}
	if !opt.Card.Applies(s) {
		return nil, nil, fmt.Errorf("%w: cardinality method %v needs a sink that takes native constraints", ErrOption, opt.Card)
	}
	m := newMatrix(s, rows, n)
	active := make([]sat.Lit, rows)
	for i := range active {
		active[i] = s.NewVar().Pos()
		if i == 0 {
			s.AddClause(active[0])
		} else {
			s.AddClause(active[i].Not(), active[i-1])
		}
		for j := range n {
			s.AddClause(active[i], m.X(i, j).Not())
		}
		if err := encode.Exactly(encode.Guard(s, active[i]), m.Row(i), k, opt.Card); err != nil {
			return nil, nil, err
		}
		for a := range i {
			if err := meet(encode.Guard(s, active[i]), m.Row(a), m.Row(i), lambda, PairAux, Options{Card: opt.Card, AMO: opt.AMO}); err != nil {
				return nil, nil, err
			}
		}
	}
	if opt.Symmetry == SymLex {
		doubleLex(s, m)
		for j := range n {
			l := m.X(0, j)
			if j >= k {
				l = l.Not()
			}
			s.AddClause(l)
		}
		if rows > 1 {
			for j := range n {
				l := m.X(1, j)
				if !(j < lambda || j >= k && j < 2*k-lambda) {
					l = l.Not()
				}
				s.AddClause(active[1].Not(), l)
			}
		}
	}
	return m, active, nil
}
