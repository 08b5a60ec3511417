package compare

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/satsolve/satsolve/sat"
)

// WriteTable writes a heading that says what was measured, then one
// aligned row per method: sizes, encode time, and the solve time on every
// backend.
func WriteTable(w io.Writer, c *Comparison) error {
	runs := "1 run"
	if c.Repeat > 1 {
		runs = strconv.Itoa(c.Repeat) + " runs"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", c.Family, c.Subject.What)
	fmt.Fprintf(&b, "solved: %s\n", c.Subject.Task)
	fmt.Fprintf(&b, "answer: %s; times are medians of %s, solves limited to %v\n", answerText(c.Answer), runs, c.Timeout)
	if c.Stopped {
		fmt.Fprintf(&b, "stopped: %d of %d method × backend runs measured; below are the methods measured, in part for the last\n", c.Measured, c.Cells())
	}
	fmt.Fprintf(&b, "columns: aux variables, clauses, literals and native PB constraints of the encoding; encode time; solve time per backend\n\n")
	head := []string{"method", "aux", "clauses", "literals", "pb", "encode"}
	head = append(head, c.Backends...)
	table := [][]string{head}
	for _, r := range c.Rows {
		line := []string{r.Method, strconv.Itoa(r.Aux), strconv.Itoa(r.Clauses), strconv.Itoa(r.Literals), strconv.Itoa(r.PBs), ShortDuration(r.Encode)}
		for _, s := range r.Solves {
			line = append(line, cellText(s))
		}
		table = append(table, line)
	}
	b.WriteString(alignColumns(table))
	_, err := io.WriteString(w, b.String())
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
// "unknown" (the solver gave up by itself), "n/a" (the method does not
// apply to the backend) or "stopped" (not measured).
func cellText(s Cell) string {
	if s.Seconds() != nil {
		return ShortDuration(s.Time)
	}
	return strings.ToLower(s.StatusText())
}

// ShortDuration writes d with three significant digits: 17.2ms, 1.45s.
func ShortDuration(d time.Duration) string {
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
