package cubecmd

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/proof"
	"github.com/satsolve/satsolve/sat/satfile"
)

// writeCubeProof solves f under cube c with sat/cdcl writing a DRAT proof
// to path: with the cube as unit clauses (units) or as assumptions.
func writeCubeProof(t *testing.T, f *sat.Formula, c []sat.Lit, units bool, path string) {
	t.Helper()
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := proof.NewDRATWriter(out)
	s := cdcl.New()
	s.SetTracer(w)
	for range f.NumVars {
		s.NewVar()
	}
	for _, cl := range f.Clauses {
		s.AddClause(cl...)
	}
	var assume []sat.Lit
	if units {
		for _, l := range c {
			s.AddClause(l)
		}
	} else {
		assume = c
	}
	st, err := s.Solve(context.Background(), assume...)
	if err != nil || st != sat.Unsat {
		t.Fatalf("cube %v: %v %v", c, st, err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	out.Close()
}

// TestCollectProof combines per-cube DRAT proofs into one certificate of
// the whole formula, which the DRAT checker verifies, and rejects broken
// ones.
func TestCollectProof(t *testing.T) {
	for _, units := range []bool{true, false} {
		dir := filepath.Join(t.TempDir(), "jobs")
		hole := filepath.Join(testdata, "cnf", "hole", "hole7.cnf")
		if code, _, errOut := runCLI(t, "cube", "--cubes", "12", "--jobs", dir, hole); code != 0 {
			t.Fatal(errOut)
		}
		x, err := satfile.ReadICNFFile(filepath.Join(dir, "cubes.icnf"))
		if err != nil {
			t.Fatal(err)
		}
		res := filepath.Join(dir, "results")
		for i, c := range x.Cubes {
			writeCubeProof(t, x.Formula, c.Lits, units, filepath.Join(res, strconv.Itoa(i)+".drat"))
			rec := `{"cube": ` + strconv.Itoa(i) + `, "cube_literals": ` + jsonInts(c.Lits) + `, "status": "UNSATISFIABLE"}`
			os.WriteFile(filepath.Join(res, strconv.Itoa(i)+".json"), []byte(rec), 0o644)
		}
		cert := filepath.Join(dir, "all.drat")
		code, out, errOut := runCLI(t, "cubes", "collect", "--proof", cert, dir)
		if code != 20 || !strings.Contains(out, "verified by the DRAT checker") {
			t.Fatalf("units=%v: exit %d\n%s%s", units, code, out, errOut)
		}
		// The certificate refutes the formula itself: check it again
		// from the original file.
		p, _ := satfile.ReadFile(hole, satfile.Options{})
		r, _ := os.Open(cert)
		if _, err := proof.CheckDRAT(p.Formula, r, proof.Options{}); err != nil {
			t.Fatalf("units=%v: %v", units, err)
		}
		r.Close()

		// One cube's proof swapped for another's: not a refutation.
		a, b := filepath.Join(res, "0.drat"), filepath.Join(res, "1.drat")
		data, _ := os.ReadFile(b)
		os.WriteFile(a, data, 0o644)
		if code, _, errOut = runCLI(t, "cubes", "collect", "--proof", cert, dir); code != 1 || !strings.Contains(errOut, "does not verify") {
			t.Fatalf("units=%v: a swapped proof: exit %d %s", units, code, errOut)
		}
		// A missing proof.
		os.Remove(a)
		if code, _, errOut = runCLI(t, "cubes", "collect", "--proof", cert, dir); code != 1 || !strings.Contains(errOut, "cube 0 has no proof") {
			t.Fatalf("units=%v: a missing proof: exit %d %s", units, code, errOut)
		}
	}
}

func jsonInts(lits []sat.Lit) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, l := range lits {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(int(l)))
	}
	b.WriteByte(']')
	return b.String()
}
