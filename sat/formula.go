package sat

import (
	"fmt"
)

// Formula is a constraint set held in memory: clauses, optional native
// pseudo-Boolean constraints, and an optional linear objective to minimise.
// Its zero value is the empty formula over no variables. *Formula is a Sink
// and a PBAdder, so encoders can write into it.
type Formula struct {
	// NumVars is the number of variables: every literal's variable is in
	// 1..NumVars. It may exceed the largest variable used.
	NumVars int
	// Clauses are the clauses, in input order.
	Clauses []Clause
	// PBs are native pseudo-Boolean constraints (OPB input). Plain CNF
	// leaves this empty.
	PBs []PB
	// Objective, when non-nil, is the linear sum to minimise.
	Objective []Term
}

// NewVar returns a fresh variable, above every variable seen so far.
func (f *Formula) NewVar() Var {
	f.NumVars++
	return Var(f.NumVars)
}

// AddClause appends a copy of the clause lits. It panics on a zero literal.
func (f *Formula) AddClause(lits ...Lit) {
	c := make(Clause, len(lits))
	copy(c, lits)
	f.noteLits(c)
	f.Clauses = append(f.Clauses, c)
}

// AddPB appends a copy of the pseudo-Boolean constraint c. It panics on a
// zero literal.
func (f *Formula) AddPB(c PB) {
	c.Terms = append([]Term(nil), c.Terms...)
	for _, t := range c.Terms {
		f.noteLit(t.Lit)
	}
	f.PBs = append(f.PBs, c)
}

// SetObjective sets a copy of terms as the sum to minimise.
func (f *Formula) SetObjective(terms []Term) {
	f.Objective = append([]Term{}, terms...)
	for _, t := range terms {
		f.noteLit(t.Lit)
	}
}

func (f *Formula) noteLits(c []Lit) {
	for _, l := range c {
		f.noteLit(l)
	}
}

func (f *Formula) noteLit(l Lit) {
	if l == 0 {
		panic("sat: zero literal")
	}
	if v := int(l.Var()); v > f.NumVars {
		f.NumVars = v
	}
}

// Cost returns the objective's value under a (0 without an objective).
func (f *Formula) Cost(a Assignment) int64 { return Sum(f.Objective, a) }

// CheckError reports the first constraint an assignment violates.
type CheckError struct {
	// Kind is "clause", "pb" or "assumption".
	Kind string
	// Index is the position of the violated constraint among its kind.
	Index int
	// What is the violated constraint in DIMACS or OPB text.
	What string
}

func (e *CheckError) Error() string {
	return fmt.Sprintf("%s %d violated: %s", e.Kind, e.Index+1, e.What)
}

// Check verifies that a satisfies every clause and pseudo-Boolean
// constraint of f. It returns nil or a *CheckError naming the first
// violation.
func (f *Formula) Check(a Assignment) error {
	for i, c := range f.Clauses {
		if !c.Satisfied(a) {
			return &CheckError{Kind: "clause", Index: i, What: c.String()}
		}
	}
	for i, c := range f.PBs {
		if !c.Holds(a) {
			return &CheckError{Kind: "pb", Index: i, What: c.String()}
		}
	}
	return nil
}

// CheckUnder is Check plus a check that every assumption is true under a.
func (f *Formula) CheckUnder(a Assignment, assumptions []Lit) error {
	for i, l := range assumptions {
		if !a.Lit(l) {
			return &CheckError{Kind: "assumption", Index: i, What: l.String()}
		}
	}
	return f.Check(a)
}

// Copy returns a deep copy of f.
func (f *Formula) Copy() *Formula {
	g := &Formula{NumVars: f.NumVars}
	g.Clauses = make([]Clause, len(f.Clauses))
	for i, c := range f.Clauses {
		g.Clauses[i] = append(Clause(nil), c...)
	}
	for _, c := range f.PBs {
		g.AddPB(c)
	}
	if f.Objective != nil {
		g.SetObjective(f.Objective)
	}
	return g
}
