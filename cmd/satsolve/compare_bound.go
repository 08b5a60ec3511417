package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/satsolve/satsolve/sat"
)

// boundMethod encodes a linear constraint over given inputs.
type boundMethod struct {
	name   string
	encode func(s sat.Sink, in []sat.Lit) error
}

// boundSubject returns the subject of the linear constraint c over
// variables 1..n: measured alone, solved together with a random graph on
// the inputs as described in compare_graph.go.
func boundSubject(c sat.PB, n int, gf graphFlags, methods []boundMethod) *subject {
	cover := c.Op == sat.AtMost
	p, why := gf.density, ""
	if p < 0 {
		p, why = thresholdDensity(c, n, cover, gf.seed), ", the density at which one solution is expected"
	}
	g := randomGraph(n, p, gf.seed)
	shape := "an independent set"
	if cover {
		shape = "a vertex cover"
	}
	subj := &subject{
		what: linearText(c),
		task: fmt.Sprintf("the constraint plus \"the true inputs form %s\" of the random graph G(%d, %.3f) with seed %d (%d edges)%s",
			shape, n, p, gf.seed, len(g.edges), why),
		inputs: n,
	}
	for _, bm := range methods {
		subj.methods = append(subj.methods, method{
			name:   bm.name,
			encode: bm.encode,
			instance: func(s sat.Sink) (func(sat.Assignment) error, error) {
				in := make([]sat.Lit, n)
				for i := range in {
					in[i] = s.NewVar().Pos()
				}
				for _, e := range g.edges {
					if cover {
						s.AddClause(in[e[0]], in[e[1]])
					} else {
						s.AddClause(in[e[0]].Not(), in[e[1]].Not())
					}
				}
				if err := bm.encode(s, in); err != nil {
					return nil, err
				}
				return boundCheck(c, g, cover, in), nil
			},
		})
	}
	return subj
}

// boundCheck returns a check of models of a bound instance: the graph
// condition edge by edge, and c by summing the coefficients of the true
// inputs (c's literal i stands for in[i-1]).
func boundCheck(c sat.PB, g graph, cover bool, in []sat.Lit) func(sat.Assignment) error {
	return func(a sat.Assignment) error {
		for _, e := range g.edges {
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
			return fmt.Errorf("the true inputs sum to %d, which violates %s", sum, linearText(c))
		}
		return nil
	}
}

// linearText writes c over x1..xn, eliding the middle of long sums:
// "x1 + … + x57 = 8", "3 x1 + 5 x2 + 7 x3 + 11 x4 <= 17".
func linearText(c sat.PB) string {
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
