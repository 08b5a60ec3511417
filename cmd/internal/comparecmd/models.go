package comparecmd

import (
	"context"
	"flag"
	"fmt"

	"github.com/satsolve/satsolve/cmd/internal/backend"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/compare"
	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/sat"
)

// amoFlags registers the flags of satsolve compare amo: at most one (or
// exactly one) of n inputs, compared with every at-most-one method and
// solved as n-queens.
func amoFlags(fs *flag.FlagSet) func(context.Context, []string) (*compare.Subject, error) {
	n := new(int)
	cli.IntVar(fs, n, "n", 0, fmt.Sprintf(": the number of inputs, and the board size of the solved n-queens instance (1 to %d)", compare.MaxAMOInputs))
	exactly := fs.Bool("exactly-one", false, "measure exactly one instead of at most one (and ask for one queen per column)")
	return func(_ context.Context, args []string) (*compare.Subject, error) {
		if len(args) > 0 {
			return nil, cli.Usagef("unexpected argument %q", args[0])
		}
		if *n < 1 || *n > compare.MaxAMOInputs {
			return nil, cli.Usagef("--n must be between 1 and %d, not %d", compare.MaxAMOInputs, *n)
		}
		return compare.AMO(*n, *exactly)
	}
}

// dobbleFlags registers the flags of satsolve compare dobble: the
// incidence model of a full deck.
func dobbleFlags(fs *flag.FlagSet) func(context.Context, []string) (*compare.Subject, error) {
	order := fs.Int("order", 0, fmt.Sprintf("order q of the plane: k = q+1 symbols per card (2 to %d)", compare.MaxDobbleOrder))
	lambda := new(int)
	cli.IntVar(fs, lambda, "lambda", 1, "")
	return func(_ context.Context, args []string) (*compare.Subject, error) {
		if len(args) > 0 {
			return nil, cli.Usagef("unexpected argument %q", args[0])
		}
		if *order < 2 || *order > compare.MaxDobbleOrder {
			return nil, cli.Usagef("--order must be between 2 and %d, not %d", compare.MaxDobbleOrder, *order)
		}
		return compare.Dobble(*order, *lambda)
	}
}

// nonogramFlags registers the flags of satsolve compare nonogram: one
// puzzle of a file, with every encoding after each pre-pass.
func nonogramFlags(fs *flag.FlagSet) func(context.Context, []string) (*compare.Subject, error) {
	var format nonogram.Format
	cli.FormatVar(fs, &format, ": auto, non, xml, nin, taai, cwd, picross or tatham")
	index := new(int)
	cli.IntVar(fs, index, "index", 1, "")
	task := new(string)
	cli.Enum(fs, task, "task", "first", "what each solve decides: first (find a solution) or other (find a solution other than\none found beforehand by the default backend: Unsat proves the puzzle unique)", cli.Words("first", "other"))
	return func(ctx context.Context, args []string) (*compare.Subject, error) {
		if len(args) != 1 {
			return nil, cli.Usagef("want one puzzle FILE")
		}
		ps, err := nonogram.ParseFile(args[0], format)
		if err != nil {
			return nil, err
		}
		if *index < 1 || *index > len(ps) {
			return nil, cli.Usagef("--index %d: %s holds %s", *index, args[0], english.Count(len(ps), "puzzle"))
		}
		first := func() sat.Solver {
			s, _ := backend.New(backend.Default) // the default always exists
			return s
		}
		return compare.Nonogram(ctx, ps[*index-1], *index, *task == "other", first)
	}
}

// fznFlags registers the flags of satsolve compare fzn: a FlatZinc model,
// with every integer encoding of the constraint model and, with --linear,
// every linear method beside each.
func fznFlags(fs *flag.FlagSet) func(context.Context, []string) (*compare.Subject, error) {
	linear := fs.Bool("linear", false, "also compare every encoding of linear constraints (bdd, swc, adder, gte, native) with each integer encoding")
	return func(ctx context.Context, args []string) (*compare.Subject, error) {
		if len(args) != 1 {
			return nil, cli.Usagef("want one MODEL.fzn")
		}
		return compare.FlatZinc(ctx, args[0], *linear)
	}
}
