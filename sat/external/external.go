package external

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/internal/proc"
	"github.com/satsolve/satsolve/sat/satfile"
)

// tempPrefix names the temporary directories of the solves (the
// formula, the result): satsolve-external-PID-…, cleaned by the next
// program that uses the package when their process died before removing
// them.
const tempPrefix = "satsolve-external"

// Solver runs an external DIMACS solver binary on every Solve.
type Solver struct {
	name string
	path string
	prof profile
	f    sat.Formula
	// The outcome of the last Solve: it serves Value and Model.
	ans sat.Answer
	// solves and stats count every Solve, for Stats.
	solves int64
	stats  map[string]int64
}

// New returns a solver that runs the binary name, looked up on PATH
// unless it contains a path separator.
func New(name string) (*Solver, error) {
	path, err := exec.LookPath(name)
	if err != nil {
		return nil, fmt.Errorf("external solver %q: %w", name, err)
	}
	base := filepath.Base(name)
	proc.CleanStale(tempPrefix)
	return &Solver{name: base, path: path, prof: profileFor(base)}, nil
}

// Name returns the binary's base name.
func (s *Solver) Name() string { return s.name }

// NewVar returns a fresh variable.
func (s *Solver) NewVar() sat.Var {
	s.ans.Clear()
	return s.f.NewVar()
}

// AddClause adds a copy of the clause.
func (s *Solver) AddClause(lits ...sat.Lit) {
	s.ans.Clear()
	s.f.AddClause(lits...)
}

// Solve runs the binary on the clauses plus the assumptions as units.
func (s *Solver) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	s.ans.Reset()
	if err := ctx.Err(); err != nil {
		return sat.Unknown, err
	}
	for _, l := range assumptions {
		if l == 0 {
			panic("external: zero literal in assumptions")
		}
		if int(l.Var()) > s.f.NumVars {
			s.f.NumVars = int(l.Var())
		}
	}
	dir, err := proc.TempDir(tempPrefix)
	if err != nil {
		return sat.Unknown, err
	}
	defer os.RemoveAll(dir)
	in, out := filepath.Join(dir, "in.cnf"), filepath.Join(dir, "result.txt")
	if err := s.writeInput(in, assumptions); err != nil {
		return sat.Unknown, err
	}

	cmd := exec.CommandContext(ctx, s.path, s.prof.args(in, out)...)
	cmd.WaitDelay = 2 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := proc.Run(cmd) // the solver dies with satsolve, even by SIGKILL
	if ctx.Err() != nil {
		return sat.Unknown, ctx.Err()
	}
	s.solves++
	if s.stats == nil {
		s.stats = map[string]int64{}
	}
	readStats(stdout.Bytes(), s.stats)
	readStats(stderr.Bytes(), s.stats)

	var a answer
	if s.prof.resultFile {
		f, err := os.Open(out)
		if err != nil {
			return sat.Unknown, s.failure(runErr, &stderr, "no result file")
		}
		a, err = parseMinisatResult(f, s.f.NumVars)
		f.Close()
		if err != nil {
			return sat.Unknown, s.failure(nil, &stderr, err.Error())
		}
	} else {
		a, err = parseCompetition(&stdout, s.f.NumVars)
		if err != nil {
			return sat.Unknown, s.failure(nil, &stderr, err.Error())
		}
	}
	return s.accept(a, runErr, &stderr, assumptions)
}

// accept turns a parsed answer into the result of Solve, checking the exit
// code against the answer and every model against the clauses.
func (s *Solver) accept(a answer, runErr error, stderr *bytes.Buffer, assumptions []sat.Lit) (sat.Status, error) {
	code := 0
	var exitErr *exec.ExitError
	if errors.As(runErr, &exitErr) {
		code = exitErr.ExitCode()
	} else if runErr != nil {
		return sat.Unknown, s.failure(runErr, stderr, "")
	}
	if !a.seen {
		return sat.Unknown, s.failure(runErr, stderr, "no solution line")
	}
	if code != int(a.status) && !(a.status == sat.Unknown && code == 0) {
		return sat.Unknown, s.failure(nil, stderr, fmt.Sprintf("exit code %d contradicts answer %v", code, a.status))
	}
	switch a.status {
	case sat.Unknown:
		return sat.Unknown, fmt.Errorf("%s: %w", s.name, sat.ErrUnknown)
	case sat.Unsat:
		return s.ans.Unsat(slices.Clone(assumptions)), nil
	}
	m := a.model()
	if err := s.f.CheckUnder(m, assumptions); err != nil {
		return sat.Unknown, fmt.Errorf("%s: %w: %v", s.name, sat.ErrBadModel, err)
	}
	return s.ans.Sat(m), nil
}

func (s *Solver) writeInput(path string, assumptions []sat.Lit) error {
	g := s.f // shallow: the clause slices are shared, not modified
	g.Clauses = append(g.Clauses[:len(g.Clauses):len(g.Clauses)], unitClauses(assumptions)...)
	file, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := satfile.WriteCNF(file, &g); err != nil {
		file.Close()
		return err
	}
	return file.Close()
}

func unitClauses(lits []sat.Lit) []sat.Clause {
	cs := make([]sat.Clause, len(lits))
	for i, l := range lits {
		cs[i] = sat.Clause{l}
	}
	return cs
}

// failure builds the error for a run that gave no usable answer.
func (s *Solver) failure(runErr error, stderr *bytes.Buffer, what string) error {
	msg := strings.TrimSpace(stderr.String())
	if len(msg) > 300 {
		msg = msg[:300] + "…"
	}
	parts := []string{s.name}
	if what != "" {
		parts = append(parts, what)
	}
	if runErr != nil {
		parts = append(parts, runErr.Error())
	}
	if msg != "" {
		parts = append(parts, "stderr: "+msg)
	}
	return errors.New(strings.Join(parts, ": "))
}

// Failed returns all the assumptions of the last Solve, which must have
// returned Unsat: a valid, if not minimal, explanation.
func (s *Solver) Failed() []sat.Lit { return s.ans.Failed() }

// Value returns the value of l in the model of the last Solve, which must
// have returned Sat.
func (s *Solver) Value(l sat.Lit) bool { return s.ans.Value(l) }

// Model returns a copy of the model of the last Solve, which must have
// returned Sat.
func (s *Solver) Model() sat.Assignment { return s.ans.Model() }
