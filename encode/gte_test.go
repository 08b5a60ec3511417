package encode_test

import (
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
