package proof

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// readmeCNF and readmeDRAT are the example of drat-trim's README: the
// first lemma is RAT, not RUP.
const (
	readmeCNF  = "p cnf 4 8\n1 2 -3 0\n-1 -2 3 0\n2 3 -4 0\n-2 -3 4 0\n-1 -3 -4 0\n1 3 4 0\n-1 2 4 0\n1 -2 -4 0\n"
	readmeDRAT = "-1 0\nd -1 2 4 0\n2 0\n0\n"
)

// Hand-made proofs with the outcome each must have: verified (step 0,
// no message) or failing at step with a message containing msg.
var dratCases = []struct {
	name, cnf, proof string
	step             int    // failing step (0: verified, or the end when msg is set)
	msg              string // part of the error message
	check            func(t *testing.T, r Result)
}{
	{name: "drat-trim README (RAT)", cnf: readmeCNF, proof: readmeDRAT,
		check: func(t *testing.T, r Result) {
			if r.RAT != 1 || r.Checked != 2 || r.Deletions != 1 {
				t.Errorf("RAT %d, checked %d, deletions %d; want 1, 2, 1", r.RAT, r.Checked, r.Deletions)
			}
		}},
	{name: "README, RAT lemma dropped", cnf: readmeCNF, proof: "d -1 2 4 0\n2 0\n0\n",
		step: 3, msg: "the empty clause does not follow"},
	{name: "all four clauses over two variables", cnf: "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n", proof: "2 0\n0\n"},
	{name: "the needed clause deleted first", cnf: "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n", proof: "d -1 2 0\n2 0\n0\n",
		step: 2, msg: "lemma 2 0 is neither RUP nor RAT"},
	{name: "an invalid lemma that is needed", cnf: "p cnf 3 3\n1 2 0\n-1 2 0\n1 -2 3 0\n", proof: "-2 0\n0\n",
		step: 1, msg: "lemma -2 0"},
	{name: "an invalid lemma that is not needed", cnf: "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n", proof: "c -3 is not implied\n3 4 0\n-3 0\n2 0\n0\n",
		check: func(t *testing.T, r Result) {
			if r.Checked != 1 {
				t.Errorf("checked %d lemmas, want 1 (only the needed one)", r.Checked)
			}
		}},
	{name: "empty clause without a conflict", cnf: "p cnf 3 2\n1 2 0\n-1 3 0\n", proof: "2 0\n0\n",
		step: 2, msg: "the empty clause does not follow"},
	{name: "no empty clause", cnf: "p cnf 3 2\n1 2 0\n-1 3 0\n", proof: "2 0\n",
		step: 0, msg: "without refuting"},
	{name: "empty proof of a satisfiable formula", cnf: "p cnf 1 1\n1 0\n", proof: "",
		step: 0, msg: "without refuting"},
	{name: "formula refuted by unit propagation", cnf: "p cnf 2 3\n1 0\n-1 2 0\n-2 0\n", proof: ""},
	{name: "formula with the empty clause", cnf: "p cnf 1 2\n1 0\n0\n", proof: "1 0\n"},
	{name: "unit deletion ignored", cnf: "p cnf 3 5\n1 0\n-1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n", proof: "d 1 0\n2 0\n0\n",
		check: func(t *testing.T, r Result) {
			if r.IgnoredDeletions != 1 {
				t.Errorf("%d ignored deletions, want 1", r.IgnoredDeletions)
			}
		}},
	{name: "deletion of a missing clause", cnf: "p cnf 3 5\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n3 1 2 0\n", proof: "d 1 2 1 3 0\nd 3 4 0\n2 0\n0\n",
		check: func(t *testing.T, r Result) {
			// "d 1 2 1 3 0" deletes clause 3 1 2 (duplicates do not
			// matter); "d 3 4 0" names no clause.
			if r.MissingDeletions != 1 || r.IgnoredDeletions != 0 || r.Deletions != 2 {
				t.Errorf("missing %d, ignored %d of %d; want 1, 0 of 2", r.MissingDeletions, r.IgnoredDeletions, r.Deletions)
			}
		}},
	{name: "tautology and new variables", cnf: "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n", proof: "1 -1 0\n7 1 0\n2000000000 -2 0\n2 0\n0\n"},
	{name: "lemmas after the refutation are not read", cnf: "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n", proof: "2 0\n0\n5 x garbage\n"},
	{name: "a needed lemma after a needed unit", cnf: "p cnf 3 5\n1 2 0\n-1 2 0\n1 -2 3 0\n1 -2 -3 0\n-1 -2 0\n", proof: "2 0\n1 0\n0\n"},
}

func TestCheckDRATCases(t *testing.T) {
	for _, tc := range dratCases {
		t.Run(tc.name, func(t *testing.T) {
			f := parseCNF(t, tc.cnf)
			for _, binary := range []bool{false, true} {
				data := []byte(tc.proof)
				if binary {
					if strings.Contains(tc.proof, "garbage") {
						continue
					}
					data = toBinary(t, data)
				}
				r, err := CheckDRAT(f, bytes.NewReader(data), Options{File: "p"})
				if tc.msg == "" {
					if err != nil {
						t.Fatalf("binary %v: %v", binary, err)
					}
				} else {
					var se *StepError
					if !errors.As(err, &se) {
						t.Fatalf("binary %v: error %v, want a StepError", binary, err)
					}
					if se.Step != tc.step || !strings.Contains(se.Msg, tc.msg) {
						t.Fatalf("binary %v: %v; want step %d and %q", binary, err, tc.step, tc.msg)
					}
					if !binary && tc.step > 0 && !strings.HasPrefix(err.Error(), "p:") {
						t.Fatalf("message %q does not start with FILE:LINE", err)
					}
				}
				if len(data) > 0 && r.Additions+r.Deletions > 0 && binary != r.Binary {
					t.Errorf("Binary = %v", r.Binary)
				}
				if tc.check != nil {
					tc.check(t, r)
				}
				if !binary && !strings.Contains(tc.proof, "garbage") {
					agreeWithReference(t, refDRAT(f, readSteps(t, data)), err, nil)
				}
			}
		})
	}
}

// toBinary rewrites a text DRAT proof as binary DRAT.
func toBinary(t testing.TB, text []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	w := NewBinaryDRATWriter(&b)
	for _, st := range readSteps(t, text) {
		if st.Delete {
			w.Deleted(0, st.Lits)
		} else {
			w.Derived(0, st.Lits, nil)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestCheckDRATPosition checks the positions of failures: the line of a
// text step, the byte offset of a binary one.
func TestCheckDRATPosition(t *testing.T) {
	f := parseCNF(t, "p cnf 3 3\n1 2 0\n-1 2 0\n1 -2 3 0\n")
	_, err := CheckDRAT(f, strings.NewReader("c a comment\n\n  -2\n 0\n0\n"), Options{File: "x.drat"})
	if err == nil || err.Error() != "x.drat:3: step 1: lemma -2 0 is neither RUP nor RAT on its first literal" {
		t.Errorf("text: %v", err)
	}
	// binary: 'a' 0x02 0x00 (lemma 1), then 'a' 0x05 0x00 (lemma -2) at byte 3
	_, err = CheckDRAT(f, bytes.NewReader([]byte{'a', 2, 0, 'a', 5, 0, 'a', 0}), Options{File: "x.drat"})
	if err == nil || !strings.HasPrefix(err.Error(), "x.drat: byte 3: step 2: lemma -2 0") {
		t.Errorf("binary: %v", err)
	}
}

// TestCheckDRATCadical checks CaDiCaL's proofs of the UNSAT test
// instances, text and binary, and the LRAT proof the DRAT checker writes
// for each, with the LRAT checker and with the reference LRAT checker.
func TestCheckDRATCadical(t *testing.T) {
	for _, fx := range cadicalFixtures(t) {
		t.Run(fx.name, func(t *testing.T) {
			f := readCNF(t, fx.cnf)
			data := readFile(t, fx.proof)
			var lrat bytes.Buffer
			r, err := CheckDRAT(f, bytes.NewReader(data), Options{File: fx.proof, LRAT: &lrat})
			if err != nil {
				t.Fatal(err)
			}
			if r.Checked == 0 || r.Checked > r.Additions {
				t.Errorf("checked %d of %d lemmas", r.Checked, r.Additions)
			}
			other := toBinary(t, data)
			if r.Binary {
				other = dratText(readSteps(t, data))
			}
			r2, err := CheckDRAT(f, bytes.NewReader(other), Options{})
			if err != nil || r2.Binary == r.Binary || r2.Checked != r.Checked {
				t.Errorf("other encoding: %v, binary %v, checked %d (want %d)", err, r2.Binary, r2.Checked, r.Checked)
			}
			lr, err := CheckLRAT(f, bytes.NewReader(lrat.Bytes()), Options{File: "exported.lrat"})
			if err != nil {
				t.Fatalf("exported LRAT: %v", err)
			}
			if lr.Checked != r.Checked+1 { // plus the empty clause
				t.Errorf("LRAT checked %d lemmas, DRAT %d", lr.Checked, r.Checked)
			}
			if n := refLRAT(f, readLRATSteps(t, lrat.Bytes())); n != 0 {
				t.Errorf("reference LRAT checker: step %d fails", n)
			}
		})
	}
}

// agreeWithReference checks the DRAT checker's verdict err on a proof
// against the reference checker: a named step must be invalid by the
// definition; "no refutation" must be the reference's verdict too; and a
// proof whose every lemma (up to the refutation) is valid must verify.
//
// checked, when not nil, lists the step numbers of the lemmas the checker
// checked: on a verified proof each must be valid by the reference (the
// checker's claim that the refutation needs only valid lemmas).
func agreeWithReference(t *testing.T, ref refDRATResult, err error, checked []int) {
	t.Helper()
	if err == nil {
		for _, n := range checked {
			if !ref.valid[n] {
				t.Errorf("verified, but the checked lemma of step %d is invalid by the reference", n)
			}
		}
	}
	allValid := ref.allValid()
	var se *StepError
	switch {
	case err == nil:
		if !ref.refuted {
			t.Errorf("verified, but the reference finds no refutation")
		}
	case !errors.As(err, &se):
		t.Errorf("unexpected error %v", err)
	case se.Step == 0:
		if ref.refuted {
			t.Errorf("%v, but the reference refutes the formula after step %d", err, ref.stop)
		}
	default:
		if valid, ok := ref.valid[se.Step]; !ok || valid {
			t.Errorf("%v, but the reference finds step %d valid (checked: %v)", err, se.Step, ok)
		}
	}
	if allValid && err != nil {
		t.Errorf("%v, but every lemma is valid by the reference", err)
	}
}

// TestCheckCancel checks that both checkers stop when their context is
// done, and report progress.
func TestCheckCancel(t *testing.T) {
	f := readCNF(t, "../../testdata/cnf/hole/hole6.cnf")
	data := readFile(t, "testdata/cadical/hole6.drat")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := CheckDRAT(f, bytes.NewReader(data), Options{Context: ctx}); !errors.Is(err, context.Canceled) {
		t.Errorf("DRAT: %v", err)
	}
	var lrat bytes.Buffer
	if _, err := CheckDRAT(f, bytes.NewReader(data), Options{LRAT: &lrat}); err != nil {
		t.Fatal(err)
	}
	if _, err := CheckLRAT(f, bytes.NewReader(lrat.Bytes()), Options{Context: ctx}); !errors.Is(err, context.Canceled) {
		t.Errorf("LRAT: %v", err)
	}
	// Progress: forward then backward, steps growing.
	var seen []Progress
	big := bytes.Repeat([]byte("c\n3 4 5 0\nd 3 4 5 0\n"), progressEvery)
	big = append(big, data...)
	if _, err := CheckDRAT(f, bytes.NewReader(big), Options{Progress: func(p Progress) { seen = append(seen, p) }}); err != nil {
		t.Fatal(err)
	}
	if len(seen) < 2 || seen[0].Phase != "forward" || seen[0].Steps != progressEvery {
		t.Errorf("progress %+v", seen)
	}
}
