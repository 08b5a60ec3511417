package encode_test

import (
	"fmt"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/internal/check"
)

func TestLex(t *testing.T) {
	for _, strict := range []bool{false, true} {
		for n := 0; n <= 5; n++ {
			t.Run(fmt.Sprintf("strict=%v/n=%d", strict, n), func(t *testing.T) {
				f, vars, lits := inputs(2 * n)
				xs, ys := lits[:n], lits[n:]
				if strict {
					encode.LexLess(f, xs, ys)
				} else {
					encode.LexLeq(f, xs, ys)
				}
				wantV, wantC := max(0, n-1), 3*n-2
				if strict {
					wantC = 3*n - 1
				}
				if n == 0 {
					wantC = 0
					if strict {
						wantC = 1
					}
				}
				if v, c := size(f, 2*n); v != wantV || c != wantC {
					t.Fatalf("size %d vars %d clauses, want %d and %d", v, c, wantV, wantC)
				}
				// x1 is the most significant position: read the vectors as
				// numbers with x1 as the top bit.
				num := func(mask uint64, from int) int {
					v := 0
					for i := 0; i < n; i++ {
						v = 2*v + int(mask>>(from+i)&1)
					}
					return v
				}
				holds := func(mask uint64) bool {
					x, y := num(mask, 0), num(mask, n)
					return x < y || (!strict && x == y)
				}
				pairs := 1 << (2 * n)
				want := (pairs + 1<<n) / 2
				if strict {
					want = (pairs - 1<<n) / 2
				}
				if got := exhaust(t, f, vars, holds); got != want {
					t.Fatalf("%d pairs extend, want %d", got, want)
				}
				if n <= 4 {
					if err := check.CheckAC(f, vars, holds); err != nil {
						t.Fatal(err)
					}
				}
			})
		}
	}
}
