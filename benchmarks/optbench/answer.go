package main

import (
	"fmt"
	"strconv"
	"strings"
)

// answer is what a solver printed: the "s" status, the last "o" cost,
// and the model of its "v" lines.
type answer struct {
	status  string // the "s" line's text, "" when none
	claimed string // the last "o" line's cost, "" when none
	val     []bool // val[v] for v in 1..vars; nil when no "v" line
}

// parseAnswer reads competition output for a problem of vars variables.
// A "v" line holds literals (x3, -x3, ~x3 for OPB; 3, -3 and a final 0
// for WCNF) or, alone on the line, the MaxSAT Evaluation's 0/1 string;
// several "v" lines continue each other.
func parseAnswer(out []byte, vars int) (answer, error) {
	var a answer
	var bits strings.Builder
	var lits []string
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "s "):
			a.status = strings.TrimSpace(line[2:])
		case strings.HasPrefix(line, "o "):
			a.claimed = strings.TrimSpace(line[2:])
		case strings.HasPrefix(line, "v ") || line == "v":
			f := strings.Fields(line[1:])
			if len(f) == 1 && strings.Trim(f[0], "01") == "" && (len(f[0]) > 1 || vars == 1) {
				bits.WriteString(f[0])
			} else {
				lits = append(lits, f...)
			}
			if a.val == nil {
				a.val = make([]bool, vars+1)
			}
		}
	}
	if a.val == nil {
		return a, nil
	}
	if bits.Len() > 0 {
		if bits.Len() < vars {
			return a, fmt.Errorf("a 0/1 model of %d values for %d variables", bits.Len(), vars)
		}
		for v := 1; v <= vars; v++ {
			a.val[v] = bits.String()[v-1] == '1'
		}
	}
	for _, t := range lits {
		neg := strings.HasPrefix(t, "-") || strings.HasPrefix(t, "~")
		n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimLeft(t, "-~"), "x"))
		if err != nil {
			return a, fmt.Errorf("bad model token %q", t)
		}
		if n == 0 {
			continue
		}
		if n > vars {
			continue // a variable beyond the file's (no constraint reads it)
		}
		a.val[n] = !neg
	}
	return a, nil
}
