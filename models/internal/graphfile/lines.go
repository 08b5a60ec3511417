package graphfile

import (
	"fmt"
	"strings"
)

// ScanLines calls fn on each line of the edge list data, in order, with the
// line's number (from 1) and its text without the line ending and without
// its comment, which runs from the first "#" or "%" to the end of the line.
// A line longer than maxLen bytes (without its line ending) stops the scan
// with a *ParseError at that line, before fn sees it. An error of fn stops
// the scan too: a *ParseError is returned as it is, any other error wrapped
// in a *ParseError at the line.
func ScanLines(data []byte, maxLen int, fn func(line int, text string) error) error {
	n := 0
	for text := range strings.Lines(string(data)) {
		n++
		text = strings.TrimRight(text, "\r\n")
		if len(text) > maxLen {
			return &ParseError{Line: n, Err: fmt.Errorf("line longer than %d bytes", maxLen)}
		}
		if err := fn(n, StripComment(text)); err != nil {
			if pe, ok := err.(*ParseError); ok {
				return pe
			}
			return &ParseError{Line: n, Err: err}
		}
	}
	return nil
}

// StripComment cuts an edge-list line at its comment, which runs from the
// first "#" or "%" to the end of the line.
func StripComment(line string) string {
	if i := strings.IndexAny(line, "#%"); i >= 0 {
		return line[:i]
	}
	return line
}
