package sat

import (
	"context"
	"testing"
)

// TestClauseStore checks the store's contract: NewVar stays above every
// variable of the clauses added, each addition forgets the last answer,
// and AddList takes the clauses and their largest variable.
func TestClauseStore(t *testing.T) {
	var s ClauseStore
	if v := s.NewVar(); v != 1 {
		t.Fatalf("first NewVar %v, want 1", v)
	}
	s.AddClause(1, -5)
	if s.NumVars != 5 || s.Clauses.Len() != 1 {
		t.Fatalf("after AddClause(1, -5): NumVars %d, %d clauses", s.NumVars, s.Clauses.Len())
	}
	if v := s.NewVar(); v != 6 {
		t.Fatalf("NewVar after variable 5: %v, want 6", v)
	}
	s.Sat(Assignment{false, true})
	if !s.Value(1) {
		t.Fatal("Value(1) after Sat: false")
	}
	var l ClauseList
	l.Add([]Lit{9, 2})
	l.Add([]Lit{-3})
	if err := s.AddList(context.Background(), &l); err != nil {
		t.Fatal(err)
	}
	if s.NumVars != 9 || s.Clauses.Len() != 3 {
		t.Fatalf("after AddList: NumVars %d, %d clauses", s.NumVars, s.Clauses.Len())
	}
	for name, add := range map[string]func(){
		"NewVar":    func() { s.NewVar() },
		"AddClause": func() { s.AddClause(2) },
		"AddList":   func() { _ = s.AddList(context.Background(), &l) },
	} {
		s.Sat(Assignment{false, true})
		add()
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Value after %s: no panic, the answer was kept", name)
				}
			}()
			s.Value(1)
		}()
	}
}
