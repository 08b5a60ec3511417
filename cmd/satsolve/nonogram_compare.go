package main

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/sat"
)

// nonogramCompareFamily is the nonogram family of satsolve compare: one
// puzzle, encoded with each encoding after each pre-pass. Registering it
// in compareFamilies as "nonogram" makes "satsolve compare nonogram FILE"
// work; "satsolve nonogram compare FILE" runs the same comparison.
var nonogramCompareFamily = compareFamily{
	summary:  "a nonogram puzzle, with every encoding (block starts, automaton), after line solving and bare",
	synopsis: "FILE [--index N] [--task first|other]",
	flags:    nonogramCompareFlags,
}

func nonogramCompareFlags(fs *flag.FlagSet) func(args []string) (*subject, error) {
	var format nonogram.Format
	fs.Var(&format, "format", "input format: auto, non, xml, nin, taai, cwd, picross or tatham")
	index := fs.Int("index", 1, "the puzzle to compare, for files holding several (from 1)")
	task := fs.String("task", "first", "what each solve decides: first (find a solution) or other (find a solution other than\none found beforehand by the default backend: Unsat proves the puzzle unique)")
	return func(args []string) (*subject, error) {
		if len(args) != 1 {
			return nil, usagef("want one puzzle FILE")
		}
		if *task != "first" && *task != "other" {
			return nil, usagef("--task must be first or other, not %q", *task)
		}
		ps, err := nonogram.ParseFile(args[0], format)
		if err != nil {
			return nil, err
		}
		if *index < 1 || *index > len(ps) {
			return nil, usagef("--index %d: %s holds %d puzzles", *index, args[0], len(ps))
		}
		return nonogramSubject(ps[*index-1], *index, *task == "other")
	}
}

// nonogramSubject builds the comparison of one puzzle: a method per
// encoding and pre-pass ("starts", "dfa" after line solving; "starts-bare",
// "dfa-bare" with no pre-pass). With other, every instance also excludes a
// solution found beforehand, so the solves prove uniqueness or find a
// second solution.
func nonogramSubject(p *nonogram.Puzzle, index int, other bool) (*subject, error) {
	subj := &subject{
		what: fmt.Sprintf("%s puzzle %d %q (%dx%d)", p.Source.File, index, p.Name, p.Width, p.Height),
		task: "find a solution; every model is decoded and checked against the clues",
	}
	var first *nonogram.Grid
	if other {
		solver, err := newSolver(defaultBackend)
		if err != nil {
			return nil, err
		}
		res, err := nonogram.SolveSAT(context.Background(), solver, p, nonogram.Options{})
		if err != nil {
			return nil, err
		}
		if len(res.Solutions) == 0 {
			return nil, errors.New("the puzzle has no solution: --task other needs one")
		}
		first = res.Solutions[0]
		subj.task = "find a solution other than one found beforehand (Unsat: the puzzle is unique); every model is decoded and checked against the clues"
	}
	for _, pre := range []nonogram.Presolve{nonogram.PresolveLine, nonogram.PresolveNone} {
		known, err := nonogram.Prepass(context.Background(), p, pre)
		if err != nil {
			return nil, err
		}
		for _, enc := range nonogram.Encodings() {
			name := enc.String()
			if pre == nonogram.PresolveNone {
				name += "-bare"
			}
			subj.methods = append(subj.methods, method{name: name, instance: func(s sat.Sink) (func(sat.Assignment) error, error) {
				if known == nil {
					s.AddClause() // line solving refuted the clues
					return func(sat.Assignment) error { return errors.New("a model of a refuted puzzle") }, nil
				}
				x := nonogram.Encode(s, p, known, enc)
				if first != nil {
					x.Block(s, first)
				}
				return func(a sat.Assignment) error {
					g := x.Decode(a.Lit)
					if err := nonogram.Check(p, g); err != nil {
						return err
					}
					if first != nil && g.Equal(first) {
						return errors.New("the model repeats the excluded solution")
					}
					return nil
				}, nil
			}})
		}
	}
	return subj, nil
}

// runNonogramCompare is satsolve nonogram compare: satsolve compare with
// the nonogram family.
func runNonogramCompare(ctx context.Context, e *env, args []string) int {
	fam := nonogramCompareFamily
	fs := newFlags(e, "nonogram compare", fam.synopsis+" [flags]")
	var o compareOpts
	o.register(fs)
	build := fam.flags(fs)
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	subj, err := build(fs.Args())
	if err == nil {
		err = o.validate(subj)
	}
	if err != nil {
		if isUsage(err) {
			fmt.Fprintf(e.stderr, "satsolve nonogram compare: %v\nRun 'satsolve nonogram compare -h' for the flags.\n", err)
			return exitUsage
		}
		return e.fail(err)
	}
	res, err := o.measure(ctx, "nonogram", subj)
	if err != nil {
		return e.fail(err)
	}
	return o.print(e, res)
}
