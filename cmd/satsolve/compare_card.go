package main

import (
	"flag"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// maxCardInputs bounds the inputs of card, so that the random graph and the
// largest encodings stay within memory.
const maxCardInputs = 1000

// cardFlags registers the flags of satsolve compare card: the constraint
// Σ x op k over n inputs, compared with every cardinality method.
func cardFlags(fs *flag.FlagSet) func(args []string) (*subject, error) {
	n := fs.Int("n", 0, "number of inputs (1 to 1000)")
	k := fs.Int("k", 0, "the bound")
	fs.Bool("atmost", false, "Σ x ≤ k")
	fs.Bool("atleast", false, "Σ x ≥ k")
	fs.Bool("exactly", false, "Σ x = k")
	var gf graphFlags
	gf.register(fs)
	return func(args []string) (*subject, error) {
		if len(args) > 0 {
			return nil, usagef("unexpected argument %q", args[0])
		}
		given := givenFlags(fs)
		if !given["n"] || !given["k"] {
			return nil, usagef("--n and --k are required")
		}
		if *n < 1 || *n > maxCardInputs {
			return nil, usagef("--n must be between 1 and %d, not %d", maxCardInputs, *n)
		}
		_, op, err := chooseOp(given, map[string]sat.Op{"atmost": sat.AtMost, "atleast": sat.AtLeast, "exactly": sat.Equal})
		if err != nil {
			return nil, err
		}
		c := sat.PB{Op: op, K: int64(*k)}
		for i := 1; i <= *n; i++ {
			c.Terms = append(c.Terms, sat.Term{Coef: 1, Lit: sat.Lit(i)})
		}
		var methods []boundMethod
		for _, m := range encode.CardMethods() {
			methods = append(methods, boundMethod{m.String(), func(s sat.Sink, in []sat.Lit) error {
				return encode.Card(s, in, op, *k, m)
			}})
		}
		return boundSubject(c, *n, gf, methods), nil
	}
}
