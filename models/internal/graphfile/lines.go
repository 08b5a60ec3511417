package graphfile

import (
	"fmt"
	"strings"
)

// ScanLines calls fn on each line of the edge list data, in order, with the
// line's number (from 1) and its text without the line ending and without
// its comment, which runs from the first "#" or "%" to the end of the line.
// Lines end with LF, CR LF or CR alone (classic Mac OS files). A line
// longer than maxLen bytes (without its line ending) stops the scan with a
// *ParseError at that line, before fn sees it. An error of fn stops the
// scan too: a *ParseError is returned as it is, any other error wrapped in
// a *ParseError at the line.
func ScanLines(data []byte, maxLen int, fn func(line int, text string) error) error {
	rest := string(data)
	for n := 1; rest != ""; n++ {
		text := rest
		if i := strings.IndexAny(rest, "\r\n"); i >= 0 {
			crlf := rest[i] == '\r' && i+1 < len(rest) && rest[i+1] == '\n'
			text, rest = rest[:i], rest[i+1:]
			if crlf {
				rest = rest[1:]
			}
		} else {
			rest = ""
		}
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
