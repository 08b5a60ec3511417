package fzn

// The scanner turns FlatZinc text into tokens, each with its line and
// column. It reads through a bufio.Reader, one byte at a time, and keeps
// only the text of the current token, so its memory does not grow with
// the input; the parser allocates what it keeps (names once, at their
// declaration). Comments run from '%' to the end of the line.

import (
	"bufio"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
)

// tokKind is the kind of a token.
type tokKind uint8

const (
	tEOF    tokKind = iota
	tIdent          // a name or a keyword
	tInt            // an integer literal; val holds it
	tFloat          // a float literal; fval holds it
	tString         // a string literal; text holds its contents, unescaped
	tLParen         // (
	tRParen         // )
	tLBrack         // [
	tRBrack         // ]
	tLBrace         // {
	tRBrace         // }
	tComma          // ,
	tColon          // :
	tColon2         // ::
	tSemi           // ;
	tEq             // =
	tDotDot         // ..
)

// kindNames are the tokens as messages name them.
var kindNames = [...]string{
	tEOF: "end of file", tIdent: "name", tInt: "integer", tFloat: "float", tString: "string",
	tLParen: "'('", tRParen: "')'", tLBrack: "'['", tRBrack: "']'", tLBrace: "'{'", tRBrace: "'}'",
	tComma: "','", tColon: "':'", tColon2: "'::'", tSemi: "';'", tEq: "'='", tDotDot: "'..'",
}

// punct maps the one-byte tokens to their kinds; others are tEOF. ':'
// and '.' begin "::" and ".." too.
var punct = [...]tokKind{'(': tLParen, ')': tRParen, '[': tLBrack, ']': tRBrack, '{': tLBrace, '}': tRBrace,
	',': tComma, ';': tSemi, '=': tEq, ':': tColon}

// Pos is a position in the input: 1-based line and byte column.
type Pos struct{ Line, Col int32 }

// maxToken bounds the length of one token (a name, a number, a string):
// longer ones are errors, so that a hostile input cannot make the scanner
// hold an unbounded token.
const maxToken = 1 << 16

// scanner reads tokens.
type scanner struct {
	r    *bufio.Reader
	file string
	line int32
	col  int32 // column of the last byte read
	// prevCol is the column before the last newline, for unread.
	prevCol int32
	last    byte // the last byte read, for unread
	err     error

	// The current token.
	kind tokKind
	pos  Pos
	text []byte // the name, the string's contents or the number's digits
	val  int64
	fval float64
}

func newScanner(r io.Reader, file string) *scanner {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 64<<10)
	}
	return &scanner{r: br, file: file, line: 1}
}

// errAt returns an *Error at p.
func (s *scanner) errAt(p Pos, class error, format string, args ...any) error {
	return &Error{File: s.file, Line: int(p.Line), Col: int(p.Col), Err: newDefect(class, format, args...)}
}

// read returns the next byte, or -1 at the end of the input (or on a read
// error, kept in s.err).
func (s *scanner) read() int {
	c, err := s.r.ReadByte()
	if err != nil {
		if err != io.EOF && s.err == nil {
			s.err = err
		}
		return -1
	}
	s.last = c
	if c == '\n' {
		s.line++
		s.prevCol, s.col = s.col, 0
	} else {
		s.col++
	}
	return int(c)
}

// unread puts back the last byte read (never after -1, never after a
// peek).
func (s *scanner) unread() {
	s.r.UnreadByte()
	if s.last == '\n' {
		s.line--
		s.col = s.prevCol
	} else {
		s.col--
	}
}

// peek returns the next byte without reading it, or -1.
func (s *scanner) peek() int {
	b, err := s.r.Peek(1)
	if err != nil {
		return -1
	}
	return int(b[0])
}

func isLetter(c int) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c int) bool  { return c >= '0' && c <= '9' }
func isIdentChar(c int) bool {
	return isLetter(c) || isDigit(c) || c == '_'
}

// next reads the next token into s.kind, s.pos and the value fields.
func (s *scanner) next() error {
	s.text = s.text[:0]
	for {
		c := s.read()
		switch {
		case c < 0:
			s.kind, s.pos = tEOF, Pos{s.line, s.col + 1}
			if s.err != nil {
				return &Error{File: s.file, Line: int(s.line), Col: int(s.col) + 1, Err: s.err}
			}
			return nil
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			continue
		case c == '%':
			for c >= 0 && c != '\n' {
				c = s.read()
			}
			continue
		}
		s.pos = Pos{s.line, s.col}
		switch {
		case isLetter(c) || c == '_':
			return s.ident(c)
		case isDigit(c):
			return s.number(c, false)
		case c == '-':
			if !isDigit(s.peek()) {
				return s.errAt(s.pos, ErrSyntax, "'-' not followed by a digit")
			}
			return s.number(s.read(), true)
		case c == '"':
			return s.str()
		case c == '\'':
			return s.quoted()
		}
		s.kind = tEOF
		if c < len(punct) {
			s.kind = punct[c]
		}
		switch {
		case s.kind == tColon && s.peek() == ':':
			s.read()
			s.kind = tColon2
		case c == '.' && s.peek() == '.':
			s.read()
			s.kind = tDotDot
		}
		if s.kind == tEOF {
			return s.errAt(s.pos, ErrSyntax, "unexpected character %s", quoteByte(c))
		}
		return nil
	}
}

// quoteByte names a byte for a message.
func quoteByte(c int) string {
	if c >= 0x20 && c < 0x7f {
		return strconv.QuoteRune(rune(c))
	}
	return "0x" + strconv.FormatInt(int64(c), 16)
}

// ident reads a name whose first byte is c.
func (s *scanner) ident(c int) error {
	s.text = append(s.text, byte(c))
	for {
		c = s.read()
		if !isIdentChar(c) {
			if c >= 0 {
				s.unread()
			}
			break
		}
		if len(s.text) >= maxToken {
			return s.errAt(s.pos, ErrTooLarge, "name longer than %d bytes", maxToken)
		}
		s.text = append(s.text, byte(c))
	}
	s.kind = tIdent
	return nil
}

// quoted reads a quoted name, 'like this', keeping the quotes: MiniZinc
// writes names that are not identifiers so, and prints them back so.
func (s *scanner) quoted() error {
	s.text = append(s.text, '\'')
	for {
		c := s.read()
		switch {
		case c < 0 || c == '\n':
			return s.errAt(s.pos, ErrSyntax, "quoted name not closed on its line")
		case len(s.text) >= maxToken:
			return s.errAt(s.pos, ErrTooLarge, "name longer than %d bytes", maxToken)
		}
		s.text = append(s.text, byte(c))
		if c == '\'' {
			break
		}
	}
	if len(s.text) == 2 {
		return s.errAt(s.pos, ErrSyntax, "empty quoted name")
	}
	s.kind = tIdent
	return nil
}

// str reads a string literal after its opening quote, with C escapes.
func (s *scanner) str() error {
	for {
		c := s.read()
		switch {
		case c < 0 || c == '\n':
			return s.errAt(s.pos, ErrSyntax, "string not closed on its line")
		case c == '"':
			s.kind = tString
			return nil
		case len(s.text) >= maxToken:
			return s.errAt(s.pos, ErrTooLarge, "string longer than %d bytes", maxToken)
		case c == '\\':
			at := Pos{s.line, s.col}
			e := s.read()
			switch e {
			case 'n':
				c = '\n'
			case 't':
				c = '\t'
			case 'r':
				c = '\r'
			case '\\', '"', '\'':
				c = e
			case -1, '\n':
				return s.errAt(s.pos, ErrSyntax, "string not closed on its line")
			default:
				return s.errAt(at, ErrSyntax, "unknown escape in a string: %s after a backslash", quoteByte(e))
			}
		}
		s.text = append(s.text, byte(c))
	}
}

// number reads an integer or float literal whose first digit is c.
func (s *scanner) number(c int, neg bool) error {
	if neg {
		s.text = append(s.text, '-')
	}
	s.text = append(s.text, byte(c))
	base := 10
	if c == '0' && (s.peek() == 'x' || s.peek() == 'o') {
		if s.read() == 'x' {
			base = 16
		} else {
			base = 8
		}
		s.text = append(s.text, s.last)
	}
	float := false
	digits := func(ok func(int) bool) int {
		n := 0
		for {
			c := s.read()
			if c < 0 || !ok(c) {
				if c >= 0 {
					s.unread()
				}
				return n
			}
			if len(s.text) < maxToken {
				s.text = append(s.text, byte(c))
			}
			n++
		}
	}
	switch base {
	case 16:
		if digits(func(c int) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }) == 0 {
			return s.errAt(s.pos, ErrSyntax, "hexadecimal literal without digits")
		}
	case 8:
		if digits(func(c int) bool { return c >= '0' && c <= '7' }) == 0 {
			return s.errAt(s.pos, ErrSyntax, "octal literal without digits")
		}
	default:
		digits(isDigit)
		// A fraction: '.' and a digit ("1.5"); "1..5" is a range.
		if b, _ := s.r.Peek(2); len(b) == 2 && b[0] == '.' && isDigit(int(b[1])) {
			s.read()
			float = true
			s.text = append(s.text, '.')
			digits(isDigit)
		}
		if p := s.peek(); p == 'e' || p == 'E' {
			s.read()
			s.text = append(s.text, 'e')
			if p := s.peek(); p == '+' || p == '-' {
				s.text = append(s.text, byte(s.read()))
			}
			if digits(isDigit) == 0 {
				return s.errAt(s.pos, ErrSyntax, "exponent without digits")
			}
			float = true
		}
	}
	if len(s.text) >= maxToken {
		return s.errAt(s.pos, ErrTooLarge, "number longer than %d bytes", maxToken)
	}
	if c := s.peek(); isLetter(c) || c == '_' {
		return s.errAt(Pos{s.line, s.col + 1}, ErrSyntax, "letter %s in a number", quoteByte(c))
	}
	if float {
		v, err := strconv.ParseFloat(string(s.text), 64)
		if err != nil || math.IsInf(v, 0) {
			return s.errAt(s.pos, ErrTooLarge, "float %s out of range", s.text)
		}
		s.kind, s.fval = tFloat, v
		return nil
	}
	text := string(s.text)
	if base != 10 {
		// Drop the "0x" or "0o" after the sign.
		sign := text[:len(text)-len(strings.TrimPrefix(text, "-"))]
		text = sign + text[len(sign)+2:]
	}
	v, err := strconv.ParseInt(text, base, 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return s.errAt(s.pos, ErrTooLarge, "integer %s beyond 64 bits", s.text)
		}
		return s.errAt(s.pos, ErrSyntax, "bad integer %s", s.text)
	}
	s.kind, s.val = tInt, v
	return nil
}
