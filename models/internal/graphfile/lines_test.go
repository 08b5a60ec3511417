package graphfile

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// call is one call of ScanLines' callback.
type call struct {
	line int
	text string
}

// scan runs ScanLines, recording the calls.
func scan(data string, maxLen int) ([]call, error) {
	var got []call
	err := ScanLines([]byte(data), maxLen, func(line int, text string) error {
		got = append(got, call{line, text})
		return nil
	})
	return got, err
}

func TestScanLines(t *testing.T) {
	cases := []struct {
		name    string
		data    string
		maxLen  int
		want    []call
		errLine int // 0: no error
	}{
		{"empty", "", 10, nil, 0},
		{"one line without newline", "a b", 10, []call{{1, "a b"}}, 0},
		{"lines", "a b\nb c\n", 10, []call{{1, "a b"}, {2, "b c"}}, 0},
		{"blank lines are counted", "\n  \na b\n", 10, []call{{1, ""}, {2, "  "}, {3, "a b"}}, 0},
		{"hash comment", "a b # edge\n# whole line\n", 20, []call{{1, "a b "}, {2, ""}}, 0},
		{"percent comment", "a b%c\n%%\n", 10, []call{{1, "a b"}, {2, ""}}, 0},
		{"first comment sign wins", "a %b # c\n", 10, []call{{1, "a "}}, 0},
		{"CRLF", "a b\r\nc\r\n", 10, []call{{1, "a b"}, {2, "c"}}, 0},
		{"CR alone", "a b\rc\r\rd", 10, []call{{1, "a b"}, {2, "c"}, {3, ""}, {4, "d"}}, 0},
		{"CR alone, over-long line", "a\rabcde\r", 4, []call{{1, "a"}}, 2},
		{"LF CR is two line ends", "a\n\rb", 10, []call{{1, "a"}, {2, ""}, {3, "b"}}, 0},
		{"exactly maxLen", "abcd\nabcd", 4, []call{{1, "abcd"}, {2, "abcd"}}, 0},
		{"line ending not counted", "abcd\r\n", 4, []call{{1, "abcd"}}, 0},
		{"over-long line stops the scan", "a b\nabcde\nc d\n", 4, []call{{1, "a b"}}, 2},
		{"over-long last line", "a\nabcde", 4, []call{{1, "a"}}, 2},
		{"comments count toward the length", "a #bcd\n", 4, nil, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := scan(c.data, c.maxLen)
			if !slices.Equal(got, c.want) {
				t.Errorf("calls %v, want %v", got, c.want)
			}
			if c.errLine == 0 {
				if err != nil {
					t.Errorf("error %v, want none", err)
				}
				return
			}
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line != c.errLine || pe.Column != 0 {
				t.Fatalf("error %v, want a *ParseError at line %d", err, c.errLine)
			}
			if want := fmt.Sprintf(":%d: line longer than %d bytes", c.errLine, c.maxLen); err.Error() != want {
				t.Errorf("error %q, want %q", err, want)
			}
		})
	}
}

func TestScanLinesCallbackError(t *testing.T) {
	stop := errors.New("stop")
	positioned := &ParseError{Line: 9, Column: 5, Err: errors.New("at a column")}
	cases := []struct {
		name     string
		err      error
		wantLine int
		wantCol  int
		wantErr  error
	}{
		{"plain error is put at the line", stop, 2, 0, stop},
		{"ParseError is returned as it is", positioned, 9, 5, positioned.Err},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			calls := 0
			err := ScanLines([]byte("a\nb\nc\n"), 10, func(line int, _ string) error {
				calls++
				if line == 2 {
					return c.err
				}
				return nil
			})
			if calls != 2 {
				t.Errorf("%d calls, want the scan to stop after 2", calls)
			}
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line != c.wantLine || pe.Column != c.wantCol || !errors.Is(err, c.wantErr) {
				t.Errorf("error %#v, want a *ParseError at %d:%d wrapping %v", err, c.wantLine, c.wantCol, c.wantErr)
			}
		})
	}
}

func TestStripComment(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", ""},
		{"a b", "a b"},
		{"a b # c", "a b "},
		{"a%b#c", "a"},
		{"#", ""},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			if got := StripComment(c.in); got != c.want {
				t.Errorf("StripComment(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

func ExampleScanLines() {
	data := "# a path\na b\nb c  % the second edge\n\nd\n"
	err := ScanLines([]byte(data), 80, func(line int, text string) error {
		if f := strings.Fields(text); len(f) > 0 {
			fmt.Println(line, f)
		}
		return nil
	})
	fmt.Println(err)
	err = ScanLines([]byte("a b\na b c\n"), 80, func(line int, text string) error {
		if f := strings.Fields(text); len(f) > 2 {
			return fmt.Errorf("want one edge per line, got %d fields", len(f))
		}
		return nil
	})
	fmt.Println(InFile("path.txt", err))
	// Output:
	// 2 [a b]
	// 3 [b c]
	// 5 [d]
	// <nil>
	// path.txt:2: want one edge per line, got 3 fields
}
