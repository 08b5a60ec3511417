package fzn

import (
	"encoding/json"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cp"
)

// declaration matches a predicate declared without a body (a native one):
// "predicate name(params);".
var declaration = regexp.MustCompile(`(?m)^predicate\s+(\w+)\s*\(([^;=]*)\)\s*;`)

// TestLibraryNatives checks every predicate the library declares native
// against the translation's table: MiniZinc will emit it, so satsolve
// must post it.
func TestLibraryNatives(t *testing.T) {
	lib := Library()
	files, err := fs.Glob(lib, "*.mzn")
	if err != nil || len(files) == 0 {
		t.Fatalf("library files %v, %v", files, err)
	}
	n := 0
	for _, f := range files {
		data, err := fs.ReadFile(lib, f)
		if err != nil {
			t.Fatal(err)
		}
		if f == "redefinitions.mzn" && !strings.Contains(string(data), `include "nosets.mzn";`) {
			t.Errorf("redefinitions.mzn does not include nosets.mzn")
		}
		for _, m := range declaration.FindAllStringSubmatch(string(data), -1) {
			name, params := m[1], topLevel(m[2])
			if strings.HasPrefix(name, "array_float_") {
				continue // declared to keep float models whole; refused at reading
			}
			arity := strings.Count(params, ",") + 1
			b, _ := lookup(name, arity)
			switch {
			case b == nil:
				t.Errorf("%s: %s/%d has no builtin", f, name, arity)
			case b.post == nil:
				t.Errorf("%s: %s/%d is declared native but is not supported", f, name, arity)
			}
			n++
		}
	}
	if n == 0 {
		t.Error("the library declares no native predicate")
	}
}

// TestLibraryGlobals checks the library's fzn_*.mzn files against cp's
// table of native globals: one file per native, its text what the table
// says (cp.Native.Library), and no other.
func TestLibraryGlobals(t *testing.T) {
	lib := Library()
	files, err := fs.Glob(lib, "fzn_*.mzn")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, n := range cp.Natives() {
		want[n.Global+".mzn"] = n.Library()
	}
	for _, f := range files {
		data, _ := fs.ReadFile(lib, f)
		w, ok := want[f]
		switch {
		case !ok:
			t.Errorf("mznlib/%s is no native of cp.Natives", f)
		case string(data) != w:
			t.Errorf("mznlib/%s differs from cp.Natives:\n%s\nwant\n%s", f, data, w)
		}
		delete(want, f)
	}
	for f := range want {
		t.Errorf("mznlib/%s is missing (a native of cp.Natives)", f)
	}
}

// TestSolverConfig checks the .msc: the keys MiniZinc 2.6 requires, the
// ones it refuses left out.
func TestSolverConfig(t *testing.T) {
	b := SolverConfig([]string{"/usr/bin/satsolve", "fzn"}, "satsolve", "1.0", []ExtraFlag{{"--int-encoding", "integer encoding", "opt:auto:order", "auto"}})
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"id", "name", "version", "executable", "mznlib", "stdFlags", "supportsFzn"} {
		if _, ok := m[k]; !ok {
			t.Errorf("no %s in %s", k, b)
		}
	}
	if _, ok := m["inputType"]; ok {
		t.Errorf("inputType, which MiniZinc 2.6 refuses, in %s", b)
	}
	if m["id"] != SolverID || m["supportsFzn"] != true || !slices.Equal(anyStrings(m["executable"]), []string{"/usr/bin/satsolve", "fzn"}) {
		t.Errorf("config %s", b)
	}
	if x := m["extraFlags"].([]any)[0]; !slices.Equal(anyStrings(x), []string{"--int-encoding", "integer encoding", "opt:auto:order", "auto"}) {
		t.Errorf("extraFlags %v", x)
	}
}

func anyStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}
