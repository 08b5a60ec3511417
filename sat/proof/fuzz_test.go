package proof

// Fuzz targets for the readers and the checkers: no panic, bounded memory,
// and answers that agree with the reference checkers on small inputs.
// Each runs its seed corpus in every `go test`; to fuzz, one at a time:
//
//	go test -run '^$' -fuzz FuzzDRATReader -fuzztime 60s -fuzzminimizetime 1s ./sat/proof
//	go test -run '^$' -fuzz FuzzLRATReader -fuzztime 60s -fuzzminimizetime 1s ./sat/proof
//	go test -run '^$' -fuzz FuzzCheckDRAT -fuzztime 60s -fuzzminimizetime 1s ./sat/proof
//	go test -run '^$' -fuzz FuzzCheckLRAT -fuzztime 60s -fuzzminimizetime 1s ./sat/proof

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/satfile"
)

// seedProofs adds the hand-made and malformed proofs of the tests.
func seedProofs(f *testing.F, add func(cnf string, proof []byte)) {
	for _, tc := range dratCases {
		add(tc.cnf, []byte(tc.proof))
	}
	for _, tc := range badDRAT {
		add(readmeCNF, []byte(tc.in))
	}
	for _, tc := range lratCases {
		add(readmeCNF, []byte(tc.proof))
	}
	for _, tc := range badLRAT {
		add(readmeCNF, []byte(tc.in))
	}
	cnf, err := os.ReadFile("../../testdata/cnf/uuf/uuf50-01.cnf")
	if err != nil {
		f.Fatal(err)
	}
	proof, err := os.ReadFile("testdata/cadical/uuf50-01.drat")
	if err != nil {
		f.Fatal(err)
	}
	add(string(cnf), proof)
	add(readmeCNF, []byte{'a', 0x7f, 0x83, 0x80, 0x01, 0x00, 'd', 0x82, 0x02, 0x00})
}

func FuzzDRATReader(f *testing.F) {
	seedProofs(f, func(_ string, proof []byte) { f.Add(proof) })
	f.Fuzz(func(t *testing.T, data []byte) {
		rd := NewDRATReader(bytes.NewReader(data), "fuzz")
		var steps []Step
		for {
			st, err := rd.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				var pe *ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("error %v is not a ParseError", err)
				}
				return
			}
			if len(st.Lits) > len(data) {
				t.Fatalf("%d literals from %d bytes", len(st.Lits), len(data))
			}
			for _, l := range st.Lits {
				if l == 0 || l.Var() > maxVar {
					t.Fatalf("literal %d", l)
				}
			}
			steps = append(steps, Step{Delete: st.Delete, Lits: append([]sat.Lit(nil), st.Lits...)})
		}
		// A proof that reads writes back to the same steps, in both forms.
		for _, binary := range []bool{false, true} {
			text := dratText(steps)
			if binary {
				text = toBinary(t, text)
			}
			again := readSteps(t, text)
			if len(again) != len(steps) {
				t.Fatalf("binary %v: %d steps, then %d", binary, len(steps), len(again))
			}
			for i := range steps {
				if again[i].Delete != steps[i].Delete || !equalLits(again[i].Lits, steps[i].Lits) {
					t.Fatalf("binary %v, step %d: %v, then %v", binary, i, steps[i], again[i])
				}
			}
		}
	})
}

func equalLits(a, b []sat.Lit) bool {
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

func FuzzLRATReader(f *testing.F) {
	seedProofs(f, func(_ string, proof []byte) { f.Add(proof) })
	f.Fuzz(func(t *testing.T, data []byte) {
		rd := NewLRATReader(bytes.NewReader(data), "fuzz")
		var steps []Step
		for {
			st, err := rd.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				var pe *ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("error %v is not a ParseError", err)
				}
				return
			}
			if st.ID == 0 || len(st.Lits)+len(st.Hints)+len(st.IDs) > len(data) {
				t.Fatalf("step %+v from %d bytes", st, len(data))
			}
			steps = append(steps, Step{Delete: st.Delete, ID: st.ID, Lits: append([]sat.Lit(nil), st.Lits...),
				Hints: append([]int64(nil), st.Hints...), IDs: append([]uint64(nil), st.IDs...)})
		}
		again := readLRATSteps(t, lratText(steps))
		if len(again) != len(steps) {
			t.Fatalf("%d steps, then %d", len(steps), len(again))
		}
	})
}

// fuzzFormula reads the fuzzed CNF, or reports false when it is not one
// (or is too large for the reference checkers).
func fuzzFormula(cnf string) (*sat.Formula, bool) {
	p, err := satfile.Read(strings.NewReader(cnf), satfile.Options{Format: satfile.CNF})
	if err != nil || len(p.Formula.Clauses) > 400 {
		return nil, false
	}
	return p.Formula, true
}

func FuzzCheckDRAT(f *testing.F) {
	seedProofs(f, func(cnf string, proof []byte) { f.Add(cnf, proof) })
	f.Fuzz(func(t *testing.T, cnf string, proof []byte) {
		form, ok := fuzzFormula(cnf)
		if !ok {
			return
		}
		c, err := runDRAT(form, bytes.NewReader(proof), Options{File: "fuzz"}, false)
		var pe *ParseError
		if errors.As(err, &pe) || len(proof) > 4000 {
			return
		}
		if err != nil && !errors.As(err, new(*StepError)) {
			t.Fatalf("unexpected error %v", err)
		}
		steps, _ := readStepsPrefix(proof) // the checker stops reading at the refutation
		var checked []int
		for _, s := range c.steps {
			if !s.del() && c.flags[s.cls]&fCore != 0 {
				checked = append(checked, s.number())
			}
		}
		agreeWithReference(t, refDRAT(form, steps), err, checked)
		if err == nil {
			// The LRAT proof it writes must check too.
			var lrat bytes.Buffer
			if _, err := CheckDRAT(form, bytes.NewReader(proof), Options{LRAT: &lrat}); err != nil {
				t.Fatalf("second run: %v", err)
			}
			if _, err := CheckLRAT(form, &lrat, Options{}); err != nil {
				t.Fatalf("exported LRAT: %v\n%s", err, lrat.String())
			}
		}
	})
}

func FuzzCheckLRAT(f *testing.F) {
	seedProofs(f, func(cnf string, proof []byte) { f.Add(cnf, proof) })
	f.Fuzz(func(t *testing.T, cnf string, proof []byte) {
		form, ok := fuzzFormula(cnf)
		if !ok {
			return
		}
		_, err := CheckLRAT(form, bytes.NewReader(proof), Options{File: "fuzz"})
		var pe *ParseError
		if errors.As(err, &pe) {
			return
		}
		got := 0
		var se *StepError
		switch {
		case err == nil:
		case errors.As(err, &se) && se.Step == 0:
			got = -1
		case errors.As(err, &se):
			got = se.Step
		default:
			t.Fatalf("unexpected error %v", err)
		}
		if len(proof) > 4000 || hasEmpty(form) {
			return
		}
		steps, _ := readLRATPrefix(proof) // the checker stops reading at the empty clause
		if ref := refLRAT(form, steps); ref != got {
			t.Fatalf("checker: step %d (%v); reference: %d", got, err, ref)
		}
	})
}

func hasEmpty(f *sat.Formula) bool {
	for _, c := range f.Clauses {
		if len(c) == 0 {
			return true
		}
	}
	return false
}
