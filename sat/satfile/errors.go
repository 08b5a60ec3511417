package satfile

import (
	"errors"
	"fmt"
	"strconv"
)

// ParseError is a defect in the input at a position. Readers return it as
// their error, and Problem.Warnings holds the defects the tolerant mode
// accepted. Its Err unwraps to one of the sentinel errors below (or to
// sat.ErrCoefRange, or to the underlying I/O error), so callers can classify
// it with errors.Is.
type ParseError struct {
	// File is the name of the input; empty when unknown.
	File string
	// Line is the 1-based line of the defect.
	Line int
	// Col is the 1-based byte column of the defect within its line.
	Col int
	// Err describes the defect.
	Err error
}

// Error returns "FILE:LINE:COL: message", without "FILE:" when File is
// empty.
func (e *ParseError) Error() string {
	s := strconv.Itoa(e.Line) + ":" + strconv.Itoa(e.Col) + ": " + e.Err.Error()
	if e.File != "" {
		s = e.File + ":" + s
	}
	return s
}

// Unwrap returns Err.
func (e *ParseError) Unwrap() error { return e.Err }

// The defect classes. A defect that the tolerant mode accepts (ErrNoHeader,
// ErrCount, ErrVarRange, ErrUnterminated, ErrTrailingZero, ErrEndMarker) is
// an error in strict mode and a warning of the same class in tolerant
// mode; the others are errors in both modes.
var (
	// ErrSyntax reports a token that is not allowed where it stands: a
	// non-integer in a clause, a stray character, a missing ';' in OPB.
	ErrSyntax = errors.New("syntax error")
	// ErrHeader reports a malformed header line.
	ErrHeader = errors.New("malformed header")
	// ErrHeaderTwice reports a second header line.
	ErrHeaderTwice = errors.New("second header")
	// ErrNoHeader reports a missing header, or clauses before it.
	ErrNoHeader = errors.New("missing header")
	// ErrWrongFormat reports input of another format than the one asked
	// for, such as a "p wcnf" header given to the CNF reader.
	ErrWrongFormat = errors.New("wrong format")
	// ErrUnsupported reports a known extension that satsolve does not
	// read: XOR clauses, QDIMACS quantifiers, non-linear OPB products,
	// OPB maximisation, Zstandard compression.
	ErrUnsupported = errors.New("unsupported extension")
	// ErrTooLarge reports a number beyond what the reader represents: a
	// variable above sat.MaxVar, a count or weight beyond int64.
	ErrTooLarge = errors.New("number too large")
	// ErrCount reports a header count that the data contradicts.
	ErrCount = errors.New("count mismatch")
	// ErrVarRange reports a variable above the header's variable count.
	ErrVarRange = errors.New("variable out of range")
	// ErrUnterminated reports a clause without its terminating 0 (at the
	// end of the input, or, in strict mode, at the end of its line).
	ErrUnterminated = errors.New("unterminated clause")
	// ErrTrailingZero reports the PRET signature: a lone 0 as the last
	// token, making the clause count exceed the header by one. It is read
	// as an empty clause, which makes the formula unsatisfiable.
	ErrTrailingZero = errors.New("trailing lone 0")
	// ErrEndMarker reports the SATLIB end marker '%', after which the
	// tolerant reader ignores the rest of the input.
	ErrEndMarker = errors.New("end marker '%'")
	// ErrWeight reports a WCNF weight that is not a positive integer.
	ErrWeight = errors.New("bad weight")
	// ErrFormulaSize reports a formula with more literals than
	// Options.MaxLiterals allows.
	ErrFormulaSize = errors.New("formula too large")
)

// defect is the Err of a ParseError: a specific message within a class.
type defect struct {
	class error
	msg   string
}

func (d *defect) Error() string { return d.msg }
func (d *defect) Unwrap() error { return d.class }

// newDefect returns a defect of the given class with a formatted message.
func newDefect(class error, format string, args ...any) *defect {
	return &defect{class: class, msg: fmt.Sprintf(format, args...)}
}
