package satfile

import (
	"math"
	"strings"

	"github.com/satsolve/satsolve/sat"
)

// header reads a "p cnf V C" or "p wcnf V C [TOP]" line; the scanner is on
// the 'p'.
func (c *clauseReader) header() error {
	s := c.s
	line := s.line
	switch {
	case c.lineTokens:
		return s.errHere(newDefect(ErrSyntax, "'p' in the middle of a line"))
	case c.hdr.Present:
		return s.errHere(newDefect(ErrHeaderTwice, "second header (the first is on line %d)", c.hdrLine))
	case c.open:
		return s.errHere(newDefect(ErrHeader, "header inside a clause"))
	case c.wcnf && c.dataLine != 0:
		return s.errHere(newDefect(ErrHeader, "'p wcnf' header after clauses (2022-format lines before it)"))
	}
	upper := s.buf[s.pos] == 'P'
	s.pos++
	if !isBlank(s.peek()) {
		return s.errHere(newDefect(ErrHeader, "expected a blank after 'p'"))
	}
	s.skipBlanks()
	col := s.col()
	w := s.word(16)
	if err := c.checkFormat(w, upper, line, col); err != nil {
		return err
	}
	h := Header{Present: true}
	vars, err := c.headerNumber("variables", uint64(sat.MaxVar))
	if err != nil {
		return err
	}
	cls, err := c.headerNumber("clauses", math.MaxInt64)
	if err != nil {
		return err
	}
	h.Vars, h.Constraints = int(vars), int(cls)
	s.skipBlanks()
	if c.wcnf && isDigit(s.peek()) {
		col := s.col()
		top, _, over := s.uint(math.MaxInt64)
		if over {
			return s.errAt(line, col, newDefect(ErrTooLarge, "top weight beyond 2^63-1"))
		}
		if top == 0 {
			return s.errAt(line, col, newDefect(ErrHeader, "top weight 0 (it must be at least 1)"))
		}
		h.Top = int64(top)
		s.skipBlanks()
	}
	if b := s.peek(); b >= 0 && b != '\n' {
		return s.errHere(newDefect(ErrHeader, "unexpected %q after the header's numbers", rune(b)))
	}
	c.hdr, c.hdrLine = h, line
	if len(c.lens) == 0 {
		c.lens = make([]uint32, 0, min(h.Constraints, maxPrealloc))
	}
	if c.maxVar > h.Vars {
		return c.newMaxVar(c.maxVar, c.dataLine, c.dataCol)
	}
	return nil
}

// checkFormat checks the format word w of a header at line, col.
func (c *clauseReader) checkFormat(w string, upper bool, line, col int) error {
	want := "cnf"
	if c.wcnf {
		want = "wcnf"
	}
	lower := strings.ToLower(w)
	if lower == want {
		if upper || w != lower {
			if c.mode == Strict {
				return c.s.errAt(line, col, newDefect(ErrHeader, "uppercase header (strict mode wants 'p %s')", want))
			}
			c.quirk(quirkUppercase, line, 1)
		}
		return nil
	}
	switch lower {
	case "":
		return c.s.errAt(line, col, newDefect(ErrHeader, "missing format after 'p'"))
	case "cnf":
		return c.s.errAt(line, col, newDefect(ErrWrongFormat, "this is a CNF file ('p cnf'); read it as CNF"))
	case "wcnf":
		return c.s.errAt(line, col, newDefect(ErrWrongFormat, "this is a WCNF (MaxSAT) file ('p wcnf'); read it as WCNF"))
	case "inccnf":
		return c.s.errAt(line, col, newDefect(ErrWrongFormat, "incremental CNF ('p inccnf') is not supported"))
	}
	return c.s.errAt(line, col, newDefect(ErrWrongFormat, "unknown format 'p %s' (want 'p %s')", w, want))
}

// headerNumber reads a blank-separated non-negative header number.
func (c *clauseReader) headerNumber(what string, limit uint64) (uint64, error) {
	s := c.s
	if !isBlank(s.peek()) {
		return 0, s.errHere(newDefect(ErrHeader, "expected the number of %s", what))
	}
	s.skipBlanks()
	col := s.col()
	switch b := s.peek(); {
	case b == '-':
		return 0, s.errHere(newDefect(ErrHeader, "negative number of %s", what))
	case !isDigit(b):
		return 0, s.errHere(newDefect(ErrHeader, "expected the number of %s", what))
	}
	v, _, over := s.uint(limit)
	if b := s.peek(); b >= 0 && !isSpace(b) {
		return 0, s.errHere(newDefect(ErrHeader, "invalid character %q in the number of %s", rune(b), what))
	}
	if over {
		return 0, s.errAt(s.line, col, newDefect(ErrTooLarge, "number of %s beyond %d", what, limit))
	}
	return v, nil
}
