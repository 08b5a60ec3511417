package satfile

import "strconv"

// Quirks that may recur many times in one input (a '+' sign on every
// literal, a comment after every clause, clauses that all span lines) are
// accepted by the tolerant mode with one warning per kind, not one per
// occurrence: the warning stands at the first occurrence, and its message
// gets the number of occurrences once the input has been read. In strict
// mode each kind is an error of the same class at its first occurrence.

// quirk is a kind of recurring tolerated defect.
type quirk int8

const (
	quirkPlus          quirk = iota // '+' sign on a literal
	quirkComment                    // comment after other tokens on a line
	quirkSpan                       // clause continuing on the next line
	quirkUppercase                  // uppercase "P CNF" header
	quirkBOM                        // UTF-8 byte-order mark
	quirkLateHeader                 // OPB header on a later comment line
	quirkLateObjective              // OPB objective after constraints
	numQuirks
)

// quirkInfo is the class and the tolerant message of each quirk.
var quirkInfo = [numQuirks]struct {
	class error
	msg   string
}{
	quirkPlus:          {ErrSyntax, "'+' sign on a literal (accepted; the competition dialect has none)"},
	quirkComment:       {ErrSyntax, "comment after other tokens on a line (read as a comment to the end of the line)"},
	quirkSpan:          {ErrUnterminated, "clause continues on the next line (line breaks are blanks in the 1993 DIMACS grammar; the competition dialect ends each clause on its line)"},
	quirkUppercase:     {ErrHeader, "uppercase header (accepted as lowercase)"},
	quirkBOM:           {ErrSyntax, "UTF-8 byte-order mark skipped"},
	quirkLateHeader:    {ErrNoHeader, "header comment not on the first line (accepted because no constraint precedes it)"},
	quirkLateObjective: {ErrSyntax, "objective after constraints (accepted; PB07 puts it first)"},
}

// quirks tallies the recurring quirks of one input.
type quirks struct {
	first [numQuirks]*ParseError
	count [numQuirks]int
}

// note records an occurrence of q at line, col. At the first occurrence it
// returns a new warning for the caller to append to its warnings in input
// order; otherwise nil.
func (t *quirks) note(s *scanner, q quirk, line, col int) *ParseError {
	t.count[q]++
	if t.first[q] != nil {
		return nil
	}
	info := quirkInfo[q]
	t.first[q] = s.errAt(line, col, newDefect(info.class, "%s", info.msg))
	return t.first[q]
}

// finish completes the message of each quirk seen more than once.
func (t *quirks) finish() {
	for q, w := range t.first {
		if w != nil && t.count[q] > 1 {
			d := w.Err.(*defect)
			d.msg += "; " + strconv.Itoa(t.count[q]) + " times in the input"
		}
	}
}
