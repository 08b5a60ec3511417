package sat

import "fmt"

// Answer keeps the outcome of a solver's last Solve for backend adapters
// and enforces the contract's rules on reading it: Value and Model are
// legal only after a Solve that returned Sat, Failed only after one that
// returned Unsat, and neither once a clause or variable has been added
// since. An adapter embeds an Answer, calls Clear from NewVar and
// AddClause, Reset at the start of each Solve, and Sat or Unsat when it
// has a definite answer. The zero value holds no answer.
type Answer struct {
	status Status
	model  Assignment
	failed []Lit
}

// Clear forgets the last answer (NewVar and AddClause call it).
func (a *Answer) Clear() { *a = Answer{} }

// Reset forgets the last answer at the start of a Solve; until Sat or
// Unsat is called the answer is Unknown.
func (a *Answer) Reset() { a.Clear() }

// Sat records a satisfying model, which the adapter has checked, and
// returns Sat.
func (a *Answer) Sat(m Assignment) Status {
	*a = Answer{status: Sat, model: m}
	return Sat
}

// Unsat records an unsatisfiable answer with its failed assumptions and
// returns Unsat.
func (a *Answer) Unsat(failed []Lit) Status {
	*a = Answer{status: Unsat, failed: failed}
	return Unsat
}

// Value returns the value of l in the model of the last Solve, which must
// have returned Sat. Variables beyond the model read false.
func (a *Answer) Value(l Lit) bool {
	a.must(Sat, "Value")
	return a.model.Lit(l)
}

// Model returns a copy of the model of the last Solve, which must have
// returned Sat.
func (a *Answer) Model() Assignment {
	a.must(Sat, "Model")
	return append(Assignment(nil), a.model...)
}

// Failed returns a copy of the failed assumptions of the last Solve, which
// must have returned Unsat.
func (a *Answer) Failed() []Lit {
	a.must(Unsat, "Failed")
	return append([]Lit(nil), a.failed...)
}

func (a *Answer) must(want Status, call string) {
	if a.status != want {
		panic(fmt.Sprintf("sat: %s called, but the last call was not a Solve that returned %v", call, want))
	}
}
