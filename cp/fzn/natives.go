package fzn

// The definitions of the native globals of satsolve's library (the
// satsolve_ predicates its fzn_*.mzn files call, cp.Natives), for the
// checker: each is the MiniZinc library's meaning of the global, written
// on values, apart from cp's encodings and cp's own check. The arguments
// are those of the satsolve_ predicate: 2-d tables flattened, arrays with
// the first index of their index set where it matters.

import (
	"slices"

	"github.com/satsolve/satsolve/cp"
)

// nativeHolds lists the native predicates with their definitions (a
// slice, not a map: nothing to build when satsolve starts).
var nativeHolds = []struct {
	name  string
	holds func(e *evaluator, a []Value) bool
}{
	{"satsolve_all_different_int", func(e *evaluator, a []Value) bool {
		seen := map[int64]bool{}
		for _, x := range e.ints(a[0]) {
			if seen[x] {
				return false
			}
			seen[x] = true
		}
		return true
	}},
	{"satsolve_table_int", func(e *evaluator, a []Value) bool {
		xs, t := e.ints(a[0]), e.ints(a[1])
		n := len(xs)
		if n == 0 {
			return true
		}
		for j := 0; j+n <= len(t); j += n {
			if slices.Equal(xs, t[j:j+n]) {
				return true
			}
		}
		return false
	}},
	{"satsolve_regular", func(e *evaluator, a []Value) bool {
		// States 1..Q, 0 failing; symbols 1..S; d[(q-1)·S + s-1] is the
		// next state.
		xs, q, s, d, q0, f := e.ints(a[0]), e.int(a[1]), e.int(a[2]), e.ints(a[3]), e.int(a[4]), e.m.Sets[a[5].X]
		state := q0
		for _, x := range xs {
			if state < 1 || state > q || x < 1 || x > s || int64(len(d)) != q*s {
				return false
			}
			state = d[(state-1)*s+x-1]
		}
		return state >= 1 && state <= q && f.Contains(state)
	}},
	{"satsolve_circuit", func(e *evaluator, a []Value) bool {
		return circuitHolds(e.ints(a[0]), e.int(a[1]), false)
	}},
	{"satsolve_subcircuit", func(e *evaluator, a []Value) bool {
		return circuitHolds(e.ints(a[0]), e.int(a[1]), true)
	}},
	{"satsolve_inverse", func(e *evaluator, a []Value) bool {
		f, ff, g, gf := e.ints(a[0]), e.int(a[1]), e.ints(a[2]), e.int(a[3])
		// f[i] = j ⇔ g[j] = i, every value within the other's index set.
		for i, j := range f {
			if j < gf || j-gf >= int64(len(g)) || g[j-gf] != int64(i)+ff {
				return false
			}
		}
		for j, i := range g {
			if i < ff || i-ff >= int64(len(f)) || f[i-ff] != int64(j)+gf {
				return false
			}
		}
		return true
	}},
	{"satsolve_global_cardinality", func(e *evaluator, a []Value) bool {
		return gccHolds(e.ints(a[0]), e.ints(a[1]), e.ints(a[2]), e.ints(a[2]), false)
	}},
	{"satsolve_global_cardinality_closed", func(e *evaluator, a []Value) bool {
		return gccHolds(e.ints(a[0]), e.ints(a[1]), e.ints(a[2]), e.ints(a[2]), true)
	}},
	{"satsolve_global_cardinality_low_up", func(e *evaluator, a []Value) bool {
		return gccHolds(e.ints(a[0]), e.ints(a[1]), e.ints(a[2]), e.ints(a[3]), false)
	}},
	{"satsolve_global_cardinality_low_up_closed", func(e *evaluator, a []Value) bool {
		return gccHolds(e.ints(a[0]), e.ints(a[1]), e.ints(a[2]), e.ints(a[3]), true)
	}},
	{"satsolve_lex_lesseq_int", func(e *evaluator, a []Value) bool { return lexHolds(e.ints(a[0]), e.ints(a[1]), false) }},
	{"satsolve_lex_less_int", func(e *evaluator, a []Value) bool { return lexHolds(e.ints(a[0]), e.ints(a[1]), true) }},
}

// nativeDefinition returns the definition of the native predicate name,
// or nil.
func nativeDefinition(name string) func(e *evaluator, a []Value) bool {
	for _, n := range nativeHolds {
		if n.name == name {
			return n.holds
		}
	}
	return nil
}

// nativeBuiltins returns a builtin for every native global of cp's table
// that has a definition here (the test checks that all have): posted
// through the native's Post, its arguments converted by its parameters'
// types; half-reifiable, never fully.
func nativeBuiltins() []builtin {
	var out []builtin
	for _, n := range cp.Natives() {
		holds := nativeDefinition(n.Predicate)
		if holds == nil {
			continue
		}
		out = append(out, builtin{name: n.Predicate, arity: len(n.Params), form: implied,
			post: func(t *translator, a []Value) cp.Constraint {
				args := make([]any, len(n.Params))
				for i, p := range n.Params {
					args[i] = t.nativeArg(p.Type, a[i])
				}
				if t.err != nil {
					return cp.Constraint{}
				}
				return n.Post(t.m, args)
			}, holds: holds})
	}
	return out
}

// nativeArg converts argument v to the Go type Post takes for a
// parameter of type p.
func (t *translator) nativeArg(p cp.ParamType, v Value) any {
	switch p {
	case cp.ParInt:
		return t.constInt(v)
	case cp.ParBool:
		return t.constBool(v)
	case cp.ParIntSet:
		return domainOf(t.constSet(v))
	case cp.ParIntArray:
		return t.constInts(v)
	case cp.ParVarInt:
		return t.intVar(v)
	case cp.ParVarBool:
		return t.boolVar(v)
	case cp.ParVarIntArray:
		return t.intVars(v)
	case cp.ParVarBoolArray:
		return t.boolVars(v)
	}
	t.failf(ErrUnsupported, "%s: a parameter of type %v", t.cur.Name, p)
	return nil
}

// circuitHolds evaluates circuit (sub false) and subcircuit (sub true) on
// successors x over the nodes first..first+n-1: x[i] = j makes j the
// successor of i. A circuit visits every node once and comes back, and
// needs at least two nodes (MiniZinc's x[i] ≠ i); a subcircuit is such a
// cycle over the nodes with x[i] ≠ i, or none at all.
func circuitHolds(x []int64, first int64, sub bool) bool {
	n := int64(len(x))
	in := 0
	start := int64(-1)
	for i, v := range x {
		if v < first || v-first >= n {
			return false
		}
		if v-first != int64(i) {
			in++
			if start < 0 {
				start = int64(i)
			}
		} else if !sub {
			return false
		}
	}
	if n == 0 || in == 0 {
		return sub || n == 0
	}
	// Follow the successors from start: back to it after exactly in steps,
	// through nodes all in the cycle.
	i := start
	for k := 1; k <= in; k++ {
		i = x[i] - first
		if x[i]-first == i {
			return false
		}
		if i == start {
			return k == in
		}
	}
	return false
}

// gccHolds evaluates the global cardinality: cover[i] occurs in x between
// low[i] and up[i] times (counts: low = up = the count's value); closed,
// every x is in cover.
func gccHolds(x, cover, low, up []int64, closed bool) bool {
	if len(cover) != len(low) || len(cover) != len(up) {
		return false
	}
	for i, c := range cover {
		n := int64(0)
		for _, v := range x {
			if v == c {
				n++
			}
		}
		if n < low[i] || n > up[i] {
			return false
		}
	}
	if closed {
		for _, v := range x {
			found := false
			for _, c := range cover {
				found = found || v == c
			}
			if !found {
				return false
			}
		}
	}
	return true
}

// lexHolds evaluates x ≤ y lexicographically (strict: x < y), a proper
// prefix being smaller, as MiniZinc's lex_lesseq and lex_less.
func lexHolds(x, y []int64, strict bool) bool {
	for i := 0; i < len(x) && i < len(y); i++ {
		switch {
		case x[i] < y[i]:
			return true
		case x[i] > y[i]:
			return false
		}
	}
	if strict {
		return len(x) < len(y)
	}
	return len(x) <= len(y)
}
