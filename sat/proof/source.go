package proof

import (
	"errors"
	"io"
)

// bufSize is the reader's buffer: also the window in which binary DRAT is
// recognised.
const bufSize = 1 << 16

// maxStepLen bounds the literals plus hints (or deleted ids) of one step,
// so that a corrupt proof cannot make a reader allocate without end.
const maxStepLen = 1 << 24

// maxVar is the largest variable a proof may name (DIMACS: 2^31-1).
const maxVar = 1<<31 - 1

// source is a buffered byte stream that knows its byte offset and line.
type source struct {
	r    io.Reader
	buf  []byte
	i, n int
	base int64  // offset of buf[0]
	line int    // line of buf[i] (1-based)
	err  error  // first read error; io.EOF at the end
	tok  []byte // what readInt consumed of the current token
}

func newSource(r io.Reader) *source {
	return &source{r: r, buf: make([]byte, bufSize), line: 1}
}

// fill reads more input when the buffer is used up. It reports whether a
// byte is available at s.buf[s.i].
func (s *source) fill() bool {
	if s.i < s.n {
		return true
	}
	if s.err != nil {
		return false
	}
	s.base += int64(s.n)
	s.i, s.n = 0, 0
	for s.n == 0 && s.err == nil {
		var k int
		k, s.err = s.r.Read(s.buf)
		s.n = k
	}
	if s.n > 0 && s.err == io.EOF {
		s.err = nil // report EOF on the next fill
	}
	return s.n > 0
}

// window fills the whole buffer (up to its size or the end of the input)
// and returns it. It is called only before anything is consumed.
func (s *source) window() []byte {
	for s.n < len(s.buf) && s.err == nil {
		k, err := s.r.Read(s.buf[s.n:])
		s.n += k
		s.err = err
	}
	if s.n > 0 && s.err == io.EOF {
		s.err = nil
	}
	return s.buf[:s.n]
}

// offset is the byte offset of the next byte.
func (s *source) offset() int64 { return s.base + int64(s.i) }

// readErr is the read error that stopped the input, nil at a clean end.
func (s *source) readErr() error {
	if s.err == nil || errors.Is(s.err, io.EOF) {
		return nil
	}
	return s.err
}

// isBlank reports whether c separates tokens in a text proof.
func isBlank(c byte) bool {
	return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v'
}

// skipBlanks skips blanks and comment lines ('c' to the end of the line)
// and reports whether a byte follows.
func (s *source) skipBlanks() bool {
	for s.fill() {
		c := s.buf[s.i]
		switch {
		case c == '\n':
			s.line++
			s.i++
		case isBlank(c):
			s.i++
		case c == 'c':
			s.skipLine()
		default:
			return true
		}
	}
	return false
}

// skipSpaces skips blanks (not comments) and reports whether a byte follows.
func (s *source) skipSpaces() bool {
	for s.fill() {
		c := s.buf[s.i]
		if c == '\n' {
			s.line++
		} else if !isBlank(c) {
			return true
		}
		s.i++
	}
	return false
}

// skipLine skips to just after the next newline (or the end).
func (s *source) skipLine() {
	for s.fill() {
		c := s.buf[s.i]
		s.i++
		if c == '\n' {
			s.line++
			return
		}
	}
}

// errNotNumber and errRange describe a bad integer token.
var (
	errNotNumber = errors.New("not a number")
	errRange     = errors.New("number out of range")
)

// readInt reads a decimal integer with an optional '-' whose magnitude is
// at most limit. The token must end at a blank or the end of the input.
// At a non-digit it returns errNotNumber without consuming anything.
func (s *source) readInt(limit uint64) (int64, error) {
	neg := false
	s.tok = s.tok[:0]
	if s.buf[s.i] == '-' {
		neg = true
		s.tok = append(s.tok, '-')
		s.i++
		if !s.fill() {
			return 0, errNotNumber
		}
	}
	c := s.buf[s.i]
	if c < '0' || c > '9' {
		return 0, errNotNumber
	}
	var v uint64
	over := false
	for s.fill() {
		c = s.buf[s.i]
		if c < '0' || c > '9' {
			if !isBlank(c) {
				return 0, errNotNumber
			}
			break
		}
		s.i++
		if len(s.tok) < 20 {
			s.tok = append(s.tok, c)
		}
		if d := uint64(c - '0'); !over && v <= (limit-d)/10 {
			v = v*10 + d
		} else {
			over = true
		}
	}
	if over {
		return 0, errRange
	}
	if neg {
		if v == 0 {
			return 0, errNotNumber // "-0"
		}
		return -int64(v), nil
	}
	return int64(v), nil
}
