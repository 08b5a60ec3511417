package satfile

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

func TestWriteCNFGolden(t *testing.T) {
	f := cnf(4, sat.Clause{1, -2}, sat.Clause{}, sat.Clause{-4, 3, 2})
	var b bytes.Buffer
	if err := WriteCNF(&b, f, "x1 = a", "", "two\nlines"); err != nil {
		t.Fatal(err)
	}
	want := "c x1 = a\nc\nc two\nc lines\np cnf 4 3\n1 -2 0\n0\n-4 3 2 0\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestWriteCNFErrors(t *testing.T) {
	cases := []struct {
		name string
		f    *sat.Formula
	}{
		{"pb", &sat.Formula{NumVars: 1, PBs: []sat.PB{{Terms: []sat.Term{{Coef: 1, Lit: 1}}, K: 1}}}},
		{"objective", &sat.Formula{NumVars: 1, Objective: []sat.Term{}}},
		{"literal above NumVars", cnf(2, sat.Clause{1, 3})},
		{"zero literal", cnf(2, sat.Clause{1, 0})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := WriteCNF(new(bytes.Buffer), c.f); err == nil {
				t.Error("no error")
			}
		})
	}
}

func TestWriteOPBGolden(t *testing.T) {
	f := &sat.Formula{
		NumVars:   3,
		Clauses:   []sat.Clause{{1, -2}, {}},
		PBs:       []sat.PB{{Terms: []sat.Term{{Coef: -3, Lit: 3}, {Coef: 2, Lit: -1}}, Op: sat.AtMost, K: -1}},
		Objective: []sat.Term{{Coef: 5, Lit: 2}},
	}
	var b bytes.Buffer
	if err := WriteOPB(&b, f, "made by a test"); err != nil {
		t.Fatal(err)
	}
	want := "* #variable= 3 #constraint= 3\n* made by a test\nmin: +5 x2 ;\n" +
		"+1 x1 +1 ~x2 >= 1 ;\n>= 1 ;\n-3 x3 +2 ~x1 <= -1 ;\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestWriteOPBErrors(t *testing.T) {
	cases := []struct {
		name string
		f    *sat.Formula
	}{
		{"clause literal above NumVars", cnf(2, sat.Clause{3})},
		{"objective literal above NumVars", &sat.Formula{NumVars: 1, Objective: []sat.Term{{Coef: 1, Lit: -2}}}},
		{"pb literal above NumVars", &sat.Formula{NumVars: 1, PBs: []sat.PB{{Terms: []sat.Term{{Coef: 1, Lit: 2}}}}}},
		{"pb out of range", &sat.Formula{NumVars: 1, PBs: []sat.PB{{Terms: []sat.Term{{Coef: 1, Lit: 1}}, K: 1 << 62}}}},
		{"invalid op", &sat.Formula{NumVars: 1, PBs: []sat.PB{{Terms: []sat.Term{{Coef: 1, Lit: 1}}, Op: 7}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := WriteOPB(new(bytes.Buffer), c.f); err == nil {
				t.Error("no error")
			}
		})
	}
}

// corpusFiles returns the paths of the corpus files of the given format,
// relative to the corpus directory, in good/ and edge/.
func corpusFiles(t testing.TB, format Format) []string {
	t.Helper()
	var out []string
	for _, dir := range []string{"good", "edge"} {
		names, err := filepath.Glob(filepath.Join(corpus, dir, "*"))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			if !strings.HasSuffix(n, ".md") && !strings.HasSuffix(n, ".csv") && formatOf(n) == format {
				out = append(out, filepath.Join(dir, filepath.Base(n)))
			}
		}
	}
	return out
}

// TestCNFRoundTrip writes every readable CNF corpus file and reads it back
// in strict mode: the formula must be the same, and writing it again must
// give the same bytes.
func TestCNFRoundTrip(t *testing.T) {
	for _, name := range corpusFiles(t, CNF) {
		t.Run(name, func(t *testing.T) {
			p, err := readCorpus(t, name, Tolerant)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := WriteCNF(&out, p.Formula, "round trip of "+name); err != nil {
				t.Fatal(err)
			}
			q, err := Read(bytes.NewReader(out.Bytes()), Options{Mode: Strict})
			if err != nil {
				t.Fatalf("strict re-read: %v\n%s", err, out.String())
			}
			if d := sameFormula(p.Formula, q.Formula); d != "" {
				t.Fatal(d)
			}
			var again bytes.Buffer
			if err := WriteCNF(&again, q.Formula, "round trip of "+name); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out.Bytes(), again.Bytes()) {
				t.Error("second write differs from the first")
			}
		})
	}
}

// asPBs returns f with its clauses turned into ">= 1" constraints, placed
// before its own constraints, as WriteOPB writes them.
func asPBs(f *sat.Formula) *sat.Formula {
	g := &sat.Formula{NumVars: f.NumVars, Objective: f.Objective}
	for _, c := range f.Clauses {
		pb := sat.PB{Op: sat.AtLeast, K: 1}
		for _, l := range c {
			pb.Terms = append(pb.Terms, sat.Term{Coef: 1, Lit: l})
		}
		g.PBs = append(g.PBs, pb)
	}
	g.PBs = append(g.PBs, f.PBs...)
	return g
}

// TestOPBRoundTrip writes every OPB and WCNF corpus file as OPB and reads
// it back in strict mode.
func TestOPBRoundTrip(t *testing.T) {
	for _, name := range append(corpusFiles(t, OPB), corpusFiles(t, WCNF)...) {
		t.Run(name, func(t *testing.T) {
			p, err := readCorpus(t, name, Tolerant)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := WriteOPB(&out, p.Formula); err != nil {
				t.Fatal(err)
			}
			q, err := Read(bytes.NewReader(out.Bytes()), Options{Mode: Strict})
			if err != nil {
				t.Fatalf("strict re-read: %v\n%s", err, out.String())
			}
			if q.Format != OPB {
				t.Errorf("re-read as %v", q.Format)
			}
			if d := sameFormula(asPBs(p.Formula), q.Formula); d != "" {
				t.Fatal(d)
			}
		})
	}
}
