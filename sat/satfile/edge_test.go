package satfile

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// readEdge reads a file of testdata/dimacs/edge with ReadFile, recognising
// the format and the compression.
func readEdge(t *testing.T, name string) *Problem {
	t.Helper()
	p, err := ReadFile(filepath.Join(corpus, "edge", name), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Format != CNF {
		t.Fatalf("%s read as %v", name, p.Format)
	}
	return p
}

// hasEmpty reports whether f has an empty clause.
func hasEmpty(f *sat.Formula) bool {
	for _, c := range f.Clauses {
		if len(c) == 0 {
			return true
		}
	}
	return false
}

func TestEdgeSATLIB(t *testing.T) {
	cases := []struct {
		file      string
		clauses   int
		empty     bool
		warn      error
		headerCls int
	}{
		// The '%' line ends the input: the '0' after it is not an empty clause.
		{"uf20-01.orig.cnf", 91, false, ErrEndMarker, 91},
		// The trailing lone 0 is an empty clause, flagged as the PRET signature.
		{"pret60_25.orig.cnf", 161, true, ErrTrailingZero, 160},
		// 202 unterminated lines are read as clauses, restoring 800.
		{"dubois100.orig.cnf", 800, false, ErrUnterminated, 800},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			p := readEdge(t, c.file)
			f := p.Formula
			if len(f.Clauses) != c.clauses || hasEmpty(f) != c.empty {
				t.Errorf("%d clauses (empty clause: %v), want %d (%v)", len(f.Clauses), hasEmpty(f), c.clauses, c.empty)
			}
			if p.Header.Constraints != c.headerCls || !p.Header.Present {
				t.Errorf("header %+v, want %d clauses", p.Header, c.headerCls)
			}
			if len(p.Warnings) != 1 || !errors.Is(p.Warnings[0], c.warn) {
				t.Errorf("warnings %v, want one of class %v", p.Warnings, c.warn)
			}
			if _, err := ReadFile(filepath.Join(corpus, "edge", c.file), Options{Mode: Strict}); err == nil {
				t.Error("strict mode accepted the file")
			}
		})
	}
}

// TestDubois100Repair checks the repaired dubois100 against the
// generator's structure: every clause has three literals and no clause is
// a tautology (the unrepaired reading merges lines into tautologies).
func TestDubois100Repair(t *testing.T) {
	f := readEdge(t, "dubois100.orig.cnf").Formula
	if f.NumVars != 300 {
		t.Errorf("NumVars %d, want 300", f.NumVars)
	}
	for i, c := range f.Clauses {
		if len(c) != 3 {
			t.Fatalf("clause %d is %v, want 3 literals", i+1, c)
		}
		for j := range c {
			for k := j + 1; k < len(c); k++ {
				if c[j] == -c[k] {
					t.Fatalf("clause %d is a tautology: %v", i+1, c)
				}
			}
		}
	}
	if got := f.Clauses[0]; got[0] != 199 || got[1] != 200 || got[2] != 1 {
		t.Errorf("first clause %v, want the file's first line 199 200 1", got)
	}
}

func TestEdgeSATCH(t *testing.T) {
	cases := []struct {
		file string
		want *sat.Formula
	}{
		{"satch-true.cnf", cnf(0)},
		{"satch-false.cnf", cnf(0, sat.Clause{})},
		{"satch-trivial.cnf", cnf(1, sat.Clause{1, -1})},
		{"satch-regr1.cnf", cnf(2, sat.Clause{2})},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			p := readEdge(t, c.file)
			if d := sameFormula(c.want, p.Formula); d != "" || len(p.Warnings) > 0 {
				t.Errorf("%s, warnings %v", d, p.Warnings)
			}
			q, err := ReadFile(filepath.Join(corpus, "edge", c.file), Options{Mode: Strict})
			if err != nil {
				t.Fatalf("strict: %v", err)
			}
			if d := sameFormula(c.want, q.Formula); d != "" {
				t.Errorf("strict: %s", d)
			}
		})
	}
}

// TestEdgeCompressed checks that the gzip, bzip2 and xz copies, and the
// SATLIB original with its '%' trailer, read to exactly the clauses of the
// plain corpus copy.
func TestEdgeCompressed(t *testing.T) {
	plain := readEdge(t, "uf20-01.cnf")
	if len(plain.Formula.Clauses) != 91 || plain.Formula.NumVars != 20 || len(plain.Warnings) > 0 {
		t.Fatalf("plain copy: %d clauses over %d variables, warnings %v", len(plain.Formula.Clauses), plain.Formula.NumVars, plain.Warnings)
	}
	for _, name := range []string{"uf20-01.cnf.gz", "uf20-01.cnf.bz2", "uf20-01.cnf.xz", "uf20-01.orig.cnf"} {
		t.Run(name, func(t *testing.T) {
			p := readEdge(t, name)
			if d := sameFormula(plain.Formula, p.Formula); d != "" {
				t.Error(d)
			}
		})
	}
}
