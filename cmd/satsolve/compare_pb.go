package main

import (
	"flag"
	"strconv"
	"strings"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// maxPBCoeffs bounds the coefficients of pb: the default density samples
// samplesPerSize subsets of every size.
const maxPBCoeffs = 200

// pbFlags registers the flags of satsolve compare pb: the constraint
// Σ aᵢxᵢ op K over one input per coefficient, compared with every
// pseudo-Boolean method.
func pbFlags(fs *flag.FlagSet) func(args []string) (*subject, error) {
	coeffs := fs.String("coeffs", "", "comma-separated integer coefficients a1,a2,... (one input each, at most 200)")
	bounds := map[string]*int64{
		"le": fs.Int64("le", 0, "Σ aᵢxᵢ ≤ K"),
		"ge": fs.Int64("ge", 0, "Σ aᵢxᵢ ≥ K"),
		"eq": fs.Int64("eq", 0, "Σ aᵢxᵢ = K"),
	}
	var gf graphFlags
	gf.register(fs)
	return func(args []string) (*subject, error) {
		if len(args) > 0 {
			return nil, usagef("unexpected argument %q", args[0])
		}
		given := givenFlags(fs)
		if !given["coeffs"] {
			return nil, usagef("--coeffs is required")
		}
		name, op, err := chooseOp(given, map[string]sat.Op{"le": sat.AtMost, "ge": sat.AtLeast, "eq": sat.Equal})
		if err != nil {
			return nil, err
		}
		c := sat.PB{Op: op, K: *bounds[name]}
		for i, f := range strings.Split(*coeffs, ",") {
			a, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
			if err != nil {
				return nil, usagef("--coeffs: coefficient %d: %q is not an integer", i+1, f)
			}
			c.Terms = append(c.Terms, sat.Term{Coef: a, Lit: sat.Lit(i + 1)})
		}
		if len(c.Terms) > maxPBCoeffs {
			return nil, usagef("--coeffs: at most %d coefficients, not %d", maxPBCoeffs, len(c.Terms))
		}
		if err := c.Validate(); err != nil {
			return nil, usagef("%v", err)
		}
		var methods []boundMethod
		for _, m := range encode.PBMethods() {
			methods = append(methods, boundMethod{m.String(), func(s sat.Sink, in []sat.Lit) error {
				terms := make([]sat.Term, len(c.Terms))
				for i, t := range c.Terms {
					terms[i] = sat.Term{Coef: t.Coef, Lit: in[i]}
				}
				return encode.PB(s, sat.PB{Terms: terms, Op: op, K: c.K}, m)
			}})
		}
		return boundSubject(c, len(c.Terms), gf, methods), nil
	}
}
