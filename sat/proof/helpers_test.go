package proof

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/satfile"
)

// fixture is a CaDiCaL proof of an instance of the root testdata/cnf.
type fixture struct {
	name, cnf, proof string
}

// cadicalFixtures lists testdata/cadical with the instance of each proof.
func cadicalFixtures(t testing.TB) []fixture {
	t.Helper()
	cnfs, err := filepath.Glob("../../testdata/cnf/*/*.cnf")
	if err != nil {
		t.Fatal(err)
	}
	byName := make(map[string]string)
	for _, p := range cnfs {
		byName[strings.TrimSuffix(filepath.Base(p), ".cnf")] = p
	}
	proofs, err := filepath.Glob("testdata/cadical/*drat")
	if err != nil {
		t.Fatal(err)
	}
	var out []fixture
	for _, p := range proofs {
		name := strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
		cnf, ok := byName[name]
		if !ok {
			t.Fatalf("%s: no instance %s.cnf in testdata/cnf", p, name)
		}
		out = append(out, fixture{name, cnf, p})
	}
	if len(out) < 10 {
		t.Fatalf("only %d proof fixtures", len(out))
	}
	return out
}

// readCNF reads a DIMACS file.
func readCNF(t testing.TB, path string) *sat.Formula {
	t.Helper()
	p, err := satfile.ReadFile(path, satfile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p.Formula
}

// parseCNF reads DIMACS text.
func parseCNF(t testing.TB, text string) *sat.Formula {
	t.Helper()
	p, err := satfile.Read(strings.NewReader(text), satfile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p.Formula
}

// readSteps reads a whole DRAT proof (copying each step).
func readSteps(t testing.TB, data []byte) []Step {
	t.Helper()
	steps, err := readStepsPrefix(data)
	if err != nil {
		t.Fatal(err)
	}
	return steps
}

// readStepsPrefix reads a DRAT proof up to its end or its first defect.
func readStepsPrefix(data []byte) ([]Step, error) {
	rd := NewDRATReader(bytes.NewReader(data), "proof")
	var steps []Step
	for {
		st, err := rd.Next()
		if err != nil {
			if err == io.EOF {
				return steps, nil
			}
			return steps, err
		}
		steps = append(steps, Step{Delete: st.Delete, Lits: append([]sat.Lit(nil), st.Lits...), Pos: st.Pos})
	}
}

// dratText writes steps as a text DRAT proof.
func dratText(steps []Step) []byte {
	var b bytes.Buffer
	w := NewDRATWriter(&b)
	for _, st := range steps {
		if st.Delete {
			w.Deleted(0, st.Lits)
		} else {
			w.Derived(0, st.Lits, nil)
		}
	}
	if err := w.Flush(); err != nil {
		panic(err)
	}
	return b.Bytes()
}

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// readLRATSteps reads a whole LRAT proof (copying each step).
func readLRATSteps(t testing.TB, data []byte) []Step {
	t.Helper()
	steps, err := readLRATPrefix(data)
	if err != nil {
		t.Fatal(err)
	}
	return steps
}

// readLRATPrefix reads an LRAT proof up to its end or its first defect.
func readLRATPrefix(data []byte) ([]Step, error) {
	rd := NewLRATReader(bytes.NewReader(data), "proof")
	var steps []Step
	for {
		st, err := rd.Next()
		if err == io.EOF {
			return steps, nil
		}
		if err != nil {
			return steps, err
		}
		steps = append(steps, Step{Delete: st.Delete, ID: st.ID, Pos: st.Pos,
			Lits: slices.Clone(st.Lits), Hints: slices.Clone(st.Hints), IDs: slices.Clone(st.IDs)})
	}
}

// lratText writes steps as a text LRAT proof.
func lratText(steps []Step) []byte {
	var b bytes.Buffer
	for _, st := range steps {
		fmt.Fprintf(&b, "%d ", st.ID)
		if st.Delete {
			b.WriteString("d ")
			for _, id := range st.IDs {
				fmt.Fprintf(&b, "%d ", id)
			}
		} else {
			for _, l := range st.Lits {
				fmt.Fprintf(&b, "%d ", l)
			}
			b.WriteString("0 ")
			for _, h := range st.Hints {
				fmt.Fprintf(&b, "%d ", h)
			}
		}
		b.WriteString("0\n")
	}
	return b.Bytes()
}
