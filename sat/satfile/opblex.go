package satfile

import (
	"bytes"
	"math"
	"math/big"

	"github.com/satsolve/satsolve/sat"
)

// tokKind is the kind of an OPB token.
type tokKind int8

const (
	tEOF  tokKind = iota
	tInt          // an integer with optional sign
	tLit          // x<i> or ~x<i>
	tOp           // >=, <= or =
	tSemi         // ;
	tMin          // min:
)

var tokNames = [...]string{tEOF: "end of input", tInt: "integer", tLit: "variable", tOp: "comparison", tSemi: "';'", tMin: "'min:'"}

func (k tokKind) String() string { return tokNames[k] }

// token is one OPB token and its position.
type token struct {
	kind            tokKind
	line, col       int
	endLine, endCol int // just after the token
	val             int64
	big             *big.Int // an integer beyond sat.MaxCoefSum (Options.Wide); val is 0
	lit             sat.Lit
	op              sat.Op
}

// lexer splits OPB input into tokens, with one token of lookahead. Comment
// lines go to header, which may recognise the header in them.
type lexer struct {
	s         *scanner
	onComment func(text []byte, line, col int) error
	ahead     token
	hasAhead  bool
	wide      bool   // Options.Wide: big integers instead of an error
	digits    []byte // scratch for a big integer's digits
}

// unread pushes t back; the next call to next returns it.
func (x *lexer) unread(t token) { x.ahead, x.hasAhead = t, true }

// peekToken returns the next token without consuming it.
func (x *lexer) peekToken() (token, error) {
	t, err := x.next()
	if err == nil {
		x.unread(t)
	}
	return t, err
}

// next returns the next token.
func (x *lexer) next() (token, error) {
	if x.hasAhead {
		x.hasAhead = false
		return x.ahead, nil
	}
	b, err := x.skip()
	if err != nil {
		return token{}, err
	}
	s := x.s
	t := token{line: s.line, col: s.col()}
	switch {
	case b < 0:
		t.kind = tEOF
	case b == '+' || b == '-' || isDigit(b):
		err = x.integer(&t, b)
	case b == '~' || b == 'x':
		err = x.literal(&t, b)
	case b == '>' || b == '<':
		s.pos++
		if s.peek() != '=' {
			return t, s.errAt(t.line, t.col, newDefect(ErrSyntax, "expected '%c=' (strict comparisons are not allowed)", b))
		}
		s.pos++
		t.kind, t.op = tOp, sat.AtLeast
		if b == '<' {
			t.op = sat.AtMost
		}
	case b == '=':
		s.pos++
		t.kind, t.op = tOp, sat.Equal
	case b == ';':
		s.pos++
		t.kind = tSemi
	case isLetter(b):
		err = x.word(&t)
	default:
		err = s.errHere(newDefect(ErrSyntax, "unexpected character %q", rune(b)))
	}
	t.endLine, t.endCol = s.line, s.col()
	return t, err
}

// skip consumes blanks, newlines and comment lines, and returns the next
// byte (-1 at the end of the input).
func (x *lexer) skip() (int, error) {
	s := x.s
	for {
		b := s.peek()
		switch {
		case b < 0:
			return b, s.readErr()
		case b == '\n':
			s.newline()
		case isBlank(b):
			s.pos++
		case b == '*':
			line, col := s.line, s.col()
			if err := x.onComment(s.lineText(1024), line, col); err != nil {
				return b, err
			}
		default:
			return b, nil
		}
	}
}

// integer reads a signed integer into t.
func (x *lexer) integer(t *token, b int) error {
	s := x.s
	if b == '+' || b == '-' {
		s.pos++
	}
	if x.wide {
		return x.wideInteger(t, b)
	}
	v, n, over := s.uint(sat.MaxCoefSum)
	switch {
	case n == 0:
		return s.errHere(newDefect(ErrSyntax, "sign without digits"))
	case isWordByte(s.peek()):
		return s.errHere(newDefect(ErrSyntax, "expected a blank after the integer"))
	case over:
		return s.errAt(t.line, t.col, newDefect(sat.ErrCoefRange, "integer beyond 2^61"))
	}
	t.kind, t.val = tInt, int64(v)
	if b == '-' {
		t.val = -t.val
	}
	return nil
}

// literal reads x<i> or ~x<i> into t.
func (x *lexer) literal(t *token, b int) error {
	s := x.s
	if b == '~' {
		s.pos++
		if s.peek() != 'x' {
			return s.errHere(newDefect(ErrSyntax, "expected 'x' after '~'"))
		}
	}
	s.pos++
	v, n, over := s.uint(uint64(sat.MaxVar))
	switch {
	case n == 0:
		return s.errHere(newDefect(ErrSyntax, "expected a variable number after 'x' (variables are named x1, x2, …)"))
	case isWordByte(s.peek()):
		return s.errHere(newDefect(ErrSyntax, "unexpected character after the variable"))
	case over:
		return s.errAt(t.line, t.col, newDefect(ErrTooLarge, "variable beyond %d", sat.MaxVar))
	case v == 0:
		return s.errAt(t.line, t.col, newDefect(ErrSyntax, "x0: variables are numbered from 1"))
	}
	t.kind, t.lit = tLit, sat.Lit(v)
	if b == '~' {
		t.lit = -t.lit
	}
	return nil
}

// word reads "min:", or reports the word it finds.
func (x *lexer) word(t *token) error {
	s := x.s
	w := s.word(16)
	colon := s.peek() == ':'
	switch {
	case w == "min" && colon:
		s.pos++
		t.kind = tMin
		return nil
	case w == "max" && colon:
		return s.errAt(t.line, t.col, newDefect(ErrUnsupported, "maximisation ('max:') is not supported; negate the coefficients and use 'min:'"))
	case w == "p" && t.col == 1:
		return s.errAt(t.line, t.col, newDefect(ErrWrongFormat, "this looks like a DIMACS file ('p' line); read it as CNF or WCNF"))
	}
	return s.errAt(t.line, t.col, newDefect(ErrSyntax, "unexpected word %q", w))
}

// parseOPBHeader parses "* #variable= N #constraint= M …". ok is false
// when text is an ordinary comment.
func parseOPBHeader(text []byte) (h Header, ok bool, err error) {
	_, rest, ok := bytes.Cut(text, []byte("#variable="))
	if !ok {
		return h, false, nil
	}
	vars, err := headerField(rest, "variables", uint64(sat.MaxVar))
	if err != nil {
		return h, true, err
	}
	_, rest, found := bytes.Cut(text, []byte("#constraint="))
	if !found {
		return h, true, newDefect(ErrHeader, "header without '#constraint='")
	}
	cons, err := headerField(rest, "constraints", math.MaxInt64)
	if err != nil {
		return h, true, err
	}
	return Header{Present: true, Vars: int(vars), Constraints: int(cons)}, true, nil
}

// headerField parses the number at the start of b, after blanks.
func headerField(b []byte, what string, limit uint64) (uint64, error) {
	b = bytes.TrimLeft(b, " \t")
	var v uint64
	n := 0
	for ; n < len(b) && isDigit(int(b[n])); n++ {
		d := uint64(b[n] - '0')
		if v > (limit-d)/10 {
			return 0, newDefect(ErrTooLarge, "number of %s beyond %d", what, limit)
		}
		v = v*10 + d
	}
	if n == 0 {
		return 0, newDefect(ErrHeader, "expected the number of %s", what)
	}
	if n < len(b) && !isSpace(int(b[n])) {
		return 0, newDefect(ErrHeader, "invalid character %q in the number of %s", rune(b[n]), what)
	}
	return v, nil
}

// isWordByte reports whether b continues a word or number.
func isWordByte(b int) bool { return isLetter(b) || isDigit(b) || b == '_' || b == '~' }

// wideInteger reads the digits of a signed integer (the sign consumed)
// into t, as t.big when it lies beyond sat.MaxCoefSum.
func (x *lexer) wideInteger(t *token, b int) error {
	s := x.s
	x.digits = x.digits[:0]
	for d := s.peek(); isDigit(d); d = s.peek() {
		if len(x.digits) == MaxDigits {
			return s.errAt(t.line, t.col, newDefect(sat.ErrCoefRange, "integer of more than %d digits", MaxDigits))
		}
		x.digits = append(x.digits, byte(d))
		s.pos++
	}
	switch {
	case len(x.digits) == 0:
		return s.errHere(newDefect(ErrSyntax, "sign without digits"))
	case isWordByte(s.peek()):
		return s.errHere(newDefect(ErrSyntax, "expected a blank after the integer"))
	}
	v, _ := new(big.Int).SetString(string(x.digits), 10)
	if b == '-' {
		v.Neg(v)
	}
	t.kind = tInt
	if v.CmpAbs(big.NewInt(sat.MaxCoefSum)) <= 0 {
		t.val = v.Int64()
	} else {
		t.big = v
	}
	return nil
}
