package satfile

import (
	"bytes"
	"io"
)

// bufSize is the scanner's read size. It is at least the sniffing reader's
// buffer, so that bufio hands reads straight through once it is drained.
const bufSize = 64 << 10

// scanner reads bytes from a stream in fixed chunks and tracks the line and
// column of its position. It never holds more than one chunk: tokens are
// consumed byte by byte, so nothing needs to stay behind.
type scanner struct {
	r        io.Reader
	file     string
	buf      []byte
	pos, end int
	base     int64 // input offset of buf[0]
	line     int   // current line, from 1
	lineOff  int64 // input offset of the current line's first byte
	err      error // read error other than io.EOF
	eof      bool
}

// fill reads the next chunk. It reports false at the end of the input or on
// a read error (kept in s.err).
func (s *scanner) fill() bool {
	if s.eof {
		return false
	}
	s.base += int64(s.end)
	s.pos, s.end = 0, 0
	for empty := 0; s.end == 0; empty++ {
		if empty == 100 {
			s.err, s.eof = io.ErrNoProgress, true
			return false
		}
		n, err := s.r.Read(s.buf)
		s.end = n
		if err != nil {
			if err != io.EOF {
				s.err = err
			}
			s.eof = true
			return n > 0
		}
	}
	return true
}

// peek returns the next byte without consuming it, or -1 at the end of the
// input.
func (s *scanner) peek() int {
	if s.pos < s.end {
		return int(s.buf[s.pos])
	}
	if !s.fill() {
		return -1
	}
	return int(s.buf[s.pos])
}

// newline consumes the '\n' at the current position.
func (s *scanner) newline() {
	s.pos++
	s.line++
	s.lineOff = s.base + int64(s.pos)
}

// col returns the 1-based column of the current position.
func (s *scanner) col() int { return int(s.base+int64(s.pos)-s.lineOff) + 1 }

// skipLine consumes everything up to, not including, the next '\n'.
func (s *scanner) skipLine() {
	for {
		if s.pos == s.end && !s.fill() {
			return
		}
		if i := bytes.IndexByte(s.buf[s.pos:s.end], '\n'); i >= 0 {
			s.pos += i
			return
		}
		s.pos = s.end
	}
}

// skipBlanks consumes spaces, tabs and carriage returns, not newlines.
func (s *scanner) skipBlanks() {
	for b := s.peek(); isBlank(b); b = s.peek() {
		s.pos++
	}
}

// uint consumes a run of decimal digits. It returns their value, the
// number of digits, and whether the value exceeds limit (the value is then
// meaningless). Up to 19 digits always fit in a uint64, so the digits are
// accumulated without checks and compared with limit once.
func (s *scanner) uint(limit uint64) (v uint64, n int, over bool) {
	for {
		if s.pos == s.end && !s.fill() {
			break
		}
		buf := s.buf[s.pos:s.end]
		i := 0
		for ; i < len(buf); i++ {
			d := buf[i] - '0'
			if d > 9 {
				break
			}
			if n+i < 19 {
				v = v*10 + uint64(d)
			}
		}
		s.pos += i
		n += i
		if i < len(buf) {
			break
		}
	}
	return v, n, n > 19 || v > limit
}

// word consumes a run of ASCII letters and returns it (at most max bytes
// are kept; the rest is consumed).
func (s *scanner) word(max int) string {
	var w []byte
	for b := s.peek(); isLetter(b); b = s.peek() {
		if len(w) < max {
			w = append(w, byte(b))
		}
		s.pos++
	}
	return string(w)
}

// errAt returns a ParseError at the given position.
func (s *scanner) errAt(line, col int, err error) *ParseError {
	return &ParseError{File: s.file, Line: line, Col: col, Err: err}
}

// errHere returns a ParseError at the current position.
func (s *scanner) errHere(err error) *ParseError { return s.errAt(s.line, s.col(), err) }

// readErr returns the read error, positioned, or nil.
func (s *scanner) readErr() error {
	if s.err == nil {
		return nil
	}
	return s.errHere(s.err)
}

// isBlank reports whether b separates tokens within a line.
func isBlank(b int) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\v' || b == '\f' }

// isSpace reports whether b separates tokens.
func isSpace(b int) bool { return b == '\n' || isBlank(b) }

// isDigit reports whether b is a decimal digit.
func isDigit(b int) bool { return b >= '0' && b <= '9' }

// isLetter reports whether b is an ASCII letter.
func isLetter(b int) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// lineText consumes the rest of the line, not its '\n', and returns its
// first max bytes.
func (s *scanner) lineText(max int) []byte {
	var text []byte
	for {
		if s.pos == s.end && !s.fill() {
			return text
		}
		chunk := s.buf[s.pos:s.end]
		i := bytes.IndexByte(chunk, '\n')
		if i >= 0 {
			chunk = chunk[:i]
		}
		if room := max - len(text); room > 0 {
			text = append(text, chunk[:min(room, len(chunk))]...)
		}
		s.pos += len(chunk)
		if i >= 0 {
			return text
		}
	}
}
