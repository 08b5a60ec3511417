package satfile

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// corpus is the directory of the test files.
const corpus = "../../testdata/dimacs"

// formatOf returns the format a corpus file is read as, from its name.
func formatOf(name string) Format {
	switch {
	case strings.Contains(name, ".opb"):
		return OPB
	case strings.Contains(name, ".wcnf"):
		return WCNF
	}
	return CNF
}

// readCorpus reads a corpus file in the given mode, as the format its name
// says.
func readCorpus(t testing.TB, name string, mode Mode) (*Problem, error) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(corpus, name))
	if err != nil {
		t.Fatal(err)
	}
	return Read(bytes.NewReader(data), Options{Mode: mode, Format: formatOf(name), File: name})
}

// readString reads text in the given mode and format.
func readString(text string, mode Mode, format Format) (*Problem, error) {
	return Read(strings.NewReader(text), Options{Mode: mode, Format: format})
}

// sameClauses reports how got differs from want, or "" when they are equal.
func sameClauses(got []sat.Clause, want [][]sat.Lit) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%d clauses %v, want %d %v", len(got), got, len(want), want)
	}
	for i := range got {
		if len(got[i]) != len(want[i]) {
			return fmt.Sprintf("clause %d is %v, want %v", i+1, got[i], want[i])
		}
		for j := range got[i] {
			if got[i][j] != want[i][j] {
				return fmt.Sprintf("clause %d is %v, want %v", i+1, got[i], want[i])
			}
		}
	}
	return ""
}

// sameFormula reports how g, read by the reader, differs from f, or ""
// when they are equal (nil and empty slices are equal, except that a nil
// objective differs from an empty one). The reader keeps a unit clause
// once (repeatedUnit), so f's repeated units are left out of the
// comparison.
func sameFormula(f, g *sat.Formula) string {
	if f.NumVars != g.NumVars {
		return fmt.Sprintf("NumVars %d, want %d", g.NumVars, f.NumVars)
	}
	var want [][]sat.Lit
	units := map[sat.Lit]bool{}
	for _, c := range f.Clauses {
		if len(c) == 1 {
			if units[c[0]] {
				continue
			}
			units[c[0]] = true
		}
		want = append(want, c)
	}
	if d := sameClauses(g.Clauses, want); d != "" {
		return d
	}
	if len(f.PBs) != len(g.PBs) {
		return fmt.Sprintf("%d constraints, want %d", len(g.PBs), len(f.PBs))
	}
	for i := range f.PBs {
		if a, b := f.PBs[i].String(), g.PBs[i].String(); a != b {
			return fmt.Sprintf("constraint %d is %s, want %s", i+1, b, a)
		}
	}
	if (f.Objective == nil) != (g.Objective == nil) {
		return fmt.Sprintf("objective %v, want %v", g.Objective, f.Objective)
	}
	if a, b := fmt.Sprint(f.Objective), fmt.Sprint(g.Objective); a != b {
		return fmt.Sprintf("objective %s, want %s", b, a)
	}
	return ""
}

// classes returns the sentinel class of each warning, checking that every
// warning is positioned.
func classes(t testing.TB, ws []*ParseError) []error {
	t.Helper()
	sentinels := []error{ErrSyntax, ErrHeader, ErrHeaderTwice, ErrNoHeader, ErrWrongFormat, ErrUnsupported,
		ErrTooLarge, ErrCount, ErrVarRange, ErrUnterminated, ErrTrailingZero, ErrEndMarker, ErrWeight}
	var out []error
	for _, w := range ws {
		if w.Line < 1 || w.Col < 1 {
			t.Errorf("warning without a position: %v", w)
		}
		var class error
		for _, s := range sentinels {
			if errors.Is(w, s) {
				class = s
			}
		}
		if class == nil {
			t.Errorf("warning of no known class: %v", w)
		}
		out = append(out, class)
	}
	return out
}

// sameErrors reports whether the two lists hold the same errors in order.
func sameErrors(a, b []error) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
