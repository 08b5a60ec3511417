package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
)

// outcome is one run of one solver on one instance.
type outcome struct {
	instance
	solver string
	// status: SAT (a solution of a satisfaction problem), OPT (optimum
	// proved), UNSAT, FEAS (a solution, not proved optimal), UNKNOWN, or
	// ERROR.
	status    string
	objective int64
	hasObj    bool
	solutions int
	cpu, wall time.Duration
	verified  string // satsolve's last solution extended by Gecode: yes, no, unknown, or "" (not checked)
	last      string // the last solution's dzn assignments (not kept in the CSV)
}

func (o outcome) key() string { return o.model + "\x00" + o.data + "\x00" + o.solver }

// completed reports a search that ended: a solution of a satisfaction
// problem, an optimum proved, or unsatisfiability.
func (o outcome) completed() bool {
	return o.status == "SAT" || o.status == "OPT" || o.status == "UNSAT"
}

func (o outcome) objText() string {
	if !o.hasObj {
		return "-"
	}
	return strconv.FormatInt(o.objective, 10)
}

// row returns o as a CSV row.
func (o outcome) row(limit time.Duration) []string {
	obj := ""
	if o.hasObj {
		obj = strconv.FormatInt(o.objective, 10)
	}
	return []string{o.problem, o.model, o.data, o.kind, o.solver, o.status, obj, strconv.Itoa(o.solutions),
		fmt.Sprintf("%.3f", o.cpu.Seconds()), fmt.Sprintf("%.3f", o.wall.Seconds()), fmt.Sprintf("%.0f", limit.Seconds()), o.verified}
}

// parseRow reads a CSV row back.
func parseRow(r []string) (outcome, error) {
	o := outcome{instance: instance{problem: r[0], model: r[1], data: r[2], kind: r[3]}, solver: r[4], status: r[5], verified: r[11]}
	var err error
	if r[6] != "" {
		o.hasObj = true
		if o.objective, err = strconv.ParseInt(r[6], 10, 64); err != nil {
			return o, fmt.Errorf("objective %q: %v", r[6], err)
		}
	}
	if o.solutions, err = strconv.Atoi(r[7]); err != nil {
		return o, fmt.Errorf("solutions %q: %v", r[7], err)
	}
	cpu, err1 := strconv.ParseFloat(r[8], 64)
	wall, err2 := strconv.ParseFloat(r[9], 64)
	if err1 != nil || err2 != nil {
		return o, fmt.Errorf("times %q %q", r[8], r[9])
	}
	o.cpu, o.wall = time.Duration(cpu*float64(time.Second)), time.Duration(wall*float64(time.Second))
	return o, nil
}

// parseOutput reads minizinc's output: solutions (----------), the
// objective (--output-objective's _objective line), the status lines.
func parseOutput(in instance, s string, r benchmarks.Run) outcome {
	o := outcome{instance: in, solver: s, cpu: r.CPU, wall: r.Wall}
	complete, unsat, errLine := false, false, false
	cur := ""
	for _, l := range strings.Split(string(r.Stdout), "\n") {
		switch {
		case l == "----------":
			o.solutions++
			o.last = cur
			cur = ""
		case l == "==========":
			complete = true
		case l == "=====UNSATISFIABLE=====":
			unsat = true
		case l == "=====ERROR=====":
			errLine = true
		case strings.HasPrefix(l, "_objective = "):
			v, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimPrefix(l, "_objective = "), ";"), 10, 64)
			if err == nil {
				o.objective, o.hasObj = v, true
			}
		case strings.HasPrefix(l, "%"), strings.HasPrefix(l, "====="):
		default:
			cur += l + "\n"
		}
	}
	switch {
	case errLine || r.ExitCode != 0 && !r.TimedOut:
		o.status = "ERROR"
	case unsat && o.solutions == 0:
		o.status = "UNSAT"
	case o.solutions == 0:
		o.status = "UNKNOWN"
	case in.kind == "satisfy":
		o.status = "SAT"
	case complete:
		o.status = "OPT"
	default:
		o.status = "FEAS"
	}
	return o
}
