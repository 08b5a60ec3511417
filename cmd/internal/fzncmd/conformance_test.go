package fzncmd

// Conformance through MiniZinc (the judged test): each builtin and
// each native global, on small domains, posted in a MiniZinc model that
// satsolve solves with -a, its solutions compared with an enumeration
// that owes nothing to satsolve:
//
//   - builtins: MiniZinc itself enumerates every assignment of the
//     variables as parameters and evaluates the constraint on each (a par
//     "test" predicate in a comprehension), with its own semantics of
//     div, mod, pow, undefined element indices and reification;
//   - globals, which MiniZinc cannot evaluate on parameters: the same
//     model solved with MiniZinc's standard decomposition (the reference
//     configuration: no satsolve native), whose solutions must be the
//     same set, and a few of satsolve's solutions fixed back into the
//     model and evaluated by MiniZinc's compiler.
//
// Each case also checks that satsolve's FlatZinc holds the constraint it
// means to test (the native predicate, or the builtin).

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// confCase is one conformance case. vars declares the variables, space
// separated: "a:-2..2" an integer, "p:bool" a Boolean, "x:3:1..3" an
// array of three integers, "q:2:bool" an array of two Booleans.
type confCase struct {
	vars, con string
	brute     bool   // enumerate with MiniZinc's par evaluation (else: the reference decomposition)
	uses      string // what satsolve's FlatZinc must hold
	// noFix: MiniZinc's decomposition keeps auxiliary variables when a
	// solution is fixed (table's row index, regular's states, circuit's
	// positions, reified all_different), so satsolve's solutions are
	// checked against the reference set only.
	noFix bool
}

var confCases = []confCase{
	{"a:-3..3 b:-3..3 c:-4..4", "a * b = c", true, "int_times", false},
	{"a:-4..4 b:-2..2 c:-3..3", "a div b = c", true, "int_div", false},
	{"a:-4..4 b:-2..2 c:-3..3", "a mod b = c", true, "int_mod", false},
	{"a:-3..3 b:-1..3", "abs(a) = b", true, "int_abs", false},
	{"a:-2..2 b:-2..2 c:-2..2", "min(a, b) = c", true, "int_min", false},
	{"a:-2..2 b:-2..2 c:-2..2", "max(a, b) = c", true, "int_max", false},
	{"a:-2..2 b:-1..3 c:-4..4", "pow(a, b) = c", true, "int_pow", false},
	{"a:-3..3 c:-4..9", "pow(a, 2) = c", true, "int_", false},
	{"a:0..4 b:0..4", "[3, 1, 4][a] = b", true, "array_int_element", false},
	{"x:2:0..2 a:0..3 b:0..2", "x[a] = b", true, "array_var_int_element", false},
	{"a:0..3 p:bool", "[true, false][a] = p", true, "array_bool_element", false},
	{"q:2:bool a:0..3 p:bool", "q[a] = p", true, "array_var_bool_element", false},
	{"x:3:0..2 a:0..3", "max(x) = a", true, "array_int_maximum", false},
	{"x:3:0..2 a:0..3", "min(x) = a", true, "array_int_minimum", false},
	{"a:-2..3", "a in {-1, 1, 2}", true, "", false},
	{"a:-2..3 p:bool", "(a in {-1, 2, 3}) <-> p", true, "set_in_reif", false},
	{"a:-2..3 p:bool", "p -> (a in {0, 2})", true, "set_in_imp", false},
	{"a:-2..2 b:-2..2 p:bool", "(a < b) <-> p", true, "int_lin_le_reif", false},
	{"a:-2..2 b:-2..2 p:bool", "(a != b) <-> p", true, "int_lin_ne_reif", false},
	{"a:-2..2 p:bool", "(a != 1) <-> p", true, "int_ne_reif", false},
	{"a:-2..2 p:bool", "(a < 1) <-> p", true, "int_le_reif", false},
	{"a:-2..2 b:-2..2 p:bool", "p -> (a = b)", true, "int_eq_imp", false},
	{"a:-2..2 b:-2..2 p:bool", "(a <= b) -> p", true, "", false},
	{"a:-2..2 b:-2..2 p:bool", "p -> (a + 2*b = 1)", true, "int_lin_eq_imp", false},
	{"a:-2..2 b:-2..2 c:-2..2 p:bool", "(2*a - b + c <= 1) <-> p", true, "int_lin_le_reif", false},
	{"a:-2..2 b:-2..2 c:-2..2", "a + b + c != 0", true, "int_lin_ne", false},
	{"a:-2..2 b:-2..2 c:-2..2 p:bool", "p -> (3*a - b != c)", true, "int_lin_ne_imp", false},
	{"p:bool q:bool a:0..3", "bool2int(p) + 2*bool2int(q) = a", true, "", false},
	{"p:bool q:bool r:bool", "(p xor q) <-> r", true, "", false},
	{"p:bool q:bool r:bool", "(p /\\ q) <-> r", true, "array_bool_and", false},
	{"p:bool q:bool r:bool", "r -> (p \\/ q)", true, "", false},
	{"p:bool q:bool r:bool", "p \\/ not q \\/ r", true, "bool_clause", false},
	{"q:4:bool a:0..4", "count(q) = a", true, "", false},
	{"q:3:bool", "sum(i in 1..3)(i * bool2int(q[i])) <= 3", true, "", false},

	{"x:3:1..3", "all_different(x)", false, "satsolve_all_different_int", false},
	{"x:4:1..4 p:bool", "all_different(x) \\/ p", false, "", true},
	{"x:3:0..2", "table(x, [| 0, 1, 2 | 2, 2, 2 | 1, 0, 1 | 0, 1, 0 |])", false, "satsolve_table_int", true},
	{"x:4:1..2", "regular(x, 3, 2, [| 2, 1 | 3, 1 | 3, 3 |], 1, {3})", false, "satsolve_regular", true},
	{"x:4:1..4", "circuit(x)", false, "satsolve_circuit", true},
	{"x:4:1..4", "subcircuit(x)", false, "satsolve_subcircuit", true},
	{"f:3:1..3 g:3:1..3", "inverse(f, g)", false, "satsolve_inverse", false},
	{"x:3:1..3 c:2:0..3", "global_cardinality(x, [1, 2], c)", false, "satsolve_global_cardinality", false},
	{"x:3:1..3 c:2:0..3", "global_cardinality_closed(x, [1, 2], c)", false, "satsolve_global_cardinality_closed", false},
	{"x:3:1..3", "global_cardinality_low_up(x, [1, 2], [1, 0], [2, 1])", false, "satsolve_global_cardinality_low_up", false},
	{"x:3:1..3", "global_cardinality_low_up_closed(x, [1, 3], [1, 0], [2, 3])", false, "satsolve_global_cardinality_low_up_closed", false},
	{"x:2:0..2 y:2:0..2", "lex_lesseq(x, y)", true, "satsolve_lex_lesseq_int", false},
	{"x:2:0..2 y:3:0..1", "lex_less(x, y)", true, "satsolve_lex_less_int", false},
}

// confVar is one variable of a case.
type confVar struct {
	name, dom string // dom: "lo..hi" or "bool"
	n         int    // array length, 0 for a scalar
}

func parseVars(spec string) []confVar {
	var out []confVar
	for _, f := range strings.Fields(spec) {
		p := strings.Split(f, ":")
		v := confVar{name: p[0], dom: p[len(p)-1]}
		if len(p) == 3 {
			fmt.Sscan(p[1], &v.n)
		}
		out = append(out, v)
	}
	return out
}

// decisionModel returns the MiniZinc model whose solutions are compared.
func decisionModel(c confCase) string {
	var b strings.Builder
	b.WriteString("include \"globals.mzn\";\n")
	for _, v := range parseVars(c.vars) {
		if v.n > 0 {
			fmt.Fprintf(&b, "array[1..%d] of ", v.n)
		}
		fmt.Fprintf(&b, "var %s: %s;\n", v.dom, v.name)
	}
	fmt.Fprintf(&b, "constraint %s;\nsolve satisfy;\n", c.con)
	return b.String()
}

// bruteModel returns a model whose output is every assignment satisfying
// the constraint, in dzn, each followed by "----------".
func bruteModel(c confCase) string {
	vars := parseVars(c.vars)
	var params, gens, args, show []string
	for _, v := range vars {
		dom := v.dom
		if dom == "bool" {
			dom = "[false, true]"
		}
		if v.n == 0 {
			params = append(params, map[bool]string{true: "bool", false: "int"}[v.dom == "bool"]+": "+v.name)
			gens = append(gens, v.name+" in "+dom)
			args = append(args, v.name)
			show = append(show, fmt.Sprintf(`%s = \(%s);\n`, v.name, v.name))
			continue
		}
		params = append(params, "array[int] of "+map[bool]string{true: "bool", false: "int"}[v.dom == "bool"]+": "+v.name)
		var elems []string
		for i := 1; i <= v.n; i++ {
			e := fmt.Sprintf("%s_%d", v.name, i)
			gens = append(gens, e+" in "+dom)
			elems = append(elems, e)
		}
		arr := "[" + strings.Join(elems, ", ") + "]"
		args = append(args, arr)
		show = append(show, fmt.Sprintf(`%s = \(%s);\n`, v.name, arr))
	}
	return fmt.Sprintf("include \"globals.mzn\";\ntest ok(%s) = %s;\narray[int] of string: sols = [\"%s----------\\n\" | %s where ok(%s)];\noutput sols;\n",
		strings.Join(params, ", "), c.con, strings.Join(show, ""), strings.Join(gens, ", "), strings.Join(args, ", "))
}

// solutionSet returns the solutions of dzn output as sorted keys, each the
// sorted assignment lines of one solution.
func solutionSet(out string) []string {
	sols, _ := splitOutput(out)
	var keys []string
	for _, s := range sols {
		if strings.TrimSpace(s) == "" {
			continue // the brute-force model's own (empty) solution
		}
		lines := strings.Split(strings.TrimSpace(s), "\n")
		sort.Strings(lines)
		keys = append(keys, strings.Join(lines, " "))
	}
	sort.Strings(keys)
	return keys
}

func TestMiniZincConformance(t *testing.T) {
	needMiniZinc(t)
	dir := t.TempDir()
	for i, c := range confCases {
		model := filepath.Join(dir, fmt.Sprintf("case%d.mzn", i))
		if err := os.WriteFile(model, []byte(decisionModel(c)), 0o644); err != nil {
			t.Fatal(err)
		}
		flat := filepath.Join(dir, fmt.Sprintf("case%d.fzn", i))
		minizinc(t, "--solver", "satsolve", "-c", model, "--fzn", flat, "-O-")
		text, _ := os.ReadFile(flat)
		if c.uses != "" && !strings.Contains(string(text), "constraint "+c.uses) {
			t.Errorf("%s: satsolve's FlatZinc has no %s:\n%s", c.con, c.uses, text)
		}
		got := solutionSet(minizinc(t, "--solver", "satsolve", "-a", "--output-mode", "dzn", model))
		var want []string
		if c.brute {
			brute := filepath.Join(dir, fmt.Sprintf("brute%d.mzn", i))
			os.WriteFile(brute, []byte(bruteModel(c)), 0o644)
			want = solutionSet(minizinc(t, "--solver", referenceID, brute))
		} else {
			want = solutionSet(minizinc(t, "--solver", referenceID, "-a", "--output-mode", "dzn", model))
			for k, s := range got {
				if k == 5 || c.noFix {
					break
				}
				checkByMiniZinc(t, model, strings.ReplaceAll(s, "; ", ";\n")+"\n")
			}
		}
		if len(want) == 0 && c.con != "" {
			t.Logf("%s: no solution", c.con)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s over %s: satsolve %d solutions, reference %d\nsatsolve only: %v\nreference only: %v",
				c.con, c.vars, len(got), len(want), missing(got, want), missing(want, got))
		}
	}
}

// missing returns the first keys of a not in b.
func missing(a, b []string) []string {
	var out []string
	for _, k := range a {
		if _, ok := slices.BinarySearch(b, k); !ok && len(out) < 4 {
			out = append(out, k)
		}
	}
	return out
}
