package cube

import (
	"context"
	"fmt"
	"strings"

	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/sat"
)

// Verdict is the answer for the whole formula merged from its cubes'.
type Verdict struct {
	// Status is Sat, Unsat or Unknown.
	Status sat.Status
	// Model is a model of the formula when Status is Sat, checked
	// against it.
	Model sat.Assignment
	// Cube is the index of the satisfiable cube, -1 when there is none
	// (or when the model was found by the cover check, outside every
	// cube).
	Cube int
	// Unsat counts the cubes answered unsatisfiable, Refuted the refuted
	// branches verified.
	Unsat, Refuted int
	// Open lists the cubes without a definite answer, in order.
	Open []int
	// Cover says how the cubes were shown to cover every assignment:
	// "decision tree" (CheckPartition) or "solver" (the formula with
	// every cube and branch negated is unsatisfiable); empty when not
	// shown.
	Cover string
	// Reason explains an Unknown status.
	Reason string
}

// MergeOptions configure Merge.
type MergeOptions struct {
	// NewSolver, when set, is used to show that the cubes cover every
	// model of the formula when they do not form a decision tree (cubes
	// from another splitter, say): the formula with the negation of each
	// cube and refuted branch added must be unsatisfiable. Without it,
	// such cubes merge to Unknown.
	NewSolver func() sat.Solver
}

// Merge combines answers (one per cube at most, by Index; cubes without
// one are open) into the verdict for f. It never answers Sat without a
// model that satisfies f's clauses and its cube, and never answers Unsat
// unless every cube is unsatisfiable, every refuted branch is refuted by
// unit propagation (Refuter), and the cubes and branches cover every
// assignment. A Sat answer whose model fails is an error wrapping
// sat.ErrBadModel: a solver is broken, and nothing is concluded.
func Merge(ctx context.Context, f *sat.Formula, cubes, refuted [][]sat.Lit, answers []Answer, opt MergeOptions) (Verdict, error) {
	v := Verdict{Cube: -1}
	got := make([]*Answer, len(cubes))
	for i := range answers {
		a := &answers[i]
		if a.Index < 0 || a.Index >= len(cubes) {
			return v, fmt.Errorf("cube: answer for cube %d, but there are %d cubes", a.Index, len(cubes))
		}
		if a.Status == sat.Unknown && got[a.Index] != nil {
			continue // a definite answer outranks an unknown one
		}
		got[a.Index] = a
	}
	for i, a := range got {
		if a == nil || a.Status != sat.Sat {
			continue
		}
		if err := f.Check(a.Model); err != nil {
			return v, fmt.Errorf("%w: the model of cube %d: %v", sat.ErrBadModel, i, err)
		}
		if !agree(a.Model, cubes[i]) {
			return v, fmt.Errorf("%w: the model of cube %d does not satisfy the cube", sat.ErrBadModel, i)
		}
		v.Status, v.Model, v.Cube = sat.Sat, a.Model, i
		return v, nil
	}
	for i, a := range got {
		switch {
		case a == nil || a.Status == sat.Unknown:
			v.Open = append(v.Open, i)
		case a.Status == sat.Unsat:
			v.Unsat++
		}
	}
	r := NewRefuter(f)
	for i, b := range refuted {
		if !r.Refutes(b) {
			v.Reason = fmt.Sprintf("refuted branch %d (%v) is not refuted by unit propagation", i+1, lits(b))
			return v, nil
		}
		v.Refuted++
	}
	if len(v.Open) > 0 {
		v.Reason = fmt.Sprintf("%d of %s %s no answer: %s", len(v.Open), english.Count(len(cubes), "cube"), english.Noun(len(v.Open), "has"), indexList(v.Open, 20))
		return v, nil
	}
	cover, why, model, err := covers(ctx, f, cubes, refuted, opt)
	switch {
	case err != nil:
		return v, err
	case model != nil:
		v.Status, v.Model, v.Open = sat.Sat, model, nil
		return v, nil
	case cover == "":
		v.Reason = why
		return v, nil
	}
	v.Status, v.Cover = sat.Unsat, cover
	return v, nil
}

// covers shows that the cubes and refuted branches leave no model of f
// out, and says how; or says why not. The solver's check may instead find
// a model of f that no cube covers, which it returns, checked.
func covers(ctx context.Context, f *sat.Formula, cubes, refuted [][]sat.Lit, opt MergeOptions) (how, why string, model sat.Assignment, err error) {
	treeErr := CheckPartition(cubes, refuted)
	if treeErr == nil {
		return "decision tree", "", nil, nil
	}
	if opt.NewSolver == nil {
		return "", "the cubes do not form a decision tree (" + treeErr.Error() + "), and no solver was given to check that they cover every assignment", nil, nil
	}
	s := opt.NewSolver()
	load(s, f)
	for _, list := range [][][]sat.Lit{cubes, refuted} {
		for _, c := range list {
			neg := make([]sat.Lit, len(c))
			for i, l := range c {
				neg[i] = -l
			}
			s.AddClause(neg...)
		}
	}
	st, serr := s.Solve(ctx)
	switch {
	case serr != nil:
		return "", "checking that the cubes cover every model: " + serr.Error(), nil, nil
	case st == sat.Unsat:
		return "solver", "", nil, nil
	}
	m := s.Model()
	if err := f.Check(m); err != nil {
		return "", "", nil, fmt.Errorf("%w: the cover check's model: %v", sat.ErrBadModel, err)
	}
	return "", "", m, nil
}

// agree reports whether a makes every literal of c true.
func agree(a sat.Assignment, c []sat.Lit) bool {
	for _, l := range c {
		if !a.Lit(l) {
			return false
		}
	}
	return true
}

// indexList formats up to max indices, then a count of the rest.
func indexList(idx []int, max int) string {
	var b strings.Builder
	for i, x := range idx {
		if i == max {
			fmt.Fprintf(&b, " and %d more", len(idx)-max)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, x)
	}
	return b.String()
}
