package cube

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/satsolve/satsolve/sat"
)

// Record is one cube's answer as a job stores it: the JSON object that
// "satsolve solve --cube N --json FILE.icnf" prints, of which Record
// reads the fields a merge needs (others are ignored). It lives here
// rather than in the command so that the job's output and the collector's
// input are one definition, tested against each other.
type Record struct {
	// Cube is the cube's index in the iCNF file, from 0.
	Cube int `json:"cube"`
	// CubeLiterals are the cube's literals, so that a collector can tell
	// a result of another cube file apart.
	CubeLiterals []int `json:"cube_literals"`
	// Status is "SATISFIABLE", "UNSATISFIABLE" or "UNKNOWN".
	Status string `json:"status"`
	// Model is the model's literals, when satisfiable.
	Model []int `json:"model,omitempty"`
	// WallSeconds is the job's wall-clock time.
	WallSeconds float64 `json:"wall_seconds"`
	// Backend names the solver.
	Backend string `json:"backend,omitempty"`
	// Reason explains an unknown answer.
	Reason string `json:"reason,omitempty"`
}

// ReadRecord decodes one Record from r and checks that it is well formed.
func ReadRecord(r io.Reader) (Record, error) {
	var rec Record
	dec := json.NewDecoder(r)
	if err := dec.Decode(&rec); err != nil {
		return rec, err
	}
	switch rec.Status {
	case "SATISFIABLE", "UNSATISFIABLE", "UNKNOWN":
	default:
		return rec, fmt.Errorf("status %q (want SATISFIABLE, UNSATISFIABLE or UNKNOWN)", rec.Status)
	}
	if rec.Cube < 0 {
		return rec, fmt.Errorf("negative cube index %d", rec.Cube)
	}
	if rec.CubeLiterals == nil {
		return rec, fmt.Errorf("no cube_literals")
	}
	return rec, nil
}

// Answer converts the record into an Answer for the cube lits of a formula
// over numVars variables. It fails when the record's cube is not lits (a
// result of another split) or its model is malformed.
func (rec Record) Answer(lits []sat.Lit, numVars int) (Answer, error) {
	a := Answer{Index: rec.Cube, Time: time.Duration(rec.WallSeconds * float64(time.Second))}
	if len(rec.CubeLiterals) != len(lits) || !slices.EqualFunc(rec.CubeLiterals, lits, func(x int, l sat.Lit) bool { return x == int(l) }) {
		return a, fmt.Errorf("the result is for cube %v, but cube %d is %v", rec.CubeLiterals, rec.Cube, lits)
	}
	switch rec.Status {
	case "SATISFIABLE":
		a.Status = sat.Sat
		a.Model = sat.NewAssignment(numVars)
		for _, x := range rec.Model {
			if x == 0 || x > numVars || -x > numVars {
				return a, fmt.Errorf("model literal %d outside variables 1..%d", x, numVars)
			}
			a.Model = a.Model.Set(sat.Lit(x))
		}
	case "UNSATISFIABLE":
		a.Status = sat.Unsat
	default:
		a.Status = sat.Unknown
		a.Err = fmt.Errorf("%s", rec.Reason)
		if rec.Reason == "" {
			a.Err = fmt.Errorf("unknown")
		}
	}
	return a, nil
}
