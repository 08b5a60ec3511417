package proof

import (
	"fmt"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/sattest"
)

// TestEngineProofsTechniques checks the engine's proofs with each
// inprocessing technique alone, and all of them, scheduled after every
// conflict (by default the first round waits for 2,000 conflicts, which
// the small formulas of TestEngineProofsRandom seldom reach): every
// strengthened, vivified, probed or resolved clause must be justified by
// its LRAT hints and be RUP/RAT for the DRAT checker. The test also
// requires that each technique did some work on these formulas.
func TestEngineProofsTechniques(t *testing.T) {
	configs := []struct{ name, opts string }{
		{"subsume", "inprocessint=1,elim=0,vivify=0,probe=0"},
		{"elim", "inprocessint=1,subsume=0,vivify=0,probe=0"},
		{"vivify", "inprocessint=1,subsume=0,elim=0,probe=0"},
		{"probe", "inprocessint=1,subsume=0,elim=0,vivify=0"},
		{"all", "inprocessint=1"},
	}
	for _, c := range configs {
		o := cdcl.DefaultOptions()
		if err := o.Parse(c.opts); err != nil {
			t.Fatalf("options %q: %v", c.opts, err)
		}
		unsat, work := 0, uint64(0)
		for seed := uint64(1); seed <= 40; seed++ {
			n := 20 + int(seed%4)*10
			f := sattest.RandomKSAT(seed, n, n*43/10+int(seed%7), 3)
			s, err := cdcl.NewWith(o)
			if err != nil {
				t.Fatal(err)
			}
			st, proofs := engineProofs(t, f, o)
			if st == sat.Unsat {
				unsat++
				checkEngineProofs(t, fmt.Sprintf("%s-random-%d", c.name, seed), f, proofs)
			}
			// The same run again, without a proof, for its statistics.
			_ = sattest.Load(s, f)
			if _, err := s.Solve(t.Context()); err != nil {
				t.Fatal(err)
			}
			w := s.Statistics()
			work += w.Subsumed + w.SubsumeStrengthened + w.Eliminated + w.Vivified + w.FailedLiterals
		}
		if unsat < 10 || work == 0 {
			t.Errorf("%s: %d UNSAT runs, %d clauses or variables touched by inprocessing", c.name, unsat, work)
		}
		t.Logf("%s: %d UNSAT proofs checked, inprocessing work %d", c.name, unsat, work)
	}
}
