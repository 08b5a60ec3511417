package chipfire

import (
	"context"
	"errors"
	"fmt"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// Model sizes.
//
// The winnability and minimum-moves models have one integer per vertex of
// ⌈log₂ B⌉ bits (or B values) and one or two linear constraints per vertex,
// and B grows with the number of vertices and chips: a 30,000-vertex path
// with one chip per vertex has B ≈ 9·10⁸, and its model 8.6 million
// variables and 14.6 million clauses (1.7 GB and 9 s with gini, before any
// search). So the encoders estimate the size first and refuse a model
// beyond Options.MaxClauses with ErrModelTooLarge and the estimate.
//
// The estimate encodes into a sink that only counts: every integer (one
// per distinct range), and the constraints of every vertex on graphs of up
// to sampleAll vertices, of sampleSize evenly spread vertices otherwise,
// scaled to the whole graph. Its work is that of the sampled part.

// ErrModelTooLarge is returned by the encoders for a model whose estimated
// size exceeds Options.MaxClauses; the message gives the estimate.
var ErrModelTooLarge = errors.New("SAT model too large")

// DefaultMaxClauses is the default Options.MaxClauses: models with more
// estimated clauses or variables are refused. Ten million clauses take
// about a gigabyte in the in-process backends.
const DefaultMaxClauses = 10_000_000

// sampleAll and sampleSize bound the vertices whose constraints the size
// estimate encodes.
const (
	sampleAll  = 512
	sampleSize = 64
)

// Size is a model's size: variables and clauses (a native PB constraint
// counts as one clause).
type Size struct {
	Vars, Clauses int64
}

func (z Size) String() string {
	return fmt.Sprintf("%s variables and %s clauses", millions(z.Vars), millions(z.Clauses))
}

// millions formats n for people: 812, 45,000, 8.6 million.
func millions(n int64) string {
	switch {
	case n >= 1_000_000:
		return fmt.Sprintf("%.1f million", float64(n)/1e6)
	case n >= 10_000:
		return fmt.Sprintf("%d,%03d", n/1000, n%1000)
	}
	return fmt.Sprint(n)
}

// counter is a sink that counts variables and clauses and keeps nothing.
type counter struct{ Size }

func (c *counter) NewVar() sat.Var {
	c.Vars++
	return sat.Var(1 + c.Vars%int64(sat.MaxVar-1))
}
func (c *counter) AddClause(...sat.Lit) { c.Clauses++ }
func (c *counter) AddPB(sat.PB)         { c.Clauses++ }

// estimate returns the estimated size of a model over g with one integer
// per vertex in lo(v)..hi(v), and per vertex the constraints cons(v)
// encodes into a sink over those integers. native says the sink takes PB
// constraints natively.
func estimate(ctx context.Context, g *Graph, lo, hi func(v int) int64, o Options, native bool, cons func(s sat.Sink, f []*encode.Int, v int) error) (Size, error) {
	n := len(g.adj)
	var c counter
	var s sat.Sink = plainSink{&c} // without AddPB, as a sink that has none
	if native {
		s = &c
	}
	needed := map[int]bool{}
	for v := range n {
		if sampledVertex(v, n) {
			needed[v] = true
			for _, u := range g.adj[v] {
				needed[u.V] = true
			}
		}
	}
	type span struct{ lo, hi int64 }
	cost := map[span]Size{}
	xs := make([]*encode.Int, n)
	var total Size
	for v := range n {
		if v%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return Size{}, err
			}
		}
		k := span{lo(v), hi(v)}
		z, ok := cost[k]
		if !ok || needed[v] {
			before := c.Size
			x := encode.NewInt(s, k.lo, k.hi, o.intFor(k.lo, k.hi))
			if needed[v] {
				xs[v] = x
			}
			z = Size{c.Vars - before.Vars, c.Clauses - before.Clauses}
			cost[k] = z
		}
		total.Vars += z.Vars
		total.Clauses += z.Clauses
	}
	var sampled Size
	count := 0
	for v := range n {
		if !sampledVertex(v, n) {
			continue
		}
		if err := ctx.Err(); err != nil {
			return Size{}, err
		}
		before := c.Size
		if err := cons(s, xs, v); err != nil {
			return Size{}, err
		}
		sampled.Vars += c.Vars - before.Vars
		sampled.Clauses += c.Clauses - before.Clauses
		count++
	}
	if count > 0 {
		total.Vars += sampled.Vars * int64(n) / int64(count)
		total.Clauses += sampled.Clauses * int64(n) / int64(count)
	}
	return total, nil
}

// plainSink hides the counter's AddPB, for encodings that are not native.
type plainSink struct{ c *counter }

func (p plainSink) NewVar() sat.Var        { return p.c.NewVar() }
func (p plainSink) AddClause(l ...sat.Lit) { p.c.AddClause(l...) }

// sampledVertex reports whether the estimate encodes the constraints of v.
func sampledVertex(v, n int) bool {
	if n <= sampleAll {
		return true
	}
	step := n / sampleSize
	return v%step == 0 && v/step < sampleSize
}

// checkSize returns ErrTooLarge with the estimate when z exceeds the
// limit of o.
func (o Options) checkSize(what string, z Size) error {
	limit := o.MaxClauses
	if limit <= 0 {
		limit = DefaultMaxClauses
	}
	if z.Clauses > limit || z.Vars > limit {
		return fmt.Errorf("%w: the %s model would have about %v (estimated), beyond the limit of %s; decide it natively",
			ErrModelTooLarge, what, z, millions(limit))
	}
	return nil
}
