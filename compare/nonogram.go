package compare

import (
	"context"
	"errors"
	"fmt"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/encode"
	nonosolve "github.com/satsolve/satsolve/models/nonogram/solve"
	"github.com/satsolve/satsolve/sat"
)

// Nonogram returns the subject "puzzle p, number index of its file": a
// method per encoding and pre-pass ("starts", "dfa" after line solving;
// "starts-bare", "dfa-bare" with no pre-pass). With other, every instance
// also excludes a solution found beforehand with a solver from first, so
// the solves prove uniqueness or find a second solution.
func Nonogram(ctx context.Context, p *nonogram.Puzzle, index int, other bool, first func() sat.Solver) (*Subject, error) {
	subj := &Subject{
		What: fmt.Sprintf("%s puzzle %d %q (%dx%d)", p.Source.File, index, p.Name, p.Width, p.Height),
		Task: "find a solution; every model is decoded and checked against the clues",
	}
	var found *nonogram.Grid
	if other {
		res, err := nonosolve.SAT(ctx, first(), p, nonogram.Options{})
		if err != nil {
			return nil, err
		}
		if len(res.Solutions) == 0 {
			return nil, errors.New("the puzzle has no solution: --task other needs one")
		}
		found = res.Solutions[0]
		subj.Task = "find a solution other than one found beforehand (Unsat: the puzzle is unique); every model is decoded and checked against the clues"
	}
	for _, pre := range []nonogram.Presolve{nonogram.PresolveLine, nonogram.PresolveNone} {
		known, err := nonosolve.Prepass(ctx, p, pre)
		if err != nil {
			return nil, err
		}
		for _, enc := range nonogram.Encodings() {
			name := enc.String()
			if pre == nonogram.PresolveNone {
				name += "-bare"
			}
			subj.Methods = append(subj.Methods, Method{Name: name, Instance: func(s sat.Sink) (func(sat.Assignment) error, error) {
				if known == nil {
					s.AddClause() // line solving refuted the clues
					return func(sat.Assignment) error { return errors.New("a model of a refuted puzzle") }, nil
				}
				x := encode.Encode(s, p, known, enc)
				if found != nil {
					x.Block(s, found)
				}
				return func(a sat.Assignment) error {
					g := x.Decode(a.Lit)
					if err := nonogram.Check(p, g); err != nil {
						return err
					}
					if found != nil && g.Equal(found) {
						return errors.New("the model repeats the excluded solution")
					}
					return nil
				}, nil
			}})
		}
	}
	return subj, nil
}
