package satfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/satsolve/satsolve/internal/memlimit"
	"github.com/satsolve/satsolve/sat"
)

func TestParseErrorFormat(t *testing.T) {
	cases := []struct {
		err  *ParseError
		want string
	}{
		{&ParseError{File: "a.cnf", Line: 3, Col: 7, Err: ErrSyntax}, "a.cnf:3:7: syntax error"},
		{&ParseError{Line: 1, Col: 1, Err: newDefect(ErrCount, "too few")}, "1:1: too few"},
	}
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			if got := c.err.Error(); got != c.want {
				t.Errorf("Error() = %q, want %q", got, c.want)
			}
			if !errors.Is(c.err, c.err.Err) {
				t.Error("does not unwrap to its Err")
			}
		})
	}
}

// TestErrorPositions checks lines and byte columns, including after a
// byte-order mark, CR/LF line ends and tabs.
func TestErrorPositions(t *testing.T) {
	cases := []struct {
		name      string
		text      string
		line, col int
	}{
		{"first line", "p cnf 2 1 x\n", 1, 11},
		{"after lf", "p cnf 2 1\n1 y 0\n", 2, 3},
		{"after crlf", "p cnf 2 1\r\n\r\n1 2 0 q\r\n", 3, 7},
		{"after tab", "p cnf 2 1\n\t1\t?\n", 2, 4},
		{"after bom", "\ufeffp cnf 2 1 x\n", 1, 14},
		{"after a long comment", "c " + strings.Repeat("x", 3*bufSize) + "\n\n  x 1 0\n", 3, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := readString(c.text, Tolerant, CNF)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v, want a *ParseError", err)
			}
			if pe.Line != c.line || pe.Col != c.col {
				t.Errorf("error at %d:%d, want %d:%d (%v)", pe.Line, pe.Col, c.line, c.col, err)
			}
		})
	}
}

// TestAbsurdHeader checks that huge header counts cost no memory.
func TestAbsurdHeader(t *testing.T) {
	cases := []struct {
		name, text string
		warn       error
	}{
		{"clauses", "p cnf 3 9000000000\n1 -2 0\n", ErrCount},
		{"variables", "p cnf 2147483647 1\n1 -2 0\n", nil},
		{"both", "p cnf 2147483647 9223372036854775807\n1 0\n", ErrCount},
		{"wcnf", "p wcnf 2147483647 9223372036854775807 9223372036854775807\n5 1 0\n", ErrCount},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			p, err := readString(c.text, Tolerant, Auto)
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			if got := classes(t, p.Warnings); c.warn != nil && (len(got) != 1 || got[0] != c.warn) {
				t.Errorf("warnings %v, want one of class %v", p.Warnings, c.warn)
			}
			if grew := after.TotalAlloc - before.TotalAlloc; grew > 4<<20 {
				t.Errorf("allocated %d bytes", grew)
			}
			if p.Formula.NumVars > 2+DenseSlack || p.Names != nil {
				t.Errorf("NumVars %d (header %d), names %v: the header's count must not size the formula", p.Formula.NumVars, p.Header.Vars, p.Names)
			}
		})
	}
}

// TestOneByteReads checks that every corpus file reads the same, with the
// same warnings at the same positions, when the input arrives one byte at
// a time (every token then spans a chunk boundary).
func TestOneByteReads(t *testing.T) {
	for _, dir := range []string{"good", "bad", "edge"} {
		names, err := filepath.Glob(filepath.Join(corpus, dir, "*"))
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range names {
			name := filepath.Join(dir, filepath.Base(path))
			if strings.HasSuffix(name, ".md") || strings.HasSuffix(name, ".csv") {
				continue
			}
			t.Run(name, func(t *testing.T) {
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				for _, mode := range []Mode{Tolerant, Strict} {
					opts := Options{Mode: mode, Format: formatOf(name)}
					p, err1 := Read(bytes.NewReader(data), opts)
					q, err2 := Read(iotest.OneByteReader(bytes.NewReader(data)), opts)
					if (err1 == nil) != (err2 == nil) || err1 != nil && err1.Error() != err2.Error() {
						t.Fatalf("%v: errors %v and %v", mode, err1, err2)
					}
					if err1 != nil {
						continue
					}
					if d := sameFormula(p.Formula, q.Formula); d != "" {
						t.Errorf("%v: %s", mode, d)
					}
					if a, b := warningText(p.Warnings), warningText(q.Warnings); a != b {
						t.Errorf("%v: warnings %s and %s", mode, a, b)
					}
				}
			})
		}
	}
}

func warningText(ws []*ParseError) string {
	var b strings.Builder
	for _, w := range ws {
		b.WriteString(w.Error())
		b.WriteByte('\n')
	}
	return b.String()
}

// randomCNF returns a random formula and its DIMACS text with irregular
// layout: clause lengths 0..maxLen, random blanks, comments, and clauses
// split across or sharing lines (but never an unterminated line where a
// repair could apply: the header count always matches).
func randomCNF(r *rand.Rand, vars, clauses, maxLen int) (*sat.Formula, string) {
	f := &sat.Formula{NumVars: vars}
	var b strings.Builder
	b.WriteString("c random\np cnf ")
	b.WriteString(strconv.Itoa(vars) + " " + strconv.Itoa(clauses) + "\n")
	blank := func() {
		switch r.IntN(12) {
		case 0:
			b.WriteString("\n")
		case 1:
			b.WriteString("\t")
		case 2:
			b.WriteString("\r\nc comment\n")
		default:
			b.WriteString(" ")
		}
	}
	for range clauses {
		c := sat.Clause{}
		for range r.IntN(maxLen + 1) {
			l := sat.Lit(1 + r.IntN(vars))
			if r.IntN(2) == 0 {
				l = -l
			}
			c = append(c, l)
			b.WriteString(l.String())
			blank()
		}
		f.Clauses = append(f.Clauses, c)
		b.WriteString("0")
		blank()
	}
	return f, b.String()
}

// TestRandomLayouts reads random formulas across chunk and arena
// boundaries, whole and one byte at a time.
func TestRandomLayouts(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	cases := []struct {
		name                  string
		vars, clauses, maxLen int
	}{
		{"small", 5, 40, 4},
		{"many clauses", 300, 30000, 6},
		{"long clauses", 1000, 30, 9000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want, text := randomCNF(r, c.vars, c.clauses, c.maxLen)
			for _, in := range []io.Reader{strings.NewReader(text), iotest.HalfReader(strings.NewReader(text))} {
				p, err := Read(in, Options{})
				if err != nil {
					t.Fatal(err)
				}
				if d := sameFormula(want, p.Formula); d != "" {
					t.Fatal(d)
				}
				if len(p.Warnings) > 1 || len(p.Warnings) == 1 && !errors.Is(p.Warnings[0], ErrUnterminated) {
					t.Fatalf("warnings %v, want at most the one about clauses spanning lines", p.Warnings)
				}
			}
		})
	}
}

// TestLongClause reads one clause longer than an arena chunk.
func TestLongClause(t *testing.T) {
	n := 3*chunkLits + 7
	var b strings.Builder
	b.WriteString("p cnf 5 2\n1 2 0\n")
	want := make(sat.Clause, n)
	for i := range want {
		want[i] = sat.Lit(i%5 + 1)
		b.WriteString(want[i].String() + " ")
	}
	b.WriteString("0\n")
	p, err := readString(b.String(), Strict, CNF)
	if err != nil {
		t.Fatal(err)
	}
	if d := sameClauses(p.Formula.Clauses, [][]sat.Lit{{1, 2}, want}); d != "" {
		t.Fatal(d)
	}
	if c := p.Formula.Clauses[0]; cap(c) != len(c) {
		t.Errorf("clause capacity %d exceeds its length %d: appending would clobber the next clause", cap(c), len(c))
	}
}

func TestReadError(t *testing.T) {
	in := io.MultiReader(strings.NewReader("p cnf 2 1\n1 "), iotest.ErrReader(iotest.ErrTimeout))
	_, err := Read(in, Options{Format: CNF})
	var pe *ParseError
	if !errors.Is(err, iotest.ErrTimeout) || !errors.As(err, &pe) || pe.Line != 2 {
		t.Fatalf("error %v, want the read error at line 2", err)
	}
}

func TestTruncatedCompression(t *testing.T) {
	for _, name := range []string{"uf20-01.cnf.gz", "uf20-01.cnf.bz2", "uf20-01.cnf.xz"} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(corpus, "edge", name))
			if err != nil {
				t.Fatal(err)
			}
			_, err = Read(bytes.NewReader(data[:len(data)*2/3]), Options{})
			var pe *ParseError
			if err == nil || !errors.As(err, &pe) {
				t.Fatalf("error %v, want a *ParseError", err)
			}
		})
	}
}

// TestWCNFTop checks the pre-2022 header fields and the hard/soft split
// at the top weight.
func TestWCNFTop(t *testing.T) {
	p, err := readString("p wcnf 2 3 100\n100 1 2 0\n250 -1 0\n7 -2 0\n", Strict, WCNF)
	if err != nil {
		t.Fatal(err)
	}
	if h := (Header{Present: true, Vars: 2, Constraints: 3, Top: 100}); p.Header != h {
		t.Errorf("header %+v, want %+v", p.Header, h)
	}
	want := &sat.Formula{NumVars: 2, Clauses: []sat.Clause{{1, 2}, {-1}}, Objective: []sat.Term{{Coef: 7, Lit: 2}}}
	if d := sameFormula(want, p.Formula); d != "" {
		t.Error(d)
	}
	// A top near 2^63 is fine, but a soft weight just below it is not.
	_, err = readString("p wcnf 1 2 9223372036854775807\n9223372036854775807 1 0\n9223372036854775806 -1 0\n", Tolerant, WCNF)
	var pe *ParseError
	if !errors.Is(err, sat.ErrCoefRange) || !errors.As(err, &pe) || pe.Line != 3 {
		t.Errorf("error %v, want sat.ErrCoefRange at line 3", err)
	}
}

// TestAbsurdVariables is the regression test for tiny files whose variable
// numbers sized every backend (p cnf 1 1 / 2147483647 0 asked gini for
// 8.6 GB): the variables that occur are renumbered densely, Names maps
// them back, and nothing is sized by the numbers.
func TestAbsurdVariables(t *testing.T) {
	cases := []struct {
		name, text string
		format     Format
		names      []sat.Var
		want       *sat.Formula
		orig       int
	}{
		{"cnf", "p cnf 1 1\n2147483647 0\n", CNF, []sat.Var{2147483647},
			cnf(1, sat.Clause{1}), 1},
		{"cnf order kept", "p cnf 3 2\n-2000000000 7 0\n3 2000000000 0\n", CNF, []sat.Var{3, 7, 2000000000},
			cnf(3, sat.Clause{-3, 2}, sat.Clause{1, 3}), 3},
		{"opb", "+1 x2147483647 >= 1 ;\n", OPB, []sat.Var{2147483647},
			&sat.Formula{NumVars: 1, PBs: []sat.PB{{Terms: []sat.Term{{Coef: 1, Lit: 1}}, Op: sat.AtLeast, K: 1}}}, 1},
		{"opb objective", "min: +2 ~x1500000000 ;\n+1 x9 +1 x1500000000 >= 1 ;\n", OPB, []sat.Var{9, 1500000000},
			&sat.Formula{NumVars: 2, Objective: []sat.Term{{Coef: 2, Lit: -2}}, PBs: []sat.PB{{Terms: []sat.Term{{Coef: 1, Lit: 1}, {Coef: 1, Lit: 2}}, Op: sat.AtLeast, K: 1}}}, 2},
		{"wcnf", "p wcnf 3 2 10\n10 2147483647 -5 0\n3 5 1 0\n", WCNF, []sat.Var{1, 5, 2147483647},
			&sat.Formula{NumVars: 4, Clauses: []sat.Clause{{3, -2}, {2, 1, 4}}, Objective: []sat.Term{{Coef: 3, Lit: 4}}}, 3},
		// Soft units live only in the objective: they are renumbered too
		// (found by the CI fuzz smoke: "1 1100000", a soft unit beyond the
		// bound, kept its number above OrigVars).
		{"wcnf soft units", "1 1100000 0\n4 -3 0\nh 3 0\n", WCNF, []sat.Var{3, 1100000},
			&sat.Formula{NumVars: 2, Clauses: []sat.Clause{{1}}, Objective: []sat.Term{{Coef: 1, Lit: -2}, {Coef: 4, Lit: 1}}}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			p, err := readString(c.text, Tolerant, c.format)
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			if grew := after.TotalAlloc - before.TotalAlloc; grew > 4<<20 {
				t.Errorf("allocated %d bytes", grew)
			}
			if !slices.Equal(p.Names, c.names) || p.OrigVars != c.orig {
				t.Errorf("names %v, OrigVars %d; want %v, %d", p.Names, p.OrigVars, c.names, c.orig)
			}
			if d := sameFormula(c.want, p.Formula); d != "" {
				t.Error(d)
			}
			for v := 1; v <= p.OrigVars; v++ {
				if p.Name(sat.Var(v)) != c.names[v-1] {
					t.Errorf("Name(%d) = %d", v, p.Name(sat.Var(v)))
				}
			}
		})
	}
}

// TestRepeatedUnits checks that a unit clause is kept once: repeats add
// nothing (a complementary unit stays, and makes the formula UNSAT), and
// the header's count still counts every clause of the file.
func TestRepeatedUnits(t *testing.T) {
	p, err := readString("p cnf 2 7\n1 0\n1 0\n-2 0\n1 2 0\n-2 0\n-1 0\n1 0\n", Strict, CNF)
	if err != nil {
		t.Fatal(err)
	}
	if d := sameClauses(p.Formula.Clauses, [][]sat.Lit{{1}, {-2}, {1, 2}, {-1}}); d != "" {
		t.Error(d)
	}
}

// repeatReader yields text n times.
type repeatReader struct {
	text string
	n, i int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	k := 0
	for k < len(p) && r.n > 0 {
		c := copy(p[k:], r.text[r.i:])
		k, r.i = k+c, r.i+c
		if r.i == len(r.text) {
			r.i, r.n = 0, r.n-1
		}
	}
	if k == 0 {
		return 0, io.EOF
	}
	return k, nil
}

// TestRepeatedUnitsMemory is the regression test for ten million copies
// of "1 0" taking 2 GB (minisat: 4 MB): four million of them are read
// within a 64 MiB address-space budget (storing them took 36 bytes each).
func TestRepeatedUnitsMemory(t *testing.T) {
	if !memlimit.Run(t, 64<<20) {
		return
	}
	in := io.MultiReader(strings.NewReader("p cnf 2 4000001\n"), &repeatReader{text: "1 0\n", n: 4000000}, strings.NewReader("-2 0\n"))
	p, err := Read(in, Options{Format: CNF})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Formula.Clauses) != 2 || len(p.Warnings) != 0 {
		t.Fatalf("%d clauses, warnings %v", len(p.Formula.Clauses), p.Warnings)
	}
}

// TestBudget checks Options.Budget: not called on an input below
// BudgetFrom literals, called once past it, its bound then applied as
// MaxLiterals's (and not at all when MaxLiterals is set).
func TestBudget(t *testing.T) {
	calls := 0
	budget := func(n int) func() int { return func() int { calls++; return n } }
	small := "p cnf 3 2\n1 2 0\n-1 3 0\n"
	if _, err := Read(strings.NewReader(small), Options{Format: CNF, Budget: budget(1)}); err != nil || calls != 0 {
		t.Errorf("small input: %v, budget called %d times, want no error and none", err, calls)
	}
	var b strings.Builder
	clauses := BudgetFrom/4 + 10 // 3 literals and the end each
	fmt.Fprintf(&b, "p cnf 3 %d\n", clauses)
	for range clauses {
		b.WriteString("1 -2 3 0\n")
	}
	big := b.String()
	for _, c := range []struct {
		opts      Options
		wantErr   bool
		wantCalls int
	}{
		{Options{Format: CNF, Budget: budget(0)}, false, 1},                       // no bound
		{Options{Format: CNF, Budget: budget(BudgetFrom + 20)}, true, 1},          // crossed later
		{Options{Format: CNF, Budget: budget(2 * BudgetFrom)}, false, 1},          // never crossed
		{Options{Format: CNF, Budget: budget(1), MaxLiterals: 1 << 30}, false, 0}, // MaxLiterals wins
	} {
		calls = 0
		p, err := Read(strings.NewReader(big), c.opts)
		if (err != nil) != c.wantErr || calls != c.wantCalls {
			t.Errorf("MaxLiterals %d: error %v, budget called %d times; want error %v, %d calls", c.opts.MaxLiterals, err, calls, c.wantErr, c.wantCalls)
		}
		if err != nil && !errors.Is(err, ErrFormulaSize) {
			t.Errorf("error %v, want ErrFormulaSize", err)
		}
		if err == nil && len(p.Formula.Clauses) != clauses {
			t.Errorf("%d clauses read, want %d", len(p.Formula.Clauses), clauses)
		}
	}
}

// TestMaxLiterals checks Options.MaxLiterals: a formula beyond it is
// refused at the clause that crosses it (each clause counting its
// literals and one more), repeated units, which are not held, do not
// count, and soft WCNF clauses do.
func TestMaxLiterals(t *testing.T) {
	in := "p cnf 3 5\n1 0\n1 0\n1 0\n1 2 0\n-1 2 3 0\n"
	if _, err := Read(strings.NewReader(in), Options{Format: CNF, MaxLiterals: 9}); err != nil {
		t.Errorf("9 held (the unit 2, then 3 and 4; the repeated units none): %v", err)
	}
	_, err := Read(strings.NewReader(in), Options{Format: CNF, MaxLiterals: 4, File: "f.cnf"})
	var pe *ParseError
	if !errors.Is(err, ErrFormulaSize) || !errors.As(err, &pe) || pe.Line != 5 {
		t.Errorf("4 literals: %v, want ErrFormulaSize at line 5", err)
	}
	if _, err := Read(strings.NewReader("h 1 2 0\n5 -1 0\n7 -2 0\n"), Options{Format: WCNF, MaxLiterals: 6}); !errors.Is(err, ErrFormulaSize) {
		t.Errorf("WCNF soft clauses: %v, want ErrFormulaSize", err)
	}
}
