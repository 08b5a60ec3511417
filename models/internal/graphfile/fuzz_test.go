package graphfile

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// FuzzScanLines scans arbitrary bytes: the callback sees the lines (ended
// by LF, CR LF or CR) in
// order, numbered from 1, each a comment-free prefix of its raw line, and
// the scan stops exactly at the first line longer than the limit.
func FuzzScanLines(f *testing.F) {
	for _, s := range []string{"", "a b\n", "a b # c\r\n%x\n\nd", "abcdefghij\nk", "\r\r\n#%\n"} {
		f.Add([]byte(s), uint8(4))
	}
	f.Fuzz(func(t *testing.T, data []byte, limit uint8) {
		maxLen := int(limit)
		// Lines end with LF, CR LF or CR alone.
		lf := strings.ReplaceAll(strings.ReplaceAll(string(data), "\r\n", "\n"), "\r", "\n")
		var raw []string
		for l := range strings.Lines(lf) {
			raw = append(raw, strings.TrimSuffix(l, "\n"))
		}
		next := 1
		err := ScanLines(data, maxLen, func(line int, text string) error {
			if line != next {
				t.Fatalf("line %d, want %d", line, next)
			}
			next++
			r := raw[line-1]
			if !strings.HasPrefix(r, text) || strings.ContainsAny(text, "#%\n") || len(r) > maxLen {
				t.Fatalf("line %d: text %q of raw line %q (limit %d)", line, text, r, maxLen)
			}
			if len(text) < len(r) && !strings.ContainsAny(r[len(text):len(text)+1], "#%") {
				t.Fatalf("line %d: text %q cut %q before a comment", line, text, r)
			}
			return nil
		})
		if err == nil {
			if next != len(raw)+1 {
				t.Fatalf("%d lines scanned, want %d", next-1, len(raw))
			}
			return
		}
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Line != next || len(raw[pe.Line-1]) <= maxLen {
			t.Fatalf("error %v after %d lines, want the first over-long line", err, next-1)
		}
	})
}

// FuzzDOTError translates arbitrary messages: the result is always a
// *ParseError whose message is a suffix of the input, and a stripped
// prefix holds the position.
func FuzzDOTError(f *testing.F) {
	for _, s := range []string{"3:8: error: bad", "1:1: x", "no position", "01:2: y", "9:", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		pe, ok := DOTError(errors.New(s)).(*ParseError)
		if !ok {
			t.Fatalf("DOTError(%q) is not a *ParseError", s)
		}
		msg := pe.Err.Error()
		if !strings.HasSuffix(s, msg) {
			t.Fatalf("DOTError(%q): message %q is not a suffix", s, msg)
		}
		prefix := s[:len(s)-len(msg)]
		if prefix == "" {
			if pe.Line != 0 || pe.Column != 0 {
				t.Fatalf("DOTError(%q) at %d:%d without a prefix", s, pe.Line, pe.Column)
			}
			return
		}
		parts := strings.SplitN(strings.TrimSuffix(strings.TrimSuffix(prefix, "error: "), ": "), ":", 2)
		if len(parts) != 2 {
			t.Fatalf("DOTError(%q): stripped prefix %q is not LINE:COL", s, prefix)
		}
		line, err1 := strconv.Atoi(parts[0])
		col, err2 := strconv.Atoi(parts[1])
		if err1 != nil || err2 != nil || line != pe.Line || col != pe.Column {
			t.Fatalf("DOTError(%q) at %d:%d, prefix %q", s, pe.Line, pe.Column, prefix)
		}
	})
}
