package encode

import (
	"context"
	"fmt"
	"testing"

	"github.com/satsolve/satsolve/encode/internal/check"
	"github.com/satsolve/satsolve/sat"
)

// TestBinaryCompare checks binAtMost and binAtLeast on every pattern of
// present and constant-false bits up to four bits, every bound from −1 to
// 17, and every value of the present bits.
func TestBinaryCompare(t *testing.T) {
	for width := 0; width <= 4; width++ {
		for present := 0; present < 1<<width; present++ {
			for k := int64(-1); k <= 17; k++ {
				for _, le := range []bool{true, false} {
					t.Run(fmt.Sprintf("w%d/p%04b/k%d/le=%v", width, present, k, le), func(t *testing.T) {
						var f sat.Formula
						bits := make([]sat.Lit, width)
						var vars []sat.Var
						for b := range bits {
							if present>>b&1 == 1 {
								v := f.NewVar()
								bits[b] = v.Pos()
								vars = append(vars, v)
							}
						}
						if le {
							binAtMost(&f, bits, k)
						} else {
							binAtLeast(&f, bits, k)
						}
						s := check.Load(&f)
						for m := uint64(0); m < 1<<len(vars); m++ {
							var value int64
							i := 0
							for b := range bits {
								if bits[b] != 0 {
									value += int64(m>>i&1) << b
									i++
								}
							}
							want := value >= k
							if le {
								want = value <= k
							}
							st, err := s.Solve(context.Background(), check.Assume(vars, m)...)
							if err != nil || (st == sat.Sat) != want {
								t.Fatalf("value %d: %v %v, want sat=%v", value, st, err, want)
							}
						}
					})
				}
			}
		}
	}
}
