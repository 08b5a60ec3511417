package external

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/satsolve/satsolve/sat"
)

// answer is what a solver printed.
type answer struct {
	status sat.Status
	seen   bool   // an "s" line (or minisat's first line) was read
	vals   []int8 // per variable: 0 not listed, 1 true, -1 false
}

// model returns the listed literals as an assignment; variables the solver
// did not list are false (don't care, as the competition rules allow).
func (a answer) model() sat.Assignment {
	m := sat.NewAssignment(len(a.vals) - 1)
	for v, x := range a.vals {
		m[v] = x > 0
	}
	return m
}

// parseCompetition reads SAT-competition output: "c" comments, one "s"
// line, "v" lines with literals ending in 0. Other lines are ignored, as
// the competition rules allow solvers to print them on stderr only but
// some print banners on stdout.
func parseCompetition(r io.Reader, numVars int) (answer, error) {
	a := answer{vals: make([]int8, numVars+1)}
	br := bufio.NewReaderSize(r, 1<<16)
	ended := false
	for {
		line, err := br.ReadString('\n')
		line = strings.TrimRight(line, "\r\n")
		switch {
		case strings.HasPrefix(line, "s "):
			if a.seen {
				return a, fmt.Errorf("two solution lines")
			}
			st, err := parseStatus(strings.TrimSpace(line[2:]))
			if err != nil {
				return a, err
			}
			a.status, a.seen = st, true
		case strings.HasPrefix(line, "v ") || line == "v":
			if ended {
				return a, fmt.Errorf("value line after the terminating 0")
			}
			var perr error
			if ended, perr = a.addLits(line[1:]); perr != nil {
				return a, perr
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return a, err
		}
	}
	return a, nil
}

// parseMinisatResult reads minisat's result file: "SAT" then the model's
// literals ending in 0, "UNSAT", or "INDET".
func parseMinisatResult(r io.Reader, numVars int) (answer, error) {
	a := answer{vals: make([]int8, numVars+1)}
	br := bufio.NewReader(r)
	first, err := br.ReadString('\n')
	if err != nil && err != io.EOF {
		return a, err
	}
	switch strings.TrimSpace(first) {
	case "SAT":
		a.status, a.seen = sat.Sat, true
		rest, err := io.ReadAll(br)
		if err != nil {
			return a, err
		}
		_, err = a.addLits(string(rest))
		return a, err
	case "UNSAT":
		a.status, a.seen = sat.Unsat, true
	case "INDET":
		a.status, a.seen = sat.Unknown, true
	case "":
		// no answer written (killed, or crashed)
	default:
		return a, fmt.Errorf("unexpected result line %q", first)
	}
	return a, nil
}

func parseStatus(s string) (sat.Status, error) {
	switch s {
	case "SATISFIABLE":
		return sat.Sat, nil
	case "UNSATISFIABLE":
		return sat.Unsat, nil
	case "UNKNOWN", "INDETERMINATE":
		return sat.Unknown, nil
	}
	return sat.Unknown, fmt.Errorf("unknown solution line %q", "s "+s)
}

// addLits records the literals listed in fields and reports whether the
// terminating 0 was among them. Literals beyond the formula's variables,
// literals after the 0 and contradictory literals are errors.
func (a *answer) addLits(fields string) (ended bool, err error) {
	for _, tok := range strings.Fields(fields) {
		n, err := strconv.ParseInt(tok, 10, 32)
		if err != nil {
			return ended, fmt.Errorf("bad literal %q in model", tok)
		}
		if ended {
			return ended, fmt.Errorf("literal %d after the terminating 0", n)
		}
		if n == 0 {
			ended = true
			continue
		}
		l := sat.Lit(n)
		v := int(l.Var())
		if v >= len(a.vals) {
			return ended, fmt.Errorf("model literal %d beyond the %d variables", n, len(a.vals)-1)
		}
		x := int8(1)
		if n < 0 {
			x = -1
		}
		if a.vals[v] == -x {
			return ended, fmt.Errorf("model holds both %d and %d", n, -n)
		}
		a.vals[v] = x
	}
	return ended, nil
}
