package comparecmd

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/compare"
	"github.com/satsolve/satsolve/sat"
)

// cardFlags registers the flags of satsolve compare card: the constraint
// Σ x op k over n inputs, compared with every cardinality method.
func cardFlags(fs *flag.FlagSet) func(context.Context, []string) (*compare.Subject, error) {
	n := new(int)
	cli.IntVar(fs, n, "n", 0, fmt.Sprintf(": the number of inputs (1 to %d)", compare.MaxCardInputs))
	k := fs.Int("bound", 0, "the bound k of Σ x op k")
	fs.Bool("atmost", false, "Σ x ≤ bound")
	fs.Bool("atleast", false, "Σ x ≥ bound")
	fs.Bool("exactly", false, "Σ x = bound")
	gf := graphFlags(fs)
	return func(_ context.Context, args []string) (*compare.Subject, error) {
		if len(args) > 0 {
			return nil, cli.Usagef("unexpected argument %q", args[0])
		}
		given := givenFlags(fs)
		if !given["n"] || !given["bound"] {
			return nil, cli.Usagef("--n and --bound are required")
		}
		if *n < 1 || *n > compare.MaxCardInputs {
			return nil, cli.Usagef("--n must be between 1 and %d, not %d", compare.MaxCardInputs, *n)
		}
		_, op, err := chooseOp(given, map[string]sat.Op{"atmost": sat.AtMost, "atleast": sat.AtLeast, "exactly": sat.Equal})
		if err != nil {
			return nil, err
		}
		return compare.Card(*n, *k, op, gf())
	}
}

// pbFlags registers the flags of satsolve compare pb: the constraint
// Σ aᵢxᵢ op K over one input per coefficient, compared with every
// pseudo-Boolean method.
func pbFlags(fs *flag.FlagSet) func(context.Context, []string) (*compare.Subject, error) {
	linear := linearFlags(fs)
	gf := graphFlags(fs)
	return func(_ context.Context, args []string) (*compare.Subject, error) {
		if len(args) > 0 {
			return nil, cli.Usagef("unexpected argument %q", args[0])
		}
		c, err := linear()
		if err != nil {
			return nil, err
		}
		if len(c.Terms) > compare.MaxPBCoeffs {
			return nil, cli.Usagef("--coeffs: at most %d coefficients, not %d", compare.MaxPBCoeffs, len(c.Terms))
		}
		if err := c.Validate(); err != nil {
			return nil, cli.Usagef("%v", err)
		}
		return compare.PB(c, gf())
	}
}

// intFlags registers the flags of satsolve compare int: the constraint
// Σ aᵢxᵢ op K over integers xᵢ in lo..hi, compared with the order and log
// encodings of the integers, each with every pseudo-Boolean method.
func intFlags(fs *flag.FlagSet) func(context.Context, []string) (*compare.Subject, error) {
	linear := linearFlags(fs)
	lo := fs.Int64("lo", 0, "smallest value of every integer xᵢ")
	hi := fs.Int64("hi", 7, fmt.Sprintf("largest value of every integer xᵢ (at most %d above --lo)", compare.MaxIntDomain))
	seed, density := new(uint64), new(cli.ProbabilityValue)
	cli.SeedVar(fs, seed, " (of the random graph whose edges ask xᵤ ≠ xᵥ)")
	cli.DensityVar(fs, density, 0.5, " of the graph whose edges ask xᵤ ≠ xᵥ")
	return func(_ context.Context, args []string) (*compare.Subject, error) {
		if len(args) > 0 {
			return nil, cli.Usagef("unexpected argument %q", args[0])
		}
		c, err := linear()
		if err != nil {
			return nil, err
		}
		subj, err := compare.Int(c, *lo, *hi, compare.GraphOptions{Seed: *seed, Density: density.P})
		if err != nil {
			return nil, cli.Usagef("%v", err)
		}
		return subj, nil
	}
}

// linearFlags registers the flags of a linear constraint, shared by
// compare pb and compare int: --coeffs a1,a2,... and one of --le, --ge,
// --eq K. The returned function reads them, once parsed, into
// Σ aᵢxᵢ op K over the variables 1..n (usage errors for a missing
// --coeffs, no or two bounds, a coefficient that is not an integer).
func linearFlags(fs *flag.FlagSet) func() (sat.PB, error) {
	coeffs := fs.String("coeffs", "", fmt.Sprintf("comma-separated integer coefficients a1,a2,... (one input each, at most %d)", compare.MaxPBCoeffs))
	bounds := map[string]*int64{
		"le": fs.Int64("le", 0, "Σ aᵢxᵢ ≤ K"),
		"ge": fs.Int64("ge", 0, "Σ aᵢxᵢ ≥ K"),
		"eq": fs.Int64("eq", 0, "Σ aᵢxᵢ = K"),
	}
	return func() (sat.PB, error) {
		given := givenFlags(fs)
		if !given["coeffs"] {
			return sat.PB{}, cli.Usagef("--coeffs is required")
		}
		name, op, err := chooseOp(given, map[string]sat.Op{"le": sat.AtMost, "ge": sat.AtLeast, "eq": sat.Equal})
		if err != nil {
			return sat.PB{}, err
		}
		c := sat.PB{Op: op, K: *bounds[name]}
		for i, f := range strings.Split(*coeffs, ",") {
			a, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
			if err != nil {
				return sat.PB{}, cli.Usagef("--coeffs: coefficient %d: %q is not an integer", i+1, f)
			}
			c.Terms = append(c.Terms, sat.Term{Coef: a, Lit: sat.Lit(i + 1)})
		}
		return c, nil
	}
}

// graphFlags registers the flags of the random graph card and pb solve
// with; the returned function reads them once parsed.
func graphFlags(fs *flag.FlagSet) func() compare.GraphOptions {
	seed, density := new(uint64), new(cli.ProbabilityValue)
	cli.SeedVar(fs, seed, " (of the random graph the constraint is solved with)")
	cli.DensityVar(fs, density, -1, " the constraint is solved with (default: the threshold where one solution is expected)")
	return func() compare.GraphOptions {
		g := compare.GraphOptions{Seed: *seed, Density: -1}
		if density.Given {
			g.Density = density.P
		}
		return g
	}
}

// givenFlags returns the names of the flags set on the command line.
func givenFlags(fs *flag.FlagSet) map[string]bool {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	return given
}

// chooseOp returns the comparison whose flag was given; names maps flag
// names to comparisons. Exactly one must have been given.
func chooseOp(given map[string]bool, names map[string]sat.Op) (string, sat.Op, error) {
	var found []string
	for n := range names {
		if given[n] {
			found = append(found, n)
		}
	}
	if len(found) != 1 {
		all := make([]string, 0, len(names))
		for n := range names {
			all = append(all, "--"+n)
		}
		slices.Sort(all)
		return "", 0, cli.Usagef("give exactly one of %s", strings.Join(all, ", "))
	}
	return found[0], names[found[0]], nil
}
