package check

import (
	"context"
	"math/rand"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

func randomClause(r *rand.Rand, n, width int) []sat.Lit {
	c := make([]sat.Lit, 1+r.Intn(width))
	for i := range c {
		c[i] = sat.Var(1 + r.Intn(n)).Lit(r.Intn(2) == 0)
	}
	return c
}

// bruteSat reports whether f plus the assumptions has a model over n vars.
func bruteSat(f *sat.Formula, n int, assume []sat.Lit) bool {
	for m := uint64(0); m < 1<<n; m++ {
		a := sat.NewAssignment(n)
		for v := 1; v <= n; v++ {
			a[v] = m>>(v-1)&1 == 1
		}
		if f.CheckUnder(a, assume) == nil {
			return true
		}
	}
	return false
}

func TestSolverAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	ctx := context.Background()
	for round := 0; round < 300; round++ {
		n := 1 + r.Intn(10)
		s := New()
		var f sat.Formula
		for i := 0; i < 3*n; i++ {
			c := randomClause(r, n, 3)
			s.AddClause(c...)
			f.AddClause(c...)
			if i%4 != 3 {
				continue
			}
			// A few incremental queries between additions.
			for q := 0; q < 3; q++ {
				assume := randomClause(r, n, 3)
				st, err := s.Solve(ctx, assume...)
				if err != nil {
					t.Fatal(err)
				}
				want := bruteSat(&f, n, assume)
				if (st == sat.Sat) != want {
					t.Fatalf("round %d: %v under %v: got %v, brute force sat=%v", round, f.Clauses, assume, st, want)
				}
				if st == sat.Sat {
					if err := f.CheckUnder(s.Model(), assume); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}

func TestPBSolverAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for round := 0; round < 200; round++ {
		n := 2 + r.Intn(6)
		s := NewPB()
		var f sat.Formula
		for i := 0; i < 1+r.Intn(3); i++ {
			var c sat.PB
			for _, l := range randomClause(r, n, 5) {
				c.Terms = append(c.Terms, sat.Term{Coef: int64(r.Intn(9) - 4), Lit: l})
			}
			c.Op = sat.Op(r.Intn(3))
			c.K = int64(r.Intn(9) - 3)
			s.AddPB(c)
			f.AddPB(c)
		}
		c := randomClause(r, n, 3)
		s.AddClause(c...)
		f.AddClause(c...)
		st, err := s.Solve(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if want := bruteSat(&f, n, nil); (st == sat.Sat) != want {
			t.Fatalf("round %d: %v: got %v want sat=%v", round, f.PBs, st, want)
		}
		if st == sat.Sat {
			if err := f.Check(s.Model()); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestMinSolverAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for round := 0; round < 100; round++ {
		n := 2 + r.Intn(6)
		s := NewMin()
		var f sat.Formula
		for i := 0; i < n; i++ {
			c := randomClause(r, n, 3)
			s.AddClause(c...)
			f.AddClause(c...)
		}
		var obj []sat.Term
		for v := 1; v <= n; v++ {
			obj = append(obj, sat.Term{Coef: int64(r.Intn(11) - 3), Lit: sat.Var(v).Lit(r.Intn(2) == 0)})
		}
		opt, err := s.Minimize(context.Background(), obj)
		if err != nil {
			t.Fatal(err)
		}
		best, found := int64(0), false
		for m := uint64(0); m < 1<<n; m++ {
			a := sat.NewAssignment(n)
			for v := 1; v <= n; v++ {
				a[v] = m>>(v-1)&1 == 1
			}
			if f.Check(a) == nil {
				if c := sat.Sum(obj, a); !found || c < best {
					best, found = c, true
				}
			}
		}
		if !found {
			if opt.Status != sat.Unsat {
				t.Fatalf("round %d: got %v, want UNSAT", round, opt.Status)
			}
			continue
		}
		if opt.Status != sat.Sat || !opt.Optimal || opt.Cost != best || sat.Sum(obj, opt.Model) != best {
			t.Fatalf("round %d: got %+v, want cost %d", round, opt, best)
		}
	}
}

// naivePropagate is the textbook fixpoint, for cross-checking Propagate.
func naivePropagate(f *sat.Formula, assume []sat.Lit) ([]int8, bool) {
	val := make([]int8, f.NumVars+1)
	set := func(l sat.Lit) bool {
		want := int8(1)
		if l < 0 {
			want = -1
		}
		if val[l.Var()] == -want {
			return false
		}
		val[l.Var()] = want
		return true
	}
	for _, l := range assume {
		if !set(l) {
			return nil, false
		}
	}
	for changed := true; changed; {
		changed = false
		for _, c := range f.Clauses {
			var unit sat.Lit
			open, satisfied := 0, false
			c = dedup(c)
			for _, l := range c {
				v := val[l.Var()]
				if l < 0 {
					v = -v
				}
				switch v {
				case 1:
					satisfied = true
				case 0:
					open++
					unit = l
				}
			}
			if satisfied {
				continue
			}
			if open == 0 {
				return nil, false
			}
			if open == 1 {
				set(unit)
				changed = true
			}
		}
	}
	return val, true
}

func TestPropagateMatchesFixpoint(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	for round := 0; round < 500; round++ {
		n := 2 + r.Intn(8)
		var f sat.Formula
		f.NumVars = n
		for i := 0; i < 2*n; i++ {
			f.AddClause(randomClause(r, n, 3)...)
		}
		s := New()
		s.grow(n)
		for _, c := range f.Clauses {
			s.AddClause(c...)
		}
		assume := randomClause(r, n, 3)
		got, ok := s.Propagate(assume)
		want, wok := naivePropagate(&f, assume)
		if ok != wok {
			t.Fatalf("round %d: conflict %v, want %v", round, !ok, !wok)
		}
		if !ok {
			continue
		}
		for v := 1; v <= n; v++ {
			if got[v] != want[v] {
				t.Fatalf("round %d: var %d = %d, want %d (%v under %v)", round, v, got[v], want[v], f.Clauses, assume)
			}
		}
	}
}

func TestHarnessDetectsWrongEncodings(t *testing.T) {
	var f sat.Formula
	x, y := f.NewVar(), f.NewVar()
	f.AddClause(x.Neg(), y.Neg()) // at most one of x, y
	vars := []sat.Var{x, y}
	amo := func(m uint64) bool { return m != 3 }
	if n, err := Exhaust(&f, vars, amo); err != nil || n != 3 {
		t.Fatalf("Exhaust on a correct encoding: %d, %v", n, err)
	}
	if _, err := Exhaust(&f, vars, func(m uint64) bool { return m == 0 }); err == nil {
		t.Fatal("Exhaust accepted a wrong constraint")
	}
	if err := CheckAC(&f, vars, amo); err != nil {
		t.Fatal(err)
	}
	// Exactly one of a, b, with the at-least-one clause split on an
	// auxiliary c: correct, but unit propagation cannot use it.
	var g sat.Formula
	a, b, c := g.NewVar(), g.NewVar(), g.NewVar()
	g.AddClause(a.Neg(), b.Neg())
	g.AddClause(a.Pos(), b.Pos(), c.Pos())
	g.AddClause(a.Pos(), b.Pos(), c.Neg())
	exactlyOne := func(m uint64) bool { return m == 1 || m == 2 }
	if _, err := Exhaust(&g, []sat.Var{a, b}, exactlyOne); err != nil {
		t.Fatal(err)
	}
	// Setting a false forces b by resolution on c; UP does not see it.
	if err := CheckAC(&g, []sat.Var{a, b}, exactlyOne); err == nil {
		t.Fatal("CheckAC accepted an encoding that is not arc-consistent")
	}
}

func dedup(c sat.Clause) sat.Clause {
	var out sat.Clause
	for _, l := range c {
		dup := false
		for _, k := range out {
			dup = dup || k == l
		}
		if !dup {
			out = append(out, l)
		}
	}
	return out
}

func TestSolverPigeonhole(t *testing.T) {
	for _, h := range []int{2, 3, 4, 5} {
		s := New()
		p := make([][]sat.Var, h+1)
		for i := range p {
			p[i] = make([]sat.Var, h)
			var row []sat.Lit
			for j := range p[i] {
				p[i][j] = s.NewVar()
				row = append(row, p[i][j].Pos())
			}
			s.AddClause(row...)
		}
		for j := 0; j < h; j++ {
			for i := 0; i <= h; i++ {
				for k := i + 1; k <= h; k++ {
					s.AddClause(p[i][j].Neg(), p[k][j].Neg())
				}
			}
		}
		if st, err := s.Solve(context.Background()); st != sat.Unsat || err != nil {
			t.Fatalf("PHP(%d,%d): %v %v", h+1, h, st, err)
		}
	}
}
