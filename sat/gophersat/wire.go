package gophersat

// The child protocol's encoding of requests and replies: varints
// (encoding/binary), written and read as streams, in a fixed field order.
//
// It replaced encoding/gob, whose package initialiser (its type registry:
// about 360 allocations) ran at every start of every program that links
// this package, satsolve solve on a 20-variable file included, where it
// cost about 0.07 ms of the 1.6 ms of CPU a run takes
// (benchmarks/results/startup.md). The two sides are the same executable,
// so the format needs no self-description; the handshake line names its
// version.
//
// A request is NumVars, the clauses (a count, then each clause as a count
// and its literals), the PB constraints (terms as coefficient and literal,
// then Op and K), the assumptions, Minimize (0 or 1) and the objective's
// terms. A reply is Final (0 or 1), Status, the model (a count and one
// byte per variable), Err (a length and its bytes) and the seven counters
// of solver.Stats. Counts are unsigned varints, everything else signed.
//
// Decoding never trusts a count: a slice grows as its elements arrive,
// so a corrupt stream costs at most memory proportional to its length,
// and it ends in an error, never a panic.

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/satsolve/satsolve/sat"
)

// wireWriter appends varints to a buffered writer.
type wireWriter struct {
	w   *bufio.Writer
	buf [binary.MaxVarintLen64]byte
}

func (w *wireWriter) uint(v uint64) {
	n := binary.PutUvarint(w.buf[:], v)
	w.w.Write(w.buf[:n])
}

func (w *wireWriter) int(v int64) {
	n := binary.PutVarint(w.buf[:], v)
	w.w.Write(w.buf[:n])
}

func (w *wireWriter) bool(b bool) {
	if b {
		w.w.WriteByte(1)
	} else {
		w.w.WriteByte(0)
	}
}

func (w *wireWriter) lits(ls []sat.Lit) {
	w.uint(uint64(len(ls)))
	for _, l := range ls {
		w.int(int64(l))
	}
}

func (w *wireWriter) terms(ts []sat.Term) {
	w.uint(uint64(len(ts)))
	for _, t := range ts {
		w.int(t.Coef)
		w.int(int64(t.Lit))
	}
}

// writeRequest writes req to w and flushes it.
func writeRequest(bw *bufio.Writer, req *request) error {
	w := &wireWriter{w: bw}
	w.int(int64(req.NumVars))
	w.uint(uint64(len(req.Clauses)))
	for _, c := range req.Clauses {
		w.lits(c)
	}
	w.uint(uint64(len(req.PBs)))
	for _, pb := range req.PBs {
		w.terms(pb.Terms)
		w.int(int64(pb.Op))
		w.int(pb.K)
	}
	w.lits(req.Assumptions)
	w.bool(req.Minimize)
	w.terms(req.Objective)
	return bw.Flush()
}

// writeReply writes r to w and flushes it.
func writeReply(bw *bufio.Writer, r *reply) error {
	w := &wireWriter{w: bw}
	w.bool(r.Final)
	w.int(int64(r.Status))
	w.uint(uint64(len(r.Model)))
	for _, v := range r.Model {
		w.bool(v)
	}
	w.uint(uint64(len(r.Err)))
	bw.WriteString(r.Err)
	st := r.Stats
	for _, v := range []int{st.NbRestarts, st.NbConflicts, st.NbDecisions, st.NbUnitLearned, st.NbBinaryLearned, st.NbLearned, st.NbDeleted} {
		w.int(int64(v))
	}
	return bw.Flush()
}

// errWire is wrapped by every decoding error but the end of the input.
var errWire = errors.New("gophersat: malformed child message")

// wireReader reads varints, keeping the first error.
type wireReader struct {
	r   *bufio.Reader
	err error
}

func (r *wireReader) fail(err error) {
	if r.err == nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		r.err = err
	}
}

func (r *wireReader) uint() uint64 {
	if r.err != nil {
		return 0
	}
	v, err := binary.ReadUvarint(r.r)
	if err != nil {
		r.fail(err)
	}
	return v
}

func (r *wireReader) int() int64 {
	if r.err != nil {
		return 0
	}
	v, err := binary.ReadVarint(r.r)
	if err != nil {
		r.fail(err)
	}
	return v
}

// int32 reads a signed varint that must fit an int32 (a literal, a
// status, an Op).
func (r *wireReader) int32() int32 {
	v := r.int()
	if v < math.MinInt32 || v > math.MaxInt32 {
		r.fail(fmt.Errorf("%w: %d out of range", errWire, v))
		return 0
	}
	return int32(v)
}

func (r *wireReader) bool() bool {
	if r.err != nil {
		return false
	}
	b, err := r.r.ReadByte()
	switch {
	case err != nil:
		r.fail(err)
	case b > 1:
		r.fail(fmt.Errorf("%w: boolean %d", errWire, b))
	}
	return b == 1
}

// count reads a count; the slice it sizes grows as elements arrive
// (startCap), so a count is never allocated on trust.
func (r *wireReader) count() int {
	v := r.uint()
	if v > math.MaxInt32 {
		r.fail(fmt.Errorf("%w: count %d", errWire, v))
		return 0
	}
	return int(v)
}

// startCap returns the capacity to start a slice of n elements with: n, up to
// a bound that any honest message fills anyway.
func startCap(n int) int {
	return min(n, 1<<12)
}

func (r *wireReader) lits() []sat.Lit {
	n := r.count()
	if n == 0 || r.err != nil {
		return nil
	}
	ls := make([]sat.Lit, 0, startCap(n))
	for range n {
		l := r.int32()
		if r.err != nil {
			return nil
		}
		ls = append(ls, sat.Lit(l))
	}
	return ls
}

func (r *wireReader) terms() []sat.Term {
	n := r.count()
	if n == 0 || r.err != nil {
		return nil
	}
	ts := make([]sat.Term, 0, startCap(n))
	for range n {
		c := r.int()
		l := r.int32()
		if r.err != nil {
			return nil
		}
		ts = append(ts, sat.Term{Coef: c, Lit: sat.Lit(l)})
	}
	return ts
}

// readRequest reads a request; io.EOF when the input ends before it.
func readRequest(br *bufio.Reader) (*request, error) {
	if _, err := br.Peek(1); err != nil {
		return nil, err
	}
	r := &wireReader{r: br}
	req := &request{NumVars: int(r.int32())}
	if n := r.count(); n > 0 {
		req.Clauses = make([]sat.Clause, 0, startCap(n))
		for i := 0; i < n && r.err == nil; i++ {
			req.Clauses = append(req.Clauses, r.lits())
		}
	}
	if n := r.count(); n > 0 {
		req.PBs = make([]sat.PB, 0, startCap(n))
		for i := 0; i < n && r.err == nil; i++ {
			ts := r.terms()
			op := r.int32()
			k := r.int()
			req.PBs = append(req.PBs, sat.PB{Terms: ts, Op: sat.Op(op), K: k})
		}
	}
	req.Assumptions = r.lits()
	req.Minimize = r.bool()
	req.Objective = r.terms()
	if r.err != nil {
		return nil, wireError(r.err)
	}
	return req, nil
}

// readReply reads a reply; io.EOF when the input ends before it.
func readReply(br *bufio.Reader) (reply, error) {
	if _, err := br.Peek(1); err != nil {
		return reply{}, err
	}
	r := &wireReader{r: br}
	rep := reply{Final: r.bool(), Status: sat.Status(r.int32())}
	if n := r.count(); n > 0 && r.err == nil {
		rep.Model = make([]bool, 0, startCap(n))
		for i := 0; i < n && r.err == nil; i++ {
			rep.Model = append(rep.Model, r.bool())
		}
	}
	if n := r.count(); n > 0 && r.err == nil {
		b := make([]byte, 0, startCap(n))
		for i := 0; i < n && r.err == nil; i++ {
			c, err := br.ReadByte()
			if err != nil {
				r.fail(err)
				break
			}
			b = append(b, c)
		}
		rep.Err = string(b)
	}
	st := &rep.Stats
	for _, p := range []*int{&st.NbRestarts, &st.NbConflicts, &st.NbDecisions, &st.NbUnitLearned, &st.NbBinaryLearned, &st.NbLearned, &st.NbDeleted} {
		*p = int(r.int())
	}
	if r.err != nil {
		return reply{}, wireError(r.err)
	}
	return rep, nil
}

// wireError wraps a decoding error in errWire unless it already is one.
func wireError(err error) error {
	if errors.Is(err, errWire) {
		return err
	}
	return fmt.Errorf("%w: %v", errWire, err)
}
