package gophersat

import (
	"errors"

	"github.com/crillab/gophersat/solver"

	"github.com/satsolve/satsolve/sat"
)

// childEnv marks a process started as a gophersat child.
const childEnv = "SATSOLVE_GOPHERSAT_CHILD"

// handshake is the first line a child writes on its standard output,
// before reading its request. A parent that reads anything else knows the
// program lacks the ServeIfChild hook.
const handshake = "satsolve gophersat child v2\n"

// ErrNoHook is wrapped by the error a Child-mode solve returns when the
// re-executed program did not answer like a gophersat child: it does not
// call ServeIfChild first thing in main (or in TestMain).
var ErrNoHook = errors.New("gophersat: the child process did not answer the handshake; call gophersat.ServeIfChild() first thing in main (and in TestMain)")

// ErrNested is returned by a Child-mode solve inside a child process: a
// child never starts children. Seeing it means the program runs its normal
// main as a child, that is, ServeIfChild is missing or comes too late.
var ErrNested = errors.New("gophersat: refusing to start a child from a child process; call gophersat.ServeIfChild() first thing in main")

// request is one job for gophersat: decide the constraints under the
// assumptions, or minimise the objective over them.
type request struct {
	NumVars     int
	Clauses     []sat.Clause
	PBs         []sat.PB
	Assumptions []sat.Lit
	Minimize    bool
	Objective   []sat.Term
}

// reply is one message back. A job sends, for Minimize, one non-final Sat
// reply per improving model, then always exactly one final reply.
type reply struct {
	Final  bool
	Status sat.Status // Sat, Unsat, or Unknown with Err set
	// Model is gophersat's model: index i is the value of variable i+1.
	// Set on Sat replies, except the final reply of a minimisation, whose
	// optimal model is the last improvement.
	Model []bool
	Err   string
	// Stats are the counters of the search, on the final reply.
	Stats solver.Stats
}
