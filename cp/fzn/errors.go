package fzn

import (
	"errors"
	"fmt"
	"strconv"
)

// Error is a defect of a FlatZinc model at a position: a syntax error
// while reading, or a constraint the translation cannot take. Its Err
// unwraps to one of the classes below, so callers can tell them apart with
// errors.Is.
type Error struct {
	// File is the name of the input; empty when unknown.
	File string
	// Line and Col are the 1-based line and byte column of the defect.
	Line, Col int
	// Err describes the defect.
	Err error
}

// Error returns "FILE:LINE:COL: message", without "FILE:" when File is
// empty.
func (e *Error) Error() string {
	s := strconv.Itoa(e.Line) + ":" + strconv.Itoa(e.Col) + ": " + e.Err.Error()
	if e.File != "" {
		s = e.File + ":" + s
	}
	return s
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// The classes of defects.
var (
	// ErrSyntax reports text that FlatZinc's grammar does not allow where
	// it stands.
	ErrSyntax = errors.New("syntax error")
	// ErrUndefined reports a name used before (or without) its
	// declaration.
	ErrUndefined = errors.New("undefined name")
	// ErrRedefined reports a name declared twice.
	ErrRedefined = errors.New("name declared twice")
	// ErrType reports a value of the wrong type or shape: a float where an
	// integer is needed, an array whose length differs from its index set,
	// an argument of a constraint that is not what the builtin takes.
	ErrType = errors.New("type error")
	// ErrTooLarge reports a number beyond 64-bit integers, or nesting
	// deeper than the reader follows.
	ErrTooLarge = errors.New("too large")
	// ErrUnsupported reports valid FlatZinc that satsolve does not solve:
	// float and set variables, constraints it has no translation for.
	ErrUnsupported = errors.New("not supported")
)

// defect is the Err of an Error: a specific message within a class.
type defect struct {
	class error
	msg   string
}

func (d *defect) Error() string { return d.msg }
func (d *defect) Unwrap() error { return d.class }

// newDefect returns a defect of the given class with a formatted message.
func newDefect(class error, format string, args ...any) error {
	return &defect{class: class, msg: fmt.Sprintf(format, args...)}
}
