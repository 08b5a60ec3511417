package dobble

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The deck file format.
//
// One card per line; symbols are separated by white space or commas (a
// comma needs a symbol on both sides); "#" starts a comment that runs to
// the end of the line; blank lines are skipped. A file whose symbols are
// all decimal integers is a deck of integer symbols; otherwise every
// symbol is a name, numbers included ("3" is then the name "3"). Names
// are case-sensitive UTF-8 words.

// Limits on what Parse accepts, so that absurd input fails with a clear
// error instead of exhausting memory.
const (
	// MaxSymbol is the largest integer symbol.
	MaxSymbol = 1<<20 - 1
	// MaxCards is the largest number of cards.
	MaxCards = 1 << 16
)

// ParseError is a positioned error in a deck file.
type ParseError struct {
	File      string
	Line, Col int // 1-based; Col is 0 when the error concerns a whole line
	Err       error
}

// Error returns "FILE:LINE:COL: message" (without the parts that do not
// apply).
func (e *ParseError) Error() string {
	switch {
	case e.Line == 0:
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	case e.Col == 0:
		return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
	}
	return fmt.Sprintf("%s:%d:%d: %v", e.File, e.Line, e.Col, e.Err)
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

// ErrNoCards is reported for a deck file without any card.
var ErrNoCards = errors.New("no cards")

// token is one symbol as written, with its position.
type token struct {
	text      string
	line, col int
}

// Parse reads a deck. name is the file name used in error messages. Errors
// are *ParseError values (or the reader's own error).
func Parse(r io.Reader, name string) (*Deck, error) {
	var cards [][]token
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	sc.Split(scanLines)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if line == 1 {
			text = strings.TrimPrefix(text, "\uFEFF") // a UTF-8 byte-order mark
		}
		toks, err := splitLine(text, line)
		if err != nil {
			err.File = name
			return nil, err
		}
		if len(toks) == 0 {
			continue
		}
		if len(cards) == MaxCards {
			return nil, &ParseError{File: name, Line: line, Err: fmt.Errorf("more than %d cards", MaxCards)}
		}
		cards = append(cards, toks)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &ParseError{File: name, Line: line + 1, Err: errors.New("line longer than 1 MiB")}
		}
		return nil, err
	}
	if len(cards) == 0 {
		return nil, &ParseError{File: name, Err: ErrNoCards}
	}
	d, err := symbols(cards)
	if err != nil {
		err.File = name
		return nil, err
	}
	return d, nil
}

// scanLines is bufio.ScanLines for lines ended by LF, CR LF or CR alone
// (classic Mac OS files, which bufio.ScanLines would read as one line,
// hence one card).
func scanLines(data []byte, atEOF bool) (advance int, line []byte, err error) {
	if atEOF && len(data) == 0 {
		return 0, nil, nil
	}
	if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
		if data[i] == '\n' {
			return i + 1, data[:i], nil
		}
		if i+1 < len(data) {
			if data[i+1] == '\n' {
				return i + 2, data[:i], nil
			}
			return i + 1, data[:i], nil
		}
		if atEOF {
			return i + 1, data[:i], nil
		}
		return 0, nil, nil // a CR last: is an LF next?
	}
	if atEOF {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// splitLine returns the symbols of one line.
func splitLine(s string, line int) ([]token, *ParseError) {
	if !utf8.ValidString(s) {
		col := 1 + utf8.RuneCountInString(s[:firstInvalid(s)])
		return nil, &ParseError{Line: line, Col: col, Err: errors.New("invalid UTF-8")}
	}
	var toks []token
	rs := []rune(s)
	needSymbol := false // a comma was read and no symbol followed yet
	commaCol := 0
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case r == '#':
			i = len(rs)
			continue
		case r == ',':
			if needSymbol || len(toks) == 0 {
				return nil, &ParseError{Line: line, Col: i + 1, Err: errors.New("empty symbol before comma")}
			}
			needSymbol, commaCol = true, i+1
			i++
			continue
		case unicode.IsSpace(r):
			i++
			continue
		}
		j := i
		for j < len(rs) && rs[j] != ',' && rs[j] != '#' && !unicode.IsSpace(rs[j]) {
			j++
		}
		toks = append(toks, token{text: string(rs[i:j]), line: line, col: i + 1})
		needSymbol = false
		i = j
	}
	if needSymbol {
		return nil, &ParseError{Line: line, Col: commaCol, Err: errors.New("comma without a symbol after it")}
	}
	return toks, nil
}

func firstInvalid(s string) int {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return i
			}
		}
	}
	return len(s)
}

// integerLike reports whether t is an optionally signed decimal integer.
func integerLike(t string) bool {
	if t != "" && (t[0] == '-' || t[0] == '+') {
		t = t[1:]
	}
	if t == "" {
		return false
	}
	for i := 0; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return false
		}
	}
	return true
}

// symbols turns the tokens into a deck, as integers when every token is
// one and as names otherwise.
func symbols(cards [][]token) (*Deck, *ParseError) {
	numeric := true
	for _, c := range cards {
		for _, t := range c {
			numeric = numeric && integerLike(t.text)
		}
	}
	d := &Deck{Cards: make([][]int, len(cards)), Lines: make([]int, len(cards))}
	index := map[string]int{}
	for i, c := range cards {
		d.Lines[i] = c[0].line
		card := make([]int, len(c))
		for j, t := range c {
			if !numeric {
				s, ok := index[t.text]
				if !ok {
					s = len(d.Names)
					index[t.text] = s
					d.Names = append(d.Names, t.text)
				}
				card[j] = s
				continue
			}
			v, err := strconv.Atoi(t.text)
			switch {
			case err != nil || v > MaxSymbol:
				return nil, &ParseError{Line: t.line, Col: t.col, Err: fmt.Errorf("symbol %s out of range 0..%d", t.text, MaxSymbol)}
			case v < 0:
				return nil, &ParseError{Line: t.line, Col: t.col, Err: fmt.Errorf("negative symbol %s", t.text)}
			}
			card[j] = v
		}
		d.Cards[i] = card
	}
	return d, nil
}
