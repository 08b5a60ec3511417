package gophersat

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/crillab/gophersat/solver"

	"github.com/satsolve/satsolve/sat"
)

// randomRequest returns a request with every field used, extreme values
// included.
func randomRequest(rng *rand.Rand) *request {
	lit := func() sat.Lit {
		switch rng.IntN(8) {
		case 0:
			return math.MaxInt32
		case 1:
			return math.MinInt32 + 1
		}
		return sat.Lit(rng.IntN(201) - 100)
	}
	lits := func(n int) []sat.Lit {
		if n == 0 {
			return nil
		}
		ls := make([]sat.Lit, n)
		for i := range ls {
			ls[i] = lit()
		}
		return ls
	}
	terms := func(n int) []sat.Term {
		if n == 0 {
			return nil
		}
		ts := make([]sat.Term, n)
		for i := range ts {
			ts[i] = sat.Term{Coef: rng.Int64() - math.MaxInt64/2, Lit: lit()}
		}
		ts[0].Coef = math.MinInt64
		return ts
	}
	req := &request{NumVars: rng.IntN(1000), Minimize: rng.IntN(2) == 1}
	for range rng.IntN(6) {
		req.Clauses = append(req.Clauses, lits(1+rng.IntN(5)))
	}
	for range rng.IntN(4) {
		req.PBs = append(req.PBs, sat.PB{Terms: terms(1 + rng.IntN(4)), Op: sat.Op(rng.IntN(5) - 2), K: rng.Int64() - math.MaxInt64/2})
	}
	req.Assumptions = lits(rng.IntN(4))
	req.Objective = terms(rng.IntN(4))
	return req
}

// randomReply returns a reply with every field used.
func randomReply(rng *rand.Rand) reply {
	r := reply{Final: rng.IntN(2) == 1, Status: []sat.Status{sat.Sat, sat.Unsat, sat.Unknown}[rng.IntN(3)]}
	if n := rng.IntN(70); n > 0 {
		r.Model = make([]bool, n)
		for i := range r.Model {
			r.Model[i] = rng.IntN(2) == 1
		}
	}
	if rng.IntN(2) == 0 {
		r.Err = "gophersat: ümlaut\n\x00 error"
	}
	r.Stats = solver.Stats{NbRestarts: rng.IntN(9), NbConflicts: math.MaxInt64, NbDecisions: -1, NbUnitLearned: 3, NbBinaryLearned: 4, NbLearned: 5, NbDeleted: rng.Int()}
	return r
}

// TestWireRoundTrip writes random requests and streams of replies and
// reads them back identical, and the stream's end as io.EOF.
func TestWireRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 500 {
		req := randomRequest(rng)
		var b bytes.Buffer
		if err := writeRequest(bufio.NewWriter(&b), req); err != nil {
			t.Fatal(err)
		}
		br := bufio.NewReader(&b)
		got, err := readRequest(br)
		if err != nil || !reflect.DeepEqual(got, req) {
			t.Fatalf("request %d: read %+v, %v; wrote %+v", i, got, err, req)
		}
		if _, err := readRequest(br); err != io.EOF {
			t.Fatalf("request %d: after it, %v; want io.EOF", i, err)
		}

		var reps []reply
		b.Reset()
		w := bufio.NewWriter(&b)
		for range 1 + rng.IntN(3) {
			r := randomReply(rng)
			reps = append(reps, r)
			if err := writeReply(w, &r); err != nil {
				t.Fatal(err)
			}
		}
		br = bufio.NewReader(&b)
		for j, want := range reps {
			got, err := readReply(br)
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("reply %d.%d: read %+v, %v; wrote %+v", i, j, got, err, want)
			}
		}
		if _, err := readReply(br); err != io.EOF {
			t.Fatalf("replies %d: after them, %v; want io.EOF", i, err)
		}
	}
}

// TestWireRejectsCorruption cuts and mutates encoded messages: every
// prefix is an error (errWire, not a panic), and so is a boolean that is
// neither 0 nor 1 and a literal beyond int32.
func TestWireRejectsCorruption(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	req := randomRequest(rng)
	for len(req.Clauses) == 0 || len(req.Objective) == 0 {
		req = randomRequest(rng)
	}
	var b bytes.Buffer
	writeRequest(bufio.NewWriter(&b), req)
	full := b.Bytes()
	for n := 1; n < len(full); n++ {
		if _, err := readRequest(bufio.NewReader(bytes.NewReader(full[:n]))); !errors.Is(err, errWire) {
			t.Fatalf("request cut to %d of %d bytes: %v; want errWire", n, len(full), err)
		}
	}
	r := randomReply(rng)
	r.Model = []bool{true}
	b.Reset()
	writeReply(bufio.NewWriter(&b), &r)
	full = bytes.Clone(b.Bytes())
	for n := 1; n < len(full); n++ {
		if _, err := readReply(bufio.NewReader(bytes.NewReader(full[:n]))); !errors.Is(err, errWire) {
			t.Fatalf("reply cut to %d of %d bytes: %v; want errWire", n, len(full), err)
		}
	}
	bad := bytes.Clone(full)
	bad[0] = 2 // Final
	if _, err := readReply(bufio.NewReader(bytes.NewReader(bad))); !errors.Is(err, errWire) {
		t.Errorf("Final = 2: %v; want errWire", err)
	}
	// A request whose NumVars is 2^40.
	b.Reset()
	w := &wireWriter{w: bufio.NewWriter(&b)}
	w.int(1 << 40)
	w.w.Flush()
	if _, err := readRequest(bufio.NewReader(&b)); !errors.Is(err, errWire) {
		t.Errorf("NumVars 2^40: %v; want errWire", err)
	}
}

// FuzzWire decodes arbitrary bytes as a request and as replies: never a
// panic, and what decodes re-encodes to a message that decodes the same.
func FuzzWire(f *testing.F) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 4 {
		var b bytes.Buffer
		writeRequest(bufio.NewWriter(&b), randomRequest(rng))
		f.Add(b.Bytes())
		b.Reset()
		r := randomReply(rng)
		writeReply(bufio.NewWriter(&b), &r)
		f.Add(b.Bytes())
	}
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01})
	f.Fuzz(func(t *testing.T, data []byte) {
		if req, err := readRequest(bufio.NewReader(bytes.NewReader(data))); err == nil {
			var b bytes.Buffer
			writeRequest(bufio.NewWriter(&b), req)
			again, err := readRequest(bufio.NewReader(&b))
			if err != nil || !reflect.DeepEqual(again, req) {
				t.Fatalf("request %+v re-read as %+v, %v", req, again, err)
			}
		}
		br := bufio.NewReader(bytes.NewReader(data))
		for {
			rep, err := readReply(br)
			if err != nil {
				break
			}
			var b bytes.Buffer
			writeReply(bufio.NewWriter(&b), &rep)
			again, err := readReply(bufio.NewReader(&b))
			if err != nil || !reflect.DeepEqual(again, rep) {
				t.Fatalf("reply %+v re-read as %+v, %v", rep, again, err)
			}
		}
	})
}
