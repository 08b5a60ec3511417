package proof

import (
	"context"
	"errors"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/sattest"
)

// prover is the Certifier's prover of the tests: sat/cdcl with the
// tracer, through mangle when set (to corrupt the proof).
func prover(mangle func(Tracer) Tracer) func(Tracer) sat.Solver {
	return func(t Tracer) sat.Solver {
		s := cdcl.New()
		if mangle != nil {
			t = mangle(t)
		}
		s.SetTracer(t)
		return s
	}
}

// dropHint passes a proof on with the first hint of the k-th lemma
// dropped (a corrupted proof).
type dropHint struct {
	Tracer
	k, n int
}

func (d *dropHint) Derived(id uint64, lits []sat.Lit, hints []uint64) {
	d.n++
	if d.n == d.k && len(hints) > 1 {
		hints = hints[1:]
	}
	d.Tracer.Derived(id, lits, hints)
}

// changeOriginal reports the first original clause with a literal less.
type changeOriginal struct{ Tracer }

func (c changeOriginal) Original(id uint64, lits []sat.Lit) {
	if id == 1 && len(lits) > 1 {
		lits = lits[1:]
	}
	c.Tracer.Original(id, lits)
}

// liar answers Unsat whatever the clauses.
type liar struct{ sat.Solver }

func (liar) Solve(context.Context, ...sat.Lit) (sat.Status, error) { return sat.Unsat, nil }

func TestVerifier(t *testing.T) {
	f := readCNF(t, "../../testdata/cnf/hole/hole6.cnf")
	run := func(mangle func(Tracer) Tracer) (*Verifier, sat.Status) {
		v := NewVerifier(f)
		s := prover(mangle)(v)
		for _, c := range f.Clauses {
			s.AddClause(c...)
		}
		st, err := s.Solve(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return v, st
	}
	v, st := run(nil)
	if st != sat.Unsat || v.Err() != nil || v.Checked() == 0 {
		t.Fatalf("%v, %v, %d checked", st, v.Err(), v.Checked())
	}
	var se *StepError
	if v, _ := run(func(t Tracer) Tracer { return &dropHint{Tracer: t, k: 40} }); !errors.As(v.Err(), &se) {
		t.Errorf("dropped hint: %v", v.Err())
	}
	if v, _ := run(func(t Tracer) Tracer { return changeOriginal{t} }); !errors.As(v.Err(), &se) {
		t.Errorf("changed original: %v", v.Err())
	}
	// A satisfiable formula: no refutation.
	g := sattest.RandomKSAT(1, 20, 40, 3)
	w := NewVerifier(g)
	s := prover(nil)(w)
	for _, c := range g.Clauses {
		s.AddClause(c...)
	}
	if st, _ := s.Solve(context.Background()); st != sat.Sat || !errors.Is(w.Err(), ErrNoRefutation) {
		t.Errorf("satisfiable: %v, %v", st, w.Err())
	}
}

func TestCertifier(t *testing.T) {
	ctx := context.Background()
	c := &Certifier{NewProver: prover(nil)}
	// Pigeonhole under gini, UNSAT alone and under assumptions.
	f := sattest.Pigeonhole(6, 5)
	s := c.Solver(gini.New())
	for _, cl := range f.Clauses {
		s.AddClause(cl...)
	}
	if st, err := s.Solve(ctx); st != sat.Unsat || err != nil || c.Certified() != 1 {
		t.Fatalf("pigeonhole: %v, %v, %d certified", st, err, c.Certified())
	}
	g := sattest.RandomKSAT(3, 30, 60, 3)
	s = c.Factory(func() sat.Solver { return gini.New() })()
	for _, cl := range g.Clauses {
		s.AddClause(cl...)
	}
	st, err := s.Solve(ctx)
	if st != sat.Sat || err != nil || g.Check(s.Model()) != nil {
		t.Fatalf("satisfiable: %v, %v", st, err)
	}
	// Assume the negation of the model's literals one by one until UNSAT.
	m := s.Model()
	var assumed []sat.Lit
	for v := sat.Var(1); v <= 30; v++ {
		assumed = append(assumed, v.Lit(!m.Lit(v.Pos())))
		if st, err = s.Solve(ctx, assumed...); st != sat.Sat {
			break
		}
	}
	if st != sat.Unsat || err != nil || c.Certified() != 2 {
		t.Errorf("under assumptions: %v, %v, %d certified", st, err, c.Certified())
	}
	// A wrong UNSAT answer is caught.
	s = c.Solver(liar{gini.New()})
	for _, cl := range g.Clauses {
		s.AddClause(cl...)
	}
	if st, err := s.Solve(ctx); st != sat.Unknown || !errors.Is(err, ErrNotCertified) {
		t.Errorf("liar: %v, %v", st, err)
	}
	// So is a proof that does not check.
	bad := &Certifier{NewProver: prover(func(t Tracer) Tracer { return &dropHint{Tracer: t, k: 30} })}
	s = bad.Solver(gini.New())
	for _, cl := range f.Clauses {
		s.AddClause(cl...)
	}
	if st, err := s.Solve(ctx); st != sat.Unknown || !errors.Is(err, ErrNotCertified) || bad.Certified() != 0 {
		t.Errorf("bad proof: %v, %v", st, err)
	}
	// Interrupted.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	s = c.Solver(liar{gini.New()})
	s.AddClause(1)
	if st, err := s.Solve(cctx); st != sat.Unknown || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, %v", st, err)
	}
}
