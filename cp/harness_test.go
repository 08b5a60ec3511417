package cp

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
)

// key renders a solution's values of every variable.
func key(m *Model, s *Solution) string {
	var b strings.Builder
	for i := range m.ints {
		fmt.Fprintf(&b, "%d,", s.ints[i])
	}
	b.WriteByte('|')
	for i := range m.bools {
		if s.bools[i] {
			b.WriteByte('1')
		} else {
			b.WriteByte('0')
		}
	}
	return b.String()
}

// brute returns the keys of every assignment of m's variables that
// passes Check, or false if there are more than limit assignments.
func brute(m *Model, limit int) ([]string, bool) {
	total := 1
	for _, x := range m.ints {
		total *= int(max(1, x.dom.Size()))
		if x.dom.Empty() {
			return nil, true
		}
		if total > limit {
			return nil, false
		}
	}
	for _, b := range m.bools {
		if b.fixed == 0 {
			total *= 2
		}
	}
	if total > limit {
		return nil, false
	}
	var out []string
	eachAssignment(m, func(s *Solution) {
		if m.Check(s) == nil {
			out = append(out, key(m, s))
		}
	})
	slices.Sort(out)
	return out, true
}

// eachAssignment calls fn with every assignment of m's variables (the
// fixed Booleans at their values), in one reused Solution.
func eachAssignment(m *Model, fn func(*Solution)) {
	s := m.NewSolution()
	var rec func(i int)
	rec = func(i int) {
		switch {
		case i < len(m.ints):
			for v := range m.ints[i].dom.Values {
				s.ints[i] = v
				rec(i + 1)
			}
		case i < len(m.ints)+len(m.bools):
			j := i - len(m.ints)
			if m.bools[j].fixed != 0 {
				rec(i + 1)
				return
			}
			for _, v := range []bool{false, true} {
				s.bools[j] = v
				rec(i + 1)
			}
		default:
			fn(s)
		}
	}
	rec(0)
}

// engine returns the set of solutions SolveAll finds with cdcl.
func engine(t testing.TB, m *Model, o Options) []string {
	t.Helper()
	var out []string
	res, err := SolveAll(context.Background(), m, cdcl.New(), o, nil, func(s *Solution) bool {
		out = append(out, key(m, s))
		return true
	})
	if err != nil {
		t.Fatalf("SolveAll: %v", err)
	}
	if !res.Complete {
		t.Fatalf("SolveAll incomplete")
	}
	if (res.Status == sat.Unsat) != (len(out) == 0) {
		t.Fatalf("status %v with %d solutions", res.Status, len(out))
	}
	slices.Sort(out)
	if d := slices.Compact(slices.Clone(out)); len(d) != len(out) {
		t.Fatalf("SolveAll repeated a solution")
	}
	return out
}

// pairedLinear gives each encoding a linear method, so that agree covers
// every method without multiplying the runs: native PB (cdcl takes it)
// with Auto, BDD with order, the adder with log, the generalised
// totalizer with direct.
var pairedLinear = map[Encoding]LinearMethod{Auto: LinearAuto, Order: LinearBDD, Log: LinearAdder, Direct: LinearGTE}

// agree checks that SolveAll finds exactly the brute-force solutions of
// m, for every encoding.
func agree(t *testing.T, m *Model, what string) {
	t.Helper()
	want, ok := brute(m, 200000)
	if !ok {
		t.Fatalf("%s: too many assignments for brute force", what)
	}
	for _, enc := range Encodings() {
		got := engine(t, m, Options{IntEncoding: enc, Linear: pairedLinear[enc]})
		if !slices.Equal(got, want) {
			t.Fatalf("%s, %v encoding, %v linear: %d solutions, brute force %d\nengine only: %v\nbrute only: %v",
				what, enc, pairedLinear[enc], len(got), len(want), minus(got, want), minus(want, got))
		}
	}
}

// minus returns the first few keys of a not in b.
func minus(a, b []string) []string {
	var out []string
	for _, k := range a {
		if _, found := slices.BinarySearch(b, k); !found {
			out = append(out, k)
			if len(out) == 5 {
				break
			}
		}
	}
	return out
}

func errorsIs(err, target error) bool { return errors.Is(err, target) }
