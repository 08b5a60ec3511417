package proof

// The engine's proofs: sat/cdcl writes every clause it adds, derives and
// deletes through its Tracer; here all three writers watch the same run,
// and both checkers must verify what they wrote — the LRAT proof (hints)
// and the DRAT proofs (text, binary) of one and the same run — so that
// the two checkers agree on every proof the engine writes.

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/sattest"
)

// tee passes the engine's proof hook on to several tracers.
type tee []tracer

func (t tee) Original(id uint64, lits []sat.Lit) {
	for _, w := range t {
		w.Original(id, lits)
	}
}

func (t tee) Derived(id uint64, lits []sat.Lit, hints []uint64) {
	for _, w := range t {
		w.Derived(id, lits, hints)
	}
}

func (t tee) Deleted(id uint64, lits []sat.Lit) {
	for _, w := range t {
		w.Deleted(id, lits)
	}
}

// engineProofs solves f with sat/cdcl and returns its status and the
// proofs its run wrote: LRAT, text DRAT, binary DRAT.
func engineProofs(t testing.TB, f *sat.Formula, opts cdcl.Options) (sat.Status, [3][]byte) {
	t.Helper()
	s, err := cdcl.NewWith(opts)
	if err != nil {
		t.Fatal(err)
	}
	var bufs [3]bytes.Buffer
	ws := tee{NewLRATWriter(&bufs[0]), NewDRATWriter(&bufs[1]), NewBinaryDRATWriter(&bufs[2])}
	s.SetTracer(ws)
	for range f.NumVars {
		s.NewVar()
	}
	for _, c := range f.Clauses {
		s.AddClause(c...)
	}
	st, err := s.Solve(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var out [3][]byte
	for i, w := range ws {
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		out[i] = bufs[i].Bytes()
	}
	return st, out
}

// checkEngineProofs checks the three proofs of an UNSAT run with both
// checkers; every one must verify.
func checkEngineProofs(t testing.TB, name string, f *sat.Formula, proofs [3][]byte) (lrat, drat Result) {
	t.Helper()
	lrat, err := CheckLRAT(f, bytes.NewReader(proofs[0]), Options{File: name + ".lrat"})
	if err != nil {
		t.Errorf("%s: LRAT: %v", name, err)
	}
	drat, err = CheckDRAT(f, bytes.NewReader(proofs[1]), Options{File: name + ".drat"})
	if err != nil {
		t.Errorf("%s: DRAT: %v", name, err)
	}
	bin, err := CheckDRAT(f, bytes.NewReader(proofs[2]), Options{File: name + ".bdrat"})
	if err != nil || !bin.Binary || bin.Checked != drat.Checked {
		t.Errorf("%s: binary DRAT: %v (binary %v, checked %d, text %d)", name, err, bin.Binary, bin.Checked, drat.Checked)
	}
	return lrat, drat
}

// engineOptions are the configurations the proofs are tested under: the
// defaults, and settings that push the techniques touching the clause
// database to their extremes (reduction at every chance and deleting the
// most, no minimisation, deep minimisation, stable mode only).
func engineOptions(t testing.TB) map[string]cdcl.Options {
	configs := map[string]string{
		"default":    "",
		"reduce":     "reduceint=10,reducetarget=100",
		"nominimize": "minimizedepth=0",
		"stable":     "stable=2,seed=7",
	}
	out := make(map[string]cdcl.Options)
	for name, list := range configs {
		o := cdcl.DefaultOptions()
		if err := o.Parse(list); err != nil {
			t.Fatalf("options %q: %v", list, err)
		}
		out[name] = o
	}
	return out
}

// TestEngineProofsRandom solves random 3-CNF formulas near the threshold
// and pigeonhole formulas; every UNSAT answer's proofs must verify.
func TestEngineProofsRandom(t *testing.T) {
	unsat := 0
	for seed := uint64(1); seed <= 120; seed++ {
		n := 20 + int(seed%5)*10
		f := sattest.RandomKSAT(seed, n, n*43/10+int(seed%7), 3)
		for name, opts := range engineOptions(t) {
			st, proofs := engineProofs(t, f, opts)
			if st != sat.Unsat {
				continue
			}
			unsat++
			checkEngineProofs(t, fmt.Sprintf("random-%d-%s", seed, name), f, proofs)
		}
	}
	for p := 3; p <= 7; p++ {
		f := sattest.Pigeonhole(p+1, p)
		st, proofs := engineProofs(t, f, cdcl.DefaultOptions())
		if st != sat.Unsat {
			t.Fatalf("pigeonhole %d→%d: %v", p+1, p, st)
		}
		unsat++
		checkEngineProofs(t, fmt.Sprintf("php-%d", p), f, proofs)
	}
	if unsat < 40 {
		t.Errorf("only %d UNSAT runs", unsat)
	}
}

// TestEngineProofsCorpus checks the engine's proofs of every UNSAT test
// instance, and how they compare with CaDiCaL's.
func TestEngineProofsCorpus(t *testing.T) {
	for _, fx := range cadicalFixtures(t) {
		f := readCNF(t, fx.cnf)
		st, proofs := engineProofs(t, f, cdcl.DefaultOptions())
		if st != sat.Unsat {
			t.Fatalf("%s: %v", fx.name, st)
		}
		lr, dr := checkEngineProofs(t, fx.name, f, proofs)
		t.Logf("%s: %d lemmas, LRAT checked %d, DRAT needed %d", filepath.Base(fx.cnf), dr.Additions, lr.Checked, dr.Checked)
	}
}
