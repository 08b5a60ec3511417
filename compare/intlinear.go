package compare

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// MaxIntDomain bounds the domain hi−lo of Int's integers: the order
// encoding has one variable per value.
const MaxIntDomain = 1000

// MaxIntValue bounds |lo| and |hi|, so that the sums the check computes
// stay far from overflow.
const MaxIntValue = 1 << 20

// Int returns the subject Σ cᵢxᵢ op k over integers xᵢ in lo..hi (c's
// literal i stands for xᵢ), with both integer encodings (order and log)
// crossed with every pseudo-Boolean method for the sum, solved together
// with xᵤ ≠ xᵥ for every edge of the random graph G(n, density) (density
// 0.5 when negative), each written through the encoding's own x = v
// literals.
func Int(c sat.PB, lo, hi int64, g GraphOptions) (*Subject, error) {
	n := len(c.Terms)
	if n < 1 || n > MaxPBCoeffs {
		return nil, fmt.Errorf("1 to %d coefficients, not %d", MaxPBCoeffs, n)
	}
	if lo > hi || hi-lo > MaxIntDomain || lo < -MaxIntValue || hi > MaxIntValue {
		return nil, fmt.Errorf("domain %d..%d: want lo ≤ hi, at most %d values above lo, and both within ±%d", lo, hi, MaxIntDomain, MaxIntValue)
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	p := g.Density
	if p < 0 {
		p = 0.5
	}
	graph, err := RandomGraph(n, p, g.Seed)
	if err != nil {
		return nil, err
	}
	subj := &Subject{
		What: fmt.Sprintf("%s over integers in %d..%d", LinearText(c), lo, hi),
		Task: fmt.Sprintf("the constraint plus xᵤ ≠ xᵥ for every edge of the random graph G(%d, %.3f) with seed %d (%d edges)",
			n, p, g.Seed, len(graph.Edges)),
	}
	for _, enc := range encode.IntEncodings() {
		for _, m := range encode.PBMethods() {
			subj.Methods = append(subj.Methods, Method{
				Name: enc.String() + "/" + m.String(),
				Instance: func(s sat.Sink) (func(sat.Assignment) error, error) {
					return intInstance(s, c, lo, hi, graph, enc, m)
				},
			})
		}
	}
	return subj, nil
}

// intInstance writes the integers, the ≠ constraints and the sum into s
// and returns the check of its models.
func intInstance(s sat.Sink, c sat.PB, lo, hi int64, g Graph, enc encode.IntEncoding, m encode.PBMethod) (func(sat.Assignment) error, error) {
	xs := make([]*encode.Int, len(c.Terms))
	for i := range xs {
		xs[i] = encode.NewInt(s, lo, hi, enc)
	}
	// x = v literals, one per integer and value, shared by its edges.
	eq := make([][]sat.Lit, len(xs))
	is := func(i int, v int64) sat.Lit {
		if eq[i] == nil {
			eq[i] = make([]sat.Lit, hi-lo+1)
		}
		if eq[i][v-lo] == 0 {
			eq[i][v-lo] = xs[i].Eq(s, v)
		}
		return eq[i][v-lo]
	}
	for _, e := range g.Edges {
		for v := lo; v <= hi; v++ {
			s.AddClause(is(e[0], v).Not(), is(e[1], v).Not())
		}
	}
	ts := make([]encode.IntTerm, len(xs))
	for i, t := range c.Terms {
		ts[i] = encode.IntTerm{Coef: t.Coef, X: xs[t.Lit-1]}
	}
	if err := encode.Linear(s, ts, c.Op, c.K, m); err != nil {
		return nil, err
	}
	return func(a sat.Assignment) error {
		val := make([]int64, len(xs))
		for i, x := range xs {
			val[i] = x.Value(a)
			if val[i] < lo || val[i] > hi {
				return fmt.Errorf("x%d = %d is outside %d..%d", i+1, val[i], lo, hi)
			}
		}
		for _, e := range g.Edges {
			if val[e[0]] == val[e[1]] {
				return fmt.Errorf("edge x%d–x%d: both are %d", e[0]+1, e[1]+1, val[e[0]])
			}
		}
		var sum int64
		for _, t := range c.Terms {
			sum += t.Coef * val[t.Lit-1]
		}
		if !holds(sum, c.Op, c.K) {
			return fmt.Errorf("the integers %s sum to %d, which violates %s", intList(val), sum, LinearText(c))
		}
		return nil
	}, nil
}

func intList(val []int64) string {
	parts := make([]string, len(val))
	for i, v := range val {
		parts[i] = strconv.FormatInt(v, 10)
	}
	return strings.Join(parts, ",")
}
