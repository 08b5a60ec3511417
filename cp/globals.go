package cp

// The native global constraints: all_different, table, regular, circuit,
// subcircuit, inverse, global_cardinality (with counts or bounds, open or
// closed) and lexicographic order over integers. Each is encoded by its
// encoder in package encode (see the essays there); here are their
// definitions on values, for Check. None has a negation (full
// reification is refused); all can be half-reified.

import (
	"slices"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// amoFor returns the at-most-one method for n literals: pairwise up to 6
// (no variables), the ladder beyond (3n clauses).
func amoFor(n int) encode.AMOMethod {
	if n <= 6 {
		return encode.AMOPairwise
	}
	return encode.AMOLadder
}

func (e *encoder) intsOf(xs []IntVar) []*encode.Int {
	out := make([]*encode.Int, len(xs))
	for i, x := range xs {
		out[i] = e.int(x)
	}
	return out
}

func varsOf(xss ...[]IntVar) []Var {
	var vs []Var
	for _, xs := range xss {
		for _, x := range xs {
			vs = append(vs, x)
		}
	}
	return vs
}

// --- all_different ---------------------------------------------------

type allDiffCon struct{ xs []IntVar }

func (c *allDiffCon) name() string  { return "all_different_int" }
func (c *allDiffCon) args() []Var   { return varsOf(c.xs) }
func (c *allDiffCon) negate() con   { return nil }
func (c *allDiffCon) uses(u *usage) { u.byValue(c.xs...) }
func (c *allDiffCon) holds(v *Solution) bool {
	seen := map[int64]bool{}
	for _, x := range c.xs {
		if seen[v.Int(x)] {
			return false
		}
		seen[v.Int(x)] = true
	}
	return true
}

func (c *allDiffCon) post(e *encoder, s sat.Sink) error {
	encode.AllDifferent(s, e.intsOf(c.xs), amoFor(len(c.xs)))
	return nil
}

// AllDifferent constrains the variables to pairwise different values
// (MiniZinc's all_different over integers).
func (m *Model) AllDifferent(xs ...IntVar) Constraint {
	if !m.ownInts(xs) {
		return Constraint{}
	}
	return m.post(&allDiffCon{xs})
}

// --- table -----------------------------------------------------------

type tableCon struct {
	xs     []IntVar
	tuples [][]int64
}

func (c *tableCon) name() string  { return "table_int" }
func (c *tableCon) args() []Var   { return varsOf(c.xs) }
func (c *tableCon) negate() con   { return nil }
func (c *tableCon) uses(u *usage) { u.byValue(c.xs...) }
func (c *tableCon) holds(v *Solution) bool {
	vals := make([]int64, len(c.xs))
	for i, x := range c.xs {
		vals[i] = v.Int(x)
	}
	for _, t := range c.tuples {
		if slices.Equal(t, vals) {
			return true
		}
	}
	return false
}

func (c *tableCon) post(e *encoder, s sat.Sink) error {
	return encode.Table(s, e.intsOf(c.xs), c.tuples)
}

// Table constrains the variables to take the values of one of the
// tuples, each of len(xs) values (MiniZinc's table over integers).
func (m *Model) Table(xs []IntVar, tuples [][]int64) Constraint {
	if !m.ownInts(xs) {
		return Constraint{}
	}
	for j, t := range tuples {
		if len(t) != len(xs) {
			m.fail("table: tuple %d has %d values for %d variables", j, len(t), len(xs))
			return Constraint{}
		}
	}
	return m.post(&tableCon{xs, tuples})
}

// --- regular ---------------------------------------------------------

type regularCon struct {
	xs    []IntVar
	dfa   *encode.DFA
	first int64 // the value of symbol 0
}

func (c *regularCon) name() string  { return "regular" }
func (c *regularCon) args() []Var   { return varsOf(c.xs) }
func (c *regularCon) negate() con   { return nil }
func (c *regularCon) uses(u *usage) { u.byValue(c.xs...) }
func (c *regularCon) holds(v *Solution) bool {
	word := make([]int, len(c.xs))
	for i, x := range c.xs {
		a := v.Int(x) - c.first
		if a < 0 || a >= int64(c.dfa.Symbols) {
			return false
		}
		word[i] = int(a)
	}
	return c.dfa.Accepts(word)
}

func (c *regularCon) post(e *encoder, s sat.Sink) error {
	pos := make([][]sat.Lit, len(c.xs))
	for i, x := range c.xs {
		clause(s, e.geP(x, c.first))
		clause(s, e.leP(x, c.first+int64(c.dfa.Symbols)-1))
		pos[i] = make([]sat.Lit, c.dfa.Symbols)
		if e.dom(x).Size() == 1 {
			if a := e.dom(x).Min() - c.first; a >= 0 && a < int64(c.dfa.Symbols) {
				pos[i][a] = e.t
			}
			continue
		}
		for a := range pos[i] {
			if p := e.eqP(x, c.first+int64(a)); p.k == 0 {
				pos[i][a] = p.l
			}
		}
	}
	return encode.Regular(s, c.dfa, pos)
}

// Regular constrains the word of the variables' symbols to be accepted
// by the automaton d, symbol a being the value first+a (MiniZinc's
// regular has first 1 and states from 1; see Natives for the
// translation).
func (m *Model) Regular(xs []IntVar, d *encode.DFA, first int64) Constraint {
	if !m.ownInts(xs) {
		return Constraint{}
	}
	if err := d.Validate(); err != nil {
		m.fail("regular: %v", err)
		return Constraint{}
	}
	return m.post(&regularCon{xs: xs, dfa: d, first: first})
}

// --- circuit and subcircuit ------------------------------------------

type circuitCon struct {
	xs    []IntVar
	first int64
	sub   bool
}

func (c *circuitCon) name() string {
	if c.sub {
		return "subcircuit"
	}
	return "circuit"
}
func (c *circuitCon) args() []Var   { return varsOf(c.xs) }
func (c *circuitCon) negate() con   { return nil }
func (c *circuitCon) uses(u *usage) { u.byValue(c.xs...) }

func (c *circuitCon) holds(v *Solution) bool {
	n := len(c.xs)
	succ := make([]int, n)
	in, start := 0, -1
	for i, x := range c.xs {
		j := v.Int(x) - c.first
		if j < 0 || j >= int64(n) {
			return false
		}
		succ[i] = int(j)
		if succ[i] != i {
			in, start = in+1, i
		} else if !c.sub {
			return false
		}
	}
	if in == 0 {
		return c.sub || n == 0
	}
	seen := make([]bool, n)
	i := start
	for range in {
		if seen[i] {
			return false
		}
		seen[i] = true
		i = succ[i]
	}
	return i == start
}

func (c *circuitCon) post(e *encoder, s sat.Sink) error {
	if c.sub {
		encode.Subcircuit(s, e.intsOf(c.xs), c.first, amoFor(len(c.xs)))
	} else {
		encode.Circuit(s, e.intsOf(c.xs), c.first, amoFor(len(c.xs)))
	}
	return nil
}

// Circuit constrains the successors xs (node i's successor is
// xs[i−first], a node numbered from first) to form one cycle through
// every node (MiniZinc's circuit, with first the array's first index).
func (m *Model) Circuit(xs []IntVar, first int64) Constraint {
	if !m.ownInts(xs) {
		return Constraint{}
	}
	return m.post(&circuitCon{xs: xs, first: first})
}

// Subcircuit constrains the nodes that are not their own successor to
// form one cycle, or none (MiniZinc's subcircuit).
func (m *Model) Subcircuit(xs []IntVar, first int64) Constraint {
	if !m.ownInts(xs) {
		return Constraint{}
	}
	return m.post(&circuitCon{xs: xs, first: first, sub: true})
}

// --- inverse ---------------------------------------------------------

type inverseCon struct {
	f, g           []IntVar
	fFirst, gFirst int64
}

func (c *inverseCon) name() string  { return "inverse" }
func (c *inverseCon) args() []Var   { return varsOf(c.f, c.g) }
func (c *inverseCon) negate() con   { return nil }
func (c *inverseCon) uses(u *usage) { u.byValue(c.f...); u.byValue(c.g...) }
func (c *inverseCon) holds(v *Solution) bool {
	ok := func(f, g []IntVar, fFirst, gFirst int64) bool {
		for i, x := range f {
			j := v.Int(x) - gFirst
			if j < 0 || j >= int64(len(g)) || v.Int(g[j]) != int64(i)+fFirst {
				return false
			}
		}
		return true
	}
	return ok(c.f, c.g, c.fFirst, c.gFirst) && ok(c.g, c.f, c.gFirst, c.fFirst)
}

func (c *inverseCon) post(e *encoder, s sat.Sink) error {
	encode.Inverse(s, e.intsOf(c.f), c.fFirst, e.intsOf(c.g), c.gFirst)
	return nil
}

// Inverse constrains f[i−fFirst] = j ⇔ g[j−gFirst] = i for every
// position i of f and j of g, each variable taking a position of the
// other array (MiniZinc's inverse, with the arrays' first indices).
func (m *Model) Inverse(f []IntVar, fFirst int64, g []IntVar, gFirst int64) Constraint {
	if !m.ownInts(f) || !m.ownInts(g) {
		return Constraint{}
	}
	return m.post(&inverseCon{f, g, fFirst, gFirst})
}

// --- global_cardinality ----------------------------------------------

type gccCon struct {
	xs      []IntVar
	cover   []int64
	counts  []IntVar // or
	low, up []int64
	closed  bool
}

func (c *gccCon) name() string {
	n := "global_cardinality"
	if c.counts == nil {
		n += "_low_up"
	}
	if c.closed {
		n += "_closed"
	}
	return n
}
func (c *gccCon) args() []Var   { return varsOf(c.xs, c.counts) }
func (c *gccCon) negate() con   { return nil }
func (c *gccCon) uses(u *usage) { u.byValue(c.xs...) }

func (c *gccCon) holds(v *Solution) bool {
	n := map[int64]int64{}
	for _, x := range c.xs {
		n[v.Int(x)]++
	}
	in := map[int64]bool{}
	for j, w := range c.cover {
		in[w] = true
		if c.counts != nil && n[w] != v.Int(c.counts[j]) || c.counts == nil && (n[w] < c.low[j] || n[w] > c.up[j]) {
			return false
		}
	}
	if c.closed {
		for _, x := range c.xs {
			if !in[v.Int(x)] {
				return false
			}
		}
	}
	return true
}

func (c *gccCon) post(e *encoder, s sat.Sink) error {
	if c.counts != nil {
		return encode.GlobalCardinality(s, e.intsOf(c.xs), c.cover, e.intsOf(c.counts), c.closed)
	}
	return encode.GlobalCardinalityBounds(s, e.intsOf(c.xs), c.cover, c.low, c.up, c.closed, encode.CardTotalizer)
}

func (m *Model) checkCover(cover []int64, n int, what string) bool {
	if len(cover) != n {
		m.fail("global_cardinality: %d cover values for %d %s", len(cover), n, what)
		return false
	}
	seen := map[int64]bool{}
	for _, w := range cover {
		if seen[w] {
			m.fail("global_cardinality: cover value %d repeated", w)
			return false
		}
		seen[w] = true
	}
	return m.checkValues("global_cardinality", cover...)
}

// GlobalCardinality constrains counts[j] to be the number of variables
// of xs equal to cover[j] (distinct values) and, when closed, every
// variable to take a cover value (MiniZinc's global_cardinality and
// global_cardinality_closed).
func (m *Model) GlobalCardinality(xs []IntVar, cover []int64, counts []IntVar, closed bool) Constraint {
	if !m.ownInts(xs) || !m.ownInts(counts) || !m.checkCover(cover, len(counts), "counts") {
		return Constraint{}
	}
	return m.post(&gccCon{xs: xs, cover: cover, counts: counts, closed: closed})
}

// GlobalCardinalityBounds constrains between low[j] and up[j] variables
// of xs to equal cover[j] and, when closed, every variable to take a
// cover value (MiniZinc's global_cardinality_low_up and _closed).
func (m *Model) GlobalCardinalityBounds(xs []IntVar, cover, low, up []int64, closed bool) Constraint {
	if !m.ownInts(xs) || !m.checkCover(cover, len(low), "lower bounds") || !m.checkCover(cover, len(up), "upper bounds") {
		return Constraint{}
	}
	return m.post(&gccCon{xs: xs, cover: cover, low: low, up: up, closed: closed})
}

// --- lexicographic order ---------------------------------------------

type lexCon struct {
	xs, ys []IntVar
	strict bool
}

func (c *lexCon) name() string {
	if c.strict {
		return "lex_less_int"
	}
	return "lex_lesseq_int"
}
func (c *lexCon) args() []Var { return varsOf(c.xs, c.ys) }
func (c *lexCon) negate() con { return nil }
func (c *lexCon) uses(*usage) {}
func (c *lexCon) holds(v *Solution) bool {
	vals := func(xs []IntVar) []int64 {
		out := make([]int64, len(xs))
		for i, x := range xs {
			out[i] = v.Int(x)
		}
		return out
	}
	r := slices.Compare(vals(c.xs), vals(c.ys))
	return r < 0 || r == 0 && !c.strict
}

func (c *lexCon) post(e *encoder, s sat.Sink) error {
	return encode.LexLeqInts(s, e.intsOf(c.xs), e.intsOf(c.ys), c.strict, e.pbMethod(true))
}

// LexLesseq constrains xs ≤lex ys, a proper prefix being smaller
// (MiniZinc's lex_lesseq over integers).
func (m *Model) LexLesseq(xs, ys []IntVar) Constraint {
	if !m.ownInts(xs) || !m.ownInts(ys) {
		return Constraint{}
	}
	return m.post(&lexCon{xs: xs, ys: ys})
}

// LexLess constrains xs <lex ys (MiniZinc's lex_less over integers).
func (m *Model) LexLess(xs, ys []IntVar) Constraint {
	if !m.ownInts(xs) || !m.ownInts(ys) {
		return Constraint{}
	}
	return m.post(&lexCon{xs: xs, ys: ys, strict: true})
}
