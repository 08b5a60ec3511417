package sat

import (
	"errors"
	"strconv"
)

// Status is the answer of a solve, numbered as the SAT competition's exit
// codes.
type Status int

// The three answers.
const (
	Unknown Status = 0
	Sat     Status = 10
	Unsat   Status = 20
)

// String returns "SAT", "UNSAT" or "UNKNOWN".
func (s Status) String() string {
	switch s {
	case Unknown:
		return "UNKNOWN"
	case Sat:
		return "SAT"
	case Unsat:
		return "UNSAT"
	}
	return "Status(" + strconv.Itoa(int(s)) + ")"
}

// ErrUnknown is returned with Unknown when an engine gave up by itself
// (an external solver printing "s UNKNOWN", a resource limit).
var ErrUnknown = errors.New("solver gave no definite answer")

// ErrBadModel is wrapped by the error a solver returns when its backend
// produced a model that violates the clauses or assumptions. It is an
// internal error: the model is discarded and the status is Unknown.
var ErrBadModel = errors.New("internal error: backend returned a model that fails the check")
