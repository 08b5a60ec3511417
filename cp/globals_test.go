package cp

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/encode"
)

// intVars returns one variable per domain.
func intVars(m *Model, ds ...Domain) []IntVar {
	xs := make([]IntVar, len(ds))
	for i, d := range ds {
		xs[i] = m.NewIntIn(d, fmt.Sprint("x", i))
	}
	return xs
}

func TestGlobals(t *testing.T) {
	r03, r13 := encode.RangeDomain(0, 3), encode.RangeDomain(1, 3)
	holed := encode.DomainOf(1, 3, 4)
	cases := map[string]func(m *Model){
		"all_different": func(m *Model) { m.AllDifferent(intVars(m, r03, r13, holed, encode.DomainOf(3))...) },
		"all_different_perm": func(m *Model) {
			m.AllDifferent(intVars(m, r13, r13, r13)...)
		},
		"table": func(m *Model) {
			m.Table(intVars(m, r03, holed), [][]int64{{0, 1}, {1, 3}, {2, 2}, {3, 4}, {3, 4}, {5, 1}})
		},
		"table_empty": func(m *Model) { m.Table(intVars(m, r03), nil) },
		"regular": func(m *Model) {
			// Words over {1, 2} with no two 2s in a row, ending in 1.
			d := &encode.DFA{States: 2, Symbols: 2, Next: [][]int{{0, 1}, {0, -1}}, Start: 0, Accept: []int{0}}
			m.Regular(intVars(m, r03, r13, encode.DomainOf(2), r03), d, 1)
		},
		"circuit": func(m *Model) { m.Circuit(intVars(m, r13, r13, r03, holed), 1) },
		"subcircuit": func(m *Model) {
			m.Subcircuit(intVars(m, encode.RangeDomain(0, 3), encode.RangeDomain(0, 3), encode.RangeDomain(0, 2), encode.DomainOf(0, 3)), 0)
		},
		"inverse": func(m *Model) {
			m.Inverse(intVars(m, r13, r13, holed), 1, intVars(m, r03, r13, r13), 1)
		},
		"global_cardinality": func(m *Model) {
			m.GlobalCardinality(intVars(m, r03, holed, r13), []int64{1, 3}, intVars(m, r03, encode.RangeDomain(1, 2)), false)
		},
		"global_cardinality_closed": func(m *Model) {
			m.GlobalCardinality(intVars(m, r03, holed, r13), []int64{1, 3}, intVars(m, r03, encode.RangeDomain(1, 2)), true)
		},
		"global_cardinality_low_up": func(m *Model) {
			m.GlobalCardinalityBounds(intVars(m, r03, holed, r13, r03), []int64{1, 3, 0}, []int64{1, 0, 0}, []int64{2, 1, 1}, false)
		},
		"global_cardinality_low_up_closed": func(m *Model) {
			m.GlobalCardinalityBounds(intVars(m, r03, holed, r13, r03), []int64{1, 3, 0}, []int64{1, 0, 0}, []int64{2, 1, 1}, true)
		},
		"lex_lesseq": func(m *Model) {
			xs := intVars(m, r03, holed, r13, encode.RangeDomain(-1, 1), r13)
			m.LexLesseq(xs[:2], xs[2:])
		},
		"lex_less": func(m *Model) {
			xs := intVars(m, r03, holed, r13, holed)
			m.LexLess(xs[:2], xs[2:])
		},
	}
	for name, mk := range cases {
		for _, r := range reifModes[:2] {
			m := NewModel()
			mk(m)
			r.on(m, Constraint{m, len(m.cons) - 1})
			agree(t, m, name+" "+r.name)
		}
	}
}

// TestGlobalsRefuseFullReification: a global has no negation.
func TestGlobalsRefuseFullReification(t *testing.T) {
	m := NewModel()
	m.AllDifferent(intVars(m, encode.RangeDomain(0, 1), encode.RangeDomain(0, 1))...).Iff(m.NewBool("b"))
	if m.Err() == nil || !strings.Contains(m.Err().Error(), "cannot be fully reified") {
		t.Fatalf("Err = %v", m.Err())
	}
}

// TestNativesPost posts every native through its table entry and checks
// the arguments are refused when they do not match the parameters.
func TestNativesPost(t *testing.T) {
	for _, n := range Natives() {
		m := NewModel()
		var args []any
		for _, p := range n.Params {
			switch p.Type {
			case ParInt:
				args = append(args, int64(1))
			case ParIntSet:
				args = append(args, encode.DomainOf(1))
			case ParIntArray:
				args = append(args, []int64{1, 2})
			case ParVarIntArray:
				args = append(args, intVars(m, encode.RangeDomain(1, 2), encode.RangeDomain(1, 2)))
			default:
				t.Fatalf("%s: parameter type %v in no test", n.Predicate, p.Type)
			}
		}
		if n.Predicate == "satsolve_regular" {
			args[3] = []int64{1}
		}
		if n.Post(m, args).m == nil || m.Err() != nil {
			t.Errorf("%s: Post failed: %v", n.Predicate, m.Err())
		}
		m = NewModel()
		if c := n.Post(m, append(args[:len(args)-1:len(args)-1], "bad")); c.m != nil || m.Err() == nil {
			t.Errorf("%s: a string argument accepted", n.Predicate)
		}
		if !strings.HasPrefix(n.Predicate, "satsolve_") || !strings.HasPrefix(n.Global, "fzn_") {
			t.Errorf("%s / %s: names off the convention", n.Predicate, n.Global)
		}
		if got, ok := LookupNative(n.Predicate); !ok || got.Global != n.Global {
			t.Errorf("LookupNative(%s) = %v %v", n.Predicate, got.Global, ok)
		}
	}
}

// TestNativeRegularTranslation posts MiniZinc's automaton through the
// table: states from 1, 0 the failing state.
func TestNativeRegularTranslation(t *testing.T) {
	n, _ := LookupNative("satsolve_regular")
	m := NewModel()
	xs := intVars(m, encode.RangeDomain(1, 2), encode.RangeDomain(1, 2), encode.RangeDomain(1, 2))
	// Two states: 1 after a 1 (start, accepting), 2 after a 2; 2 then 2 fails.
	n.Post(m, []any{xs, int64(2), int64(2), []int64{1, 2, 1, 0}, int64(1), encode.DomainOf(1, 2)})
	got := engine(t, m, Options{})
	if len(got) != 5 { // 111 112 121 211 212
		t.Fatalf("%d words, want 5: %v", len(got), got)
	}
}

// TestNativesLibraryCompiles writes every native's library file and
// compiles a model of each global with MiniZinc, checking that the
// FlatZinc calls the satsolve_ predicate.
func TestNativesLibraryCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no MiniZinc run")
	}
	if _, err := exec.LookPath("minizinc"); err != nil {
		t.Skip("minizinc is not installed (scripts/install-tools.sh)")
	}
	dir := t.TempDir()
	lib := filepath.Join(dir, "lib")
	if err := os.Mkdir(lib, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range Natives() {
		if err := os.WriteFile(filepath.Join(lib, n.Global+".mzn"), []byte(n.Library()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	msc := filepath.Join(dir, "t.msc")
	conf := fmt.Sprintf(`{"id":"org.satsolve.cptest","name":"cptest","version":"0","mznlib":%q,"executable":"/bin/true","supportsFzn":true}`, lib)
	if err := os.WriteFile(msc, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	models := map[string]string{
		"satsolve_all_different_int":                "array[1..3] of var 1..3: x; constraint all_different(x);",
		"satsolve_table_int":                        "array[1..2] of var 1..3: x; constraint table(x, [|1,2|2,3|]);",
		"satsolve_regular":                          "array[1..3] of var 1..2: x; constraint regular(x, 2, 2, [|1,2|1,0|], 1, {1});",
		"satsolve_circuit":                          "array[1..4] of var 1..4: x; constraint circuit(x);",
		"satsolve_subcircuit":                       "array[1..4] of var 1..4: x; constraint subcircuit(x);",
		"satsolve_inverse":                          "array[1..3] of var 1..3: f; array[1..3] of var 1..3: g; constraint inverse(f, g);",
		"satsolve_global_cardinality":               "array[1..3] of var 1..3: x; array[1..2] of var 0..3: c; constraint global_cardinality(x, [1,2], c);",
		"satsolve_global_cardinality_closed":        "array[1..3] of var 1..3: x; array[1..2] of var 0..3: c; constraint global_cardinality_closed(x, [1,2], c);",
		"satsolve_global_cardinality_low_up":        "array[1..3] of var 1..3: x; constraint global_cardinality_low_up(x, [1,2], [0,1], [2,2]);",
		"satsolve_global_cardinality_low_up_closed": "array[1..3] of var 1..3: x; constraint global_cardinality_low_up_closed(x, [1,2], [0,1], [2,2]);",
		"satsolve_lex_lesseq_int":                   "array[1..3] of var 1..3: x; array[1..3] of var 1..3: y; constraint lex_lesseq(x, y);",
		"satsolve_lex_less_int":                     "array[1..3] of var 1..3: x; array[1..3] of var 1..3: y; constraint lex_less(x, y);",
	}
	for _, n := range Natives() {
		body, ok := models[n.Predicate]
		if !ok {
			t.Errorf("%s: no model in this test", n.Predicate)
			continue
		}
		mzn := filepath.Join(dir, n.Predicate+".mzn")
		if err := os.WriteFile(mzn, []byte("include \"globals.mzn\";\n"+body+"\nsolve satisfy;\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		fzn := filepath.Join(dir, n.Predicate+".fzn")
		out, err := exec.Command("minizinc", "-c", "--solver", msc, mzn, "-o", fzn).CombinedOutput()
		if err != nil {
			t.Errorf("%s: minizinc: %v\n%s", n.Predicate, err, out)
			continue
		}
		text, err := os.ReadFile(fzn)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(text), "constraint "+n.Predicate+"(") {
			t.Errorf("%s: the FlatZinc does not call it:\n%s", n.Predicate, text)
		}
		if strings.Contains(string(out), "Warning") {
			t.Errorf("%s: minizinc warns:\n%s", n.Predicate, out)
		}
	}
}
