package chipfire

import (
	"fmt"
	"strings"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// Options selects how the SAT models encode their integers and linear
// constraints.
type Options struct {
	// Int is the encoding of the bounded integers (scripts, E, levels).
	Int encode.IntEncoding
	// IntAuto lets the winnability and fewest-moves models encode each
	// script entry whose domain spans at most orderWidth values above its
	// lowest in the order encoding, and only the wider ones with Int: the
	// order encoding propagates better, and Dhar's boxes (dharbox.go) are
	// usually that narrow. The rank and gonality models always use Int.
	IntAuto bool
	// PB is the encoding of the linear constraints, one per vertex.
	PB encode.PBMethod
	// Plain gives the plain winnability model, scripts in 0..B, one of
	// them 0, without Dhar's boxes (satwin.go, docs/chipfire.md), and
	// leaves out the window constraints of the gonality model (satgon.go).
	Plain bool
	// MaxClauses is the most clauses, or variables, that the winnability
	// and minimum-moves encoders accept in their size estimate (size.go);
	// 0 means DefaultMaxClauses.
	MaxClauses int64
}

// DefaultOptions returns the encodings the command uses by default:
// integers in the order encoding where Dhar's boxes are narrow (IntAuto)
// and log integers elsewhere (the bounds of the rank and gonality models
// run into the hundreds or thousands, too many values for the order
// encoding), with reduced BDDs for the linear constraints. The generalised totalizer is no choice here: over log
// integers its distinct partial sums explode (2.2 million clauses for a
// rank certificate on the Petersen graph, against 9,000 with BDDs); see
// docs/chipfire.md for the measurements.
func DefaultOptions() Options {
	return Options{Int: encode.IntLog, IntAuto: true, PB: encode.PBBDD}
}

// intFor returns the encoding of a script entry in lo..hi in the
// winnability and fewest-moves models (see IntAuto).
func (o Options) intFor(lo, hi int64) encode.IntEncoding {
	if o.IntAuto && hi-lo <= orderWidth {
		return encode.IntOrder
	}
	return o.Int
}

// maxOrderVars bounds the number of variables the order encoding may
// spend on a model's integers; beyond it the encoders refuse and suggest
// the log encoding.
const maxOrderVars = 1 << 22

// checkDomains reports whether count integers with hi−lo = span fit the
// chosen encoding.
func (o Options) checkDomains(count int, span int64) error {
	if o.intFor(0, span) == encode.IntOrder && span > 0 && int64(count) > maxOrderVars/span {
		return fmt.Errorf("%d integers of %d values need more than %d variables in the order encoding: %w (try the log encoding)",
			count, span+1, maxOrderVars, ErrTooLarge)
	}
	return nil
}

// newInts returns one integer in lo..hi per vertex.
func newInts(s sat.Sink, n int, lo, hi int64, enc encode.IntEncoding) []*encode.Int {
	xs := make([]*encode.Int, n)
	for v := range xs {
		xs[v] = encode.NewInt(s, lo, hi, enc)
	}
	return xs
}

// values decodes one integer per vertex.
func values(xs []*encode.Int, a sat.Assignment) []int64 {
	out := make([]int64, len(xs))
	for v, x := range xs {
		out[v] = x.Value(a)
	}
	return out
}

// laplaceTerms returns the terms of −(L·f)(v) = −deg(v)·f_v + Σ mult·f_u.
func (g *Graph) laplaceTerms(v int, f []*encode.Int) []encode.IntTerm {
	ts := make([]encode.IntTerm, 0, len(g.adj[v])+2)
	ts = append(ts, encode.IntTerm{Coef: -int64(g.deg[v]), X: f[v]})
	for _, u := range g.adj[v] {
		ts = append(ts, encode.IntTerm{Coef: int64(u.Mult), X: f[u.V]})
	}
	return ts
}

// atLeastOneZero adds the normalisation min f = 0 for integers ≥ 0: some
// entry is at most 0.
func atLeastOneZero(s sat.Sink, f []*encode.Int) {
	c := make([]sat.Lit, len(f))
	for v, x := range f {
		c[v] = x.Le(s, 0)
	}
	s.AddClause(c...)
}

// intComments describes, for --dimacs and --opb output, which variables
// encode each integer: "c f[A] in 0..12 log: x1 x2 x3 x4".
func intComments(name string, g *Graph, xs []*encode.Int) []string {
	out := make([]string, len(xs))
	for v, x := range xs {
		var b strings.Builder
		fmt.Fprintf(&b, "%s[%s] in %d..%d %v:", name, g.names[v], x.Lo(), x.Hi(), x.Encoding())
		writeLitRanges(&b, x.Lits())
		out[v] = b.String()
	}
	return out
}

// writeLitRanges writes literals, collapsing runs of consecutive positive
// variables into "xA..xB".
func writeLitRanges(b *strings.Builder, lits []sat.Lit) {
	if len(lits) == 0 {
		b.WriteString(" (constant)")
		return
	}
	for i := 0; i < len(lits); {
		j := i
		for j+1 < len(lits) && lits[j] > 0 && lits[j+1] == lits[j]+1 {
			j++
		}
		fmt.Fprintf(b, " %s", litName(lits[i]))
		if j > i+1 {
			fmt.Fprintf(b, "..%s", litName(lits[j]))
		} else if j == i+1 {
			fmt.Fprintf(b, " %s", litName(lits[j]))
		}
		i = j + 1
	}
}

func litName(l sat.Lit) string {
	if l < 0 {
		return fmt.Sprintf("~x%d", -l)
	}
	return fmt.Sprintf("x%d", l)
}
