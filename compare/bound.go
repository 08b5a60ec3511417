package compare

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// MaxCardInputs bounds the inputs of Card, so that the random graph and
// the largest encodings stay within memory.
const MaxCardInputs = 1000

// MaxPBCoeffs bounds the coefficients of PB: the default density samples
// samplesPerSize subsets of every size.
const MaxPBCoeffs = 200

// GraphOptions chooses the random graph a bound subject is solved with.
type GraphOptions struct {
	Seed uint64
	// Density is the edge probability, or negative for the first-moment
	// threshold (see graph.go).
	Density float64
}

// Card returns the subject Σ x op k over n inputs, with every cardinality
// method, solved with a random graph.
func Card(n, k int, op sat.Op, g GraphOptions) (*Subject, error) {
	if n < 1 || n > MaxCardInputs {
		return nil, fmt.Errorf("n must be between 1 and %d, not %d", MaxCardInputs, n)
	}
	c := sat.PB{Op: op, K: int64(k)}
	for i := 1; i <= n; i++ {
		c.Terms = append(c.Terms, sat.Term{Coef: 1, Lit: sat.Lit(i)})
	}
	var methods []Method
	for _, m := range encode.CardMethods() {
		methods = append(methods, Method{Name: m.String(), Encode: func(s sat.Sink, in []sat.Lit) error {
			return encode.Card(s, in, op, k, m)
		}})
	}
	return boundSubject(c, n, g, methods)
}

// PB returns the subject c, a linear constraint over variables 1..n (one
// term each), with every pseudo-Boolean method, solved with a random
// graph.
func PB(c sat.PB, g GraphOptions) (*Subject, error) {
	if len(c.Terms) > MaxPBCoeffs {
		return nil, fmt.Errorf("at most %d coefficients, not %d", MaxPBCoeffs, len(c.Terms))
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	var methods []Method
	for _, m := range encode.PBMethods() {
		methods = append(methods, Method{Name: m.String(), Encode: func(s sat.Sink, in []sat.Lit) error {
			terms := make([]sat.Term, len(c.Terms))
			for i, t := range c.Terms {
				terms[i] = sat.Term{Coef: t.Coef, Lit: in[i]}
			}
			return encode.PB(s, sat.PB{Terms: terms, Op: c.Op, K: c.K}, m)
		}})
	}
	return boundSubject(c, len(c.Terms), g, methods)
}

// boundSubject returns the subject of the linear constraint c over
// variables 1..n: measured alone by each method's Encode, solved together
// with a random graph on the inputs as described in graph.go.
func boundSubject(c sat.PB, n int, gopt GraphOptions, methods []Method) (*Subject, error) {
	cover := c.Op == sat.AtMost
	p, why := gopt.Density, ""
	if p < 0 {
		p, why = ThresholdDensity(c, n, cover, gopt.Seed), ", the density at which one solution is expected"
	}
	g, err := RandomGraph(n, p, gopt.Seed)
	if err != nil {
		return nil, err
	}
	shape := "an independent set"
	if cover {
		shape = "a vertex cover"
	}
	subj := &Subject{
		What: LinearText(c),
		Task: fmt.Sprintf("the constraint plus \"the true inputs form %s\" of the random graph G(%d, %.3f) with seed %d (%d edges)%s",
			shape, n, p, gopt.Seed, len(g.Edges), why),
		Inputs: n,
	}
	for _, bm := range methods {
		subj.Methods = append(subj.Methods, Method{
			Name:   bm.Name,
			Encode: bm.Encode,
			Instance: func(s sat.Sink) (func(sat.Assignment) error, error) {
				in := make([]sat.Lit, n)
				for i := range in {
					in[i] = s.NewVar().Pos()
				}
				for _, e := range g.Edges {
					if cover {
						s.AddClause(in[e[0]], in[e[1]])
					} else {
						s.AddClause(in[e[0]].Not(), in[e[1]].Not())
					}
				}
				if err := bm.Encode(s, in); err != nil {
					return nil, err
				}
				return boundCheck(c, g, cover, in), nil
			},
		})
	}
	return subj, nil
}

// boundCheck returns a check of models of a bound instance: the graph
// condition edge by edge, and c by summing the coefficients of the true
// inputs (c's literal i stands for in[i-1]).
func boundCheck(c sat.PB, g Graph, cover bool, in []sat.Lit) func(sat.Assignment) error {
	return func(a sat.Assignment) error {
		for _, e := range g.Edges {
			u, v := a.Lit(in[e[0]]), a.Lit(in[e[1]])
			if cover && !u && !v {
				return fmt.Errorf("edge x%d–x%d has no true end: not a vertex cover", e[0]+1, e[1]+1)
			}
			if !cover && u && v {
				return fmt.Errorf("edge x%d–x%d has both ends true: not an independent set", e[0]+1, e[1]+1)
			}
		}
		var sum int64
		for _, t := range c.Terms {
			if a.Lit(in[t.Lit-1]) {
				sum += t.Coef
			}
		}
		if !holds(sum, c.Op, c.K) {
			return fmt.Errorf("the true inputs sum to %d, which violates %s", sum, LinearText(c))
		}
		return nil
	}
}

// LinearText writes c over x1..xn, eliding the middle of long sums:
// "x1 + … + x57 = 8", "3 x1 + 5 x2 + 7 x3 + 11 x4 <= 17".
func LinearText(c sat.PB) string {
	term := func(t sat.Term) string {
		if equalCoefficients(c) && t.Coef == 1 {
			return "x" + strconv.Itoa(int(t.Lit))
		}
		return fmt.Sprintf("%d x%d", t.Coef, t.Lit)
	}
	var parts []string
	ts := c.Terms
	if len(ts) > 6 {
		parts = []string{term(ts[0]), term(ts[1]), "…", term(ts[len(ts)-1])}
		if equalCoefficients(c) {
			parts = []string{term(ts[0]), "…", term(ts[len(ts)-1])}
		}
	} else {
		for _, t := range ts {
			parts = append(parts, term(t))
		}
	}
	if len(parts) == 0 {
		parts = []string{"0"}
	}
	return fmt.Sprintf("%s %v %d", strings.Join(parts, " + "), c.Op, c.K)
}

// holds reports whether sum op k.
func holds(sum int64, op sat.Op, k int64) bool {
	switch op {
	case sat.AtMost:
		return sum <= k
	case sat.AtLeast:
		return sum >= k
	}
	return sum == k
}
