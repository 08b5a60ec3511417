package proof

import (
	"fmt"
	"io"

	"github.com/satsolve/satsolve/sat"
)

// DRATReader reads a DRAT proof step by step, text or binary, recognised
// from the first bytes as drat-trim does: binary DRAT steps start with the
// byte 'a' or 'd' and end with a zero byte, which never occurs in text.
// The proof is streamed: memory is one buffer plus the current step.
type DRATReader struct {
	src      *source
	file     string
	detected bool
	binary   bool
	step     Step
}

// NewDRATReader returns a reader of the DRAT proof r; file names it in
// error messages.
func NewDRATReader(r io.Reader, file string) *DRATReader {
	return &DRATReader{src: newSource(r), file: file}
}

// Binary reports whether the proof is binary DRAT (it reads the first
// bytes of the input if nothing has been read yet).
func (r *DRATReader) Binary() bool {
	if !r.detected {
		r.detected = true
		r.binary = looksBinary(r.src.window())
	}
	return r.binary
}

// looksBinary reports whether a proof starting with window is binary DRAT:
// it contains a zero byte or a control character that text never holds,
// or it starts with 'a' (no text step does).
func looksBinary(window []byte) bool {
	if len(window) > 0 && window[0] == 'a' {
		return true
	}
	for _, c := range window {
		if c < 0x20 && !isBlank(c) || c == 0x7f {
			return true
		}
	}
	return false
}

// Next returns the next step, or io.EOF after the last one. A malformed
// step is a *ParseError naming its line (text) or byte offset (binary).
// The step's slices are reused by the next call.
func (r *DRATReader) Next() (*Step, error) {
	if r.Binary() {
		return r.nextBinary()
	}
	return r.nextText()
}

func (r *DRATReader) errorf(p Pos, format string, args ...any) error {
	return &ParseError{File: r.file, Pos: p, Msg: fmt.Sprintf(format, args...)}
}

func (r *DRATReader) nextText() (*Step, error) {
	s := r.src
	st := &r.step
	st.Lits = st.Lits[:0]
	st.Delete = false
	if !s.skipBlanks() {
		if err := s.readErr(); err != nil {
			return nil, err
		}
		return nil, io.EOF
	}
	st.Pos = Pos{Line: s.line}
	if s.buf[s.i] == 'd' {
		st.Delete = true
		s.i++
		if s.fill() && !isBlank(s.buf[s.i]) {
			return nil, r.errorf(Pos{Line: s.line}, "'d' must be followed by a blank")
		}
	}
	for {
		if !s.skipSpaces() {
			if err := s.readErr(); err != nil {
				return nil, err
			}
			return nil, r.errorf(st.Pos, "clause not terminated by 0 at the end of the proof")
		}
		line := s.line
		v, err := s.readInt(maxVar)
		switch err {
		case errNotNumber:
			return nil, r.errorf(Pos{Line: line}, "expected a literal or 0, found %q", s.token())
		case errRange:
			return nil, r.errorf(Pos{Line: line}, "literal out of range (variables go up to %d)", maxVar)
		}
		if v == 0 {
			return st, nil
		}
		if len(st.Lits) >= maxStepLen {
			return nil, r.errorf(st.Pos, "step longer than %d literals", maxStepLen)
		}
		st.Lits = append(st.Lits, sat.Lit(v))
	}
}

// token returns the token readInt failed on: what it consumed and the
// text after it up to the next blank (at most 20 bytes), for error
// messages.
func (s *source) token() string {
	b := s.tok
	for s.fill() && len(b) < 20 {
		c := s.buf[s.i]
		if isBlank(c) {
			break
		}
		b = append(b, c)
		s.i++
	}
	if len(b) == 0 {
		return "end of input"
	}
	return string(b)
}

func (r *DRATReader) nextBinary() (*Step, error) {
	s := r.src
	st := &r.step
	st.Lits = st.Lits[:0]
	if !s.fill() {
		if err := s.readErr(); err != nil {
			return nil, err
		}
		return nil, io.EOF
	}
	st.Pos = Pos{Offset: s.offset()}
	switch c := s.buf[s.i]; c {
	case 'a':
		st.Delete = false
	case 'd':
		st.Delete = true
	default:
		return nil, r.errorf(st.Pos, "binary step starts with byte 0x%02x, not 'a' or 'd'", c)
	}
	s.i++
	for {
		at := s.offset()
		var u uint64
		for shift := uint(0); ; shift += 7 {
			if !s.fill() {
				if err := s.readErr(); err != nil {
					return nil, err
				}
				return nil, r.errorf(st.Pos, "step not terminated by a zero byte at the end of the proof")
			}
			c := s.buf[s.i]
			s.i++
			if shift == 28 && c > 0x0f {
				return nil, r.errorf(Pos{Offset: at}, "literal out of range (variables go up to %d)", maxVar)
			}
			u |= uint64(c&0x7f) << shift
			if c < 0x80 {
				break
			}
		}
		switch {
		case u == 0:
			return st, nil
		case u == 1:
			return nil, r.errorf(Pos{Offset: at}, "invalid literal code 1 (minus zero)")
		}
		if len(st.Lits) >= maxStepLen {
			return nil, r.errorf(st.Pos, "step longer than %d literals", maxStepLen)
		}
		v := sat.Var(u >> 1)
		st.Lits = append(st.Lits, v.Lit(u&1 == 0))
	}
}
