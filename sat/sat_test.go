package sat

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

func TestLitBasics(t *testing.T) {
	for _, v := range []Var{1, 2, 77, MaxVar} {
		p, n := v.Pos(), v.Neg()
		if p.Var() != v || n.Var() != v {
			t.Fatalf("Var of %v/%v != %v", p, n, v)
		}
		if !p.IsPos() || n.IsPos() {
			t.Fatalf("polarity wrong for %v", v)
		}
		if p.Not() != n || n.Not() != p {
			t.Fatalf("Not wrong for %v", v)
		}
		if v.Lit(true) != p || v.Lit(false) != n {
			t.Fatalf("Lit(bool) wrong for %v", v)
		}
	}
	if Lit(-12).String() != "-12" {
		t.Fatal(Lit(-12).String())
	}
	if s := (Clause{1, -2}).String(); s != "1 -2 0" {
		t.Fatal(s)
	}
}

func TestAssignment(t *testing.T) {
	a := NewAssignment(3)
	a = a.Set(2).Set(-3).Set(5)
	if a.NumVars() != 5 {
		t.Fatalf("NumVars = %d", a.NumVars())
	}
	want := map[Lit]bool{1: false, -1: true, 2: true, -2: false, 3: false, -3: true, 5: true, 9: false, -9: true}
	for l, w := range want {
		if a.Lit(l) != w {
			t.Errorf("Lit(%v) = %v, want %v", l, a.Lit(l), w)
		}
	}
	got := a.Lits(3)
	if len(got) != 3 || got[0] != -1 || got[1] != 2 || got[2] != -3 {
		t.Fatalf("Lits = %v", got)
	}
}

func TestFormulaPoolAndCheck(t *testing.T) {
	var f Formula
	f.AddClause(1, -4)
	if v := f.NewVar(); v != 5 {
		t.Fatalf("NewVar after var 4 = %v, want 5", v)
	}
	lits := []Lit{2, 5}
	f.AddClause(lits...)
	lits[0] = -2 // AddClause must have copied
	if f.Clauses[1][0] != 2 {
		t.Fatal("AddClause did not copy its argument")
	}
	f.AddPB(PB{Terms: []Term{{2, 1}, {3, 2}, {-1, 3}}, Op: AtLeast, K: 3})

	a := NewAssignment(5).Set(1).Set(2)
	if err := f.Check(a); err != nil {
		t.Fatalf("valid model rejected: %v", err)
	}
	bad := NewAssignment(5).Set(4) // clause 1 false
	var ce *CheckError
	if err := f.Check(bad); !errors.As(err, &ce) || ce.Kind != "clause" || ce.Index != 0 {
		t.Fatalf("want clause 1 violated, got %v", err)
	}
	pbBad := NewAssignment(5).Set(1).Set(5).Set(3) // 2 - 1 = 1 < 3
	if err := f.Check(pbBad); !errors.As(err, &ce) || ce.Kind != "pb" {
		t.Fatalf("want pb violated, got %v", err)
	}
	if err := f.CheckUnder(a, []Lit{1, 5}); !errors.As(err, &ce) || ce.Kind != "assumption" || ce.Index != 1 {
		t.Fatalf("want assumption 2 violated, got %v", err)
	}
	g := f.Copy()
	g.Clauses[0][0] = 3
	if f.Clauses[0][0] != 1 {
		t.Fatal("Copy shares clause storage")
	}
}

func TestEmptyClauseNeverSatisfied(t *testing.T) {
	var f Formula
	f.AddClause()
	if f.Check(NewAssignment(0)) == nil {
		t.Fatal("empty clause satisfied")
	}
}

func TestZeroLiteralPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("AddClause(0) did not panic")
		}
	}()
	var f Formula
	f.AddClause(1, 0)
}

func TestPBHoldsExhaustive(t *testing.T) {
	terms := []Term{{3, 1}, {-2, -2}, {5, 3}}
	for mask := 0; mask < 8; mask++ {
		a := NewAssignment(3)
		for v := 1; v <= 3; v++ {
			a[v] = mask>>(v-1)&1 == 1
		}
		sum := int64(0)
		if a[1] {
			sum += 3
		}
		if !a[2] {
			sum -= 2
		}
		if a[3] {
			sum += 5
		}
		for k := int64(-3); k <= 9; k++ {
			for _, op := range []Op{AtLeast, AtMost, Equal} {
				want := map[Op]bool{AtLeast: sum >= k, AtMost: sum <= k, Equal: sum == k}[op]
				if got := (PB{terms, op, k}).Holds(a); got != want {
					t.Fatalf("mask %b %v %d: got %v", mask, op, k, got)
				}
			}
		}
	}
}

func TestPBValidate(t *testing.T) {
	ok := PB{Terms: []Term{{MaxCoefSum / 2, 1}, {-(MaxCoefSum / 2) + 1, 2}}, Op: AtMost, K: 0}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	cases := map[string]PB{
		"overflow": {Terms: []Term{{MaxCoefSum, 1}, {1, 2}}, Op: AtMost},
		"min int":  {Terms: []Term{{-1 << 63, 1}}, Op: AtMost},
		"big K":    {Terms: []Term{{1, 1}}, Op: AtMost, K: MaxCoefSum + 1},
		"zero lit": {Terms: []Term{{1, 0}}, Op: AtMost},
		"bad op":   {Terms: []Term{{1, 1}}, Op: 7},
	}
	for name, c := range cases {
		if c.Validate() == nil {
			t.Errorf("%s: Validate accepted %v", name, c)
		}
	}
	if s := (PB{Terms: []Term{{3, 1}, {-2, -2}}, Op: AtLeast, K: 1}).String(); s != "+3 x1 -2 ~x2 >= 1 ;" {
		t.Fatal(s)
	}
}

func TestStatusValues(t *testing.T) {
	if Unknown != 0 || Sat != 10 || Unsat != 20 {
		t.Fatal("status codes must be the competition's exit codes")
	}
	if Sat.String() != "SAT" || Unsat.String() != "UNSAT" || Unknown.String() != "UNKNOWN" {
		t.Fatal("status strings")
	}
}

func TestAnswerRules(t *testing.T) {
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s did not panic", name)
			}
		}()
		f()
	}
	var a Answer
	mustPanic("Value before any Solve", func() { a.Value(1) })
	mustPanic("Failed before any Solve", func() { a.Failed() })
	if a.Sat(NewAssignment(2).Set(2)) != Sat || !a.Value(2) || a.Value(1) || len(a.Model()) != 3 {
		t.Fatal("Sat answer not kept")
	}
	m := a.Model()
	m[2] = false
	if !a.Value(2) {
		t.Fatal("Model did not return a copy")
	}
	mustPanic("Failed after Sat", func() { a.Failed() })
	a.Clear()
	mustPanic("Value after Clear", func() { a.Value(1) })
	if a.Unsat([]Lit{-3}) != Unsat || len(a.Failed()) != 1 || a.Failed()[0] != -3 {
		t.Fatal("Unsat answer not kept")
	}
	mustPanic("Model after Unsat", func() { a.Model() })
	a.Reset()
	mustPanic("Failed after Reset", func() { a.Failed() })
}

func TestClauseList(t *testing.T) {
	var l ClauseList
	want := []Clause{{1, -2}, {}, {3}, {-1, 2, 3}}
	for _, c := range want {
		l.Add(c)
	}
	if l.Len() != len(want) {
		t.Fatalf("Len %d", l.Len())
	}
	n := 0
	for i, c := range l.All() {
		if i != n || c.String() != want[i].String() || cap(c) != len(c) {
			t.Fatalf("clause %d is %v (cap %d), want %v", i, c, cap(c), want[i])
		}
		n++
	}
	mark := l.End()
	l.Add(Clause{-3})
	l.Add(Clause{2})
	var since []string
	for c := range l.Since(mark) {
		since = append(since, c.String())
	}
	if strings.Join(since, ",") != "-3 0,2 0" || l.Len() != 6 {
		t.Fatalf("Since gave %v, Len %d", since, l.Len())
	}
	a := NewAssignment(3).Set(1).Set(3)
	if err := l.Check(a, nil); err == nil || !strings.Contains(err.Error(), "clause 2 violated: 0") { // the empty clause
		t.Fatalf("Check: %v, want the empty clause 2", err)
	}
	var m ClauseList
	m.Add(Clause{1, -2})
	if err := m.Check(a, []Lit{-3}); err == nil {
		t.Fatal("assumption -3 false under a, but Check passed")
	}
	if err := m.Check(a, []Lit{3}); err != nil {
		t.Fatal(err)
	}
}

// TestClauseListCheck compares ClauseList.Check with Formula.CheckUnder,
// clause by clause, on random lists (empty clauses, variables beyond the
// assignment) and assignments: the same verdict, the same clause named.
func TestClauseListCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 3000 {
		n := 1 + rng.IntN(6)
		var l ClauseList
		f := &Formula{}
		for range rng.IntN(8) {
			var c Clause
			for range rng.IntN(4) {
				c = append(c, Var(1+rng.IntN(n+1)).Lit(rng.IntN(2) == 0))
			}
			l.Add(c)
			f.Clauses = append(f.Clauses, c)
		}
		a := NewAssignment(rng.IntN(n + 1))
		for v := 1; v < len(a); v++ {
			a[v] = rng.IntN(2) == 0
		}
		got, want := l.Check(a, nil), f.CheckUnder(a, nil)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("clauses %v under %v: Check %v, CheckUnder %v", f.Clauses, a, got, want)
		}
	}
}

// TestClauseListOf checks that a list taken over from its literals is the
// list Add builds from the same clauses (count, largest variable, clauses),
// that it shares the literals, and that an unterminated clause panics.
func TestClauseListOf(t *testing.T) {
	clauses := []Clause{{1, -2}, {}, {3}, {-7, 2, 3}, {}}
	var want ClauseList
	for _, c := range clauses {
		want.Add(c)
	}
	lits := append([]Lit(nil), want.Lits()...)
	got := ClauseListOf(lits)
	if got.Len() != want.Len() || got.MaxVar() != want.MaxVar() || !reflect.DeepEqual(got.Lits(), want.Lits()) {
		t.Fatalf("ClauseListOf: %d clauses, max var %d, %v; want %d, %d, %v", got.Len(), got.MaxVar(), got.Lits(), want.Len(), want.MaxVar(), want.Lits())
	}
	if &got.Lits()[0] != &lits[0] {
		t.Error("ClauseListOf copied the literals")
	}
	if e := ClauseListOf(nil); e.Len() != 0 || e.MaxVar() != 0 {
		t.Errorf("empty: %d clauses, max var %d", e.Len(), e.MaxVar())
	}
	defer func() {
		if recover() == nil {
			t.Error("an unterminated clause did not panic")
		}
	}()
	ClauseListOf([]Lit{1, 0, 2})
}

// TestClauseListAddList checks AddList: an empty list shares the other's
// literals, yet an Add to either list afterwards leaves the other as it
// was; a list with clauses appends a copy; MaxVar follows every clause.
func TestClauseListAddList(t *testing.T) {
	text := func(l *ClauseList) string {
		var s []string
		for _, c := range l.All() {
			s = append(s, c.String())
		}
		return strings.Join(s, ",")
	}
	m := NewClauseList(8, 16) // spare capacity, which the sharer must not use
	m.Add(Clause{1, -2})
	m.Add(Clause{-5})
	var a, b ClauseList
	a.AddList(m)
	b.AddList(m)
	if text(&a) != "1 -2 0,-5 0" || a.Len() != 2 || a.MaxVar() != 5 || a.End() != m.End() {
		t.Fatalf("shared list %q, Len %d, MaxVar %d", text(&a), a.Len(), a.MaxVar())
	}
	if &a.lits[0] != &m.lits[0] {
		t.Fatal("AddList to an empty list copied the literals instead of sharing them")
	}
	a.Add(Clause{7})
	b.Add(Clause{-3, 4})
	m.Add(Clause{2})
	if text(&a) != "1 -2 0,-5 0,7 0" || a.MaxVar() != 7 {
		t.Errorf("a = %q, MaxVar %d", text(&a), a.MaxVar())
	}
	if text(&b) != "1 -2 0,-5 0,-3 4 0" || b.MaxVar() != 5 {
		t.Errorf("b = %q, MaxVar %d", text(&b), b.MaxVar())
	}
	if text(m) != "1 -2 0,-5 0,2 0" || m.Len() != 3 {
		t.Errorf("m = %q", text(m))
	}
	// A list with clauses appends a copy: changing the source later (an
	// Add into its spare capacity) does not show.
	b.AddList(m)
	m.Add(Clause{9})
	if text(&b) != "1 -2 0,-5 0,-3 4 0,1 -2 0,-5 0,2 0" || b.Len() != 6 || b.MaxVar() != 5 {
		t.Errorf("b after AddList = %q, Len %d, MaxVar %d", text(&b), b.Len(), b.MaxVar())
	}
}

// sink counts the clauses given to it one by one.
type sink struct{ clauses []Clause }

func (s *sink) NewVar() Var { return 0 }
func (s *sink) AddClause(lits ...Lit) {
	s.clauses = append(s.clauses, append(Clause(nil), lits...))
}

// listSink also has the ListAdder facet.
type listSink struct {
	sink
	lists int
}

func (s *listSink) AddList(ctx context.Context, l *ClauseList) error {
	s.lists++
	return nil
}

// TestAddList checks the function AddList: the facet when the sink has
// it, clause by clause otherwise, and ctx.Err() from a cancelled context
// before the clauses are given one by one.
func TestAddList(t *testing.T) {
	var l ClauseList
	for i := 1; i <= 10000; i++ {
		l.Add(Clause{Lit(i), Lit(-i - 1)})
	}
	var s sink
	if err := AddList(context.Background(), &s, &l); err != nil || len(s.clauses) != 10000 || s.clauses[9999].String() != "10000 -10001 0" {
		t.Fatalf("clause by clause: %v, %d clauses", err, len(s.clauses))
	}
	var ls listSink
	if err := AddList(context.Background(), &ls, &l); err != nil || ls.lists != 1 || len(ls.clauses) != 0 {
		t.Fatalf("facet: %v, %d lists, %d single clauses", err, ls.lists, len(ls.clauses))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var c sink
	if err := AddList(ctx, &c, &l); !errors.Is(err, context.Canceled) || len(c.clauses) != 0 {
		t.Fatalf("cancelled: %v, %d clauses given", err, len(c.clauses))
	}
}
