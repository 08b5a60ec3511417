package sat

import "context"

// ClauseStore is what an adapter that keeps its own copy of the clauses
// holds besides its engine (gini's, walk's): the clauses, stored flat, the
// truth that models are checked against and that rebuilds replay; the
// largest variable seen in clauses, assumptions and NewVar; and the Answer
// of the last Solve. Its NewVar, AddClause and AddList are the adapter's:
// each clears the answer, as the Solver contract says, and keeps NumVars
// above every variable added. The adapter raises NumVars for the
// variables of its assumptions and fills Answer from Solve. The zero value
// is empty.
type ClauseStore struct {
	Clauses ClauseList
	NumVars int
	Answer
}

// NewVar returns a fresh variable, above every variable the store has
// seen in clauses and assumptions.
func (s *ClauseStore) NewVar() Var {
	s.Clear()
	s.NumVars++
	return Var(s.NumVars)
}

// AddList adds the clauses of l, sharing its literals when the store has
// no clause yet (ClauseList.AddList): the ListAdder facet, which spares a
// large formula's copy per engine.
func (s *ClauseStore) AddList(ctx context.Context, l *ClauseList) error {
	s.Clear()
	s.Clauses.AddList(l)
	s.NumVars = max(s.NumVars, int(l.MaxVar()))
	return nil
}

// AddClause adds a copy of the clause lits. It panics on a zero literal.
func (s *ClauseStore) AddClause(lits ...Lit) {
	s.Clear()
	s.Clauses.Add(lits)
	s.NumVars = max(s.NumVars, int(s.Clauses.MaxVar()))
}
