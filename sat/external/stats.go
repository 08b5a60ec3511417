package external

import (
	"bufio"
	"bytes"
	"strconv"
	"strings"

	"github.com/satsolve/satsolve/sat"
)

// statNames are the counters read from a solver's output, as MiniSat
// ("conflicts             : 1234  (…)") and CaDiCaL or Kissat ("c
// conflicts:   1234   …") print them, under the names Stats reports.
var statNames = map[string]string{
	"conflicts":    "conflicts",
	"decisions":    "decisions",
	"propagations": "propagations",
	"restarts":     "restarts",
	"learned":      "learnt clauses",
	"learnt":       "learnt clauses",
	"reductions":   "reductions",
}

// statOrder is the order Stats lists them in.
var statOrder = []string{"conflicts", "decisions", "propagations", "restarts", "learnt clauses", "reductions"}

// readStats adds the counters found in a solver's output to sum.
func readStats(out []byte, sum map[string]int64) {
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		line = strings.TrimSpace(strings.TrimPrefix(line, "c "))
		name, rest, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		key, known := statNames[strings.ToLower(strings.TrimSpace(name))]
		if !known {
			continue
		}
		fields := strings.Fields(rest)
		if len(fields) == 0 {
			continue
		}
		if v, err := strconv.ParseInt(fields[0], 10, 64); err == nil {
			sum[key] += v
		}
	}
}

// Stats returns the counters the solver printed, added up over every
// Solve (each runs the binary afresh), and the number of solves: the
// sat.Statser facet. A solver that prints none reports only its solves.
func (s *Solver) Stats() []sat.Stat {
	out := []sat.Stat{{Name: "solves", Value: s.solves}}
	for _, name := range statOrder {
		if v, ok := s.stats[name]; ok {
			out = append(out, sat.Stat{Name: name, Value: v})
		}
	}
	return out
}
