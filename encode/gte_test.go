package encode_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"slices"
	"sort"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/internal/check"
	"github.com/satsolve/satsolve/sat"
)

// TestGTEIncremental builds generalised totalizers over random weighted
// terms (negative coefficients and repeated variables included) and checks
// every bound they support, assumed, against every input assignment.
func TestGTEIncremental(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	for round := 0; round < 40; round++ {
		n := 2 + r.Intn(4)
		f, vars, _ := inputs(n)
		var ts []sat.Term
		for i := 0; i < n+r.Intn(2); i++ {
			ts = append(ts, sat.Term{Coef: int64(r.Intn(13) - 4), Lit: vars[r.Intn(n)].Lit(r.Intn(3) > 0)})
		}
		sums := map[int64]bool{}
		var lo, hi int64 = 1 << 62, -1 << 62
		for mask := uint64(0); mask < 1<<n; mask++ {
			v := check.EvalTerms(ts, vars, mask)
			sums[v] = true
			lo, hi = min(lo, v), max(hi, v)
		}
		limit := lo + r.Int63n(hi-lo+2)
		for _, b := range []encode.Bounds{encode.UpperBounds, encode.LowerBounds, encode.BothBounds} {
			t.Run(fmt.Sprintf("%d/%v/limit=%d/bounds=%d", round, ts, limit, b), func(t *testing.T) {
				g := f.Copy()
				gte, err := encode.NewGTE(g, ts, limit, b)
				if err != nil {
					t.Fatal(err)
				}
				var want []int64
				for v := range sums {
					if v < limit {
						want = append(want, v)
					}
				}
				sort.Slice(want, func(i, j int) bool { return want[i] < want[j] })
				if got := gte.Values(); !slices.Equal(got, want) {
					t.Fatalf("Values = %v, want %v", got, want)
				}
				type query struct {
					lit sat.Lit
					op  sat.Op
					k   int64
				}
				var qs []query
				for k := lo - 1; k <= hi+1; k++ {
					if b&encode.UpperBounds != 0 && (k < limit || k >= hi) {
						qs = append(qs, query{gte.AtMost(k), sat.AtMost, k})
					}
					if b&encode.LowerBounds != 0 && (k <= limit || k <= lo) {
						qs = append(qs, query{gte.AtLeast(k), sat.AtLeast, k})
					}
				}
				s := check.Load(g)
				for _, q := range qs {
					for mask := uint64(0); mask < 1<<n; mask++ {
						st, err := s.Solve(t.Context(), append(check.Assume(vars, mask), q.lit)...)
						if err != nil {
							t.Fatal(err)
						}
						if want := holdsOp(check.EvalTerms(ts, vars, mask), q.op, q.k); (st == sat.Sat) != want {
							t.Fatalf("Σ %v %d under %0*b: %v", q.op, q.k, n, mask, st)
						}
					}
				}
			})
		}
	}
}

func TestGTEBadTerms(t *testing.T) {
	var f sat.Formula
	if _, err := encode.NewGTE(&f, []sat.Term{{Coef: 1, Lit: 0}}, 3, encode.UpperBounds); err == nil {
		t.Fatal("NewGTE accepted a zero literal")
	}
}

// TestGTESize checks that GTESize predicts exactly what NewGTE adds, and
// that it stops counting past its bound.
func TestGTESize(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for round := 0; round < 300; round++ {
		n := 1 + r.Intn(9)
		f, vars, _ := inputs(n)
		var ts []sat.Term
		for i := 0; i < n+r.Intn(3); i++ {
			ts = append(ts, sat.Term{Coef: int64(r.Intn(40) - 8), Lit: vars[r.Intn(n)].Lit(r.Intn(3) > 0)})
		}
		limit := int64(r.Intn(120) - 10)
		for _, b := range []encode.Bounds{encode.UpperBounds, encode.LowerBounds, encode.BothBounds} {
			g := f.Copy()
			if _, err := encode.NewGTE(g, ts, limit, b); err != nil {
				t.Fatal(err)
			}
			vars, clauses := size(g, n)
			gv, gc := encode.GTESize(ts, limit, b, 0)
			if gv != int64(vars) || gc != int64(clauses) {
				t.Fatalf("%v limit %d bounds %d: GTESize = %d vars, %d clauses; NewGTE added %d, %d", ts, limit, b, gv, gc, vars, clauses)
			}
			if clauses > 1 {
				if _, c := encode.GTESize(ts, limit, b, int64(clauses-1)); c <= int64(clauses-1) {
					t.Fatalf("%v: with stop %d GTESize counted %d clauses, want more than the stop", ts, clauses-1, c)
				}
			}
		}
	}
}

// TestGTESizeBounded checks that the estimate of a huge GTE (200 weights
// up to 300, limit 30,000: about 10^8 clauses) stops early.
func TestGTESizeBounded(t *testing.T) {
	r := rand.New(rand.NewSource(6))
	var ts []sat.Term
	for v := 1; v <= 200; v++ {
		ts = append(ts, sat.Term{Coef: 1 + r.Int63n(300), Lit: sat.Lit(v)})
	}
	_, c := encode.GTESize(ts, 30000, encode.UpperBounds, 1_000_000)
	if c <= 1_000_000 || c > 100_000_000 {
		t.Fatalf("GTESize counted %d clauses; want it past the stop, and stopped soon after", c)
	}
}

// TestGTEContext checks that a cancelled context stops the build.
func TestGTEContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f := &sat.Formula{}
	ts := []sat.Term{{Coef: 1, Lit: 1}, {Coef: 2, Lit: 2}, {Coef: 3, Lit: 3}}
	if _, err := encode.NewGTEContext(ctx, f, ts, 6, encode.UpperBounds); !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
}

// TestAdderBound checks every bound of an AdderBound over random weighted
// terms against every input assignment, as TestGTEIncremental does.
func TestAdderBound(t *testing.T) {
	r := rand.New(rand.NewSource(12))
	for round := 0; round < 60; round++ {
		n := 1 + r.Intn(5)
		f, vars, _ := inputs(n)
		var ts []sat.Term
		for i := 0; i < n+r.Intn(2); i++ {
			ts = append(ts, sat.Term{Coef: int64(r.Intn(13) - 4), Lit: vars[r.Intn(n)].Lit(r.Intn(3) > 0)})
		}
		g := f.Copy()
		ab, err := encode.NewAdderBound(g, ts)
		if err != nil {
			t.Fatal(err)
		}
		var lo, hi int64 = 1 << 62, -1 << 62
		for mask := uint64(0); mask < 1<<n; mask++ {
			v := check.EvalTerms(ts, vars, mask)
			lo, hi = min(lo, v), max(hi, v)
		}
		for k := lo - 1; k <= hi+1; k++ {
			l := ab.AtMost(k)
			h := g.Copy()
			h.AddClause(l)
			exhaust(t, h, vars, func(mask uint64) bool { return check.EvalTerms(ts, vars, mask) <= k })
		}
	}
}
