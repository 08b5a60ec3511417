package chipfire

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/satsolve/satsolve/internal/english"
)

// Limits on values, so that every sum this package forms stays far inside
// an int64: |D(v)| ≤ MaxValue, and a script entry never exceeds MaxScript
// in absolute value (with MaxEdges, deg(v)·f_v and Σ f_u stay below 2^61).
const (
	// MaxValue bounds the absolute value of a divisor entry.
	MaxValue = 1 << 30
	// MaxScript bounds the absolute value of a firing-script entry.
	MaxScript = 1 << 39
)

// ErrRange is wrapped by errors for values or scripts beyond MaxValue or
// MaxScript.
var ErrRange = errors.New("value out of range")

// Divisor is a configuration of dollars: D[v] on vertex v, negative for a
// vertex in debt.
type Divisor []int64

// Deg returns deg D = Σ D(v).
func (d Divisor) Deg() int64 {
	var s int64
	for _, x := range d {
		s += x
	}
	return s
}

// DegPlus returns deg⁺ D, the sum of the positive entries.
func (d Divisor) DegPlus() int64 {
	var s int64
	for _, x := range d {
		if x > 0 {
			s += x
		}
	}
	return s
}

// Effective reports whether no entry is negative (the game is won).
func (d Divisor) Effective() bool {
	for _, x := range d {
		if x < 0 {
			return false
		}
	}
	return true
}

// String returns the entries separated by commas, e.g. "2,-3,4,-1", the
// syntax ParseDivisor reads.
func (d Divisor) String() string { return joinInts(d) }

// Script is a firing script: f[v] > 0 means vertex v lends f[v] times,
// f[v] < 0 that it borrows −f[v] times. Applying f turns D into D − L·f.
// Adding a constant to every entry changes nothing (L·1 = 0).
type Script []int64

// Moves returns Σ|f(v)|, the number of single lends and borrows f takes.
func (f Script) Moves() int64 {
	var s int64
	for _, x := range f {
		s += abs(x)
	}
	return s
}

// Shift returns f + c·1, the same script up to the constant.
func (f Script) Shift(c int64) Script {
	out := make(Script, len(f))
	for i, x := range f {
		out[i] = x + c
	}
	return out
}

// Fewest returns the shift of f with the fewest moves: f minus a median of
// its entries (the lower median).
func (f Script) Fewest() Script {
	if len(f) == 0 {
		return Script{}
	}
	s := slices.Clone(f)
	slices.Sort(s)
	return f.Shift(-s[(len(s)-1)/2])
}

// String returns the entries separated by commas.
func (f Script) String() string { return joinInts(f) }

func joinInts[T ~[]int64](xs T) string {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(x, 10))
	}
	return b.String()
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// DivisorError is an error at a column of a divisor string.
type DivisorError struct {
	// Column is the 1-based byte column, 0 when the error concerns the
	// whole string.
	Column int
	// Err is the error itself.
	Err error
}

// Error returns "column N: message" (or the message alone).
func (e *DivisorError) Error() string {
	if e.Column == 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("column %d: %v", e.Column, e.Err)
}

// Unwrap returns the underlying error.
func (e *DivisorError) Unwrap() error { return e.Err }

// ParseDivisor reads a divisor written as integers separated by commas
// and/or white space, e.g. "2,-3,4,-1". Every error is a *DivisorError.
func ParseDivisor(s string) (Divisor, error) {
	var d Divisor
	i := 0
	for i < len(s) {
		c := s[i]
		if c == ',' || c == ' ' || c == '\t' {
			if c == ',' && (len(d) == 0 || !hasEntryAhead(s[i+1:])) {
				return nil, &DivisorError{Column: i + 1, Err: errors.New("comma without a value on both sides")}
			}
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] != ',' && s[j] != ' ' && s[j] != '\t' {
			j++
		}
		x, err := parseValue(s[i:j])
		if err != nil {
			return nil, &DivisorError{Column: i + 1, Err: err}
		}
		d = append(d, x)
		i = j
	}
	if len(d) == 0 {
		return nil, &DivisorError{Err: errors.New("empty divisor")}
	}
	if len(d) > MaxVertices {
		return nil, &DivisorError{Err: fmt.Errorf("more than %d values", MaxVertices)}
	}
	return d, nil
}

// hasEntryAhead reports whether s holds a value before the next comma.
func hasEntryAhead(s string) bool {
	t := strings.TrimLeft(s, " \t")
	return t != "" && t[0] != ','
}

// parseValue reads one divisor entry within ±MaxValue.
func parseValue(tok string) (int64, error) {
	x, err := strconv.ParseInt(tok, 10, 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return 0, fmt.Errorf("%q: %w (|value| ≤ 2^30)", tok, ErrRange)
		}
		return 0, fmt.Errorf("%q is not an integer", tok)
	}
	if x > MaxValue || x < -MaxValue {
		return 0, fmt.Errorf("%q: %w (|value| ≤ 2^30)", tok, ErrRange)
	}
	return x, nil
}

// CheckDivisor reports whether d fits g: one entry per vertex, each
// within ±MaxValue.
func (g *Graph) CheckDivisor(d Divisor) error {
	if len(d) != len(g.adj) {
		return fmt.Errorf("divisor has %s, the graph has %s", english.Count(len(d), "entry"), english.Count(len(g.adj), "vertex"))
	}
	for v, x := range d {
		if x > MaxValue || x < -MaxValue {
			return fmt.Errorf("vertex %s: %d: %w (|value| ≤ 2^30)", g.names[v], x, ErrRange)
		}
	}
	return nil
}

// checkScript reports whether f fits g: one entry per vertex, each within
// ±MaxScript.
func (g *Graph) checkScript(f Script) error {
	if len(f) != len(g.adj) {
		return fmt.Errorf("script has %s, the graph has %s", english.Count(len(f), "entry"), english.Count(len(g.adj), "vertex"))
	}
	for v, x := range f {
		if x > MaxScript || x < -MaxScript {
			return fmt.Errorf("vertex %s fires %d times: %w (|f| ≤ 2^39)", g.names[v], x, ErrRange)
		}
	}
	return nil
}

// Apply returns D − L·f, the configuration after every vertex v has lent
// f(v) times (borrowed −f(v) times). The error reports a divisor or
// script that does not fit g (see CheckDivisor; script entries must stay
// within ±MaxScript).
func (g *Graph) Apply(d Divisor, f Script) (Divisor, error) {
	if err := g.CheckDivisor(d); err != nil {
		return nil, err
	}
	if err := g.checkScript(f); err != nil {
		return nil, err
	}
	out := make(Divisor, len(d))
	for v, ns := range g.adj {
		x := d[v] - int64(g.deg[v])*f[v]
		for _, u := range ns {
			x += int64(u.Mult) * f[u.V]
		}
		out[v] = x
	}
	return out, nil
}

// Fire makes vertex v lend k times in place (borrow −k times when k < 0):
// D(v) loses k·deg(v), each neighbour gains k per edge.
func (g *Graph) Fire(d Divisor, v int, k int64) {
	d[v] -= k * int64(g.deg[v])
	for _, u := range g.adj[v] {
		d[u.V] += k * int64(u.Mult)
	}
}

// Canonical returns the canonical divisor K, K(v) = deg(v) − 2.
func (g *Graph) Canonical() Divisor {
	k := make(Divisor, len(g.adj))
	for v, dg := range g.deg {
		k[v] = int64(dg) - 2
	}
	return k
}
