package main

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/satsolve/satsolve/sat"
)

// print writes the comparison in the requested form on standard output,
// and the SVG file when asked.
func (o *compareOpts) print(e *env, c *comparison) int {
	var err error
	switch {
	case o.json:
		err = writeCompareJSON(e.stdout, c)
	case o.csv:
		err = writeCompareCSV(e.stdout, c)
	default:
		err = writeCompareTable(e.stdout, c)
	}
	if err == nil && o.svg != "" {
		err = writeCompareSVG(o.svg, c)
	}
	if err != nil {
		return e.fail(err)
	}
	return 0
}

// writeCompareTable writes a heading that says what was measured, then one
// aligned row per method: sizes, encode time, and the solve time on every
// backend.
func writeCompareTable(w io.Writer, c *comparison) error {
	runs := "1 run"
	if c.repeat > 1 {
		runs = strconv.Itoa(c.repeat) + " runs"
	}
	fmt.Fprintf(w, "%s: %s\n", c.family, c.subject.what)
	fmt.Fprintf(w, "solved: %s\n", c.subject.task)
	fmt.Fprintf(w, "answer: %s; times are medians of %s, solves limited to %v\n", answerText(c.answer), runs, c.timeout)
	fmt.Fprintf(w, "columns: aux variables, clauses, literals and native PB constraints of the encoding; encode time; solve time per backend\n\n")
	head := []string{"method", "aux", "clauses", "literals", "pb", "encode"}
	head = append(head, c.backends...)
	table := [][]string{head}
	for _, r := range c.rows {
		line := []string{r.method, strconv.Itoa(r.aux), strconv.Itoa(r.clauses), strconv.Itoa(r.literals), strconv.Itoa(r.pbs), shortDuration(r.encode)}
		for _, s := range r.solves {
			line = append(line, cellText(s))
		}
		table = append(table, line)
	}
	_, err := io.WriteString(w, alignColumns(table))
	return err
}

// answerText names the agreed answer.
func answerText(s sat.Status) string {
	if s == sat.Unknown {
		return "UNKNOWN (no run finished)"
	}
	return s.String() + " (every run that finished agrees)"
}

// cellText is a solve cell for the table: the median time, or "timeout",
// "unknown" (the solver gave up by itself) or "n/a" (the method does not
// apply to the backend).
func cellText(s cell) string {
	if s.seconds() != nil {
		return shortDuration(s.time)
	}
	return strings.ToLower(cellStatus(s))
}

// shortDuration writes d with three significant digits: 17.2ms, 1.45s.
func shortDuration(d time.Duration) string {
	if d <= 0 {
		return "0s"
	}
	unit := time.Duration(math.Pow(10, math.Floor(math.Log10(float64(d)))-2))
	if unit < 1 {
		unit = 1
	}
	return d.Round(unit).String()
}

// alignColumns lays out a table: the first column left-aligned, the others
// right-aligned, two spaces apart.
func alignColumns(table [][]string) string {
	width := make([]int, len(table[0]))
	for _, line := range table {
		for i, f := range line {
			width[i] = max(width[i], len([]rune(f)))
		}
	}
	var b strings.Builder
	for _, line := range table {
		for i, f := range line {
			pad := strings.Repeat(" ", width[i]-len([]rune(f)))
			switch {
			case i == 0:
				b.WriteString(f + pad)
			default:
				b.WriteString("  " + pad + f)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}
