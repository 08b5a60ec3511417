package fzn

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cp"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
)

// conformanceVars are the variables every conformance model declares:
// integers with and without holes, Booleans, all output.
const conformanceVars = `var -2..2: x :: output_var;
var {-2, -1, 1, 2}: y :: output_var;
var 0..3: z :: output_var;
var bool: a :: output_var;
var bool: b :: output_var;
var bool: c :: output_var;
var bool: r :: output_var;
`

// conformanceCalls are the constraint calls the conformance test tries,
// each in every form its builtin has (with r as the reifying Boolean).
// Every builtin that posts must have at least one: TestConformanceCovers
// checks it.
var conformanceCalls = []string{
	"int_eq(x, y)", "int_eq(x, 1)", "int_ne(x, y)", "int_ne(z, 0)", "int_le(x, y)", "int_le(y, -1)", "int_lt(y, x)", "int_lt(1, z)",
	"int_lin_eq([1, 1, -1], [x, y, z], 0)", "int_lin_eq([2, -3], [x, y], 1)", "int_lin_ne([2, 1], [x, z], 1)",
	"int_lin_le([2, -3, 1], [x, y, z], 1)", "int_lin_le([1], [x], 0)", "int_plus(x, y, z)", "int_plus(x, 1, y)",
	"set_in(x, {-2, 0, 2})", "set_in(y, -1..1)", "set_in(z, {})", "set_in(x, -5..5)",
	"bool2int(a, z)", "bool_eq(a, b)", "bool_eq(a, true)", "bool_not(a, b)", "bool_le(a, b)", "bool_lt(a, b)",
	"bool_xor(a, b)", "bool_and(a, b, c)", "bool_or(a, b, c)", "bool_xor(a, b, c)",
	"array_bool_and([a, b, c], r)", "array_bool_and([], r)", "array_bool_or([a, b, c], r)", "array_bool_or([a, false], r)",
	"array_bool_xor([a, b, c])", "array_bool_xor([])", "bool_clause([a, b], [c])", "bool_clause([], [a])", "bool_clause([], [])",
	"bool_lin_eq([2, -1, 1], [a, b, c], z)", "bool_lin_eq([1, 1], [a, b], 1)", "bool_lin_le([3, 2, -1], [a, b, c], 2)",
	"int_times(x, y, z)", "int_times(x, x, z)", "int_times(y, 2, x)", "int_div(x, y, z)", "int_div(z, x, y)", "int_mod(x, y, z)", "int_mod(z, x, y)",
	"int_abs(x, z)", "int_abs(y, x)", "int_min(x, y, z)", "int_max(x, y, x)", "int_max(x, 1, z)",
	"int_pow(x, z, y)", "int_pow(y, x, z)", "int_pow(z, x, y)", "int_pow_fixed(x, 2, z)", "int_pow_fixed(y, 3, x)",
	"array_int_maximum(z, [x, y, 1])", "array_int_minimum(x, [y, z])", "array_int_maximum(x, [x])",
	"array_int_element(z, [3, -1, 2], x)", "array_var_int_element(z, [x, y, 1], x)", "array_var_int_element(x, [z, y], z)",
	"array_bool_element(z, [true, false, true], a)", "array_var_bool_element(z, [a, b, c], r)",
	"satsolve_all_different_int([x, y, z])", "satsolve_all_different_int([])", "satsolve_table_int([x, z], [1, 2, -2, 0, 0, 3])",
	"satsolve_table_int([], [])", "satsolve_regular([z, x, z], 2, 2, [2, 1, 0, 2], 1, {2})", "satsolve_regular([], 1, 1, [1], 1, {1})",
	"satsolve_circuit([z, x, y], 0)", "satsolve_circuit([x, y], 1)", "satsolve_subcircuit([z, x, y], 0)", "satsolve_subcircuit([x, z, y], 1)",
	"satsolve_inverse([z, x], 1, [x, z], 1)", "satsolve_inverse([x, y, z], 0, [z, x, y], -1)",
	"satsolve_global_cardinality([x, y, z], [1, 2], [z, x])", "satsolve_global_cardinality_closed([x, z], [0, 1, 2], [z, x, x])",
	"satsolve_global_cardinality_low_up([x, y, z], [1, -1], [0, 1], [1, 2])", "satsolve_global_cardinality_low_up_closed([x, z], [0, 1], [1, 0], [2, 1])",
	"satsolve_lex_lesseq_int([x, y], [z, x])", "satsolve_lex_lesseq_int([x, z], [y])", "satsolve_lex_less_int([x], [y, z])", "satsolve_lex_less_int([z, y], [x, y])",
}

// forms returns the constraint items of a call: the call itself and its
// reified forms, as its builtin has them.
func forms(t *testing.T, call string) []string {
	name, rest, _ := strings.Cut(call, "(")
	args := strings.TrimSuffix(rest, ")")
	n := 1 + strings.Count(topLevel(args), ",")
	if strings.TrimSpace(args) == "" {
		n = 0
	}
	b, mode := lookup(name, n)
	if b == nil {
		t.Fatalf("%s: no builtin", call)
	}
	withR := name + "(" + args + ", r)"
	switch {
	case b.form == natural && mode == modePlain:
		t.Fatalf("%s: a natural builtin without its Boolean", call)
	case b.form == natural:
		return []string{call, name + "_imp(" + args + ")"}
	case b.form == plain && mode == modePlain:
		return []string{call, strings.Replace(withR, name, name+"_reif", 1), strings.Replace(withR, name, name+"_imp", 1)}
	case b.form == implied && mode == modePlain:
		return []string{call, strings.Replace(withR, name, name+"_imp", 1)}
	}
	return []string{call}
}

// topLevel blanks out what stands between brackets and braces, so that
// commas left are argument separators.
func topLevel(s string) string {
	depth := 0
	out := []byte(s)
	for i, c := range out {
		switch c {
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		}
		if depth > 0 {
			out[i] = ' '
		}
	}
	return string(out)
}

// bruteFZN returns every assignment of m's variables (all of them
// output, with small domains) that passes m.Check, as keys.
func bruteFZN(m *Model) []string {
	vals := make([]int64, len(m.Vars))
	var out []string
	var rec func(i int)
	rec = func(i int) {
		if i == len(m.Vars) {
			if m.Check(func(j int) int64 { return vals[j] }) == nil {
				out = append(out, fmt.Sprint(vals))
			}
			return
		}
		if m.Vars[i].Type == TypeBool {
			for v := range int64(2) {
				vals[i] = v
				rec(i + 1)
			}
			return
		}
		for _, r := range m.Vars[i].Domain {
			for v := r.Lo; v <= r.Hi; v++ {
				vals[i] = v
				rec(i + 1)
			}
		}
	}
	rec(0)
	slices.Sort(out)
	return out
}

// engineFZN translates m and enumerates its solutions over the output
// variables with cdcl, checking each against the FlatZinc model.
func engineFZN(t *testing.T, m *Model, enc cp.Encoding) []string {
	t.Helper()
	tr, err := Translate(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	res, err := cp.SolveAll(context.Background(), tr.Model, cdcl.New(), cp.Options{IntEncoding: enc}, tr.OutputVars(), func(s *cp.Solution) bool {
		value := tr.Value(s)
		if err := m.Check(value); err != nil {
			t.Fatalf("a solution fails the FlatZinc check: %v", err)
		}
		vals := make([]int64, len(m.Vars))
		for i := range vals {
			vals[i] = value(i)
		}
		out = append(out, fmt.Sprint(vals))
		return true
	})
	if err != nil || !res.Complete || (res.Status == sat.Unsat) != (len(out) == 0) {
		t.Fatalf("SolveAll: %v, complete %v, status %v, %d solutions", err, res.Complete, res.Status, len(out))
	}
	slices.Sort(out)
	return out
}

// TestConformance posts every builtin in every form on small domains and
// compares the solutions cp finds, in every integer encoding (-short: the
// automatic choice only), with the brute-force enumeration of the
// FlatZinc definitions.
func TestConformance(t *testing.T) {
	encodings := cp.Encodings()
	if testing.Short() {
		encodings = []cp.Encoding{cp.Auto}
	}
	for _, call := range conformanceCalls {
		for _, item := range forms(t, call) {
			m := mustRead(t, conformanceVars+"constraint "+item+";\nsolve satisfy;\n")
			want := bruteFZN(m)
			for _, enc := range encodings {
				if got := engineFZN(t, m, enc); !slices.Equal(got, want) {
					t.Errorf("%s, %v encoding: %d solutions, brute force %d", item, enc, len(got), len(want))
				}
			}
		}
	}
}

// TestConformanceCovers checks that every builtin that posts has a call
// in conformanceCalls.
func TestConformanceCovers(t *testing.T) {
	called := map[string]bool{}
	for _, call := range conformanceCalls {
		name, _, _ := strings.Cut(call, "(")
		called[name] = true
	}
	for _, b := range append(builtins, nativeBuiltins()...) {
		if b.post != nil && !called[b.name] {
			t.Errorf("builtin %s has no conformance call", b.name)
		}
	}
	// Every native of cp's table has a definition for the checker.
	for _, n := range cp.Natives() {
		if nativeDefinition(n.Predicate) == nil {
			t.Errorf("native %s has no definition in natives.go", n.Predicate)
		}
	}
	for _, d := range nativeHolds {
		if _, ok := cp.LookupNative(d.name); !ok {
			t.Errorf("natives.go defines %s, which cp does not have", d.name)
		}
	}
}

// TestCheckersAgree compares the FlatZinc checker (holds) with cp's Check
// on the translation, two definitions written apart, on every assignment
// of the conformance models' variables. int_pow with a possibly negative
// exponent is left out: its translation (translator.pow) has auxiliary
// Booleans a bare assignment does not give.
func TestCheckersAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (differential): skipped by go test -short; go test ./... runs it")
	}
	for _, call := range conformanceCalls {
		if strings.HasPrefix(call, "int_pow") {
			continue
		}
		for _, item := range forms(t, call) {
			m := mustRead(t, conformanceVars+"constraint "+item+";\nsolve satisfy;\n")
			tr, err := Translate(context.Background(), m)
			if err != nil {
				t.Fatal(err)
			}
			vals := make([]int64, len(m.Vars))
			var rec func(i int)
			rec = func(i int) {
				if i < len(m.Vars) {
					lo, hi := int64(0), int64(1)
					if m.Vars[i].Type == TypeInt {
						lo, hi = -3, 4 // beyond every domain, by one
					}
					for v := lo; v <= hi; v++ {
						vals[i] = v
						rec(i + 1)
					}
					return
				}
				s := tr.Model.NewSolution()
				for j, v := range m.Vars {
					if v.Type == TypeBool {
						s.SetBool(tr.bools[tr.class(j)], vals[j] == 1)
					} else {
						s.SetInt(tr.ints[tr.class(j)], vals[j])
					}
				}
				mine := m.Check(func(j int) int64 { return vals[j] }) == nil
				theirs := tr.Model.Check(s) == nil
				if mine != theirs {
					t.Fatalf("%s at %v: FlatZinc check %v, cp check %v", item, vals, mine, theirs)
				}
			}
			rec(0)
		}
	}
}
