package satfile

import (
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ulikunitz/xz"
)

func TestSniff(t *testing.T) {
	cases := []struct {
		name, text string
		want       Format
	}{
		{"empty", "", CNF},
		{"cnf header", "c hi\np cnf 1 1\n1 0\n", CNF},
		{"cnf uppercase", "P CNF 1 1\n1 0\n", CNF},
		{"cnf no header, negative first", "-1 2 0\n", CNF},
		{"cnf no header, a line starts negative", "1 -2 0\n-2 3 0\n", CNF},
		{"cnf no header, lone 0", "1 2 0\n0\n", CNF},
		{"cnf no header, spans lines", "1 2\n3 0\n", CNF},
		{"cnf no header, plus sign", "+1 2 0\n", CNF},
		{"cnf header after clauses", "1 2 0\np cnf 2 1\n", CNF},
		{"cnf percent", "%\n", CNF},
		{"xor line is cnf", "x1 2 0\n", CNF},
		{"other p format is cnf", "p inccnf\n", CNF},
		{"wcnf old", "c x\n\np wcnf 2 1 5\n5 1 0\n", WCNF},
		{"wcnf new hard first", "c x\nh 1 2 0\n3 -1 0\n", WCNF},
		{"wcnf new hard later", "3 -1 0\n4 2 0\n  h 1 2 0\n", WCNF},
		{"hard after a header is not a sniff", "1 0\np cnf 1 1\nh 1 0\n", CNF},
		{"wcnf 2022 soft only is ambiguous", "c soft only\n3 -1 0\n4 2 -3 0\n", Auto},
		{"positive headerless cnf is ambiguous", "1 -2 0\n2 3 0\n", Auto},
		{"opb header", "* #variable= 1 #constraint= 1\n+1 x1 >= 1 ;\n", OPB},
		{"opb objective", "min: +1 x1 ;\n", OPB},
		{"opb max", "max: +1 x1 ;\n", OPB},
		{"opb constraint", "+1 x1 +2 x2 >= 1 ;\n", OPB},
		{"opb equality", "1 x1 = 1\n", OPB},
		{"indented", "   \t\n  p wcnf 1 1\n", WCNF},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got, _ := sniff([]byte(c.text), false); got != c.want {
				t.Errorf("sniff = %v, want %v", got, c.want)
			}
		})
	}
}

// TestReadAuto checks that Read recognises each good file's format (the
// name deciding where the content cannot: no-header.cnf, whose lines read
// as soft clauses too).
func TestReadAuto(t *testing.T) {
	for _, c := range goodCases {
		t.Run(c.file, func(t *testing.T) {
			p, err := ReadFile(filepath.Join(corpus, "good", c.file), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if want := formatOf(c.file); p.Format != want {
				t.Errorf("format %v, want %v", p.Format, want)
			}
		})
	}
}

// TestFormatFromName reads inputs whose content cannot tell a headerless
// CNF from a 2022 WCNF without hard clauses: the file's name decides
// (x.wcnf, x.wcnf.xz, X.CNF, x.cnf.gz), compressed or not; without a
// telling name (x.txt, standard input) Read refuses to guess and says how
// to name the format. The content decides whenever it can, whatever the
// name (issue 29, item 10: 5 of 300 random soft-only WCNF files were
// refused).
func TestFormatFromName(t *testing.T) {
	const soft = "c soft only\n3 -1 0\n4 2 -3 0\n"
	dir := t.TempDir()
	write := func(name string, compress func(io.Writer) io.WriteCloser) string {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		var w io.WriteCloser = f
		if compress != nil {
			w = compress(f)
		}
		if _, err := io.WriteString(w, soft); err != nil {
			t.Fatal(err)
		}
		w.Close()
		f.Close()
		return path
	}
	gz := func(w io.Writer) io.WriteCloser { return gzip.NewWriter(w) }
	xzw := func(w io.Writer) io.WriteCloser {
		x, err := xz.NewWriter(w)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	for _, c := range []struct {
		name     string
		compress func(io.Writer) io.WriteCloser
		want     Format
	}{
		{"a.wcnf", nil, WCNF},
		{"b.wcnf.xz", xzw, WCNF},
		{"c.WCNF.gz", gz, WCNF},
		{"d.cnf", nil, CNF},
		{"e.cnf.gz", gz, CNF},
		{"f.CNF", nil, CNF},
		{"g.txt", nil, Auto},
		{"h", xzw, Auto},
	} {
		p, err := ReadFile(write(c.name, c.compress), Options{})
		switch {
		case c.want == Auto:
			if !errors.Is(err, ErrNoHeader) || !strings.Contains(err.Error(), "a file name ending in .cnf or .wcnf") {
				t.Errorf("%s: %v, want a refusal naming the ways to say the format", c.name, err)
			}
		case err != nil:
			t.Errorf("%s: %v", c.name, err)
		case p.Format != c.want:
			t.Errorf("%s: read as %v, want %v", c.name, p.Format, c.want)
		case c.want == WCNF && len(p.Formula.Objective) != 2:
			t.Errorf("%s: not read as two soft clauses: objective %v", c.name, p.Formula.Objective)
		}
	}
	if _, err := Read(strings.NewReader(soft), Options{File: "<stdin>"}); !errors.Is(err, ErrNoHeader) {
		t.Errorf("standard input: %v, want a refusal", err)
	}
	// The content decides when it can: a header, a hard clause, a
	// negative first literal.
	for name, text := range map[string]string{"p.wcnf": "p cnf 2 1\n1 2 0\n", "q.cnf": "h 1 0\n3 -1 0\n", "r.wcnf": "-1 2 0\n"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := ReadFile(path, Options{})
		if want := map[string]Format{"p.wcnf": CNF, "q.cnf": WCNF, "r.wcnf": CNF}[name]; err != nil || p.Format != want {
			t.Errorf("%s: %v, %v; want %v from the content", name, p, err, want)
		}
	}
	for name, want := range map[string]Format{"x.opb": OPB, "x.opb.bz2": OPB, "dir/x.cnf.xz": CNF, "x": Auto, "x.icnf": Auto, "cnf": Auto} {
		if got := FormatOfName(name); got != want {
			t.Errorf("FormatOfName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestReadInvalidFormat(t *testing.T) {
	if _, err := Read(strings.NewReader("p cnf 0 0\n"), Options{Format: Format(9)}); err == nil {
		t.Error("Read accepted an invalid Format")
	}
}

func TestReadFileStdin(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = old; r.Close() }()
	go func() {
		w.WriteString("p cnf 2 1\n1 x 0\n")
		w.Close()
	}()
	_, err = ReadFile("-", Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "-:2:3: ") {
		t.Errorf("error %v, want one at -:2:3", err)
	}
}

func TestReadFileMissing(t *testing.T) {
	if _, err := ReadFile(filepath.Join(t.TempDir(), "none.cnf"), Options{}); !os.IsNotExist(err) {
		t.Errorf("error %v, want not-exist", err)
	}
}

func TestModeAndFormatFlags(t *testing.T) {
	for _, m := range []Mode{Tolerant, Strict} {
		var got Mode
		if err := got.Set(m.String()); err != nil || got != m {
			t.Errorf("Set(%q) = %v, %v", m.String(), got, err)
		}
	}
	for _, f := range []Format{Auto, CNF, OPB, WCNF} {
		var got Format
		if err := got.Set(f.String()); err != nil || got != f {
			t.Errorf("Set(%q) = %v, %v", f.String(), got, err)
		}
	}
	var m Mode
	var f Format
	if m.Set("lenient") == nil || f.Set("dimacs") == nil {
		t.Error("Set accepted an unknown name")
	}
	if Mode(5).String() != "Mode(5)" || Format(-1).String() != "Format(-1)" {
		t.Errorf("invalid values print as %v and %v", Mode(5), Format(-1))
	}
}

// TestCROnlyLineEnds reads files whose lines end in a carriage return
// alone, in every format, with errors on the right line.
func TestCROnlyLineEnds(t *testing.T) {
	cases := []struct {
		name, text string
		format     Format
		clauses    int
		pbs        int
	}{
		{"cnf", "c old Mac file\rp cnf 3 2\r1 -2 0\r2 3 0\r", CNF, 2, 0},
		{"cnf strict layout", "p cnf 2 2\r1 0\r-2 0", CNF, 2, 0},
		{"wcnf 2022", "h 1 2 0\r3 -1 0\r", WCNF, 1, 0},
		{"opb", "* #variable= 2 #constraint= 1\r+1 x1 +1 x2 >= 1 ;\r", OPB, 0, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, mode := range []Mode{Tolerant, Strict} {
				p, err := readString(c.text, mode, Auto)
				if err != nil {
					t.Fatalf("%v: %v", mode, err)
				}
				if p.Format != c.format || len(p.Formula.Clauses) != c.clauses || len(p.Formula.PBs) != c.pbs || len(p.Warnings) > 0 {
					t.Errorf("%v: %v with %d clauses, %d PBs, warnings %v; want %v with %d, %d, none",
						mode, p.Format, len(p.Formula.Clauses), len(p.Formula.PBs), p.Warnings, c.format, c.clauses, c.pbs)
				}
			}
		})
	}
	_, err := readString("p cnf 2 1\r1 2 0\r1 x 0\r", Tolerant, Auto)
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 3 {
		t.Errorf("error %v, want one on line 3", err)
	}
}

// TestReadWCNF2022SoftOnly is the regression test for a 2022 WCNF with soft
// clauses only, which was read as CNF (the weights became literals): Auto
// refuses to guess, and Format WCNF reads it.
func TestReadWCNF2022SoftOnly(t *testing.T) {
	text := "c 2022 format, soft clauses only\n5 1 2 0\n3 -1 0\n4 -2 0\n"
	_, err := readString(text, Tolerant, Auto)
	var pe *ParseError
	if !errors.As(err, &pe) || !errors.Is(err, ErrNoHeader) || pe.Line != 2 || !strings.Contains(err.Error(), "WCNF") {
		t.Fatalf("Auto: error %v, want a missing-header error on line 2 naming WCNF", err)
	}
	p, err := readString(text, Tolerant, WCNF)
	if err != nil {
		t.Fatal(err)
	}
	if p.Format != WCNF || p.OrigVars != 2 || len(p.Formula.Objective) != 3 {
		t.Errorf("read %v over %d variables with objective %v", p.Format, p.OrigVars, p.Formula.Objective)
	}
	// One line that no weight can start decides for CNF.
	p, err = readString(text+"-1 2 0\n", Tolerant, Auto)
	if err != nil || p.Format != CNF {
		t.Errorf("with a negative first literal: %v, %v; want CNF", p, err)
	}
}
