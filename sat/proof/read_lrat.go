package proof

import (
	"fmt"
	"io"
	"math"

	"github.com/satsolve/satsolve/sat"
)

// LRATReader reads a text LRAT proof step by step. Each step is a line
// "ID LITS 0 HINTS 0" (an addition) or "ID d IDS 0" (a deletion); lines
// starting with 'c' are comments. Binary LRAT is refused with a clear
// error. The proof is streamed: memory is one buffer plus the current step.
type LRATReader struct {
	src     *source
	file    string
	checked bool
	step    Step
}

// NewLRATReader returns a reader of the LRAT proof r; file names it in
// error messages.
func NewLRATReader(r io.Reader, file string) *LRATReader {
	return &LRATReader{src: newSource(r), file: file}
}

func (r *LRATReader) errorf(p Pos, format string, args ...any) error {
	return &ParseError{File: r.file, Pos: p, Msg: fmt.Sprintf(format, args...)}
}

// Next returns the next step, or io.EOF after the last one. A malformed
// step is a *ParseError naming its line. The step's slices are reused by
// the next call.
func (r *LRATReader) Next() (*Step, error) {
	s := r.src
	if !r.checked {
		r.checked = true
		if w := s.window(); len(w) > 0 && looksBinary(w) {
			return nil, r.errorf(Pos{Line: 1}, "binary LRAT is not supported: write text LRAT")
		}
	}
	st := &r.step
	st.Lits, st.Hints, st.IDs = st.Lits[:0], st.Hints[:0], st.IDs[:0]
	st.Delete = false
	if !s.skipBlanks() {
		if err := s.readErr(); err != nil {
			return nil, err
		}
		return nil, io.EOF
	}
	st.Pos = Pos{Line: s.line}
	id, err := r.readNumber(math.MaxInt64, "a clause id")
	if err != nil {
		return nil, err
	}
	if id <= 0 {
		return nil, r.errorf(st.Pos, "clause id %d is not positive", id)
	}
	st.ID = uint64(id)
	if !s.skipSpaces() {
		return nil, r.unterminated(st.Pos)
	}
	if s.buf[s.i] == 'd' {
		st.Delete = true
		s.i++
		if s.fill() && !isBlank(s.buf[s.i]) {
			return nil, r.errorf(Pos{Line: s.line}, "'d' must be followed by a blank")
		}
		for {
			if !s.skipSpaces() {
				return nil, r.unterminated(st.Pos)
			}
			line := s.line
			v, err := r.readNumber(math.MaxInt64, "a clause id or 0")
			if err != nil {
				return nil, err
			}
			if v == 0 {
				return st, nil
			}
			if v < 0 {
				return nil, r.errorf(Pos{Line: line}, "deleted clause id %d is not positive", v)
			}
			if len(st.IDs) >= maxStepLen {
				return nil, r.errorf(st.Pos, "step longer than %d ids", maxStepLen)
			}
			st.IDs = append(st.IDs, uint64(v))
		}
	}
	for {
		if !s.skipSpaces() {
			return nil, r.unterminated(st.Pos)
		}
		v, err := r.readNumber(maxVar, "a literal or 0")
		if err != nil {
			return nil, err
		}
		if v == 0 {
			break
		}
		if len(st.Lits) >= maxStepLen {
			return nil, r.errorf(st.Pos, "step longer than %d literals", maxStepLen)
		}
		st.Lits = append(st.Lits, sat.Lit(v))
	}
	for {
		if !s.skipSpaces() {
			return nil, r.unterminated(st.Pos)
		}
		v, err := r.readNumber(math.MaxInt64, "a hint or 0")
		if err != nil {
			return nil, err
		}
		if v == 0 {
			return st, nil
		}
		if len(st.Lits)+len(st.Hints) >= maxStepLen {
			return nil, r.errorf(st.Pos, "step longer than %d literals and hints", maxStepLen)
		}
		st.Hints = append(st.Hints, v)
	}
}

// readNumber reads an integer of magnitude at most limit; what names the
// expected token in the error message.
func (r *LRATReader) readNumber(limit uint64, what string) (int64, error) {
	s := r.src
	line := s.line
	v, err := s.readInt(limit)
	switch err {
	case errNotNumber:
		return 0, r.errorf(Pos{Line: line}, "expected %s, found %q", what, s.token())
	case errRange:
		return 0, r.errorf(Pos{Line: line}, "number out of range (expected %s)", what)
	}
	return v, nil
}

func (r *LRATReader) unterminated(p Pos) error {
	if err := r.src.readErr(); err != nil {
		return err
	}
	return r.errorf(p, "step not terminated by 0 at the end of the proof")
}
