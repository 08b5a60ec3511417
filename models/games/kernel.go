package games

import (
	"context"
	"errors"
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

// The P-positions of a finite acyclic game graph as its kernel.
//
// A kernel is a set of positions that is independent (no move inside it)
// and absorbing (every position outside has a move into it). In an acyclic
// digraph it exists and is unique, and it is the set of P-positions (von
// Neumann and Morgenstern 1944). With x_p meaning "p is a P-position":
//
//	¬x_p ∨ ¬x_q              for every move p → q      (independent)
//	x_p ∨ x_q1 ∨ … ∨ x_qk    for every position p     (absorbing)
//
// so |V| variables and |E| + |V| clauses; a terminal position gets the unit
// clause x_t. Unit propagation alone decides every variable, by induction
// on the height of a position: once its options are assigned, one true
// option falsifies x_p through a binary clause, and all false ones make
// the absorbing clause unit. The solver only replays backward induction,
// which is why these encodings are a cross-check of the native evaluators
// and never the fast path. With cycles a kernel may not exist or not be
// unique (Chvátal 1973), so the encoding is only for acyclic graphs.

// ErrInternal marks an answer that failed its own check: a bug, never a
// property of the input.
var ErrInternal = errors.New("games: internal error")

// Size is the size of an encoding.
type Size struct {
	Vars, Clauses, Literals int
}

// countingSink counts what an encoder writes through it.
type countingSink struct {
	sat.Sink
	size Size
}

func (c *countingSink) NewVar() sat.Var {
	c.size.Vars++
	return c.Sink.NewVar()
}

func (c *countingSink) AddClause(lits ...sat.Lit) {
	c.size.Clauses++
	c.size.Literals += len(lits)
	c.Sink.AddClause(lits...)
}

// EncodeKernel writes the kernel clauses of the acyclic game graph g into s
// and returns x, where x[p] is true exactly when position p is a
// P-position.
func EncodeKernel(s sat.Sink, g *GameGraph) []sat.Var {
	x := make([]sat.Var, len(g.Moves))
	for p := range x {
		x[p] = s.NewVar()
	}
	for p, succ := range g.Moves {
		absorb := []sat.Lit{x[p].Pos()}
		for _, q := range succ {
			s.AddClause(x[p].Neg(), x[q].Neg())
			absorb = append(absorb, x[q].Pos())
		}
		s.AddClause(absorb...)
	}
	return x
}

// SolvePPositions computes the P-positions of the acyclic game graph g
// through its kernel encoding with the solver s: encode (stopping when ctx
// ends, sat.EncodeContext), solve, decode, and check the answer against
// the rule (CheckPPositions). It also returns the size of the encoding. A formula without a model, or a model that
// fails the check, is an error wrapping ErrInternal.
func SolvePPositions(ctx context.Context, s sat.Solver, g *GameGraph) ([]bool, Size, error) {
	cs := &countingSink{Sink: s}
	var x []sat.Var
	if err := sat.EncodeContext(ctx, cs, func(s sat.Sink) error { x = EncodeKernel(s, g); return nil }); err != nil {
		return nil, cs.size, err
	}
	if err := solveSat(ctx, s, "kernel"); err != nil {
		return nil, cs.size, err
	}
	p := make([]bool, len(x))
	for i, v := range x {
		p[i] = s.Value(v.Pos())
	}
	if err := g.CheckPPositions(p); err != nil {
		return nil, cs.size, fmt.Errorf("%w: kernel model: %v", ErrInternal, err)
	}
	return p, cs.size, nil
}

// solveSat runs s and turns anything but Sat into an error; what names the
// encoding in it.
func solveSat(ctx context.Context, s sat.Solver, what string) error {
	st, err := s.Solve(ctx)
	switch {
	case err != nil:
		return err
	case st != sat.Sat:
		return fmt.Errorf("%w: the %s formula of an acyclic game has no model", ErrInternal, what)
	}
	return nil
}
