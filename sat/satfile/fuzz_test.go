package satfile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// addCorpusSeeds seeds f with every file of the good, bad and edge corpora.
func addCorpusSeeds(f *testing.F) {
	for _, dir := range []string{"good", "bad", "edge"} {
		names, err := filepath.Glob(filepath.Join(corpus, dir, "*"))
		if err != nil {
			f.Fatal(err)
		}
		for _, n := range names {
			data, err := os.ReadFile(n)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
}

// readBoth reads data in both modes as the given format. It checks that
// errors are positioned *ParseErrors, that results satisfy the Problem
// invariants, and that whatever strict mode reads, tolerant mode reads to
// the same formula. It returns the tolerant result, or nil.
func readBoth(t *testing.T, data []byte, format Format) *Problem {
	var res [2]*Problem
	for i, mode := range []Mode{Tolerant, Strict} {
		p, err := Read(bytes.NewReader(data), Options{Mode: mode, Format: format})
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 {
				t.Fatalf("%v: error %v is not a positioned *ParseError", mode, err)
			}
			continue
		}
		checkProblem(t, p, mode, format)
		res[i] = p
	}
	if res[1] != nil {
		if res[0] == nil {
			t.Fatal("strict mode read the input, tolerant mode rejected it")
		}
		if d := sameFormula(res[1].Formula, res[0].Formula); d != "" {
			t.Fatalf("tolerant and strict readings differ: %s", d)
		}
	}
	return res[0]
}

// checkProblem checks the invariants the package documents.
func checkProblem(t *testing.T, p *Problem, mode Mode, format Format) {
	f := p.Formula
	lits := len(f.Objective)
	for _, c := range f.Clauses {
		lits += len(c)
	}
	for _, c := range f.PBs {
		lits += len(c.Terms)
	}
	limit := lits + DenseSlack
	if p.Format != format || (p.Header.Vars <= limit && p.Names == nil && f.NumVars < p.Header.Vars) || f.NumVars < p.OrigVars || f.NumVars > limit {
		t.Fatalf("format %v, NumVars %d, header %+v, OrigVars %d, %d literals", p.Format, f.NumVars, p.Header, p.OrigVars, lits)
	}
	if p.Names != nil && (len(p.Names) != p.OrigVars || !slices.IsSorted(p.Names) || len(slices.Compact(slices.Clone(p.Names))) != len(p.Names)) {
		t.Fatalf("names %v for %d variables", p.Names, p.OrigVars)
	}
	if mode == Strict && len(p.Warnings) > 0 {
		t.Fatalf("strict mode warned: %v", p.Warnings)
	}
	for _, w := range p.Warnings {
		if w.Line < 1 || w.Col < 1 {
			t.Fatalf("unpositioned warning %v", w)
		}
	}
	inRange := func(l sat.Lit) bool { return l != 0 && int(l.Var()) <= f.NumVars }
	for _, c := range f.Clauses {
		for _, l := range c {
			if !inRange(l) {
				t.Fatalf("literal %d outside 1..%d", l, f.NumVars)
			}
		}
	}
	for _, c := range f.PBs {
		if err := c.Validate(); err != nil {
			t.Fatalf("constraint %v: %v", c, err)
		}
	}
	if err := sat.ValidateTerms(f.Objective); err != nil {
		t.Fatalf("objective: %v", err)
	}
}

// FuzzReadCNF reads arbitrary input as CNF; whatever reads must write and
// re-read in strict mode to the same formula.
func FuzzReadCNF(f *testing.F) {
	addCorpusSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		p := readBoth(t, data, CNF)
		if p == nil {
			return
		}
		var out bytes.Buffer
		if err := WriteCNF(&out, p.Formula); err != nil {
			t.Fatal(err)
		}
		q, err := Read(&out, Options{Mode: Strict, Format: CNF})
		if err != nil {
			t.Fatalf("re-reading the written formula: %v", err)
		}
		if d := sameFormula(p.Formula, q.Formula); d != "" {
			t.Fatal(d)
		}
	})
}

// FuzzReadOPB reads arbitrary input as OPB; whatever reads must write and
// re-read in strict mode to the same formula.
func FuzzReadOPB(f *testing.F) {
	addCorpusSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		p := readBoth(t, data, OPB)
		if p == nil {
			return
		}
		var out bytes.Buffer
		if err := WriteOPB(&out, p.Formula); err != nil {
			t.Fatal(err)
		}
		q, err := Read(&out, Options{Mode: Strict, Format: OPB})
		if err != nil {
			t.Fatalf("re-reading the written formula: %v", err)
		}
		if d := sameFormula(p.Formula, q.Formula); d != "" {
			t.Fatal(d)
		}
	})
}

// FuzzReadWCNF reads arbitrary input as WCNF. Each relaxation variable
// must occur exactly once in the clauses, as the last literal, and once in
// the objective; the formula must write as OPB and re-read to the same.
func FuzzReadWCNF(f *testing.F) {
	addCorpusSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		p := readBoth(t, data, WCNF)
		if p == nil {
			return
		}
		g := p.Formula
		seen := make(map[sat.Var]int)
		for _, c := range g.Clauses {
			for i, l := range c {
				if int(l.Var()) > p.OrigVars {
					if i != len(c)-1 || l < 0 {
						t.Fatalf("relaxation literal %d inside clause %v", l, c)
					}
					seen[l.Var()]++
				}
			}
		}
		for _, term := range g.Objective {
			if term.Coef < 1 {
				t.Fatalf("objective term %v has a weight below 1", term)
			}
			if int(term.Lit.Var()) > p.OrigVars {
				seen[term.Lit.Var()] += 10
			}
		}
		if len(seen) != g.NumVars-p.OrigVars {
			t.Fatalf("%d relaxation variables used, %d allocated", len(seen), g.NumVars-p.OrigVars)
		}
		for v, n := range seen {
			if n != 11 {
				t.Fatalf("relaxation variable %d occurs %d times in clauses and %d in the objective", v, n%10, n/10)
			}
		}
		for _, fill := range []bool{false, true} {
			a := sat.NewAssignment(g.NumVars)
			for v := range a {
				a[v] = fill != (v%3 == 0)
			}
			p.Improve(a)
			if g.Cost(a) != p.Cost(a) {
				t.Fatalf("after Improve the objective is %d, the soft cost %d", g.Cost(a), p.Cost(a))
			}
		}
		var out bytes.Buffer
		if err := WriteOPB(&out, g); err != nil {
			t.Fatal(err)
		}
		q, err := Read(&out, Options{Mode: Strict, Format: OPB})
		if err != nil {
			t.Fatalf("re-reading the written formula: %v", err)
		}
		if d := sameFormula(asPBs(g), q.Formula); d != "" {
			t.Fatal(d)
		}
	})
}
