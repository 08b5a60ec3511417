package dimacs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSniff(t *testing.T) {
	cases := []struct {
		name, text string
		want       Format
	}{
		{"empty", "", CNF},
		{"cnf header", "c hi\np cnf 1 1\n1 0\n", CNF},
		{"cnf uppercase", "P CNF 1 1\n1 0\n", CNF},
		{"cnf no header", "1 -2 0\n", CNF},
		{"cnf percent", "%\n", CNF},
		{"xor line is cnf", "x1 2 0\n", CNF},
		{"other p format is cnf", "p inccnf\n", CNF},
		{"wcnf old", "c x\n\np wcnf 2 1 5\n5 1 0\n", WCNF},
		{"wcnf new hard first", "c x\nh 1 2 0\n3 -1 0\n", WCNF},
		{"wcnf new hard later", "3 -1 0\n4 2 0\n  h 1 2 0\n", WCNF},
		{"hard after a header is not a sniff", "1 0\np cnf 1 1\nh 1 0\n", CNF},
		{"opb header", "* #variable= 1 #constraint= 1\n+1 x1 >= 1 ;\n", OPB},
		{"opb objective", "min: +1 x1 ;\n", OPB},
		{"opb max", "max: +1 x1 ;\n", OPB},
		{"opb constraint", "+1 x1 +2 x2 >= 1 ;\n", OPB},
		{"opb equality", "1 x1 = 1\n", OPB},
		{"indented", "   \t\n  p wcnf 1 1\n", WCNF},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := sniff([]byte(c.text)); got != c.want {
				t.Errorf("sniff = %v, want %v", got, c.want)
			}
		})
	}
}

// TestReadAuto checks that Read recognises each good file's format.
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
