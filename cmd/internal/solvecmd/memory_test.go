package solvecmd

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/internal/memlimit"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/satfile"
)

// TestFlatten checks the flat copy that replaces a formula's clauses for
// the final check: the same verdicts as the formula (a model, a falsified
// clause, a false assumption), the formula's clauses released, small
// formulas flattened too, PB constraints and objectives left alone.
func TestFlatten(t *testing.T) {
	f := &sat.Formula{}
	for i := range largeClauses {
		v := sat.Lit(1 + i%1000)
		f.AddClause(v, v+1)
	}
	good := sat.NewAssignment(f.NumVars)
	for v := 1; v <= f.NumVars; v += 2 {
		good[v] = true
	}
	bad := append(sat.Assignment(nil), good...)
	bad[501] = false // clauses 500 ∨ 501 and 501 ∨ 502
	out := &outcome{status: sat.Sat, flat: flatten(context.Background(), f)}
	if out.flat == nil || f.Clauses != nil || out.flat.Len() != largeClauses {
		t.Fatalf("flatten: %v, %d clauses left", out.flat, len(f.Clauses))
	}
	if err := out.flat.Check(good, nil); err != nil {
		t.Error(err)
	}
	if err := out.flat.Check(bad, nil); err == nil {
		t.Error("a falsified clause passes")
	}
	if err := out.flat.Check(good, []sat.Lit{2}); err == nil {
		t.Error("a false assumption passes")
	}
	out.model = bad
	if err := out.check(&satfile.Problem{Formula: f}, nil, nil); !errors.Is(err, sat.ErrBadModel) {
		t.Errorf("check of a bad model: %v", err)
	}
	small := &sat.Formula{}
	small.AddClause(1, 2)
	if l := flatten(context.Background(), small); l == nil || l.Len() != 1 || small.Clauses != nil {
		t.Error("a small formula was not flattened")
	}
	pb := &sat.Formula{}
	pb.AddClause(1, 2)
	pb.AddPB(sat.PB{Terms: []sat.Term{{Coef: 1, Lit: 1}, {Coef: 1, Lit: 2}}, Op: sat.AtMost, K: 1})
	if flatten(context.Background(), pb) != nil || len(pb.Clauses) != 1 {
		t.Error("a formula with a PB constraint was flattened")
	}
	f = &sat.Formula{}
	for range largeClauses {
		f.AddClause(1)
	}
	f.SetObjective([]sat.Term{{Coef: 1, Lit: 1}})
	if flatten(context.Background(), f) != nil {
		t.Error("a formula with an objective was flattened")
	}
}

// TestSolveLargeCNF solves a file of more than largeClauses clauses, whose
// clauses solve keeps flat for the backend and the final check: the
// answer, the model and the clause count of the report are those of the
// file.
func TestSolveLargeCNF(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (large input): skipped by go test -short; go test ./... runs it")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "p cnf 3 %d\n", largeClauses+1)
	for i := range largeClauses {
		fmt.Fprintf(&b, "%d -3 0\n", 1+i%2)
	}
	b.WriteString("3 0\n")
	path := filepath.Join(t.TempDir(), "large.cnf")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	// gini and walk share the flat clauses (sat.ListAdder), cdcl takes them
	// one by one, and a portfolio does either per member.
	for _, b := range []string{"gini", "portfolio:gini,walk", "portfolio:cdcl,walk"} {
		code, out, errs := runCLI(t, "", "solve", "--json", "--backend", b, path)
		var j jsonReport
		if err := json.Unmarshal([]byte(out), &j); err != nil || code != 10 {
			t.Fatalf("%s: exit %d, %v, %s", b, code, err, errs)
		}
		if j.Clauses != largeClauses+1 || fmt.Sprint(j.Model) != "[1 2 3]" {
			t.Errorf("%s: clauses %d, model %v", b, j.Clauses, j.Model)
		}
	}
}

// TestCompressedBomb is the regression test for a small gzip file that
// expands to more clauses than memory holds (1.5 MB expanding to 10⁹
// bytes crashed the process): under a 256 MiB address-space budget, a
// 200 KB gzip of sixteen million clauses on standard input is refused
// with a clear error naming --max-literals, exit 1, instead of dying out
// of memory.
func TestCompressedBomb(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (memory measurement): skipped by go test -short; go test ./... runs it")
	}
	if !memlimit.Run(t, 256<<20) {
		return
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	fmt.Fprintf(zw, "p cnf 3 %d\n", 16<<20)
	line := []byte("1 -2 3 0\n")
	for range 16 << 20 {
		zw.Write(line)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, gz.String(), "solve", "--backend", "gini", "-")
	if code != 1 || out != "" || !strings.Contains(errs, "more than") || !strings.Contains(errs, "--max-literals") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestTuneGC checks the collector's percentage while a formula is solved:
// smallGC below largeClauses clauses, largeGC from there on, and the old
// setting back afterwards.
func TestTuneGC(t *testing.T) {
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	small := &sat.Formula{}
	small.AddClause(1, 2)
	large := &sat.Formula{Clauses: make([]sat.Clause, largeClauses)}
	for _, c := range []struct {
		f    *sat.Formula
		want int
	}{{small, smallGC}, {large, largeGC}} {
		restore := tuneGC(len(c.f.Clauses))
		if got := debug.SetGCPercent(c.want); got != c.want {
			t.Errorf("%d clauses: GC percentage %d, want %d", len(c.f.Clauses), got, c.want)
		}
		restore()
		if got := debug.SetGCPercent(100); got != 100 {
			t.Errorf("%d clauses: GC percentage %d after restore, want 100", len(c.f.Clauses), got)
		}
	}
}
