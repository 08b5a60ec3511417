package fzn

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// readString reads src as a model named "test.fzn".
func readString(src string) (*Model, error) {
	return Read(strings.NewReader(src), Options{File: "test.fzn"})
}

// mustRead reads src and fails the test on an error.
func mustRead(t *testing.T, src string) *Model {
	t.Helper()
	m, err := readString(src)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// varNamed returns the variable called name.
func varNamed(t *testing.T, m *Model, name string) Var {
	t.Helper()
	for _, v := range m.Vars {
		if v.Name == name {
			return v
		}
	}
	t.Fatalf("no variable %s", name)
	return Var{}
}

// TestReadFeatures reads the file that uses every construct and checks
// what each became.
func TestReadFeatures(t *testing.T) {
	m, err := ReadFile("testdata/good/features.fzn", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Predicates) != 2 || m.Predicates[0].Name != "satsolve_all_different" ||
		!slices.Equal(m.Predicates[1].Params, []Param{{"a", "var 1..3"}, {"b", "array [1..2] of var {1, 3}"}, {"s", "set of int"}, {"f", "float"}}) {
		t.Errorf("predicates %+v", m.Predicates)
	}
	y := varNamed(t, m, "y")
	if !slices.Equal(y.Domain, IntSet{{1, 1}, {3, 3}, {5, 7}}) || y.Flags != FlagOutput|FlagDefined {
		t.Errorf("y: %+v", y)
	}
	if z := varNamed(t, m, "z"); z.Domain != nil || z.Type != TypeInt || z.Flags != FlagDefined|FlagIntroduced {
		t.Errorf("z: %+v", z)
	}
	if w := varNamed(t, m, "w"); w.Value != Int(3) || !slices.Equal(w.Domain, IntSet{{-5, 5}}) {
		t.Errorf("w: %+v", w)
	}
	if a := varNamed(t, m, "alias"); a.Value.Kind != KindVar || m.Vars[a.Value.X].Name != "x" {
		t.Errorf("alias: %+v", a)
	}
	if tv := varNamed(t, m, "t"); tv.Type != TypeBool || tv.Value != Bool(true) {
		t.Errorf("t: %+v", tv)
	}
	varNamed(t, m, "'a quoted name'")

	// Outputs in declaration order: x, y, b, the quoted name, xs, grid,
	// bs, empty.
	var outs []string
	for _, o := range m.Output {
		if o.IsArray {
			outs = append(outs, m.ArrayDecls[o.Index].Name)
		} else {
			outs = append(outs, m.Vars[o.Index].Name)
		}
	}
	if want := []string{"x", "y", "b", "'a quoted name'", "xs", "grid", "bs", "empty"}; !slices.Equal(outs, want) {
		t.Errorf("outputs %v, want %v", outs, want)
	}
	for _, d := range m.ArrayDecls {
		switch d.Name {
		case "grid":
			if !slices.Equal(d.Output, []Range{{1, 2}, {0, 1}}) || !d.IsVar {
				t.Errorf("grid: %+v", d)
			}
		case "empty":
			if !slices.Equal(d.Output, []Range{{1, 0}}) || len(m.Arrays[d.Array]) != 0 {
				t.Errorf("empty: %+v", d)
			}
		case "xs":
			if got := m.Arrays[d.Array]; len(got) != 3 || got[2] != Int(4) || !slices.Equal(d.Domain, IntSet{{1, 10}}) {
				t.Errorf("xs: %+v %v", d, got)
			}
		case "X_INTRODUCED_0_":
			if got := m.Arrays[d.Array]; !slices.Equal(got, []Value{Int(1), Int(-1), Int(16)}) || d.IsVar {
				t.Errorf("X_INTRODUCED_0_: %v", got)
			}
		}
	}

	c := m.Constraints
	if len(c) != 7 {
		t.Fatalf("%d constraints", len(c))
	}
	// int_lin_eq(X_INTRODUCED_0_, [x, y, z], k): k = -0o17 substituted.
	if c[0].Name != "int_lin_eq" || c[0].Args[2] != Int(-15) || m.Vars[c[0].Defines-1].Name != "z" || c[0].Pos != (Pos{27, 12}) {
		t.Errorf("constraint 1: %+v", c[0])
	}
	if len(c[1].Anns) != 1 || c[1].Anns[0].Name != "domain" || c[1].Anns[0].Args != nil {
		t.Errorf("constraint 2: %+v", c[1])
	}
	if s := m.Set(c[2].Args[1]); !slices.Equal(s, IntSet{{1, 1}, {3, 3}, {5, 5}, {7, 7}}) {
		t.Errorf("odd = %v", s)
	}
	if s := m.Set(c[3].Args[1]); !slices.Equal(s, IntSet{{1, 9}}) {
		t.Errorf("1..9 = %v", s)
	}
	if got := m.Elems(c[4].Args[1]); c[4].Args[1].Kind != KindArray || len(got) != 0 {
		t.Errorf("bool_clause's empty array: %v", got)
	}
	if s := m.Set(c[5].Args[2]); len(s) != 0 {
		t.Errorf("{} = %v", s)
	}
	if f := c[5].Args[3]; f.Kind != KindFloat || f.Float() != 0.15 {
		t.Errorf("1.5e-1 = %v", f)
	}
	if a := c[5].Anns[0]; a.Name != "mzn_comment" || m.Strings[a.Args[0].X] != "a \"string\"\twith escapes\\" {
		t.Errorf("string annotation %+v", a)
	}
	if c[6].Args[0] != Bool(true) {
		t.Errorf("bool_eq(yes, t): %+v", c[6])
	}

	s := m.Solve
	if s.Method != Minimize || s.Objective.Kind != KindVar || m.Vars[s.Objective.X].Name != "x" || len(s.Anns) != 2 {
		t.Fatalf("solve %+v", s)
	}
	seq := m.Elems(s.Anns[0].Args[0])
	is := m.Anns[seq[0].X]
	if s.Anns[0].Name != "seq_search" || len(seq) != 2 || is.Name != "int_search" || is.Args[0].Kind != KindArray ||
		m.Anns[is.Args[1].X].Name != "first_fail" {
		t.Errorf("search annotation %+v %+v", s.Anns[0], is)
	}
	if r := s.Anns[1]; r.Name != "restart_geometric" || r.Args[0].Float() != 1.5 || r.Args[1] != Int(100) {
		t.Errorf("restart annotation %+v", r)
	}
}

// TestWriteFixedPoint checks that writing what was read and reading it
// again gives the same text, on the features file and on small models.
func TestWriteFixedPoint(t *testing.T) {
	src, err := os.ReadFile("testdata/good/features.fzn")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{string(src), "solve satisfy;", "var bool: b :: output_var;\nsolve maximize 3;\n"} {
		m := mustRead(t, s)
		var w1, w2 bytes.Buffer
		if err := Write(&w1, m); err != nil {
			t.Fatal(err)
		}
		m2, err := readString(w1.String())
		if err != nil {
			t.Fatalf("%v in\n%s", err, w1.String())
		}
		Write(&w2, m2)
		if w1.String() != w2.String() {
			t.Errorf("not a fixed point:\n%s\n---\n%s", w1.String(), w2.String())
		}
	}
}

// TestReadNumbers checks the integer and float literals.
func TestReadNumbers(t *testing.T) {
	for _, c := range []struct {
		src  string
		want Value
	}{
		{"0", Int(0)}, {"-0", Int(0)}, {"42", Int(42)}, {"-42", Int(-42)},
		{"0x1F", Int(31)}, {"-0xff", Int(-255)}, {"0o17", Int(15)}, {"-0o7", Int(-7)},
		{"9223372036854775807", Int(1<<63 - 1)}, {"-9223372036854775808", Int(-1 << 63)},
		{"-0x8000000000000000", Int(-1 << 63)},
		{"1.5", floatValue(1.5)}, {"-2.0", floatValue(-2)}, {"3e2", floatValue(300)}, {"1.5E-1", floatValue(0.15)},
		{"true", Bool(true)}, {"false", Bool(false)},
	} {
		m, err := readString("constraint c(" + c.src + ");\nsolve satisfy;")
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if got := m.Constraints[0].Args[0]; got != c.want {
			t.Errorf("%s read as %+v, want %+v", c.src, got, c.want)
		}
	}
}

// TestReadSets checks set literals and domains: order, repeats, adjacent
// and empty ranges.
func TestReadSets(t *testing.T) {
	for _, c := range []struct {
		src  string
		want IntSet
	}{
		{"{}", IntSet{}}, {"{5}", IntSet{{5, 5}}}, {"{3,1,2}", IntSet{{1, 3}}}, {"{1,1,1}", IntSet{{1, 1}}},
		{"{5,1,3,4}", IntSet{{1, 1}, {3, 5}}}, {"3..2", IntSet{}}, {"-3..3", IntSet{{-3, 3}}},
		{"{9223372036854775807,9223372036854775806}", IntSet{{1<<63 - 2, 1<<63 - 1}}},
		{"{-9223372036854775808,9223372036854775807}", IntSet{{-1 << 63, -1 << 63}, {1<<63 - 1, 1<<63 - 1}}},
	} {
		m, err := readString("var " + c.src + ": x;\nconstraint set_in(x, " + c.src + ");\nsolve satisfy;")
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if got := m.Set(m.Constraints[0].Args[1]); !slices.Equal(got, c.want) {
			t.Errorf("set %s read as %v, want %v", c.src, got, c.want)
		}
		if got := m.Vars[0].Domain; !slices.Equal(got, c.want) || got == nil {
			t.Errorf("domain %s read as %v, want %v", c.src, got, c.want)
		}
	}
}

// TestIntSet checks Contains, Size, Min and Max against the elements.
func TestIntSet(t *testing.T) {
	s := IntSet{{-3, -1}, {2, 2}, {5, 9}}
	var in []int64
	for v := int64(-5); v <= 11; v++ {
		if s.Contains(v) {
			in = append(in, v)
		}
	}
	if want := []int64{-3, -2, -1, 2, 5, 6, 7, 8, 9}; !slices.Equal(in, want) {
		t.Errorf("Contains: %v, want %v", in, want)
	}
	if s.Size() != 9 || s.Min() != -3 || s.Max() != 9 {
		t.Errorf("Size %d Min %d Max %d", s.Size(), s.Min(), s.Max())
	}
	if big := (IntSet{{-1 << 63, 1<<63 - 1}}); big.Size() != 1<<63-1 {
		t.Errorf("Size of all int64 = %d", big.Size())
	}
}

// badCases lists every file of testdata/bad with the class of its error
// and the line it must name.
var badCases = []struct {
	file string
	err  error
	line int
}{
	{"eof-in-array.fzn", ErrSyntax, 1},
	{"eof-in-constraint.fzn", ErrSyntax, 2},
	{"eof-in-annotation.fzn", ErrSyntax, 2},
	{"no-solve.fzn", ErrSyntax, 3},
	{"item-after-solve.fzn", ErrSyntax, 3},
	{"undefined-name.fzn", ErrUndefined, 2},
	{"use-before-declaration.fzn", ErrUndefined, 1},
	{"name-twice.fzn", ErrRedefined, 2},
	{"predicate-twice.fzn", ErrRedefined, 2},
	{"array-length-mismatch.fzn", ErrType, 1},
	{"index-set-from-zero.fzn", ErrSyntax, 1},
	{"index-set-negative.fzn", ErrType, 1},
	{"integer-overflow.fzn", ErrTooLarge, 2},
	{"negative-overflow.fzn", ErrTooLarge, 1},
	{"float-variable.fzn", ErrUnsupported, 2},
	{"float-range-variable.fzn", ErrUnsupported, 1},
	{"set-variable.fzn", ErrUnsupported, 1},
	{"set-variable-array.fzn", ErrUnsupported, 1},
	{"float-objective.fzn", ErrUnsupported, 1},
	{"bool-objective.fzn", ErrType, 2},
	{"stray-character.fzn", ErrSyntax, 2},
	{"nul-byte.fzn", ErrSyntax, 2},
	{"string-not-closed.fzn", ErrSyntax, 2},
	{"string-bad-escape.fzn", ErrSyntax, 1},
	{"letter-in-number.fzn", ErrSyntax, 2},
	{"minus-alone.fzn", ErrSyntax, 2},
	{"hex-without-digits.fzn", ErrSyntax, 1},
	{"exponent-without-digits.fzn", ErrSyntax, 1},
	{"keyword-as-name.fzn", ErrSyntax, 1},
	{"missing-semicolon.fzn", ErrSyntax, 2},
	{"missing-colon.fzn", ErrSyntax, 1},
	{"assign-int-to-bool.fzn", ErrType, 1},
	{"assign-bool-variable-to-int.fzn", ErrType, 2},
	{"parameter-array-holds-variable.fzn", ErrType, 2},
	{"array-where-scalar.fzn", ErrType, 2},
	{"scalar-where-array.fzn", ErrType, 2},
	{"output-array-wrong-size.fzn", ErrType, 2},
	{"output-array-not-range.fzn", ErrType, 2},
	{"output-array-on-variable.fzn", ErrType, 1},
	{"output-var-on-array.fzn", ErrType, 2},
	{"output-array-on-parameter.fzn", ErrType, 1},
	{"annotation-not-a-name.fzn", ErrSyntax, 1},
	{"empty-quoted-name.fzn", ErrSyntax, 1},
	{"quoted-name-not-closed.fzn", ErrSyntax, 1},
	{"domain-as-parameter-type.fzn", ErrSyntax, 2},
	{"float-set.fzn", ErrUnsupported, 1},
	{"solve-without-method.fzn", ErrSyntax, 2},
	{"dotdot-without-bound.fzn", ErrSyntax, 1},
	{"annotation-too-deep.fzn", ErrTooLarge, 2},
}

// TestBadCorpus reads every bad file and checks the class of the error,
// that it is an *Error, and its position.
func TestBadCorpus(t *testing.T) {
	for _, c := range badCases {
		t.Run(c.file, func(t *testing.T) {
			name := filepath.Join("testdata", "bad", c.file)
			_, err := ReadFile(name, Options{})
			var pe *Error
			switch {
			case err == nil:
				t.Fatalf("no error, want %v", c.err)
			case !errors.Is(err, c.err):
				t.Errorf("error %v, want class %v", err, c.err)
			case !errors.As(err, &pe):
				t.Errorf("error %T is not an *Error", err)
			case pe.Line != c.line || pe.Col < 1 || pe.File != name:
				t.Errorf("error %v at %s:%d:%d, want %s:%d", err, pe.File, pe.Line, pe.Col, name, c.line)
			}
		})
	}
}

// TestBadCorpusListed checks that every bad file has its row in badCases.
func TestBadCorpusListed(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join("testdata", "bad"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, c := range badCases {
		listed[c.file] = true
	}
	for _, e := range entries {
		if !listed[e.Name()] {
			t.Errorf("bad/%s has no row in badCases", e.Name())
		}
		delete(listed, e.Name())
	}
	for f := range listed {
		t.Errorf("badCases lists %s, which is not in bad/", f)
	}
}

// TestErrorPositions checks the line and column of a few errors exactly.
func TestErrorPositions(t *testing.T) {
	for _, c := range []struct {
		src       string
		line, col int
	}{
		{"var 1..3: x;\nconstraint int_le(x, y);", 2, 22},
		{"var 1..3: x;\n  var 1..3: x;", 2, 13},
		{"var float: f;", 1, 5},
		{"var 1..3: x\n% a comment\nsolve satisfy;", 3, 1},
		{"constraint c(12a);", 1, 16},
		{"solve satisfy; x", 1, 16},
	} {
		_, err := readString(c.src)
		var pe *Error
		if !errors.As(err, &pe) {
			t.Errorf("%q: error %v", c.src, err)
			continue
		}
		if pe.Line != c.line || pe.Col != c.col {
			t.Errorf("%q: error %v, want line %d col %d", c.src, err, c.line, c.col)
		}
		if !strings.HasPrefix(err.Error(), "test.fzn:") {
			t.Errorf("%q: %v does not name the file", c.src, err)
		}
	}
}

// TestLongToken checks that a name or a number longer than maxToken is an
// error, not a token the scanner keeps growing.
func TestLongToken(t *testing.T) {
	for _, src := range []string{
		"var 1..3: x" + strings.Repeat("y", maxToken+10) + ";\nsolve satisfy;",
		"int: k = " + strings.Repeat("1", maxToken+10) + ";\nsolve satisfy;",
		"solve :: s(\"" + strings.Repeat("s", maxToken+10) + "\") satisfy;",
	} {
		if _, err := readString(src); !errors.Is(err, ErrTooLarge) {
			t.Errorf("a %d-byte token: error %v, want ErrTooLarge", len(src), err)
		}
	}
}
