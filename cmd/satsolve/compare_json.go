package main

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"strconv"
	"time"
)

// compareJSON is the --json form of a comparison.
type compareJSON struct {
	Family         string       `json:"family"`
	Subject        string       `json:"subject"`
	Solved         string       `json:"solved"`
	Answer         string       `json:"answer"`
	Repeat         int          `json:"repeat"`
	TimeoutSeconds float64      `json:"timeout_seconds"`
	Backends       []string     `json:"backends"`
	Methods        []methodJSON `json:"methods"`
}

// methodJSON is one row of a comparison.
type methodJSON struct {
	Method        string      `json:"method"`
	AuxVars       int         `json:"aux_vars"`
	Clauses       int         `json:"clauses"`
	Literals      int         `json:"literals"`
	PBs           int         `json:"pb_constraints"`
	EncodeSeconds float64     `json:"encode_seconds"`
	Solves        []solveJSON `json:"solves"`
}

// solveJSON is one method on one backend. Status is SAT, UNSAT, UNKNOWN,
// TIMEOUT (no answer within the limit) or N/A (the method does not apply
// to the backend); Seconds is the median solve time, null when at least
// half the runs gave no answer.
type solveJSON struct {
	Backend string   `json:"backend"`
	Status  string   `json:"status"`
	Seconds *float64 `json:"seconds"`
}

// cellStatus names a cell's outcome for JSON and CSV.
func cellStatus(s cell) string {
	switch {
	case !s.applies:
		return "N/A"
	case s.time == never && s.timedOut:
		return "TIMEOUT"
	case s.time == never:
		return "UNKNOWN"
	}
	return s.status.String()
}

// seconds returns the cell's median time in seconds, or nil.
func (s cell) seconds() *float64 {
	if !s.applies || s.time == never {
		return nil
	}
	v := s.time.Seconds()
	return &v
}

func writeCompareJSON(w io.Writer, c *comparison) error {
	j := compareJSON{
		Family: c.family, Subject: c.subject.what, Solved: c.subject.task, Answer: c.answer.String(),
		Repeat: c.repeat, TimeoutSeconds: c.timeout.Seconds(), Backends: c.backends,
		Methods: []methodJSON{},
	}
	for _, r := range c.rows {
		m := methodJSON{Method: r.method, AuxVars: r.aux, Clauses: r.clauses, Literals: r.literals, PBs: r.pbs,
			EncodeSeconds: r.encode.Seconds()}
		for i, s := range r.solves {
			m.Solves = append(m.Solves, solveJSON{Backend: c.backends[i], Status: cellStatus(s), Seconds: s.seconds()})
		}
		j.Methods = append(j.Methods, m)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(j)
}

// compareCSVHeader names the CSV columns: one row per method and backend.
var compareCSVHeader = []string{"method", "aux_vars", "clauses", "literals", "pb_constraints", "encode_seconds", "backend", "status", "solve_seconds"}

func writeCompareCSV(w io.Writer, c *comparison) error {
	cw := csv.NewWriter(w)
	cw.Write(compareCSVHeader)
	for _, r := range c.rows {
		for i, s := range r.solves {
			solve := ""
			if s.seconds() != nil {
				solve = formatSeconds(s.time)
			}
			cw.Write([]string{r.method, strconv.Itoa(r.aux), strconv.Itoa(r.clauses), strconv.Itoa(r.literals),
				strconv.Itoa(r.pbs), formatSeconds(r.encode), c.backends[i], cellStatus(s), solve})
		}
	}
	cw.Flush()
	return cw.Error()
}

// formatSeconds writes d in seconds, in full precision.
func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'g', -1, 64)
}
