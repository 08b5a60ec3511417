package compare

import (
	"encoding/csv"
	"io"
	"strconv"
	"time"
)

// Report is the JSON form of a comparison.
type Report struct {
	Family         string         `json:"family"`
	Subject        string         `json:"subject"`
	Solved         string         `json:"solved"`
	Answer         string         `json:"answer"`
	Repeat         int            `json:"repeat"`
	TimeoutSeconds float64        `json:"timeout_seconds"`
	Backends       []string       `json:"backends"`
	Methods        []MethodReport `json:"methods"`
	// Measured and Cells count the method × backend runs measured and
	// asked for; they differ when the comparison stopped before the end
	// (Stopped says why: "timeout", "interrupted", set by the command,
	// with Reason in words).
	Measured int    `json:"measured"`
	Cells    int    `json:"cells"`
	Stopped  string `json:"stopped,omitempty"`
	Reason   string `json:"reason,omitempty"`
}

// MethodReport is one row of a comparison.
type MethodReport struct {
	Method        string        `json:"method"`
	AuxVars       int           `json:"aux_vars"`
	Clauses       int           `json:"clauses"`
	Literals      int           `json:"literals"`
	PBs           int           `json:"pb_constraints"`
	EncodeSeconds float64       `json:"encode_seconds"`
	Solves        []SolveReport `json:"solves"`
}

// SolveReport is one method on one backend. Status is SAT, UNSAT, UNKNOWN,
// TIMEOUT (no answer within the limit), N/A (the method does not apply
// to the backend) or STOPPED (the comparison stopped before this run);
// Seconds is the median solve time, null when at least half the runs gave
// no answer.
type SolveReport struct {
	Backend string   `json:"backend"`
	Status  string   `json:"status"`
	Seconds *float64 `json:"seconds"`
}

// Report returns the JSON form of c.
func (c *Comparison) Report() Report {
	j := Report{
		Family: c.Family, Subject: c.Subject.What, Solved: c.Subject.Task, Answer: c.Answer.String(),
		Repeat: c.Repeat, TimeoutSeconds: c.Timeout.Seconds(), Backends: c.Backends,
		Methods: []MethodReport{}, Measured: c.Measured, Cells: c.Cells(),
	}
	for _, r := range c.Rows {
		m := MethodReport{Method: r.Method, AuxVars: r.Aux, Clauses: r.Clauses, Literals: r.Literals, PBs: r.PBs,
			EncodeSeconds: r.Encode.Seconds()}
		for i, s := range r.Solves {
			m.Solves = append(m.Solves, SolveReport{Backend: c.Backends[i], Status: s.StatusText(), Seconds: s.Seconds()})
		}
		j.Methods = append(j.Methods, m)
	}
	return j
}

// CSVHeader names the CSV columns: one row per method and backend.
var CSVHeader = []string{"method", "aux_vars", "clauses", "literals", "pb_constraints", "encode_seconds", "backend", "status", "solve_seconds"}

// WriteCSV writes c as CSV, one row per method and backend.
func WriteCSV(w io.Writer, c *Comparison) error {
	cw := csv.NewWriter(w)
	cw.Write(CSVHeader)
	for _, r := range c.Rows {
		for i, s := range r.Solves {
			solve := ""
			if s.Seconds() != nil {
				solve = formatSeconds(s.Time)
			}
			cw.Write([]string{r.Method, strconv.Itoa(r.Aux), strconv.Itoa(r.Clauses), strconv.Itoa(r.Literals),
				strconv.Itoa(r.PBs), formatSeconds(r.Encode), c.Backends[i], s.StatusText(), solve})
		}
	}
	cw.Flush()
	return cw.Error()
}

// formatSeconds writes d in seconds, in full precision.
func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'g', -1, 64)
}
