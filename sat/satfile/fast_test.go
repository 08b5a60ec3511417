package satfile

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// chunkReader hands out its data at most n bytes per Read, so that the
// scanner's buffer ends at every position a test wants.
type chunkReader struct {
	data []byte
	n    int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	k := min(len(p), r.n, len(r.data))
	copy(p, r.data[:k])
	r.data = r.data[k:]
	return k, nil
}

// readPath reads data with the fast path on or off, asking for the
// clauses flat (Options.Flat) or not.
func readPath(data []byte, format Format, mode Mode, chunk int, fast, flat bool) (*Problem, string) {
	old := fastClauses
	fastClauses = fast
	defer func() { fastClauses = old }()
	p, err := Read(&chunkReader{data: data, n: chunk}, Options{Mode: mode, Format: format, Flat: flat})
	if err != nil {
		return nil, err.Error()
	}
	return p, ""
}

// unflatten moves the clauses of p.Flat, when there is one, to
// p.Formula.Clauses, as a read without Options.Flat gives them.
func unflatten(p *Problem) *Problem {
	if p == nil || p.Flat == nil {
		return p
	}
	cs := make([]sat.Clause, 0, p.Flat.Len())
	for _, c := range p.Flat.All() {
		cs = append(cs, append(sat.Clause{}, c...))
	}
	q := *p
	f := *p.Formula
	f.Clauses, q.Formula, q.Flat = cs, &f, nil
	return &q
}

// sameBothPaths fails t unless the fast and the general path read data to
// the same problem, warnings and error, in both modes, as CNF and WCNF,
// with the input cut into reads of several sizes; and unless a read for
// flat clauses (Options.Flat), on either path, gives the same clauses,
// flat for CNF.
func sameBothPaths(t *testing.T, data []byte) {
	t.Helper()
	for _, format := range []Format{CNF, WCNF} {
		for _, mode := range []Mode{Tolerant, Strict} {
			for _, chunk := range []int{1, 3, 17, 1 << 20} {
				p, perr := readPath(data, format, mode, chunk, false, false)
				for _, c := range []struct{ fast, flat bool }{{true, false}, {true, true}, {false, true}} {
					q, qerr := readPath(data, format, mode, chunk, c.fast, c.flat)
					if perr != qerr {
						t.Fatalf("%v %v, reads of %d bytes, fast %v, flat %v, input %q: error %q, want %q", format, mode, chunk, c.fast, c.flat, data, qerr, perr)
					}
					if q != nil && q.Flat != nil && (!c.flat || format != CNF || q.Formula.Clauses != nil || q.Names != nil) {
						t.Fatalf("%v %v, flat %v, input %q: Flat %v beside clauses %v, names %v", format, mode, c.flat, data, q.Flat, q.Formula.Clauses, q.Names)
					}
					if q = unflatten(q); !reflect.DeepEqual(p, q) {
						t.Fatalf("%v %v, reads of %d bytes, fast %v, flat %v, input %q: read\n%+v\nwant\n%+v", format, mode, chunk, c.fast, c.flat, data, q, p)
					}
				}
			}
		}
	}
}

// TestFastSame compares the fast path with the general one on every
// case the fast path hands back (file comment of fast.go), on the test
// corpus and on random near-DIMACS text, whose tokens land on every
// position of the scanner's buffer.
func TestFastSame(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (differential): skipped by go test -short; go test ./... runs it")
	}
	cases := []string{
		"p cnf 3 2\n1 -2 0\n2 3 0\n",
		"p cnf 3 2\n1 -2 0\n2 3 0",
		"p cnf 3 2\n1 -2\n0\n2 3 0\n",
		"p cnf 3 2\n1 -2 0 2\n3 0\n",
		"p cnf 3 2\n1\t-2 0\n2  3 0\r\n",
		"p cnf 3 2\n+1 -2 0\n2 3 -0\n",
		"p cnf 3 2\n1 - 2 0\n2 3 0\n",
		"p cnf 3 2\n007 -0002 00\n2 3 0\n",
		"p cnf 3 1\n1 2 3 0\n4 5 0\n",
		"p cnf 3 2\n1 2 c comment\n0\n",
		"p cnf 3 2\n12345678901 0\n2147483647 0\n2147483648 0\n",
		"p cnf 3 2\n999999999 0\n-999999999 0\n",
		"1 2 0\np cnf 2 1\n",
		"p cnf 3 2\n1 2x 0\n",
		"p cnf 3 2\n1 2 0 % 1 0\n",
		"p cnf 2 3\n1 0\n1 0\n-2 0\n",
		"p wcnf 3 2 10\n10 1 -2 0\n3 2 0\n",
		"",
		"0\n0 0\n",
		// The fallbacks of a read for flat clauses: the dubois repair and
		// variables renumbered densely, after empty clauses and units.
		"p cnf 4 3\n0\n1 2\n3 4 0\n",
		"p cnf 3 4\n1 0\n0\n-1 2\n3\n2 -3 0\n",
		"p cnf 3 3\n2000000000 -1 0\n0\n1 0\n",
	}
	for _, c := range cases {
		sameBothPaths(t, []byte(c))
	}
	for _, dir := range []string{"good", "bad", "edge"} {
		names, err := filepath.Glob(filepath.Join(corpus, dir, "*"))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			data, err := os.ReadFile(n)
			if err != nil {
				t.Fatal(err)
			}
			sameBothPaths(t, data)
		}
	}
	tokens := []string{"1", "2", "-3", "0", "0", " ", " ", " ", "\n", "\n", "-", "+4", "\t", "\r", "c x", "12345", "007", "-0", "x", "p cnf 5 4", "9999999999"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		var b bytes.Buffer
		if rng.IntN(2) == 0 {
			b.WriteString("p cnf 5 6\n")
		}
		for range rng.IntN(60) {
			b.WriteString(tokens[rng.IntN(len(tokens))])
		}
		sameBothPaths(t, b.Bytes())
	}
	// A file larger than the scanner's buffer: clauses cut by every
	// buffer boundary, and a variable past the header's count.
	var b bytes.Buffer
	fmt.Fprintf(&b, "p cnf 1000 30000\n")
	for i := range 30000 {
		fmt.Fprintf(&b, "%d -%d %d 0\n", 1+i%997, 1+(i*7)%1000, 1+(i*13)%1001)
	}
	sameBothPaths(t, b.Bytes())
}

// FuzzFastSame compares the fast path with the general one on arbitrary
// input.
func FuzzFastSame(f *testing.F) {
	addCorpusSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		sameBothPaths(t, data)
	})
}
