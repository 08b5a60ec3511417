package dobble

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/sat"
)

// Completing a partial deck by SAT. The given cards are constants; each
// new card is a row of variables over the deck's symbols (plus Extra
// fresh ones), holds exactly k symbols, shares exactly λ with every given
// card (a cardinality constraint on the row's literals at that card's
// symbols, no auxiliaries) and with every other new card (matrix.go's aux
// encoding). The new cards are in strictly decreasing lex order, so a set
// of new cards is found once, not once per ordering.
//
// Without a count the number of new cards grows as in the largest-deck
// search (activity literals and assumptions) up to DeckBound minus the
// deck; with a count it is fixed. Enumerating all completions adds a
// clause blocking each one found.

// CompleteOptions configures a completion.
type CompleteOptions struct {
	// Count is the number of cards to add; 0 adds as many as possible.
	Count int
	// All enumerates every completion (up to Limit) instead of one.
	All bool
	// Limit bounds the completions enumerated (0: 1000).
	Limit int
	// Extra is the number of symbols the new cards may use beyond those
	// of the deck.
	Extra int
	Card  encode.CardMethod
	AMO   encode.AMOMethod
}

// CompleteResult is the outcome of a completion.
type CompleteResult struct {
	// Added holds the new cards of each completion found, in the deck's
	// symbols and names (fresh symbols get new numbers or names "?1", …).
	Added []*Deck
	// Exhaustive reports that Added lists every completion (All).
	Exhaustive bool
	// Proof says why no more cards can be added (Count 0), or that the
	// count cannot be reached and how many cards can.
	Proof string
	// Addable is the largest number of cards that can be added, when the
	// search established it: always without a Count (the size of the
	// completions found, or 0), and with a Count that cannot be reached
	// (found by a second search, growing from one card); −1 otherwise.
	Addable int
	Size    Size
}

// Complete finds cards to add to d, whose cards hold k symbols and share
// λ pairwise (checked first: a deck that breaks the rules is an error).
// Every completion is checked with Check on the whole deck before it is
// returned. The error also reports bad options and interruption.
func Complete(ctx context.Context, newSolver func() sat.Solver, d *Deck, k, lambda int, opt CompleteOptions) (CompleteResult, error) {
	if err := Check(d, k, lambda); err != nil {
		return CompleteResult{}, fmt.Errorf("the deck breaks the rules: %w", err)
	}
	if opt.Count < 0 || opt.Extra < 0 || opt.Extra > 1000 {
		return CompleteResult{}, fmt.Errorf("count %d, extra %d: want count ≥ 0 and 0 ≤ extra ≤ 1000", opt.Count, opt.Extra)
	}
	if opt.Limit <= 0 {
		opt.Limit = 1000
	}
	cols, names := completionSymbols(d, opt.Extra)
	n := len(cols)
	rows := opt.Count
	res := CompleteResult{Addable: -1}
	if rows == 0 {
		b := DeckBound(n, k, lambda, true)
		rows = b.Max - len(d.Cards)
		res.Proof = b.Reason
		if rows <= 0 {
			res.Exhaustive, res.Addable = true, 0
			return res, nil
		}
	}
	s := newSolver()
	c := completion{s: s, d: d, cols: cols, names: names, k: k, lambda: lambda}
	err := sat.EncodeContext(ctx, s, func(s sat.Sink) (err error) {
		c.m, c.active, err = encodeCompletion(count(s, &res.Size), d, cols, k, lambda, rows, opt)
		return err
	})
	if ctx.Err() != nil { // an encoding cut short is never solved
		return res, ctx.Err()
	}
	if err != nil {
		return CompleteResult{}, err
	}
	want := 1
	if opt.Count > 0 {
		want = opt.Count
	}
	best, bestModel, err := c.largest(ctx, want, rows)
	if err != nil {
		return res, err
	}
	if best == nil {
		res.Exhaustive = true
		if opt.Count == 0 {
			res.Proof, res.Addable = "no card can be added", 0
			return res, nil
		}
		// Say how many can: a subset of a completion is a completion, so
		// fewer than Count, found by the search without a count.
		most, err := Complete(ctx, newSolver, d, k, lambda, CompleteOptions{Extra: opt.Extra, Card: opt.Card, AMO: opt.AMO})
		if err != nil {
			return res, err
		}
		res.Size.Vars += most.Size.Vars
		res.Size.Clauses += most.Size.Clauses
		res.Addable = most.Addable
		res.Proof = fmt.Sprintf("%s cannot be added; %s", english.Count(opt.Count, "card"), addableText(most.Addable))
		return res, nil
	}
	if opt.Count == 0 {
		res.Addable = len(best.Cards)
		if len(best.Cards) < rows {
			res.Proof = fmt.Sprintf("the solver proved that %s cannot be added", english.Count(len(best.Cards)+1, "card"))
		}
	}
	res.Added = []*Deck{best}
	if !opt.All {
		return res, nil
	}
	res.Exhaustive, err = c.enumerate(ctx, &res.Added, bestModel, opt.Limit)
	return res, err
}

// A completion is the encoded search for new cards: the solver, the
// matrix of the new rows over the deck's columns, and the activity
// literals (active[i] asserts that at least i+1 new cards are used).
type completion struct {
	s         sat.Solver
	m         *Matrix
	active    []sat.Lit
	d         *Deck
	cols      []int
	names     []string
	k, lambda int
}

// decode returns the new cards of model a, in the deck's symbols, after
// checking the whole completed deck.
func (c *completion) decode(a sat.Assignment) (*Deck, error) {
	var idx []int
	for i, l := range c.active {
		if a.Lit(l) {
			idx = append(idx, i)
		}
	}
	add := c.m.Decode(a, idx)
	for _, card := range add.Cards {
		for j := range card {
			card[j] = c.cols[card[j]]
		}
	}
	add.Names = c.names
	whole := &Deck{Cards: append(slices.Clone(c.d.Cards), add.Cards...), Names: c.names}
	if err := Check(whole, c.k, c.lambda); err != nil {
		return nil, fmt.Errorf("internal error: the completed deck fails the check: %w", err)
	}
	return add, nil
}

// largest finds the largest number of new cards, from want up to rows:
// each model found asks next for one card more than it holds. It returns
// the last completion found and its model, nil when none of want cards
// exists.
func (c *completion) largest(ctx context.Context, want, rows int) (*Deck, sat.Assignment, error) {
	var best *Deck
	var bestModel sat.Assignment
	for want <= rows {
		st, err := c.s.Solve(ctx, c.active[want-1])
		if st == sat.Unknown {
			if err == nil { // the contract gives a reason; never read nil as "none"
				err = sat.ErrUnknown
			}
			return nil, nil, err
		}
		if st == sat.Unsat {
			break
		}
		a := c.s.Model()
		if best, err = c.decode(a); err != nil {
			return nil, nil, err
		}
		bestModel = a
		want = len(best.Cards) + 1
	}
	return best, bestModel, nil
}

// enumerate appends to *added the other completions of the size of the
// last one, whose model is a, up to limit in all, by blocking each one
// found. It reports whether the list is exhaustive.
func (c *completion) enumerate(ctx context.Context, added *[]*Deck, a sat.Assignment, limit int) (bool, error) {
	size := len((*added)[len(*added)-1].Cards)
	n := len(c.cols)
	for len(*added) < limit {
		var block []sat.Lit
		for i := range size {
			for j := range n {
				l := c.m.X(i, j)
				if a.Lit(l) {
					l = l.Not()
				}
				block = append(block, l)
			}
		}
		c.s.AddClause(block...)
		st, err := c.s.Solve(ctx, c.active[size-1])
		if st == sat.Unknown {
			return false, err
		}
		if st == sat.Unsat {
			return true, nil
		}
		a = c.s.Model()
		add, err := c.decode(a)
		if err != nil {
			return false, err
		}
		if len(add.Cards) != size {
			return false, fmt.Errorf("internal error: a completion of %d cards after one of %d proved largest", len(add.Cards), size)
		}
		*added = append(*added, add)
	}
	return false, nil
}

// addableText says how many cards can be added.
func addableText(n int) string {
	switch n {
	case 0:
		return "no card can be added"
	case 1:
		return "1 card can"
	}
	return fmt.Sprintf("at most %d cards can", n)
}

// completionSymbols returns the symbols the new cards may use (the deck's,
// then extra fresh ones) and the names of the completed deck.
func completionSymbols(d *Deck, extra int) (cols []int, names []string) {
	cols = d.Used()
	next := d.NumSymbols()
	if d.Names == nil {
		for e := range extra {
			cols = append(cols, next+e)
		}
		return cols, nil
	}
	names = slices.Clone(d.Names)
	taken := map[string]bool{}
	for _, nm := range names {
		taken[nm] = true
	}
	for len(names) < next {
		names = append(names, strconv.Itoa(len(names)))
	}
	for e := 1; e <= extra; e++ {
		nm := "?" + strconv.Itoa(e)
		for taken[nm] {
			nm = "?" + nm
		}
		taken[nm] = true
		cols = append(cols, len(names))
		names = append(names, nm)
	}
	return cols, names
}

// encodeCompletion writes the completion model: rows new cards over the
// symbols cols, with activity literals (active[i] iff new card i exists;
// with a count, all are asserted).
func encodeCompletion(s sat.Sink, d *Deck, cols []int, k, lambda, rows int, opt CompleteOptions) (*Matrix, []sat.Lit, error) {
	if !opt.Card.Applies(s) {
		return nil, nil, fmt.Errorf("%w: cardinality method %v needs a sink that takes native constraints", ErrOption, opt.Card)
	}
	col := map[int]int{}
	for j, sym := range cols {
		col[sym] = j
	}
	m := newMatrix(s, rows, len(cols))
	active := make([]sat.Lit, rows)
	for i := range rows {
		active[i] = s.NewVar().Pos()
		switch {
		case opt.Count > 0:
			s.AddClause(active[i])
		case i > 0:
			s.AddClause(active[i].Not(), active[i-1])
		}
		for j := range cols {
			s.AddClause(active[i], m.X(i, j).Not())
		}
		g := encode.Guard(s, active[i])
		if err := encode.Exactly(g, m.Row(i), k, opt.Card); err != nil {
			return nil, nil, err
		}
		for _, c := range d.Cards {
			lits := make([]sat.Lit, len(c))
			for t, sym := range c {
				lits[t] = m.X(i, col[sym])
			}
			if err := encode.Exactly(g, lits, lambda, opt.Card); err != nil {
				return nil, nil, err
			}
		}
		for a := range i {
			if err := meet(g, m.Row(a), m.Row(i), lambda, PairAux, Options{Card: opt.Card, AMO: opt.AMO}); err != nil {
				return nil, nil, err
			}
			if a == i-1 {
				encode.LexLess(g, m.Row(i), m.Row(a))
			}
		}
	}
	return m, active, nil
}
