package preprocess

import (
	"time"

	"github.com/satsolve/satsolve/sat"
)

// Result is the outcome of Simplify.
type Result struct {
	// Formula is the simplified formula, over the same variable
	// numbering and NumVars as the input: removed variables simply no
	// longer occur. When Status is Unsat it holds the empty clause.
	// Pseudo-Boolean constraints and the objective are copied unchanged.
	Formula *sat.Formula
	// Status is Unsat when preprocessing derived the empty clause, Sat
	// when no clause other than units on frozen variables remains (and
	// there are no pseudo-Boolean constraints), and Unknown otherwise.
	Status sat.Status
	// Stats describes the work done.
	Stats Stats

	numVars int
	rec     reconstruction
}

// Extend turns a model of r.Formula into a model of the original formula:
// it returns a copy of model, grown to cover every variable, in which
// fixed, eliminated and substituted variables get values that satisfy the
// original clauses. Frozen variables keep their values. When Status is
// Sat, Extend(nil) is a model. The result is meaningless when model does
// not satisfy r.Formula.
func (r *Result) Extend(model sat.Assignment) sat.Assignment {
	m := make(sat.Assignment, max(len(model), r.numVars+1))
	copy(m, model)
	r.rec.extend(m)
	return m
}

// Stats counts what Simplify did. Variables are counted when they occur in
// some clause.
type Stats struct {
	// VarsBefore and VarsAfter count the variables occurring in the
	// input and in the simplified formula.
	VarsBefore, VarsAfter int
	// ClausesBefore and ClausesAfter count the clauses.
	ClausesBefore, ClausesAfter int
	// LitsBefore and LitsAfter count the literal occurrences.
	LitsBefore, LitsAfter int

	// Tautologies is the number of input clauses dropped as tautologies.
	Tautologies int
	// Fixed is the number of variables fixed by unit propagation.
	Fixed int
	// Eliminated is the number of variables removed by elimination.
	Eliminated int
	// Substituted is the number of variables replaced by an equivalent
	// literal.
	Substituted int
	// Subsumed is the number of clauses removed by subsumption.
	Subsumed int
	// Strengthened is the number of literals removed by self-subsuming
	// resolution.
	Strengthened int
	// Resolvents is the number of resolvents added by elimination.
	Resolvents int
	// Gates is the number of gate definitions found for elimination
	// (including attempts that then failed the bound).
	Gates int

	// Steps is the work done, in the unit of Options.Budget.
	Steps int64
	// Stopped says why Simplify stopped before running to completion.
	Stopped StopReason
	// Duration is the wall-clock time spent.
	Duration time.Duration
}

// StopReason says why simplification ended early.
type StopReason int8

// The reasons.
const (
	// Completed: every technique ran to its fixpoint.
	Completed StopReason = iota
	// BudgetExhausted: Options.Budget ran out.
	BudgetExhausted
	// Cancelled: the context was done.
	Cancelled
)

// String returns "completed", "budget" or "cancelled".
func (r StopReason) String() string {
	switch r {
	case Completed:
		return "completed"
	case BudgetExhausted:
		return "budget"
	case Cancelled:
		return "cancelled"
	}
	return "StopReason(?)"
}
