package graphfile

import (
	"errors"
	"fmt"
	"strings"
)

// ParseError is an error at a position of a graph file.
type ParseError struct {
	// File is the name of the file, "" when unknown.
	File string
	// Line and Column locate the error, from 1; 0 when unknown.
	Line, Column int
	// Err is the error itself.
	Err error
}

// Error returns "FILE:LINE:COLUMN: message", leaving out what is unknown
// (a position without a file keeps its colon, ":LINE: message").
func (e *ParseError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	for _, n := range []int{e.Line, e.Column} {
		if n > 0 {
			fmt.Fprintf(&b, ":%d", n)
		}
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

// InFile returns err as an error of the named file: the first *ParseError
// in err's chain with its File set to name, or else a new *ParseError
// without a position wrapping err. A nil err gives nil.
func InFile(name string, err error) error {
	if err == nil {
		return nil
	}
	var pe *ParseError
	if errors.As(err, &pe) {
		pe.File = name
		return pe
	}
	return &ParseError{File: name, Err: err}
}
