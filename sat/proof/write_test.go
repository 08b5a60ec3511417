package proof

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// tracer is the engine's proof hook (sat/cdcl.Tracer), repeated here so
// that the writers are checked against it without importing the engine.
type tracer interface {
	Original(id uint64, lits []sat.Lit)
	Derived(id uint64, lits []sat.Lit, hints []uint64)
	Deleted(id uint64, lits []sat.Lit)
	Flush() error
}

var (
	_ tracer = (*DRATWriter)(nil)
	_ tracer = (*BinaryDRATWriter)(nil)
	_ tracer = (*LRATWriter)(nil)
)

// TestDRATWritersRoundTrip writes random steps with both DRAT writers and
// reads them back.
func TestDRATWritersRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var steps []Step
	for range 2000 {
		st := Step{Delete: rng.IntN(3) == 0}
		for range rng.IntN(6) {
			v := sat.Var(1 + rng.IntN(300))
			if rng.IntN(50) == 0 {
				v = sat.Var(maxVar - rng.IntN(3))
			}
			st.Lits = append(st.Lits, v.Lit(rng.IntN(2) == 0))
		}
		steps = append(steps, st)
	}
	for _, binary := range []bool{false, true} {
		var b bytes.Buffer
		var w tracer = NewDRATWriter(&b)
		if binary {
			w = NewBinaryDRATWriter(&b)
		}
		w.Original(1, []sat.Lit{1, 2}) // not written
		for i, st := range steps {
			if st.Delete {
				w.Deleted(uint64(i), st.Lits)
			} else {
				w.Derived(uint64(i), st.Lits, []uint64{1, 2})
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		rd := NewDRATReader(&b, "p")
		for i, want := range steps {
			st, err := rd.Next()
			if err != nil {
				t.Fatalf("binary %v, step %d: %v", binary, i, err)
			}
			if st.Delete != want.Delete || !slices.Equal(st.Lits, want.Lits) {
				t.Fatalf("binary %v, step %d: %v, want %v", binary, i, st, want)
			}
		}
		if _, err := rd.Next(); err != io.EOF || rd.Binary() != binary {
			t.Errorf("binary %v: end %v, detected binary %v", binary, err, rd.Binary())
		}
	}
}

// TestWritersAsTracer replays the LRAT proof that the DRAT checker writes
// for hole6 through each writer, as the engine would call them (every
// original clause, each lemma with its hints, each deletion with its
// literals), and checks what they write with both checkers.
func TestWritersAsTracer(t *testing.T) {
	f := readCNF(t, "../../testdata/cnf/hole/hole6.cnf")
	var exported bytes.Buffer
	if _, err := CheckDRAT(f, bytes.NewReader(readFile(t, "testdata/cadical/hole6.drat")), Options{LRAT: &exported}); err != nil {
		t.Fatal(err)
	}
	steps := readLRATSteps(t, exported.Bytes())
	replay := func(w tracer) {
		lits := make(map[uint64][]sat.Lit)
		for i, cl := range f.Clauses {
			w.Original(uint64(i+1), cl)
			lits[uint64(i+1)] = cl
		}
		for _, st := range steps {
			if st.Delete {
				for _, id := range st.IDs {
					w.Deleted(id, lits[id])
				}
				continue
			}
			hints := make([]uint64, len(st.Hints))
			for i, h := range st.Hints {
				hints[i] = uint64(h)
			}
			w.Derived(st.ID, st.Lits, hints)
			lits[st.ID] = st.Lits
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	var lrat, drat, bdrat bytes.Buffer
	replay(NewLRATWriter(&lrat))
	replay(NewDRATWriter(&drat))
	replay(NewBinaryDRATWriter(&bdrat))
	if _, err := CheckLRAT(f, &lrat, Options{}); err != nil {
		t.Errorf("LRAT writer: %v", err)
	}
	if _, err := CheckDRAT(f, &drat, Options{}); err != nil {
		t.Errorf("DRAT writer: %v", err)
	}
	if r, err := CheckDRAT(f, &bdrat, Options{}); err != nil || !r.Binary {
		t.Errorf("binary DRAT writer: %v (binary %v)", err, r.Binary)
	}
}

// TestLRATWriterBatches checks the deletion lines: gathered under the id
// of the last clause, written before the next addition and at Flush.
func TestLRATWriterBatches(t *testing.T) {
	var b bytes.Buffer
	w := NewLRATWriter(&b)
	w.Original(1, []sat.Lit{1})
	w.Original(2, []sat.Lit{-1, 2})
	w.Deleted(1, nil)
	w.Derived(3, []sat.Lit{2}, []uint64{1, 2})
	w.Deleted(2, nil)
	w.Deleted(3, nil)
	for id := uint64(10); id < 10+lratBatch; id++ {
		w.Deleted(id, nil)
	}
	w.Derived(4, nil, nil)
	w.Deleted(4, nil)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 6 || lines[0] != "2 d 1 0" || lines[1] != "3 2 0 1 2 0" ||
		!strings.HasPrefix(lines[2], "3 d 2 3 10 11 ") || !strings.HasPrefix(lines[3], "3 d 1032 ") ||
		lines[4] != "4 0 0" || lines[5] != "4 d 4 0" {
		t.Errorf("unexpected output:\n%s", b.String())
	}
}

// failWriter fails after n bytes.
type failWriter struct {
	n      int
	closed bool
}

var errDisk = errors.New("disk full")

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errDisk
	}
	w.n -= len(p)
	return len(p), nil
}

func (w *failWriter) Close() error { w.closed = true; return nil }

// TestWriteErrors checks that a failed write is reported by Flush, Close
// and Err, and not lost.
func TestWriteErrors(t *testing.T) {
	for name, mk := range map[string]func(io.Writer) tracer{
		"drat":   func(w io.Writer) tracer { return NewDRATWriter(w) },
		"binary": func(w io.Writer) tracer { return NewBinaryDRATWriter(w) },
		"lrat":   func(w io.Writer) tracer { return NewLRATWriter(w) },
	} {
		fw := &failWriter{n: 1000}
		w := mk(fw)
		for i := range 100000 {
			w.Derived(uint64(i+1), []sat.Lit{1, -2, 3}, []uint64{1, 2})
			w.Deleted(uint64(i+1), []sat.Lit{1, -2, 3})
		}
		if err := w.Flush(); !errors.Is(err, errDisk) {
			t.Errorf("%s: Flush = %v", name, err)
		}
		c := w.(interface {
			Close() error
			Err() error
		})
		if err := c.Close(); !errors.Is(err, errDisk) || !fw.closed {
			t.Errorf("%s: Close = %v (closed %v)", name, err, fw.closed)
		}
		if !errors.Is(c.Err(), errDisk) {
			t.Errorf("%s: Err = %v", name, c.Err())
		}
	}
}
