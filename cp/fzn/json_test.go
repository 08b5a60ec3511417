package fzn

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cp"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
)

// writeString returns m written as FlatZinc text.
func writeString(t *testing.T, m *Model) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestReadJSON reads features.json and its text twin: both must write
// the same FlatZinc.
func TestReadJSON(t *testing.T) {
	j, err := ReadFile("testdata/good/features.json", Options{})
	if err != nil {
		t.Fatal(err)
	}
	txt, err := ReadFile("testdata/good/features-json.fzn", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a, b := writeString(t, j), writeString(t, txt); a != b {
		t.Errorf("JSON reads as\n%s\ntext as\n%s", a, b)
	}
	var outs []string
	for _, o := range j.Output {
		if o.IsArray {
			outs = append(outs, j.ArrayDecls[o.Index].Name)
		} else {
			outs = append(outs, j.Vars[o.Index].Name)
		}
	}
	if strings.Join(outs, ",") != "x,b,xs,bs" {
		t.Errorf("outputs %v", outs)
	}
}

// TestReadJSONCakes reads the cake model of the FlatZinc specification's
// JSON section and solves it: the optimum is 1700 (2 banana and 2
// chocolate cakes).
func TestReadJSONCakes(t *testing.T) {
	m, err := ReadFile("testdata/good/cakes.json", Options{})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Translate(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	res, err := cp.Solve(context.Background(), tr.Model, cdcl.New(), cp.Options{})
	if err != nil || res.Status != sat.Sat || !res.Complete || res.Objective != 1700 {
		t.Fatalf("%+v %v", res, err)
	}
	if err := m.Check(tr.Value(res.Solution)); err != nil {
		t.Error(err)
	}
	var b strings.Builder
	m.WriteSolution(&b, tr.Value(res.Solution))
	if b.String() != "b = 2;\nc = 2;\n----------\n" {
		t.Errorf("solution %q", b.String())
	}
}

// TestReadJSONErrors reads defective documents: each error is a
// positioned *Error of its class.
func TestReadJSONErrors(t *testing.T) {
	const ok = `"output": [], "solve": {"method": "satisfy"}, "version": "1.0"`
	for _, c := range []struct {
		src  string
		err  error
		line int
	}{
		{`[1, 2]`, ErrSyntax, 1},
		{`{"variables": {"x": {"type": "int"}}, "arrays": {}, "constraints": [], "output": []}`, ErrSyntax, 1},
		{"{\"variables\": {\n\"f\": {\"type\": \"float\"}}, \"arrays\": {}, \"constraints\": [], " + ok + "}", ErrUnsupported, 2},
		{`{"variables": {"s": {"type": "set of int"}}, "arrays": {}, "constraints": [], ` + ok + "}", ErrUnsupported, 1},
		{"{\"variables\": {}, \"arrays\": {},\n\"constraints\": [{\"id\": \"int_le\", \"args\": [\"x\", 1]}], " + ok + "}", ErrUndefined, 2},
		{`{"variables": {"a": {"type": "int", "rhs": "b"}, "b": {"type": "int", "rhs": "a"}}, "arrays": {}, "constraints": [], ` + ok + "}", ErrType, 1},
		{`{"variables": {"x": {"type": "bool", "rhs": 3}}, "arrays": {}, "constraints": [], ` + ok + "}", ErrType, 1},
		{`{"variables": {"x": {"type": "int", "domain": [[1, 2, 3]]}}, "arrays": {}, "constraints": [], ` + ok + "}", ErrSyntax, 1},
		{`{"variables": {}, "arrays": {}, "constraints": [], "output": [], "solve": {"method": "best"}}`, ErrSyntax, 1},
		{`{"variables": {}, "arrays": {}, "constraints": [], "output": ["nothing"], "solve": {"method": "satisfy"}}`, ErrUndefined, 1},
		{`{"variables": {}, "arrays": {}, "constraints": [{"id": "c", "args": [1e999]}], ` + ok + "}", ErrTooLarge, 1},
		{`{"variables": {"x": {"type": "int"}}, "arrays": {}, "constraints": [], "output": [], "solve": {"method": "minimize", "objective": 1.5}}`, ErrUnsupported, 1},
		{`{"variables": {`, ErrSyntax, 1},
		{`{"variables": {"x": {"type": "int", "domain": [[1, 1], [3, 1000000000000]]}}, "arrays": {}, "constraints": [], ` + ok + "}", ErrTooLarge, 1},
	} {
		_, err := ReadJSON(strings.NewReader(c.src), Options{File: "j.json"})
		var pe *Error
		switch {
		case !errors.Is(err, c.err):
			t.Errorf("%.60s: error %v, want %v", c.src, err, c.err)
		case !errors.As(err, &pe) || pe.Line != c.line || pe.Col < 1 || pe.File != "j.json":
			t.Errorf("%.60s: error %v, want an *Error at line %d", c.src, err, c.line)
		}
	}
}

// FuzzReadJSON reads arbitrary documents: no panic, positioned errors,
// and a model read writes to FlatZinc text that reads back to the same
// text.
func FuzzReadJSON(f *testing.F) {
	for _, n := range []string{"testdata/good/cakes.json", "testdata/good/features.json"} {
		data, err := os.ReadFile(n)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"variables": {"x": {"type": "int", "rhs": "y"}, "y": {"type": "int"}}, "arrays": {}, "constraints": [], "output": ["x"], "solve": {"method": "satisfy"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ReadJSON(bytes.NewReader(data), Options{File: "fuzz"})
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 || pe.File != "fuzz" {
				t.Fatalf("error %v is not a positioned *Error", err)
			}
			return
		}
		w1 := writeString(t, m)
		m2, err := Read(strings.NewReader(w1), Options{File: "written"})
		if err != nil {
			t.Fatalf("the written model does not read back: %v\n%s", err, w1)
		}
		if w2 := writeString(t, m2); w1 != w2 {
			t.Fatalf("written twice, the texts differ:\n%s\n---\n%s", w1, w2)
		}
	})
}
