package cubecmd

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cube"
	"github.com/satsolve/satsolve/sat/proof"
)

// One certificate for a formula split into cubes. A proof per cube is not
// a refutation of the formula: it shows that F and one cube c have no
// model. The combined certificate is one DRAT proof of F alone, built so
// that any DRAT checker (sat/proof, drat-trim) verifies it against the
// original CNF:
//
//  1. For each cube c, its proof P_c (a DRAT proof refuting F with the
//     cube's literals as unit clauses, or deriving ¬c from F) with every
//     lemma L weakened to L ∨ ¬c. Checking L by reverse unit propagation
//     assumes ¬L and, through the new literals, c: exactly the context in
//     which P_c derived L, so every RUP lemma stays RUP (a lemma holding a
//     literal of c is satisfied under c and dropped). Deletions of F's own
//     clauses are dropped, since the next cube needs them; the proof's
//     empty clause becomes ¬c itself.
//  2. For each refuted branch b, the clause ¬b: unit propagation refutes
//     F ∧ b, so ¬b is RUP.
//  3. For each inner node P of the decision tree, deepest first, the
//     clause ¬P: its children's clauses ¬(P∧x) and ¬(P∧¬x) become the
//     units ¬x and x under P. The root's clause is the empty clause.
//
// RAT lemmas do not survive weakening; a cube proof with one fails the
// check, which says where. The combined proof is as long as the cube
// proofs together plus one lemma per leaf and inner node.

// certify writes the combined certificate of an UNSAT verdict to path,
// from the cube proofs results/N.drat, checks it with sat/proof's DRAT
// checker, and returns a line saying so. A certificate that does not
// verify is an error.
func certify(f *sat.Formula, cubes, refuted [][]sat.Lit, v cube.Verdict, results, path string) (string, error) {
	if v.Cover != "decision tree" {
		return "", fmt.Errorf("--proof: the cubes are not a decision tree (the cover was shown by %s), so their proofs do not combine", v.Cover)
	}
	open := func(i int) (io.ReadCloser, string, error) {
		name := filepath.Join(results, strconv.Itoa(i)+".drat")
		r, err := cli.Open(name)
		if err != nil {
			return nil, name, fmt.Errorf("--proof: cube %d has no proof: %v", i, err)
		}
		return r, name, nil
	}
	err := cli.WriteFile(path, func(w io.Writer) error { return combineDRAT(f, cubes, refuted, open, w) })
	if err != nil {
		return "", err
	}
	r, err := cli.Open(path)
	if err != nil {
		return "", err
	}
	defer r.Close()
	res, err := proof.CheckDRAT(f, r, proof.Options{File: path})
	if err != nil {
		return "", fmt.Errorf("--proof: the combined proof does not verify: %w", err)
	}
	return fmt.Sprintf("certificate %s: %d lemmas from %d cube proofs, verified by the DRAT checker (%d lemmas needed)",
		path, res.Additions, len(cubes), res.Checked), nil
}

// cubeProof opens the DRAT proof of cube i and names it.
type cubeProof func(i int) (io.ReadCloser, string, error)

// combineDRAT writes the combined certificate of f's cubes and refuted
// branches (a decision tree, checked by the caller) to w as text DRAT.
func combineDRAT(f *sat.Formula, cubes, refuted [][]sat.Lit, open cubeProof, w io.Writer) error {
	out := proof.NewDRATWriter(w)
	originals := make(map[string]int, len(f.Clauses))
	for _, c := range f.Clauses {
		originals[clauseKey(c)]++
	}
	for i, c := range cubes {
		if err := weakenInto(out, originals, i, c, open); err != nil {
			return err
		}
		out.Derived(0, negate(c), nil)
	}
	for _, b := range refuted {
		out.Derived(0, negate(b), nil)
	}
	for _, p := range innerNodes(append(slices.Clip(cubes), refuted...)) {
		out.Derived(0, negate(p), nil)
	}
	return out.Flush() // not Close: w belongs to the caller
}

// weakenInto copies the proof of cube i, weakened by ¬c, to out.
func weakenInto(out *proof.DRATWriter, originals map[string]int, i int, c []sat.Lit, open cubeProof) error {
	r, name, err := open(i)
	if err != nil {
		return err
	}
	defer r.Close()
	inCube := make(map[sat.Lit]bool, len(c))
	for _, l := range c {
		inCube[l] = true
	}
	neg := negate(c)
	pr := proof.NewDRATReader(r, name)
	var lits []sat.Lit
	for {
		st, err := pr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if st.Delete && (originals[clauseKey(st.Lits)] > 0 || len(st.Lits) == 1 && inCube[st.Lits[0]]) {
			continue // F's clauses and the cube's units stay
		}
		satisfied := false
		lits = lits[:0]
		for _, l := range st.Lits {
			if inCube[l] {
				satisfied = true
				break
			}
			if !inCube[-l] {
				lits = append(lits, l)
			}
		}
		if satisfied {
			continue // true under the cube: no use to its refutation
		}
		lits = append(lits, neg...)
		if st.Delete {
			out.Deleted(0, lits)
		} else {
			out.Derived(0, lits, nil)
		}
	}
}

// innerNodes returns the proper prefixes of the leaves (the inner nodes
// of their decision tree), each once, deepest first; the root (the empty
// prefix) is last.
func innerNodes(leaves [][]sat.Lit) [][]sat.Lit {
	seen := map[string]bool{}
	var out [][]sat.Lit
	for _, l := range leaves {
		for d := len(l) - 1; d >= 0; d-- {
			k := fmt.Sprint(l[:d])
			if seen[k] {
				break // its own prefixes are in already
			}
			seen[k] = true
			out = append(out, l[:d])
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// negate returns the clause ¬c of the conjunction c.
func negate(c []sat.Lit) []sat.Lit {
	out := make([]sat.Lit, len(c))
	for i, l := range c {
		out[i] = -l
	}
	return out
}

// clauseKey identifies a clause by its set of literals.
func clauseKey(c []sat.Lit) string {
	s := slices.Clone(c)
	slices.Sort(s)
	s = slices.Compact(s)
	var b strings.Builder
	for _, l := range s {
		b.WriteString(strconv.Itoa(int(l)))
		b.WriteByte(' ')
	}
	return b.String()
}
