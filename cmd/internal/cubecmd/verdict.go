package cubecmd

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cube"
	"github.com/satsolve/satsolve/sat/satfile"
)

// readCubes reads an iCNF file for cube-and-conquer: every cube must come
// after all the clauses, so that all cubes split the same formula.
func readCubes(path string) (*satfile.ICNF, [][]sat.Lit, error) {
	x, err := satfile.ReadICNFFile(path)
	if err != nil {
		return nil, nil, err
	}
	cubes := make([][]sat.Lit, len(x.Cubes))
	for i, c := range x.Cubes {
		if c.Clauses != len(x.Formula.Clauses) {
			return nil, nil, fmt.Errorf("%s:%d: cube %d comes before some clauses: %w", path, c.Line, i, errNotCNC)
		}
		cubes[i] = c.Lits
	}
	return x, cubes, nil
}

// timing sums the times of the cubes that ran.
type timing struct {
	sum, longest time.Duration
	longestCube  int
	// answered counts the cubes with an answer, stopped those that ran
	// until a satisfiable cube stopped them.
	answered, stopped int
}

func cubeTimes(answers []cube.Answer) timing {
	t := timing{longestCube: -1}
	for _, a := range answers {
		switch {
		case a.Time == 0 && a.Status == sat.Unknown:
			continue // never started
		case errors.Is(a.Err, cube.ErrSkipped):
			t.stopped++
		default:
			t.answered++
		}
		t.sum += a.Time
		if a.Time > t.longest {
			t.longest, t.longestCube = a.Time, a.Index
		}
	}
	return t
}

// statusLine returns the competition's solution line and exit status of
// a merged status.
func statusLine(st sat.Status) (string, int) {
	switch st {
	case sat.Sat:
		return "SATISFIABLE", int(sat.Sat)
	case sat.Unsat:
		return "UNSATISFIABLE", int(sat.Unsat)
	}
	return "UNKNOWN", int(sat.Unknown)
}

// printVerdict prints the merged answer in the competition's form: 'c'
// lines on how it was reached, the 's' line, and the model on 'v' lines.
func printVerdict(w io.Writer, v cube.Verdict, cubes, numVars int, withModel bool) int {
	line, code := statusLine(v.Status)
	switch v.Status {
	case sat.Sat:
		if v.Cube >= 0 {
			fmt.Fprintf(w, "c cube %d is satisfiable; the model satisfies every clause\n", v.Cube)
		} else {
			fmt.Fprintln(w, "c the cover check found a model outside every cube")
		}
	case sat.Unsat:
		fmt.Fprintf(w, "c %s unsatisfiable, %s verified, cover shown by %s\n", allCubes(cubes), english.Count(v.Refuted, "refuted branch"), v.Cover)
	default:
		fmt.Fprintf(w, "c %s\n", v.Reason)
	}
	fmt.Fprintf(w, "s %s\n", line)
	if withModel && v.Status == sat.Sat {
		writeModel(w, v.Model, numVars)
	}
	return code
}

// writeModel prints literals 1..n of m on 'v' lines of at most 4,000
// characters (the competition's limit is 4,096), ending with 0.
func writeModel(w io.Writer, m sat.Assignment, n int) {
	var b strings.Builder
	b.WriteString("v")
	for _, l := range append(m.Lits(n), 0) {
		tok := strconv.Itoa(int(l))
		if b.Len()+1+len(tok) > 4000 {
			fmt.Fprintln(w, b.String())
			b.Reset()
			b.WriteString("v")
		}
		b.WriteString(" " + tok)
	}
	fmt.Fprintln(w, b.String())
}

// verdictJSON is the --json form of a merged answer.
type verdictJSON struct {
	File    string `json:"file"`
	Status  string `json:"status"`
	Exit    int    `json:"exit"`
	Backend string `json:"backend,omitempty"`
	Jobs    int    `json:"jobs,omitempty"`
	Cubes   int    `json:"cubes"`
	Refuted int    `json:"refuted"`
	Unsat   int    `json:"unsat_cubes"`
	SatCube *int   `json:"sat_cube,omitempty"`
	Open    []int  `json:"open_cubes,omitempty"`
	Cover   string `json:"cover,omitempty"`
	Reason  string `json:"reason,omitempty"`
	// Stopped is why an UNKNOWN verdict stopped, as a stable word:
	// "interrupted" or "timeout" (docs/cli.md); Reason says it in words.
	Stopped     string      `json:"stopped,omitempty"`
	Certificate string      `json:"certificate,omitempty"`
	Model       []int       `json:"model,omitempty"`
	SumSeconds  float64     `json:"cube_seconds_sum"`
	MaxSeconds  float64     `json:"cube_seconds_max"`
	WallSeconds float64     `json:"wall_seconds,omitempty"`
	PerCube     []cubeEntry `json:"per_cube"`
}

// cubeEntry is one cube's answer in the JSON.
type cubeEntry struct {
	Cube    int     `json:"cube"`
	Status  string  `json:"status"`
	Seconds float64 `json:"seconds"`
	Reason  string  `json:"reason,omitempty"`
}

// newVerdictJSON fills the JSON form of v for file.
func newVerdictJSON(file string, v cube.Verdict, answers []cube.Answer, cubes, numVars int, withModel bool) verdictJSON {
	line, code := statusLine(v.Status)
	t := cubeTimes(answers)
	j := verdictJSON{File: file, Status: line, Exit: code, Cubes: cubes, Refuted: v.Refuted, Unsat: v.Unsat,
		Open: v.Open, Cover: v.Cover, Reason: v.Reason, SumSeconds: t.sum.Seconds(), MaxSeconds: t.longest.Seconds(),
		PerCube: []cubeEntry{}}
	if v.Status == sat.Sat {
		if v.Cube >= 0 {
			j.SatCube = &v.Cube
		}
		if withModel {
			for _, l := range v.Model.Lits(numVars) {
				j.Model = append(j.Model, int(l))
			}
		}
	}
	for _, a := range answers {
		st, _ := statusLine(a.Status)
		c := cubeEntry{Cube: a.Index, Status: st, Seconds: a.Time.Seconds()}
		if a.Err != nil {
			c.Reason = a.Err.Error()
		}
		j.PerCube = append(j.PerCube, c)
	}
	return j
}

// writeJSON prints j and returns its exit status.
func writeJSON(e *cli.Env, j verdictJSON) error {
	if err := cli.WriteJSON(e.Stdout, j); err != nil {
		return err
	}
	return cli.Exit(j.Exit)
}

// allCubes says "all 3 cubes", or "the cube" when there is one.
func allCubes(n int) string {
	if n == 1 {
		return "the cube"
	}
	return "all " + english.Count(n, "cube")
}
