package satfile

import (
	"bytes"
	"compress/gzip"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/ulikunitz/xz"

	"github.com/satsolve/satsolve/sat"
)

// benchFormula returns a random 3-CNF of about 9 MB in the layout of
// generated benchmark files (one clause per line, a comment preamble).
func benchFormula(b *testing.B) (*sat.Formula, []byte) {
	b.Helper()
	r := rand.New(rand.NewPCG(7, 7))
	const vars, clauses = 100_000, 500_000
	f := &sat.Formula{NumVars: vars}
	for range clauses {
		c := make(sat.Clause, 3)
		for i := range c {
			c[i] = sat.Lit(1 + r.IntN(vars))
			if r.IntN(2) == 0 {
				c[i] = -c[i]
			}
		}
		f.Clauses = append(f.Clauses, c)
	}
	var text bytes.Buffer
	if err := WriteCNF(&text, f, "random 3-CNF for BenchmarkReadCNF"); err != nil {
		b.Fatal(err)
	}
	return f, text.Bytes()
}

// BenchmarkReadCNF reads a multi-megabyte CNF, plain and compressed. The
// MB/s figure is for the uncompressed text.
func BenchmarkReadCNF(b *testing.B) {
	f, text := benchFormula(b)
	// Only the counts stay alive, so the collector does not scan f.
	vars, clauses := f.NumVars, len(f.Clauses)
	f = nil
	compress := map[string]func(io.Writer) (io.WriteCloser, error){
		"plain": nil,
		"gzip":  func(w io.Writer) (io.WriteCloser, error) { return gzip.NewWriter(w), nil },
		"xz":    func(w io.Writer) (io.WriteCloser, error) { return xz.NewWriter(w) },
	}
	for _, name := range []string{"plain", "gzip", "xz"} {
		b.Run(name, func(b *testing.B) {
			input := text
			if c := compress[name]; c != nil {
				var buf bytes.Buffer
				w, err := c(&buf)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := w.Write(text); err != nil {
					b.Fatal(err)
				}
				if err := w.Close(); err != nil {
					b.Fatal(err)
				}
				input = buf.Bytes()
			}
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				p, err := Read(bytes.NewReader(input), Options{Format: CNF})
				if err != nil {
					b.Fatal(err)
				}
				if len(p.Formula.Clauses) != clauses {
					b.Fatalf("read %d clauses, want %d", len(p.Formula.Clauses), clauses)
				}
			}
			b.ReportMetric(float64(clauses), "clauses")
			b.ReportMetric(float64(vars), "vars")
		})
	}
}

// BenchmarkWriteCNF writes the same formula.
func BenchmarkWriteCNF(b *testing.B) {
	f, text := benchFormula(b)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if err := WriteCNF(io.Discard, f); err != nil {
			b.Fatal(err)
		}
	}
}
