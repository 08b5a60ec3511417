package satfile

import (
	"slices"
	"strconv"

	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/sat"
)

// The end of a CNF or WCNF input: the last clause, the header checks, and
// the two SATLIB repairs that only the whole input can justify.

// lineBreak records that a line ended inside clause number clause, after
// its first at literals.
type lineBreak struct {
	clause, at, line int
}

// finish handles the end of the input.
func (c *clauseReader) finish() error {
	if c.open {
		if err := c.defect(c.openLine, c.openCol, ErrUnterminated, "the last clause lacks its terminating 0; closed at the end of the input"); err != nil {
			return err
		}
		if err := c.closeClause(c.s.line, c.s.col()); err != nil {
			return err
		}
	}
	if err := c.checkHeader(); err != nil {
		return err
	}
	if err := c.checkCount(); err != nil {
		return err
	}
	if c.varWarn != nil {
		d := c.varWarn.Err.(*defect)
		d.msg += "; the variable count grows to " + strconv.Itoa(c.maxVar)
	}
	c.quirks.finish()
	return nil
}

// checkHeader reports a missing or late CNF header.
func (c *clauseReader) checkHeader() error {
	if c.wcnf {
		return nil
	}
	line, col := 1, 1
	if c.dataLine != 0 {
		line, col = c.dataLine, c.dataCol
	}
	if !c.hdr.Present {
		return c.defect(line, col, ErrNoHeader, "no 'p cnf' header")
	}
	if c.dataLine != 0 && c.dataLine < c.hdrLine {
		return c.defect(line, col, ErrNoHeader, "clauses before the 'p cnf' header on line %d", c.hdrLine)
	}
	return nil
}

// checkCount compares the clause count with the header, repairing the
// SATLIB dubois100 defect where it applies.
func (c *clauseReader) checkCount() error {
	want := c.hdr.Constraints
	if !c.hdr.Present || c.count == want {
		return nil
	}
	if !c.wcnf && len(c.breaks) > 0 && c.count+len(c.breaks) == want {
		if err := c.defect(c.breaks[0].line, 1, ErrUnterminated,
			"%s ending inside a clause; reading each as a terminated clause matches the header's %s (SATLIB dubois repair)",
			english.Count(len(c.breaks), "line"), english.Count(want, "clause")); err != nil {
			return err
		}
		c.repair = true
		c.count = want
		c.dropWarning(c.quirks.first[quirkSpan]) // the repair explains the line ends
		return nil
	}
	if !c.wcnf && c.lastEmpty && c.count == want+1 {
		return c.defect(c.openLine, c.openCol, ErrTrailingZero,
			"a lone 0 as the last token is an empty clause: the formula is unsatisfiable, and the header's %d clauses are exceeded by one (PRET signature)", want)
	}
	return c.defect(c.hdrLine, 1, ErrCount, "the header declares %d clauses, the input has %d", want, c.count)
}

// splitAtBreaks splits every clause at its recorded line ends.
func (c *clauseReader) splitAtBreaks(clauses []sat.Clause) []sat.Clause {
	out := make([]sat.Clause, 0, len(clauses)+len(c.breaks))
	bi := 0
	for i, cl := range clauses {
		from := 0
		for ; bi < len(c.breaks) && c.breaks[bi].clause == i; bi++ {
			at := c.breaks[bi].at
			out = append(out, cl[from:at:at])
			from = at
		}
		out = append(out, cl[from:])
	}
	return out
}

// endMarker handles '%' (SATLIB): the input ends here.
func (c *clauseReader) endMarker() error {
	s := c.s
	if c.lineTokens {
		return s.errHere(newDefect(ErrSyntax, "'%%' in the middle of a line"))
	}
	if err := c.defect(s.line, s.col(), ErrEndMarker, "'%%' ends the input (SATLIB end marker); the rest is ignored"); err != nil {
		return err
	}
	return c.finish()
}

// dropWarning removes w from the warnings, if it is there.
func (c *clauseReader) dropWarning(w *ParseError) {
	if w == nil {
		return
	}
	c.warnings = slices.DeleteFunc(c.warnings, func(x *ParseError) bool { return x == w })
}
