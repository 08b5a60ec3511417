package cli

import (
	"bytes"
	"io"
	"strings"
)

// HelpWidth is the widest line a help prints, in columns: the flag
// package writes each flag's help on one line, however long, and the
// registry's list of backends alone is longer than a terminal.
const HelpWidth = 120

// wrapWriter holds what is written and, on Flush, writes it with every
// line wider than HelpWidth columns broken at spaces, and every flag's
// help reflowed as one paragraph. A continuation line keeps the
// indentation of the line it continues (a flag's help, after "    \t");
// that of a usage line is the width of "usage: ".
type wrapWriter struct {
	w   io.Writer
	buf bytes.Buffer
}

func (w *wrapWriter) Write(p []byte) (int, error) { return w.buf.Write(p) }

// Flush writes what is held, wrapped.
func (w *wrapWriter) Flush() error {
	text := strings.TrimSuffix(w.buf.String(), "\n")
	w.buf.Reset()
	var out strings.Builder
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		// A flag's help is one paragraph, whatever breaks its text has:
		// reflowed whole, it reads evenly.
		for strings.HasPrefix(line, flagIndent) && i+1 < len(lines) && strings.HasPrefix(lines[i+1], flagIndent) {
			i++
			line = strings.TrimRight(line, " ") + " " + strings.TrimPrefix(lines[i], flagIndent)
		}
		wrapLine(&out, line)
	}
	_, err := io.WriteString(w.w, out.String())
	return err
}

// flagIndent begins every line of a flag's help (flag.PrintDefaults).
const flagIndent = "    \t"

// wrapLine writes line, broken at spaces into lines of at most HelpWidth
// columns where it can be (a word wider than that stays whole).
func wrapLine(out *strings.Builder, line string) {
	indent := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
	if strings.HasPrefix(line, "usage: ") {
		indent = "       "
	}
	for Columns(line) > HelpWidth {
		cut := -1
		for i := range line {
			if Columns(line[:i]) > HelpWidth {
				break
			}
			if line[i] == ' ' && i > len(indent) && strings.TrimSpace(line[:i]) != "" {
				cut = i
			}
		}
		if cut < 0 {
			break
		}
		out.WriteString(strings.TrimRight(line[:cut], " "))
		out.WriteByte('\n')
		line = indent + strings.TrimLeft(line[cut:], " ")
	}
	out.WriteString(strings.TrimRight(line, " "))
	out.WriteByte('\n')
}

// Columns returns the width of s on a terminal, a tab advancing to the
// next multiple of 8.
func Columns(s string) int {
	n := 0
	for _, r := range s {
		if r == '\t' {
			n += 8 - n%8
			continue
		}
		n++
	}
	return n
}
