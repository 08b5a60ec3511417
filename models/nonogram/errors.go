package nonogram

import (
	"errors"
	"fmt"
)

// ParseError is a positioned error in a puzzle file: a syntax error, or a
// puzzle whose clues cannot be satisfied for a reason Validate detects.
type ParseError struct {
	File      string
	Line, Col int // 1-based; 0 when unknown or when the error concerns a whole line
	Err       error
}

func (e *ParseError) Error() string {
	file := e.File
	if file == "" {
		file = "<input>"
	}
	switch {
	case e.Line == 0:
		return fmt.Sprintf("%s: %v", file, e.Err)
	case e.Col == 0:
		return fmt.Sprintf("%s:%d: %v", file, e.Line, e.Err)
	}
	return fmt.Sprintf("%s:%d:%d: %v", file, e.Line, e.Col, e.Err)
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

// Errors a caller may test for with errors.Is.
var (
	// ErrColour is reported for colour puzzles, which are not supported.
	ErrColour = errors.New("colour puzzles are not supported (only black and white)")
	// ErrFormat is reported when the format cannot be recognised.
	ErrFormat = errors.New("cannot recognise the puzzle format (use --format to name it)")
	// ErrNoPuzzle is reported for a file that holds no puzzle.
	ErrNoPuzzle = errors.New("no puzzle in the file")
	// ErrBadSolution is reported when a solver's answer fails Check: an
	// internal error (an encoding or solver bug), never a property of the
	// puzzle.
	ErrBadSolution = errors.New("internal error: a solver answer breaks the clues")
	// ErrTooLarge is wrapped by solve.SAT's error for a puzzle whose SAT
	// model would exceed encode.MaxLiterals; the native solver (solve.Native)
	// takes such puzzles in memory linear in their cells.
	ErrTooLarge = errors.New("the SAT model is too large")
)

// CheckError names the first line of a grid that does not match its clue.
type CheckError struct {
	// Line is "row 3", "column 7" (1-based) or "cell r,c" for a given cell.
	Line string
	// Want is the clue, Got the blocks the grid shows.
	Want, Got Clue
	// Msg replaces the clue comparison when set (size or given cells).
	Msg string
}

func (e *CheckError) Error() string {
	if e.Msg != "" {
		return e.Line + ": " + e.Msg
	}
	return fmt.Sprintf("%s: clue %s but the grid shows %s", e.Line, e.Want, e.Got)
}
