package solvecmd

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/satfile"
)

// exitOptimum is the exit status when an optimisation proved its optimum,
// as in the MaxSAT and PB evaluations.
const exitOptimum = 30

// report is the printable result of satsolve solve.
type report struct {
	file    string
	problem *satfile.Problem
	clauses int // the file's clauses (the formula's may have been flattened)
	backend string
	wall    time.Duration
	out     outcome
	// cube is the index of the iCNF cube solved (-1: none), cubeLits
	// its literals.
	cube     int
	cubeLits []sat.Lit
	// cert describes the proof written (--proof, --certify), or nil.
	cert *certificate
}

// solution returns the competition's solution line text and exit status.
func (r *report) solution() (string, int) {
	switch r.out.status {
	case sat.Sat:
		if r.out.optim && r.out.optimal {
			return "OPTIMUM FOUND", exitOptimum
		}
		return "SATISFIABLE", int(sat.Sat)
	case sat.Unsat:
		return "UNSATISFIABLE", int(sat.Unsat)
	}
	return "UNKNOWN", int(sat.Unknown)
}

// printCompetition prints SAT-competition output: "o" with the cost of an
// optimisation, the "s" line, and the model on "v" lines — DIMACS literals
// for CNF, "x1 -x2" for OPB, and the MaxSAT Evaluation's 0/1 string for
// WCNF.
func (r *report) printCompetition(e *cli.Env, withModel bool) error {
	line, code := r.solution()
	if r.cube >= 0 {
		fmt.Fprintf(e.Stdout, "c cube %d: %v\n", r.cube, sat.Clause(r.cubeLits))
	}
	if r.out.status == sat.Unknown && r.out.reason != nil {
		fmt.Fprintf(e.Stdout, "c %v\n", r.out.reason)
	}
	if r.out.optim && r.out.status == sat.Sat && !(r.out.printed && r.out.lastPrinted.Cmp(r.out.bigCost) == 0) {
		// The search printed an "o" line for every improving model;
		// the last one is the model below, unless it was improved
		// after the search (preprocessing's extension).
		fmt.Fprintf(e.Stdout, "o %v\n", r.out.bigCost)
	}
	if c := r.cert; c != nil && c.checked {
		fmt.Fprintf(e.Stdout, "c certified: the %s proof (%d bytes) verified in %.3f s\n", c.format, c.bytes, c.check.Seconds())
	}
	fmt.Fprintf(e.Stdout, "s %s\n", line)
	if r.problem.Names != nil {
		fmt.Fprintf(e.Stdout, "c the %d variables that occur were renumbered densely for the solver (the largest is %d); the model lists them by their own numbers\n",
			r.problem.OrigVars, r.problem.Name(sat.Var(r.problem.OrigVars)))
	}
	if withModel && r.out.status == sat.Sat {
		n := r.problem.OrigVars
		switch {
		case r.problem.Format == satfile.WCNF && r.problem.Names != nil:
			// The 0/1 string would need a character per number up to
			// the largest: list the literals, as the pre-2022
			// evaluations did.
			writeValueLines(e, r.out.model, n, r.problem.Name, "", false)
		case r.problem.Format == satfile.WCNF:
			var b strings.Builder
			for v := 1; v <= n; v++ {
				b.WriteByte("01"[btoi(r.out.model.Lit(sat.Lit(v)))])
			}
			fmt.Fprintf(e.Stdout, "v %s\n", b.String())
		case r.problem.Format == satfile.OPB:
			writeValueLines(e, r.out.model, n, r.problem.Name, "x", false)
		default:
			writeValueLines(e, r.out.model, n, r.problem.Name, "", true)
		}
	}
	return cli.Exit(code)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// maxValueLine keeps "v" lines under the competition's 4096 characters.
const maxValueLine = 4000

// writeValueLines prints literals 1..n of m on "v" lines, each literal as
// prefix+name(v) with a minus sign when false, ending with "0" if zero.
func writeValueLines(e *cli.Env, m sat.Assignment, n int, name func(sat.Var) sat.Var, prefix string, zero bool) {
	var b strings.Builder
	b.WriteString("v")
	flush := func() {
		fmt.Fprintln(e.Stdout, b.String())
		b.Reset()
		b.WriteString("v")
	}
	for v := 1; v <= n; v++ {
		tok := prefix + strconv.Itoa(int(name(sat.Var(v))))
		if !m.Lit(sat.Lit(v)) {
			tok = "-" + tok
		}
		if b.Len()+1+len(tok) > maxValueLine {
			flush()
		}
		b.WriteByte(' ')
		b.WriteString(tok)
	}
	if zero {
		if b.Len()+2 > maxValueLine {
			flush()
		}
		b.WriteString(" 0")
	}
	if b.Len() > 1 {
		fmt.Fprintln(e.Stdout, b.String())
	}
}

// jsonReport is the --json form of a result.
type jsonReport struct {
	File        string       `json:"file"`
	Format      string       `json:"format"`
	Status      string       `json:"status"`
	Exit        int          `json:"exit"`
	Backend     string       `json:"backend"`
	Variables   int          `json:"variables"`
	Clauses     int          `json:"clauses"`
	PBs         int          `json:"pb_constraints,omitempty"`
	WallSeconds float64      `json:"wall_seconds"`
	Cost        *json.Number `json:"cost,omitempty"`
	Optimal     bool         `json:"optimal,omitempty"`
	// LowerBound is the proved lower bound of an objective: no model
	// costs less (equal to Cost when Optimal).
	LowerBound *int64 `json:"lower_bound,omitempty"`
	Model      []int  `json:"model,omitempty"`
	Reason     string `json:"reason,omitempty"`
	// Stopped is why an UNKNOWN answer stopped, as a stable word:
	// "interrupted" or "timeout" (docs/cli.md); Reason says it in words.
	Stopped  string   `json:"stopped,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
	// Cube and CubeLiterals identify the iCNF cube solved (satsolve
	// solve --cube): the fields sat/cube.Record reads.
	Cube         *int  `json:"cube,omitempty"`
	CubeLiterals []int `json:"cube_literals,omitempty"`
	// Proof describes the proof written by --proof or --certify.
	Proof *proofJSON `json:"proof,omitempty"`
}

// proofJSON is the proof part of the --json report.
type proofJSON struct {
	File         string  `json:"file,omitempty"` // empty: a temporary file, removed
	Format       string  `json:"format"`
	Bytes        int64   `json:"bytes"`
	Verified     bool    `json:"verified"` // checked and verified (--certify, UNSAT)
	CheckSeconds float64 `json:"check_seconds,omitempty"`
	Checked      int     `json:"checked_lemmas,omitempty"`
}

func (r *report) printJSON(e *cli.Env) error {
	line, code := r.solution()
	f := r.problem.Formula
	j := jsonReport{
		File: r.file, Format: r.problem.Format.String(), Status: line, Exit: code, Backend: r.backend,
		Variables: r.problem.OrigVars, Clauses: r.clauses, PBs: len(f.PBs),
		WallSeconds: r.wall.Seconds(),
	}
	if r.out.status == sat.Sat {
		for _, l := range r.out.model.Lits(r.problem.OrigVars) {
			j.Model = append(j.Model, int(r.problem.Name(l.Var()).Lit(l > 0)))
		}
		if r.out.optim {
			cost := json.Number(r.out.bigCost.String())
			j.Cost, j.Optimal = &cost, r.out.optimal
		}
	}
	if r.out.optim && r.out.status != sat.Unsat {
		j.LowerBound = &r.out.lower
	}
	if r.out.reason != nil {
		j.Reason, j.Stopped = r.out.reason.Error(), cli.StopReason(r.out.reason)
	}
	if r.cube >= 0 {
		j.Format, j.Cube, j.CubeLiterals = "icnf", &r.cube, []int{}
		for _, l := range r.cubeLits {
			j.CubeLiterals = append(j.CubeLiterals, int(l))
		}
	}
	if c := r.cert; c != nil {
		j.Proof = &proofJSON{File: c.file, Format: c.format.String(), Bytes: c.bytes, Verified: c.checked}
		if c.checked {
			j.Proof.CheckSeconds, j.Proof.Checked = c.check.Seconds(), c.res.Checked
		}
	}
	for _, w := range r.problem.Warnings {
		j.Warnings = append(j.Warnings, w.Error())
	}
	if err := cli.WriteJSON(e.Stdout, j); err != nil {
		return err
	}
	return cli.Exit(code)
}
