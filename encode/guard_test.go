package encode_test

import (
	"fmt"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/internal/check"
	"github.com/satsolve/satsolve/sat"
)

// TestGuard checks "only if b" for encoders of every family: with b true
// the constraint is enforced, with b false every input assignment extends.
func TestGuard(t *testing.T) {
	type enc struct {
		name  string
		n     int
		build func(s sat.Sink, lits []sat.Lit) error
		holds func(mask uint64, n int) bool
	}
	weights := []sat.Term{{Coef: 3}, {Coef: -2}, {Coef: 4}, {Coef: 1}}
	pbHolds := func(mask uint64, _ int) bool {
		var sum int64
		for i, w := range weights {
			if mask>>i&1 == 1 {
				sum += w.Coef
			}
		}
		return sum <= 3
	}
	pbBuild := func(m encode.PBMethod) func(s sat.Sink, lits []sat.Lit) error {
		return func(s sat.Sink, lits []sat.Lit) error {
			ts := append([]sat.Term(nil), weights...)
			for i := range ts {
				ts[i].Lit = lits[i]
			}
			return encode.PB(s, sat.PB{Terms: ts, Op: sat.AtMost, K: 3}, m)
		}
	}
	encs := []enc{
		{"amo ladder", 4, func(s sat.Sink, l []sat.Lit) error { encode.AtMostOne(s, l, encode.AMOLadder); return nil },
			func(m uint64, _ int) bool { return popcount(m) <= 1 }},
		{"exactly 2 totalizer", 5, func(s sat.Sink, l []sat.Lit) error { return encode.Exactly(s, l, 2, encode.CardTotalizer) },
			func(m uint64, _ int) bool { return popcount(m) == 2 }},
		{"at least 3 native", 5, func(s sat.Sink, l []sat.Lit) error { return encode.AtLeast(s, l, 3, encode.CardNative) },
			func(m uint64, _ int) bool { return popcount(m) >= 3 }},
		{"exactly 2 native", 4, func(s sat.Sink, l []sat.Lit) error { return encode.Exactly(s, l, 2, encode.CardNative) },
			func(m uint64, _ int) bool { return popcount(m) == 2 }},
		{"pb bdd", 4, pbBuild(encode.PBBDD), pbHolds},
		{"pb native", 4, pbBuild(encode.PBNative), pbHolds},
		{"lex", 4, func(s sat.Sink, l []sat.Lit) error { encode.LexLess(s, l[:2], l[2:]); return nil },
			func(m uint64, _ int) bool { return (m>>0&1)*2+(m>>1&1) < (m>>2&1)*2+(m>>3&1) }},
		{"contradiction", 2, func(s sat.Sink, l []sat.Lit) error { s.AddClause(); return nil },
			func(uint64, int) bool { return false }},
	}
	for _, e := range encs {
		t.Run(e.name, func(t *testing.T) {
			f, vars, lits := inputs(e.n)
			b := f.NewVar()
			if err := e.build(encode.Guard(f, b.Pos()), lits); err != nil {
				t.Fatal(err)
			}
			all := append(vars, b)
			holds := func(mask uint64) bool { return mask>>e.n&1 == 0 || e.holds(mask&(1<<e.n-1), e.n) }
			exhaust(t, f, all, holds)
		})
	}
}

func TestGuardNested(t *testing.T) {
	f, vars, lits := inputs(3)
	a, b := f.NewVar(), f.NewVar()
	encode.AtMostOne(encode.Guard(encode.Guard(f, a.Pos()), b.Neg()), lits, encode.AMOPairwise)
	all := append(vars, a, b)
	exhaust(t, f, all, func(m uint64) bool {
		return !(m>>3&1 == 1 && m>>4&1 == 0) || popcount(m&7) <= 1
	})
}

// A guarded native constraint whose big-M term would exceed the
// coefficient range falls back to the adder network.
func TestGuardNativeOverflowFallsBack(t *testing.T) {
	for _, op := range ops {
		t.Run(op.String(), func(t *testing.T) {
			f, vars, lits := inputs(3)
			b := f.NewVar()
			big := int64(1)<<60 - 8
			ts := []sat.Term{{Coef: big, Lit: lits[0]}, {Coef: big, Lit: lits[1]}, {Coef: -5, Lit: lits[2]}}
			k := big + 3
			if err := encode.PB(encode.Guard(f, b.Pos()), sat.PB{Terms: ts, Op: op, K: k}, encode.PBNative); err != nil {
				t.Fatal(err)
			}
			if len(f.PBs) != 0 {
				t.Fatalf("expected a clausal fallback, got native %v", f.PBs)
			}
			exhaust(t, f, append(vars, b), func(m uint64) bool {
				return m>>3&1 == 0 || holdsOp(check.EvalTerms(ts, vars, m&7), op, k)
			})
		})
	}
}

func TestGuardedNativeBigM(t *testing.T) {
	// Every bound around the range, both comparisons: the big-M form must
	// be exact and stay in range.
	for _, op := range ops {
		for k := int64(-6); k <= 9; k++ {
			t.Run(fmt.Sprintf("%v/%d", op, k), func(t *testing.T) {
				f, vars, lits := inputs(3)
				b := f.NewVar()
				ts := []sat.Term{{Coef: 3, Lit: lits[0]}, {Coef: -4, Lit: lits[1]}, {Coef: 5, Lit: lits[2].Not()}}
				g := encode.Guard(f, b.Pos())
				if _, ok := g.(sat.PBAdder); !ok {
					t.Fatal("guard over a PBAdder is not a PBAdder")
				}
				if err := encode.PB(g, sat.PB{Terms: ts, Op: op, K: k}, encode.PBNative); err != nil {
					t.Fatal(err)
				}
				for _, c := range f.PBs {
					if err := c.Validate(); err != nil {
						t.Fatal(err)
					}
				}
				exhaust(t, f, append(vars, b), func(m uint64) bool {
					return m>>3&1 == 0 || holdsOp(check.EvalTerms(ts, vars, m&7), op, k)
				})
			})
		}
	}
}
