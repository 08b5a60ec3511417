package proof

// Mutation tests: real proofs (CaDiCaL's, from testdata/cadical, and the
// LRAT proofs the DRAT checker writes for them) corrupted at random in
// three ways — one needed lemma changed, one needed lemma dropped, one
// clause deleted just before a lemma that uses it — must be rejected with
// the step named. For DRAT, whether a mutated proof is still valid is
// decided by the reference checker (ref_test.go): a lemma may have other
// derivations, so not every mutation breaks the proof; the test requires
// that every rejection names a step the reference finds invalid, that
// every acceptance is backed by the reference, and that most mutations of
// each kind are rejected. For LRAT the hints fix the derivation, so a
// dropped lemma or a deleted clause must be rejected exactly at the first
// step that names it.

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
)

// mutationFixtures are the DRAT proofs small enough for the reference
// checker (cadical/hole6 only without -short).
var mutationFixtures = map[string]bool{
	"uuf50-01": true, "uuf50-02": true, "uuf75-01": true, "dubois20": true, "dubois25": true,
	"dubois30": true, "satch-full4": true, "hole6": true,
}

// mutationsPerKind is how many mutations of each kind each proof gets.
const mutationsPerKind = 12

// use is a clause that the check of a later lemma used.
type use struct {
	user int    // step number of the lemma whose check used the clause
	cls  uint32 // the clause used
}

func TestDRATMutations(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (mutation): skipped by go test -short; go test ./... runs it")
	}
	type tally struct{ total, broken, rejected, named int }
	kinds := []string{"corrupt", "drop", "delete"}
	counts := make(map[string]*tally)
	for _, k := range kinds {
		counts[k] = &tally{}
	}
	for _, fx := range proofSources(t) {
		if !mutationFixtures[fx.instance] || fx.instance == "hole6" && (testing.Short() || fx.name != "cadical/hole6") {
			continue
		}
		f := fx.f
		data := fx.drat
		steps := readSteps(t, data)
		c, err := runDRAT(f, bytes.NewReader(data), Options{}, true)
		if err != nil {
			t.Fatalf("%s: %v", fx.name, err)
		}
		stepOf := make(map[uint32]int) // lemma clause → step number
		for _, s := range c.steps {
			if !s.del() {
				stepOf[s.cls] = s.number()
			}
		}
		var core []int
		var uses []use
		for cls, hints := range c.export.hints {
			n := stepOf[cls]
			if len(steps[n-1].Lits) > 0 {
				core = append(core, n)
			}
			for _, h := range hints {
				uses = append(uses, use{n, h &^ groupFlag})
			}
		}
		slices.Sort(core)
		slices.SortFunc(uses, func(a, b use) int { return cmp.Or(a.user-b.user, int(a.cls)-int(b.cls)) })
		var lemmaUses []use
		for _, u := range uses {
			if c.flags[u.cls]&fLemma != 0 {
				lemmaUses = append(lemmaUses, u)
			}
		}
		litsOf := func(cls uint32) []sat.Lit {
			if int(cls) < len(f.Clauses) {
				return f.Clauses[cls]
			}
			return steps[stepOf[cls]-1].Lits
		}
		rng := rand.New(rand.NewPCG(uint64(len(data)), 15))
		n := mutationsPerKind
		if fx.instance == "hole6" {
			n = 4 // the reference checker is slow on it
		}
		for _, kind := range kinds {
			for range n {
				mutated := slices.Clone(steps)
				target := 0 // the step the checker should name
				switch kind {
				case "corrupt":
					target = core[rng.IntN(len(core))]
					lits := slices.Clone(mutated[target-1].Lits)
					i := rng.IntN(len(lits))
					switch rng.IntN(3) {
					case 0:
						lits[i] = -lits[i]
					case 1:
						lits[i] = sat.Var(1 + rng.IntN(f.NumVars)).Lit(rng.IntN(2) == 0)
					default:
						lits = slices.Delete(lits, i, i+1)
					}
					mutated[target-1].Lits = lits
				case "drop":
					if len(lemmaUses) == 0 {
						continue
					}
					u := lemmaUses[rng.IntN(len(lemmaUses))]
					mutated = slices.Delete(mutated, stepOf[u.cls]-1, stepOf[u.cls])
					target = u.user - 1
				case "delete":
					u := uses[rng.IntN(len(uses))]
					del := Step{Delete: true, Lits: litsOf(u.cls)}
					mutated = slices.Insert(mutated, u.user-1, del)
					target = u.user + 1
				}
				mc, err := runDRAT(f, bytes.NewReader(dratText(mutated)), Options{File: fx.name}, false)
				var checked []int
				for _, s := range mc.steps {
					if !s.del() && mc.flags[s.cls]&fCore != 0 {
						checked = append(checked, s.number())
					}
				}
				ref := refDRAT(f, mutated)
				name := fmt.Sprintf("%s/%s", fx.name, kind)
				t.Run(name, func(t *testing.T) { agreeWithReference(t, ref, err, checked) })
				tl := counts[kind]
				tl.total++
				if !ref.allValid() {
					tl.broken++
				}
				var se *StepError
				if errors.As(err, &se) {
					tl.rejected++
					if se.Step == target {
						tl.named++
					}
				}
			}
		}
	}
	for _, k := range kinds {
		tl := counts[k]
		t.Logf("%s: %d mutations, %d invalid by the definition, %d rejected, %d of them at the mutated (or using) step",
			k, tl.total, tl.broken, tl.rejected, tl.named)
		if tl.total == 0 || 10*tl.rejected < 9*tl.broken {
			t.Errorf("%s: only %d of %d invalid proofs rejected", k, tl.rejected, tl.broken)
		}
	}
}

// proofSource is a proof of a test instance in both formats: CaDiCaL's DRAT
// with the LRAT the DRAT checker writes for it, or sat/cdcl's DRAT and
// LRAT of one run.
type proofSource struct {
	name, instance string
	f              *sat.Formula
	drat, lrat     []byte
}

func proofSources(t testing.TB) []proofSource {
	var out []proofSource
	for _, fx := range cadicalFixtures(t) {
		f := readCNF(t, fx.cnf)
		data := readFile(t, fx.proof)
		var exported bytes.Buffer
		if _, err := CheckDRAT(f, bytes.NewReader(data), Options{LRAT: &exported}); err != nil {
			t.Fatal(err)
		}
		out = append(out, proofSource{"cadical/" + fx.name, fx.name, f, data, exported.Bytes()})
		st, proofs := engineProofs(t, f, cdcl.DefaultOptions())
		if st != sat.Unsat {
			t.Fatalf("%s: %v", fx.name, st)
		}
		out = append(out, proofSource{"cdcl/" + fx.name, fx.name, f, proofs[1], proofs[0]})
	}
	return out
}

func TestLRATMutations(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (mutation): skipped by go test -short; go test ./... runs it")
	}
	for _, fx := range proofSources(t) {
		f := fx.f
		steps := readLRATSteps(t, fx.lrat)
		// firstUse[id] is the first step (number) whose hints name id.
		firstUse := make(map[uint64]int)
		addedAt := make(map[uint64]int)
		for k, st := range steps {
			if st.Delete {
				continue
			}
			addedAt[st.ID] = k + 1
			for _, h := range st.Hints {
				id := uint64(max(h, -h))
				if _, ok := firstUse[id]; !ok {
					firstUse[id] = k + 1
				}
			}
		}
		var used []uint64
		for id := range firstUse {
			used = append(used, id)
		}
		slices.Sort(used)
		rng := rand.New(rand.NewPCG(uint64(len(steps)), 15))
		for m := range 3 * mutationsPerKind {
			mutated := slices.Clone(steps)
			want := -2 // unknown: decided by the reference
			switch m % 3 {
			case 0: // corrupt a lemma: flip one literal
				k := rng.IntN(len(steps))
				for mutated[k].Delete || len(mutated[k].Lits) == 0 {
					k = rng.IntN(len(steps))
				}
				lits := slices.Clone(mutated[k].Lits)
				i := rng.IntN(len(lits))
				lits[i] = -lits[i]
				mutated[k].Lits = lits
			case 1: // drop a lemma used later
				id := used[rng.IntN(len(used))]
				if addedAt[id] == 0 {
					continue // a formula clause
				}
				mutated = slices.Delete(mutated, addedAt[id]-1, addedAt[id])
				want = firstUse[id] - 1
			case 2: // delete a clause just before its first use
				id := used[rng.IntN(len(used))]
				at := firstUse[id] - 1
				mutated = slices.Insert(mutated, at, Step{Delete: true, ID: 1, IDs: []uint64{id}})
				want = firstUse[id] + 1
			}
			_, err := CheckLRAT(f, bytes.NewReader(lratText(mutated)), Options{})
			ref := refLRAT(f, mutated)
			got := 0
			var se *StepError
			switch {
			case err == nil:
			case errors.As(err, &se) && se.Step == 0:
				got = -1
			case errors.As(err, &se):
				got = se.Step
			default:
				t.Fatalf("%s: %v", fx.name, err)
			}
			if got != ref {
				t.Errorf("%s mutation %d: checker says step %d (%v), reference %d", fx.name, m, got, err, ref)
			}
			if want != -2 && got != want {
				t.Errorf("%s mutation %d: rejected at %d, want %d", fx.name, m, got, want)
			}
			if m%3 == 0 && got == 0 {
				t.Logf("%s: a flipped literal left a valid proof", fx.name)
			}
		}
	}
}
