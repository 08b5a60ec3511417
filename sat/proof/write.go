package proof

import (
	"bufio"
	"io"
	"strconv"

	"github.com/satsolve/satsolve/sat"
)

// writer is what the three proof writers share: a buffered stream with a
// sticky first error, so that a failed write is reported by Flush and
// Close (and Err) instead of being lost.
type writer struct {
	w   *bufio.Writer
	dst io.Writer
	err error
	num []byte // scratch for number formatting
}

func newWriter(w io.Writer) writer {
	return writer{w: bufio.NewWriterSize(w, 1<<16), dst: w}
}

func (w *writer) write(b []byte) {
	if w.err == nil {
		_, w.err = w.w.Write(b)
	}
}

func (w *writer) writeByte(c byte) {
	if w.err == nil {
		w.err = w.w.WriteByte(c)
	}
}

// writeInt writes v followed by a space.
func (w *writer) writeInt(v int64) {
	w.num = strconv.AppendInt(w.num[:0], v, 10)
	w.num = append(w.num, ' ')
	w.write(w.num)
}

// writeLits writes lits and the terminating "0".
func (w *writer) writeLits(lits []sat.Lit) {
	for _, l := range lits {
		w.writeInt(int64(l))
	}
	w.writeByte('0')
}

// Err returns the first write error, if any.
func (w *writer) Err() error { return w.err }

// Flush writes buffered data to the underlying writer and returns the
// first error of any write so far.
func (w *writer) Flush() error {
	if w.err == nil {
		w.err = w.w.Flush()
	}
	return w.err
}

// Close flushes, then closes the underlying writer if it is an io.Closer.
// It returns the first error of any write, of the flush or of the close.
func (w *writer) Close() error {
	err := w.Flush()
	if c, ok := w.dst.(io.Closer); ok {
		if cerr := c.Close(); err == nil {
			err = cerr
		}
	}
	if w.err == nil {
		w.err = err
	}
	return err
}

// DRATWriter writes a text DRAT proof: one "LITS 0" line per derived
// clause, "d LITS 0" per deletion. Ids and hints are not written. It
// satisfies the engine's proof hook (sat/cdcl.Tracer).
type DRATWriter struct{ writer }

// NewDRATWriter returns a text DRAT writer on w (buffered: call Flush or
// Close at the end).
func NewDRATWriter(w io.Writer) *DRATWriter { return &DRATWriter{newWriter(w)} }

// Original does nothing: a DRAT proof does not repeat the formula.
func (*DRATWriter) Original(uint64, []sat.Lit) {}

// Derived writes the clause lits.
func (w *DRATWriter) Derived(_ uint64, lits []sat.Lit, _ []uint64) {
	w.writeLits(lits)
	w.writeByte('\n')
}

// Deleted writes the deletion of the clause lits.
func (w *DRATWriter) Deleted(_ uint64, lits []sat.Lit) {
	w.write([]byte("d "))
	w.writeLits(lits)
	w.writeByte('\n')
}

// BinaryDRATWriter writes a binary DRAT proof: 'a' or 'd', each literal l
// as the variable-byte code of 2*var+(l<0), then a zero byte. It satisfies
// the engine's proof hook (sat/cdcl.Tracer).
type BinaryDRATWriter struct{ writer }

// NewBinaryDRATWriter returns a binary DRAT writer on w (buffered: call
// Flush or Close at the end).
func NewBinaryDRATWriter(w io.Writer) *BinaryDRATWriter {
	return &BinaryDRATWriter{newWriter(w)}
}

// Original does nothing: a DRAT proof does not repeat the formula.
func (*BinaryDRATWriter) Original(uint64, []sat.Lit) {}

// Derived writes the clause lits.
func (w *BinaryDRATWriter) Derived(_ uint64, lits []sat.Lit, _ []uint64) { w.step('a', lits) }

// Deleted writes the deletion of the clause lits.
func (w *BinaryDRATWriter) Deleted(_ uint64, lits []sat.Lit) { w.step('d', lits) }

func (w *BinaryDRATWriter) step(kind byte, lits []sat.Lit) {
	b := append(w.num[:0], kind)
	for _, l := range lits {
		u := 2 * uint32(l.Var())
		if l < 0 {
			u++
		}
		for u >= 0x80 {
			b = append(b, byte(u)|0x80)
			u >>= 7
		}
		b = append(b, byte(u))
	}
	w.num = append(b, 0)
	w.write(w.num)
}

// lratBatch is how many deletions the LRAT writer gathers on one line.
const lratBatch = 1024

// LRATWriter writes a text LRAT proof: "ID LITS 0 HINTS 0" per derived
// clause; deletions are gathered and written as "ID d IDS 0" lines under
// the id of the last clause added (as the format allows) before the next
// addition, every lratBatch deletions, and at Flush. It satisfies the
// engine's proof hook (sat/cdcl.Tracer).
type LRATWriter struct {
	writer
	last    uint64   // largest id seen
	pending []uint64 // deletions not yet written
}

// NewLRATWriter returns an LRAT writer on w (buffered: call Flush or Close
// at the end).
func NewLRATWriter(w io.Writer) *LRATWriter { return &LRATWriter{writer: newWriter(w)} }

// Original notes id: LRAT numbers the formula's clauses 1, 2, 3, … and
// does not repeat them.
func (w *LRATWriter) Original(id uint64, _ []sat.Lit) { w.last = max(w.last, id) }

// Derived writes the clause id with its literals and hints.
func (w *LRATWriter) Derived(id uint64, lits []sat.Lit, hints []uint64) {
	w.flushDeletions()
	w.last = max(w.last, id)
	w.writeInt(int64(id))
	w.writeLits(lits)
	w.writeByte(' ')
	for _, h := range hints {
		w.writeInt(int64(h))
	}
	w.write([]byte("0\n"))
}

// Deleted gathers the deletion of clause id.
func (w *LRATWriter) Deleted(id uint64, _ []sat.Lit) {
	w.pending = append(w.pending, id)
	if len(w.pending) >= lratBatch {
		w.flushDeletions()
	}
}

func (w *LRATWriter) flushDeletions() {
	if len(w.pending) == 0 {
		return
	}
	w.writeInt(int64(w.last))
	w.write([]byte("d "))
	for _, id := range w.pending {
		w.writeInt(int64(id))
	}
	w.write([]byte("0\n"))
	w.pending = w.pending[:0]
}

// Flush writes the gathered deletions and buffered data, and returns the
// first error of any write so far.
func (w *LRATWriter) Flush() error {
	w.flushDeletions()
	return w.writer.Flush()
}

// Close flushes (deletions included), then closes the underlying writer if
// it is an io.Closer, and returns the first error.
func (w *LRATWriter) Close() error {
	w.flushDeletions()
	return w.writer.Close()
}
