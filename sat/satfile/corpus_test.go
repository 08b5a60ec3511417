package satfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// badCases lists every file of testdata/dimacs/bad: the lowest strictness
// that must reject it (Tolerant: both modes; Strict: only strict), the
// class of the error and its line, and, for files the tolerant mode
// accepts, the class of the warning it must give first (every defect the
// tolerant mode accepts is reported). Files are read as the format their
// extension names.
var badCases = []struct {
	file   string
	reject Mode
	err    error
	line   int
	warn   error
}{
	// CNF, rejected by both modes.
	{"header-twice.cnf", Tolerant, ErrHeaderTwice, 3, nil},
	{"non-numeric-token.cnf", Tolerant, ErrSyntax, 2, nil},
	{"letter-in-integer.cnf", Tolerant, ErrSyntax, 2, nil},
	{"negative-var-count.cnf", Tolerant, ErrHeader, 1, nil},
	{"header-absurd-vars.cnf", Tolerant, ErrTooLarge, 1, nil},
	{"header-not-cnf.cnf", Tolerant, ErrWrongFormat, 2, nil},
	{"header-unknown-format.cnf", Tolerant, ErrWrongFormat, 1, nil},
	{"header-missing-count.cnf", Tolerant, ErrHeader, 1, nil},
	{"header-trailing-junk.cnf", Tolerant, ErrHeader, 1, nil},
	{"header-no-blank.cnf", Tolerant, ErrHeader, 1, nil},
	{"xor-line.cnf", Tolerant, ErrUnsupported, 2, nil},
	{"qdimacs-quantifier.cnf", Tolerant, ErrUnsupported, 2, nil},
	{"literal-overflow.cnf", Tolerant, ErrTooLarge, 2, nil},
	{"signed-zero.cnf", Tolerant, ErrSyntax, 2, nil},
	{"percent-mid-line.cnf", Tolerant, ErrSyntax, 2, nil},
	{"zstd-input.cnf.zst", Tolerant, ErrUnsupported, 1, nil},
	// CNF, rejected by strict mode only.
	{"literal-out-of-range.cnf", Strict, ErrVarRange, 3, ErrVarRange},
	{"eof-in-clause.cnf", Strict, ErrUnterminated, 3, ErrUnterminated},
	{"count-mismatch.cnf", Strict, ErrCount, 1, ErrCount},
	{"count-too-many.cnf", Strict, ErrCount, 3, ErrCount},
	{"missing-header.cnf", Strict, ErrNoHeader, 2, ErrNoHeader},
	{"header-after-clause.cnf", Strict, ErrNoHeader, 1, ErrNoHeader},
	{"end-marker.cnf", Strict, ErrEndMarker, 3, ErrEndMarker},
	{"trailing-zero.cnf", Strict, ErrCount, 4, ErrTrailingZero},
	{"clause-spans-lines.cnf", Strict, ErrUnterminated, 2, ErrUnterminated},
	{"plus-sign.cnf", Strict, ErrSyntax, 2, ErrSyntax},
	{"uppercase-header.cnf", Strict, ErrHeader, 1, ErrHeader},
	{"inline-comment.cnf", Strict, ErrSyntax, 2, ErrSyntax},
	{"byte-order-mark.cnf", Strict, ErrSyntax, 1, ErrSyntax},
	// OPB.
	{"opb-missing-semicolon.opb", Tolerant, ErrSyntax, 2, nil},
	{"opb-nonlinear.opb", Tolerant, ErrUnsupported, 2, nil},
	{"opb-huge-coefficient.opb", Tolerant, sat.ErrCoefRange, 2, nil},
	{"opb-coefficient-sum.opb", Tolerant, sat.ErrCoefRange, 2, nil},
	{"opb-max-objective.opb", Tolerant, ErrUnsupported, 2, nil},
	{"opb-variable-zero.opb", Tolerant, ErrSyntax, 2, nil},
	{"opb-strict-comparison.opb", Tolerant, ErrSyntax, 2, nil},
	{"opb-missing-coefficient.opb", Tolerant, ErrSyntax, 2, nil},
	{"opb-objective-twice.opb", Tolerant, ErrSyntax, 3, nil},
	{"opb-bad-header.opb", Tolerant, ErrHeader, 1, nil},
	{"opb-eof-in-constraint.opb", Tolerant, ErrSyntax, 2, nil},
	{"opb-dimacs-input.opb", Tolerant, ErrWrongFormat, 1, nil},
	{"opb-missing-header.opb", Strict, ErrNoHeader, 1, ErrNoHeader},
	{"opb-count-mismatch.opb", Strict, ErrCount, 1, ErrCount},
	{"opb-var-out-of-range.opb", Strict, ErrVarRange, 2, ErrVarRange},
	{"opb-objective-late.opb", Strict, ErrSyntax, 3, ErrSyntax},
	// WCNF.
	{"wcnf-zero-weight.wcnf", Tolerant, ErrWeight, 3, nil},
	{"wcnf-bad-weight.wcnf", Tolerant, ErrWeight, 2, nil},
	{"wcnf-negative-weight.wcnf", Tolerant, ErrWeight, 2, nil},
	{"wcnf-weight-sum.wcnf", Tolerant, sat.ErrCoefRange, 3, nil},
	{"wcnf-weight-too-large.wcnf", Tolerant, ErrTooLarge, 2, nil},
	{"wcnf-hard-with-header.wcnf", Tolerant, ErrSyntax, 2, nil},
	{"wcnf-header-after-clauses.wcnf", Tolerant, ErrHeader, 2, nil},
	{"wcnf-not-wcnf.wcnf", Tolerant, ErrWrongFormat, 1, nil},
	{"wcnf-top-zero.wcnf", Tolerant, ErrHeader, 1, nil},
	{"wcnf-count-mismatch.wcnf", Strict, ErrCount, 1, ErrCount},
}

func TestBadCorpus(t *testing.T) {
	for _, c := range badCases {
		t.Run(c.file, func(t *testing.T) {
			name := filepath.Join("bad", c.file)
			for _, mode := range []Mode{Tolerant, Strict} {
				p, err := readCorpus(t, name, mode)
				if mode < c.reject {
					if err != nil {
						t.Fatalf("%v: unexpected error %v", mode, err)
					}
					if got := classes(t, p.Warnings); c.warn == nil || len(got) == 0 || got[0] != c.warn {
						t.Errorf("%v: warnings %v, want one of class %v first", mode, p.Warnings, c.warn)
					}
					continue
				}
				var pe *ParseError
				switch {
				case err == nil:
					t.Fatalf("%v: no error, want %v", mode, c.err)
				case !errors.Is(err, c.err):
					t.Errorf("%v: error %v, want class %v", mode, err, c.err)
				case !errors.As(err, &pe):
					t.Errorf("%v: error %T is not a *ParseError", mode, err)
				case pe.Line != c.line || pe.Col < 1 || pe.File != name:
					t.Errorf("%v: error at %s:%d:%d, want %s:%d", mode, pe.File, pe.Line, pe.Col, name, c.line)
				}
			}
		})
	}
}

// TestBadCorpusListed checks that every bad file has its row in badCases.
func TestBadCorpusListed(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join(corpus, "bad"))
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

// cnf returns the formula over n variables with the given clauses.
func cnf(n int, clauses ...sat.Clause) *sat.Formula {
	return &sat.Formula{NumVars: n, Clauses: clauses}
}

// ab is the formula of most good CNF files: (x1 ∨ ¬x2) ∧ (x2 ∨ x3).
var ab = cnf(3, sat.Clause{1, -2}, sat.Clause{2, 3})

// goodCases lists every file of testdata/dimacs/good with the formula the
// tolerant mode must read, the classes of its warnings, and the error of
// the strict mode (nil: strict reads the same formula without warnings).
var goodCases = []struct {
	file      string
	want      *sat.Formula
	origVars  int
	warns     []error
	strictErr error
}{
	{"percent-trailer.cnf", ab, 3, []error{ErrEndMarker}, ErrEndMarker},
	{"crlf.cnf", ab, 3, nil, nil},
	{"byte-order-mark.cnf", ab, 3, []error{ErrSyntax}, ErrSyntax},
	{"tabs.cnf", ab, 3, nil, nil},
	{"plus-sign.cnf", ab, 3, []error{ErrSyntax}, ErrSyntax},
	{"missing-final-zero.cnf", ab, 3, []error{ErrUnterminated}, ErrUnterminated},
	{"header-count-high.cnf", ab, 3, []error{ErrCount}, ErrCount},
	{"header-count-low.cnf", ab, 3, []error{ErrCount}, ErrCount},
	{"vars-grow.cnf", ab, 3, []error{ErrVarRange}, ErrVarRange},
	{"no-header.cnf", ab, 3, []error{ErrNoHeader}, ErrNoHeader},
	{"header-after-clause.cnf", ab, 3, []error{ErrNoHeader}, ErrNoHeader},
	{"comments-everywhere.cnf", ab, 3, []error{ErrSyntax}, ErrSyntax},
	{"clause-spans-lines.cnf", ab, 3, []error{ErrUnterminated}, ErrUnterminated},
	{"two-clauses-one-line.cnf", ab, 3, nil, nil},
	{"header-extra-blanks.cnf", ab, 3, nil, nil},
	{"uppercase-header.cnf", ab, 3, []error{ErrHeader}, ErrHeader},
	{"comment-looks-like-header.cnf", ab, 3, nil, nil},
	{"empty-clause-mid.cnf", cnf(3, sat.Clause{1, -2}, sat.Clause{}, sat.Clause{2, 3}), 3, nil, nil},
	{"trailing-zero.cnf", cnf(3, sat.Clause{1, -2}, sat.Clause{2, 3}, sat.Clause{}), 3, []error{ErrTrailingZero}, ErrCount},
	// The PRET warning needs both: a lone 0 last, and exactly one clause too many.
	{"trailing-zero-count-off.cnf", cnf(2, sat.Clause{1}, sat.Clause{2}, sat.Clause{}), 2, []error{ErrCount}, ErrCount},
	{"empty-clause-mid-count-off.cnf", cnf(2, sat.Clause{1}, sat.Clause{}, sat.Clause{2}), 2, []error{ErrCount}, ErrCount},
	{"dubois-repair.cnf", cnf(2, sat.Clause{1, 2}, sat.Clause{-1, -2}, sat.Clause{1, -2}, sat.Clause{-1, 2}), 2, []error{ErrUnterminated}, ErrUnterminated},
	// Splitting would give 3 clauses, not the header's 1: no repair.
	{"spans-lines-count-off.cnf", cnf(3, sat.Clause{1, 2, 3}, sat.Clause{-1}), 3, []error{ErrUnterminated, ErrCount}, ErrUnterminated},
	// The line "1 2" is completed by the 0 on the next line; only "-1" lacks its 0.
	{"dubois-zero-on-next-line.cnf", cnf(2, sat.Clause{1, 2}, sat.Clause{-1}, sat.Clause{-2}), 2, []error{ErrUnterminated}, ErrUnterminated},
	{"spans-lines-count-matches.cnf", cnf(3, sat.Clause{1, 2, 3}, sat.Clause{-1, -3}), 3, []error{ErrUnterminated}, ErrUnterminated},
	{"duplicate-literal.cnf", cnf(2, sat.Clause{1, 1, -2}), 2, nil, nil},
	{"empty.cnf", cnf(0), 0, []error{ErrNoHeader}, ErrNoHeader},
	{"wcnf-old-top.wcnf", &sat.Formula{
		NumVars:   4,
		Clauses:   []sat.Clause{{1, 2}, {-2, 3, 4}, {-3}},
		Objective: []sat.Term{{Coef: 3, Lit: 1}, {Coef: 5, Lit: 4}},
	}, 3, nil, nil},
	{"wcnf-old-no-top.wcnf", &sat.Formula{
		NumVars:   3,
		Clauses:   []sat.Clause{{1, 2, 3}},
		Objective: []sat.Term{{Coef: 4, Lit: 3}, {Coef: 1, Lit: 1}},
	}, 2, nil, nil},
	{"wcnf-2022.wcnf", &sat.Formula{
		NumVars:   5,
		Clauses:   []sat.Clause{{1, 2, 3}, {-1, -2, 4}, {-3, 1}, {5}},
		Objective: []sat.Term{{Coef: 2, Lit: 4}, {Coef: 7, Lit: -3}, {Coef: 1, Lit: 5}},
	}, 3, nil, nil},
	{"opb-basic.opb", &sat.Formula{
		NumVars: 3,
		PBs: []sat.PB{
			{Terms: []sat.Term{{Coef: 1, Lit: 1}, {Coef: 1, Lit: 2}}, Op: sat.AtLeast, K: 1},
			{Terms: []sat.Term{{Coef: -1, Lit: 1}, {Coef: 2, Lit: -3}}, Op: sat.AtMost, K: 1},
			{Terms: []sat.Term{{Coef: 1, Lit: 2}, {Coef: 1, Lit: 3}}, Op: sat.Equal, K: 1},
		},
		Objective: []sat.Term{{Coef: 1, Lit: 1}, {Coef: -2, Lit: -2}},
	}, 3, nil, nil},
	{"opb-no-header.opb", &sat.Formula{
		NumVars: 1,
		PBs:     []sat.PB{{Terms: []sat.Term{{Coef: 1, Lit: 1}}, Op: sat.AtLeast, K: 1}},
	}, 1, []error{ErrNoHeader}, ErrNoHeader},
	{"opb-multiline.opb", &sat.Formula{
		NumVars: 2,
		PBs:     []sat.PB{{Terms: []sat.Term{{Coef: 1, Lit: 1}, {Coef: 1, Lit: 2}}, Op: sat.AtLeast, K: 1}},
	}, 2, nil, nil},
	{"opb-header-later.opb", &sat.Formula{
		NumVars: 2,
		PBs:     []sat.PB{{Terms: []sat.Term{{Coef: 1, Lit: 1}, {Coef: -1, Lit: 2}}, Op: sat.AtLeast, K: 0}},
	}, 2, []error{ErrNoHeader}, ErrNoHeader},
}

func TestGoodCorpus(t *testing.T) {
	for _, c := range goodCases {
		t.Run(c.file, func(t *testing.T) {
			name := filepath.Join("good", c.file)
			p, err := readCorpus(t, name, Tolerant)
			if err != nil {
				t.Fatal(err)
			}
			if d := sameFormula(c.want, p.Formula); d != "" {
				t.Errorf("tolerant: %s", d)
			}
			if p.OrigVars != c.origVars || p.Format != formatOf(c.file) {
				t.Errorf("OrigVars %d, Format %v; want %d, %v", p.OrigVars, p.Format, c.origVars, formatOf(c.file))
			}
			if got := classes(t, p.Warnings); !sameErrors(got, c.warns) {
				t.Errorf("warnings %v, want classes %v", p.Warnings, c.warns)
			}
			q, err := readCorpus(t, name, Strict)
			if c.strictErr != nil {
				if !errors.Is(err, c.strictErr) {
					t.Errorf("strict: error %v, want class %v", err, c.strictErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("strict: %v", err)
			}
			if d := sameFormula(c.want, q.Formula); d != "" || len(q.Warnings) > 0 {
				t.Errorf("strict: %s, warnings %v", d, q.Warnings)
			}
		})
	}
}

// TestGoodCorpusListed checks that every good file has its row.
func TestGoodCorpusListed(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join(corpus, "good"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, c := range goodCases {
		listed[c.file] = true
	}
	for _, e := range entries {
		if !listed[e.Name()] {
			t.Errorf("good/%s has no row in goodCases", e.Name())
		}
	}
}
