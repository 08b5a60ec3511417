package gini

import (
	"context"
	"fmt"
	"slices"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/satsolve/satsolve/sat"
)

// Solve decides the clauses under the assumptions, which hold for this call
// only. See the package documentation for the rules that keep gini safe.
// It panics on a zero assumption.
func (s *Solver) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	s.st.Answer.Reset()
	s.solves++
	for _, l := range assumptions {
		s.note(l)
	}
	if err := ctx.Err(); err != nil {
		return sat.Unknown, err
	}
	if s.unsat {
		return s.st.Answer.Unsat(nil), nil
	}
	if pair := complementary(assumptions); pair != nil {
		return s.st.Answer.Unsat(pair), nil
	}

	if err := s.settle(ctx); err != nil {
		return sat.Unknown, err
	}
	g, err := s.instance(ctx)
	if err != nil {
		return sat.Unknown, err
	}
	for _, l := range assumptions {
		g.Assume(toZ(l))
	}
	res, stopping, err := run(ctx, g)
	s.stopping = stopping
	switch res {
	case 1:
		return s.readModel(g, assumptions)
	case -1:
		// Never touch an instance again after UNSAT: gini may hold a
		// pending level-0 conflict that corrupts the next call.
		why := g.Why(nil)
		s.g = nil
		if len(assumptions) == 0 || len(why) == 0 {
			s.unsat = true
			return s.st.Answer.Unsat(nil), nil
		}
		return s.st.Answer.Unsat(subsetOr(fromZ(why), assumptions)), nil
	}
	if err == nil {
		err = sat.ErrUnknown
	}
	return sat.Unknown, err
}

// settle waits until a search stopped by a cancelled Solve has ended (at
// most one gini propagation tick), or ctx ends. A search that ended UNSAT
// meanwhile leaves its instance unsafe to reuse, so it is dropped.
func (s *Solver) settle(ctx context.Context) error {
	if s.stopping == nil {
		return nil
	}
	select {
	case res := <-s.stopping:
		s.stopping = nil
		if res == -1 {
			s.g = nil
		}
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// note adds the variable of l to the pool, so that the model covers it and
// NewVar stays above it. It panics on the zero literal.
func (s *Solver) note(l sat.Lit) {
	if l == 0 {
		panic("gini: zero literal in assumptions")
	}
	s.st.NumVars = max(s.st.NumVars, int(l.Var()))
}

// instance returns the live gini instance, building a fresh one from the
// clause copy when there is none, after giving it the clauses added since
// and every variable of the pool (gini's Value panics on a variable it has
// not allocated). It returns ctx.Err() when ctx ends first: it looks every
// few thousand clauses, since giving gini ten million takes seconds.
func (s *Solver) instance(ctx context.Context) (*gini.Gini, error) {
	if s.g == nil {
		s.g = gini.NewVc(varHint(s.st.NumVars), s.st.Clauses.Len()+1)
		s.loaded = 0
	}
	g := s.g
	n := 0
	for c := range s.st.Clauses.Since(s.loaded) {
		if n%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err // the clauses given so far stay given
			}
		}
		n++
		for _, l := range c {
			g.Add(toZ(l))
		}
		g.Add(z.LitNull)
		s.loaded += len(c) + 1
	}
	for int(g.MaxVar()) < s.st.NumVars {
		g.Lit()
	}
	return g, nil
}

// lazyWatches is the variable count from which a gini instance starts
// small (varHint): at 2^20 variables the watch lists gini gives every
// literal of its starting capacity hold 176 MB.
const lazyWatches = 1 << 20

// varHint returns the variable capacity to create a gini instance with for
// n variables. gini gives every literal within the capacity it is created
// with a watch list with room for 8 watches (88 bytes a literal: 880 MB for
// 5 million variables, most of it never used), but the literals it grows to
// later an empty list, grown as watches come; it grows by doubling its
// "top" (capacity+1) while a variable is at or above it. Those lists are
// allocated one by one, away from each other, and propagation over them is
// slower (chipfire's SATWin n=30, 106k variables: 2.0x the CPU time), so
// only an instance of at least lazyWatches variables starts with a top b
// of at most 512 whose doublings b·2^k end just above n (within 1/256 of
// it); a smaller one starts at n.
func varHint(n int) int {
	const most = 512
	if n < lazyWatches {
		return n + 1
	}
	k := 0
	for (n+1)>>k > most {
		k++
	}
	b := (n + 1 + 1<<k - 1) >> k // ⌈(n+1)/2^k⌉: b·2^k ≥ n+1 > n, b·2^(k-1) < n+1
	return b - 1
}

// readModel copies gini's model and checks it before answering Sat.
func (s *Solver) readModel(g *gini.Gini, assumptions []sat.Lit) (sat.Status, error) {
	m := sat.NewAssignment(s.st.NumVars)
	for v := 1; v <= s.st.NumVars; v++ {
		m[v] = g.Value(z.Var(v).Pos())
	}
	if err := s.st.Clauses.Check(m, assumptions); err != nil {
		s.g = nil // do not trust this instance again
		return sat.Unknown, fmt.Errorf("gini: %w: %v", sat.ErrBadModel, err)
	}
	return s.st.Answer.Sat(m), nil
}

// complementary returns some l, ¬l both among lits, or nil.
func complementary(lits []sat.Lit) []sat.Lit {
	seen := make(map[sat.Lit]bool, len(lits))
	for _, l := range lits {
		if seen[l.Not()] {
			return []sat.Lit{l.Not(), l}
		}
		seen[l] = true
	}
	return nil
}

// subsetOr returns core when it is a subset of assumptions, and the
// assumptions themselves (always a valid answer) otherwise.
func subsetOr(core, assumptions []sat.Lit) []sat.Lit {
	for _, l := range core {
		if !slices.Contains(assumptions, l) {
			return slices.Clone(assumptions)
		}
	}
	return core
}

func toZ(l sat.Lit) z.Lit { return z.Dimacs2Lit(int(l)) }

func fromZ(ms []z.Lit) []sat.Lit {
	out := make([]sat.Lit, len(ms))
	for i, m := range ms {
		out[i] = sat.Lit(m.Dimacs())
	}
	return out
}
