package proof

import (
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// TestVarMap maps variables spread from 1 to 2^31-1 in random order and
// checks that every one keeps one index, that indices are dense, and that
// the direct table stays small.
func TestVarMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	m := newVarMap()
	seen := make(map[sat.Var]uint32)
	for range 200000 {
		var v sat.Var
		switch rng.IntN(3) {
		case 0:
			v = sat.Var(1 + rng.IntN(1000))
		case 1:
			v = sat.Var(1 + rng.IntN(3<<20))
		default:
			v = sat.Var(1 + rng.Int32N(maxVar))
		}
		i := m.index(v)
		if j, ok := seen[v]; ok && i != j {
			t.Fatalf("variable %d: index %d, then %d", v, j, i)
		}
		seen[v] = i
		if m.lit(2*i+1) != v.Neg() {
			t.Fatalf("variable %d: code %d maps back to %d", v, 2*i+1, m.lit(2*i+1))
		}
	}
	if int(m.n) != len(seen) {
		t.Errorf("%d indices for %d variables", m.n, len(seen))
	}
	if len(m.dense) > 2*len(seen)+2*denseSpan {
		t.Errorf("direct table of %d entries for %d variables", len(m.dense), len(seen))
	}
}
