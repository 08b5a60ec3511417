package nonogram

import (
	"context"
	"fmt"
)

// Presolve selects the native deduction SolveSAT runs before encoding.
type Presolve uint8

// The pre-passes. Each is sound: it fixes only cells that have the same
// colour in every solution.
const (
	PresolveLine  Presolve = iota // line solving to a fixpoint (the default)
	PresolveNone                  // nothing: encode the bare clues
	PresolveProbe                 // line solving, then probing to a fixpoint
)

var presolveNames = [...]string{"line", "none", "probe"}

// String returns the pre-pass's flag name: "line", "none" or "probe".
func (p Presolve) String() string {
	if int(p) < len(presolveNames) {
		return presolveNames[p]
	}
	return fmt.Sprintf("Presolve(%d)", p)
}

// Presolves returns every pre-pass, in declaration order.
func Presolves() []Presolve { return []Presolve{PresolveLine, PresolveNone, PresolveProbe} }

// ParsePresolve returns the pre-pass whose String is name.
func ParsePresolve(name string) (Presolve, error) {
	for _, p := range Presolves() {
		if p.String() == name {
			return p, nil
		}
	}
	return 0, fmt.Errorf("unknown nonogram pre-pass %q (want line, none or probe)", name)
}

// LineSolve propagates the exact line solver over rows and columns to a
// fixpoint, starting from the given cells. It returns the cells it
// decided (Unknown elsewhere), or nil when the clues contradict each
// other. When the returned grid is complete, it is the puzzle's only
// solution.
func LineSolve(p *Puzzle) *Grid {
	b := newBBoard(p)
	if !b.propagate() {
		return nil
	}
	return b.grid()
}

// Prepass runs the pre-pass pr alone and returns the cells it decided
// (Unknown elsewhere), or nil when it finds the clues contradictory: the
// known grid SolveSAT would encode, for writing instances.
func Prepass(ctx context.Context, p *Puzzle, pr Presolve) (*Grid, error) {
	return presolve(ctx, p, pr, &Result{})
}

// presolve runs the pre-pass pr and fills the presolve statistics of res.
// It returns the known cells, or nil on a contradiction.
func presolve(ctx context.Context, p *Puzzle, pr Presolve, res *Result) (*Grid, error) {
	b := newBBoard(p)
	defer func() { res.Stats.LineSolves += b.lineSolves }()
	if pr == PresolveNone {
		g := b.grid()
		res.Stats.Known = g.Known()
		return g, nil
	}
	if !b.propagate() {
		return nil, nil
	}
	if b.complete() {
		res.LineSolved = true
	}
	if pr == PresolveProbe && !b.complete() {
		// Fully probing, ignoring any solution a probe completes.
		s := newSearch(ctx, b, 1, true, nil)
		s.discard = true
		s.pr.commit(0)
		ok := s.fullyProbe()
		s.pr.release()
		res.Stats.Probes += s.pr.probes
		if s.err != nil {
			return nil, s.err
		}
		if !ok {
			return nil, nil
		}
	}
	g := b.grid()
	res.Stats.Known = g.Known()
	return g, nil
}
