package graphfile

import (
	"errors"
	"regexp"
	"strconv"
	"sync"
)

// dotPosition matches the "LINE:COL: error: " prefix of gonum's DOT parser;
// compiled on first use rather than at start-up.
var dotPosition = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\d+):(\d+): (?:error: )?`) })

// DOTError returns an error of gonum's DOT packages (the parser in
// gonum.org/v1/gonum/graph/formats/dot or the decoder in
// gonum.org/v1/gonum/graph/encoding/dot) as a *ParseError, moving the
// parser's "LINE:COL: error: " prefix, if any, into Line and Column
// (a prefix whose numbers overflow an int is left in the message). A nil
// err gives nil.
func DOTError(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	if m := dotPosition().FindStringSubmatch(msg); m != nil {
		line, err1 := strconv.Atoi(m[1])
		col, err2 := strconv.Atoi(m[2])
		if err1 == nil && err2 == nil {
			return &ParseError{Line: line, Column: col, Err: errors.New(msg[len(m[0]):])}
		}
	}
	return &ParseError{Err: err}
}
