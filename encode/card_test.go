package encode_test

import (
	"fmt"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/internal/check"
	"github.com/satsolve/satsolve/sat"
)

// cardAC says which methods the essays claim arc-consistent (for every
// comparison). Native has no clauses to propagate.
var cardAC = map[encode.CardMethod]bool{
	encode.CardSeqCounter:   true,
	encode.CardTotalizer:    true,
	encode.CardSortNet:      true,
	encode.CardCardNet:      true,
	encode.CardModTotalizer: false,
}

// TestCardExhaustive checks every method, comparison and bound for n ≤ 8:
// each input assignment extends to a model iff the constraint holds, the
// number that do is the binomial sum, and (n ≤ 7) propagation is
// arc-consistent exactly where claimed.
func TestCardExhaustive(t *testing.T) {
	maxN, maxAC := 8, 7
	if testing.Short() {
		maxN, maxAC = 6, 5
	}
	for _, m := range encode.CardMethods() {
		for _, op := range ops {
			t.Run(fmt.Sprintf("%v/%v", m, op), func(t *testing.T) {
				acFailures := 0
				for n := 0; n <= maxN; n++ {
					for k := -1; k <= n+1; k++ {
						f, vars, lits := inputs(n)
						if err := encode.Card(f, lits, op, k, m); err != nil {
							t.Fatal(err)
						}
						holds := func(mask uint64) bool { return holdsOp(int64(popcount(mask)), op, int64(k)) }
						if got, want := exhaust(t, f, vars, holds), cardCount(n, op, k); got != want {
							t.Fatalf("n=%d k=%d: %d assignments extend, want %d", n, k, got, want)
						}
						if m == encode.CardNative || n > maxAC {
							continue
						}
						err := check.CheckAC(f, vars, holds)
						if err != nil {
							acFailures++
						}
						if err != nil && cardAC[m] {
							t.Fatalf("n=%d k=%d: claimed arc-consistent: %v", n, k, err)
						}
					}
				}
				if m != encode.CardNative && !cardAC[m] && acFailures == 0 {
					t.Errorf("claimed not arc-consistent, but every case was")
				}
			})
		}
	}
}

// Sizes must match the essays' formulas, including the reference
// numbers: exactly 8 of 57 with the capped totalizer is 227 variables and
// 1344 clauses, and Sinz's counter is 2nk+n−3k−1 clauses less the k−1
// unit clauses we leave out.
func TestCardSizes(t *testing.T) {
	type tc struct {
		n, k int
	}
	cases := []tc{{3, 1}, {5, 2}, {7, 3}, {8, 5}, {9, 4}, {12, 6}, {16, 3}, {20, 9}, {33, 7}, {57, 8}}
	for _, m := range encode.CardMethods() {
		for _, op := range ops {
			for _, c := range cases {
				k := c.k
				if op == sat.AtLeast && k < 2 {
					k = 2
				}
				t.Run(fmt.Sprintf("%v/%v/n=%d/k=%d", m, op, c.n, k), func(t *testing.T) {
					f, _, lits := inputs(c.n)
					if err := encode.Card(f, lits, op, k, m); err != nil {
						t.Fatal(err)
					}
					v, cl := size(f, c.n)
					want := cardSize(m, c.n, op, k)
					if v != want.vars || cl != want.clauses {
						t.Fatalf("size %d vars %d clauses, want %d and %d", v, cl, want.vars, want.clauses)
					}
					if m == encode.CardNative && (len(f.PBs) != 1 || f.PBs[0].Op != op || f.PBs[0].K != int64(k)) {
						t.Fatalf("native: %v", f.PBs)
					}
				})
			}
		}
	}
	anchors := []struct {
		name          string
		got           sz
		vars, clauses int
	}{
		{"totalizer =8 of 57", cardSize(encode.CardTotalizer, 57, sat.Equal, 8), 227, 1344},
		{"Sinz ≤8 of 57", cardSize(encode.CardSeqCounter, 57, sat.AtMost, 8), 56 * 8, 2*57*8 + 57 - 3*8 - 1 - (8 - 1)},
		{"Batcher S(4)", sz{sortComparators(4), 0}, 5, 0},
		{"Batcher S(8)", sz{sortComparators(8), 0}, 19, 0},
		{"Batcher S(16)", sz{sortComparators(16), 0}, 63, 0},
		{"Batcher S(32)", sz{sortComparators(32), 0}, 191, 0},
	}
	for _, a := range anchors {
		if a.got.vars != a.vars || a.got.clauses != a.clauses {
			t.Errorf("%s: formula gives %+v, want %d/%d", a.name, a.got, a.vars, a.clauses)
		}
	}
}

// The lower bound is encoded directly, never as ≤ n−k over negations:
// for k ≪ n its size must be close to the upper bound's.
func TestCardLowerBoundIsNotQuadratic(t *testing.T) {
	for _, m := range encode.CardMethods() {
		if m == encode.CardNative {
			continue
		}
		le, ge := cardSize(m, 57, sat.AtMost, 8), cardSize(m, 57, sat.AtLeast, 8)
		if ge.vars > le.vars+57 || ge.clauses > 2*le.clauses {
			t.Errorf("%v: ≥8 of 57 costs %+v against %+v for ≤8", m, ge, le)
		}
	}
}

func TestCardDuplicatesAndComplements(t *testing.T) {
	for _, m := range encode.CardMethods() {
		for _, op := range ops {
			t.Run(fmt.Sprintf("%v/%v", m, op), func(t *testing.T) {
				for k := -1; k <= 7; k++ {
					f, vars, _ := inputs(3)
					x, y, z := vars[0].Pos(), vars[1].Pos(), vars[2].Pos()
					lits := []sat.Lit{x, x, y, y.Not(), z, x.Not()}
					if err := encode.Card(f, lits, op, k, m); err != nil {
						t.Fatal(err)
					}
					holds := func(mask uint64) bool {
						return holdsOp(int64(check.EvalLits(lits, vars, mask)), op, int64(k))
					}
					exhaust(t, f, vars, holds)
				}
			})
		}
	}
}

// TestCounterIncremental builds one counter per method and limit and
// checks every bound it supports, assumed rather than asserted, against
// every input assignment, all in the same solver.
func TestCounterIncremental(t *testing.T) {
	for _, m := range encode.CardMethods() {
		if !m.Incremental() {
			continue
		}
		for _, b := range []encode.Bounds{encode.UpperBounds, encode.LowerBounds, encode.BothBounds} {
			for n := 1; n <= 6; n++ {
				for limit := 1; limit <= n; limit++ {
					f, vars, lits := inputs(n)
					c, err := encode.NewCounter(f, lits, limit, b, m)
					if err != nil {
						t.Fatal(err)
					}
					type query struct {
						lit sat.Lit
						op  sat.Op
						k   int
					}
					var qs []query
					for k := -1; k <= n+1; k++ {
						if b&encode.UpperBounds != 0 && (k < limit || k >= n || k < 0) {
							qs = append(qs, query{c.AtMost(k), sat.AtMost, k})
						}
						if b&encode.LowerBounds != 0 && (k <= limit || k > n || k <= 0) {
							qs = append(qs, query{c.AtLeast(k), sat.AtLeast, k})
						}
					}
					s := check.Load(f)
					for _, q := range qs {
						for mask := uint64(0); mask < 1<<n; mask++ {
							st, err := s.Solve(t.Context(), append(check.Assume(vars, mask), q.lit)...)
							if err != nil {
								t.Fatal(err)
							}
							if want := holdsOp(int64(popcount(mask)), q.op, int64(q.k)); (st == sat.Sat) != want {
								t.Fatalf("%v bounds %d n=%d limit=%d: Σ %v %d under %0*b: %v", m, b, n, limit, q.op, q.k, n, mask, st)
							}
						}
					}
				}
			}
		}
	}
}
