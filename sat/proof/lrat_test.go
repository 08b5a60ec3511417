package proof

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// readmeLRAT is an LRAT proof of drat-trim's README example (readmeCNF):
// the RAT lemma -1 with a hint group for each of the clauses 1, 6 and 8,
// which contain 1; deletions batched on one line.
const readmeLRAT = `9 -1 0 -1 5 7 -6 7 2 -8 5 2 0
9 d 2 5 7 0
10 2 0 9 1 3 6 0
10 d 1 3 0
11 0 9 10 8 6 4 0
`

var lratCases = []struct {
	name, proof string
	step        int // failing step, 0 with msg: the end
	msg         string
}{
	{name: "verified", proof: readmeLRAT},
	{name: "comments and blank lines", proof: "c LRAT\n\n" + strings.ReplaceAll(readmeLRAT, "\n", "\nc x\n")},
	{name: "RAT group missing", proof: strings.Replace(readmeLRAT, " -8 5 2", "", 1),
		step: 1, msg: "clause 8 contains 1 and has no hint group"},
	{name: "RAT group for a clause without the pivot", proof: strings.Replace(readmeLRAT, "-8 5 2", "-8 5 2 -3", 1),
		step: 1, msg: "RAT hint group for clause 3"},
	{name: "RAT group that fails", proof: strings.Replace(readmeLRAT, "-6 7 2", "-6 7", 1),
		step: 1, msg: "candidate 6"},
	{name: "hint not unit", proof: strings.Replace(readmeLRAT, "9 1 3 6", "1 9 3 6", 1),
		step: 3, msg: "hint 1 is not unit"},
	{name: "hints without conflict", proof: strings.Replace(readmeLRAT, "9 1 3 6", "9 1", 1),
		step: 3, msg: "the hints end without a conflict"},
	{name: "deleted clause used", proof: strings.Replace(readmeLRAT, "10 d 1 3 0", "10 d 1 3 8 0", 1),
		step: 5, msg: "hint 8 is not a live clause"},
	{name: "lemma dropped", proof: strings.Replace(readmeLRAT, "10 2 0 9 1 3 6 0\n", "", 1),
		step: 4, msg: "hint 10 is not a live clause"},
	{name: "id in use", proof: strings.Replace(readmeLRAT, "10 2 0", "9 2 0", 1),
		step: 3, msg: "clause id 9 is already in use"},
	{name: "no empty clause", proof: strings.Replace(readmeLRAT, "11 0 9 10 8 6 4 0\n", "", 1),
		msg: "without deriving the empty clause"},
	{name: "empty clause without conflict", proof: strings.Replace(readmeLRAT, "8 6 4 0", "8 6 0", 1),
		step: 5, msg: "the hints end without a conflict"},
	{name: "RUP with a satisfied hint", proof: "9 2 0 1 3 6 0\n10 0 9 8 6 4 0\n",
		step: 1, msg: "not unit"},
}

func TestCheckLRATCases(t *testing.T) {
	f := parseCNF(t, readmeCNF)
	for _, tc := range lratCases {
		t.Run(tc.name, func(t *testing.T) {
			r, err := CheckLRAT(f, strings.NewReader(tc.proof), Options{File: "p.lrat"})
			ref := refLRAT(f, readLRATSteps(t, []byte(tc.proof)))
			if tc.msg == "" {
				if err != nil {
					t.Fatal(err)
				}
				if r.RAT != 1 || r.Checked != 3 || r.MaxLive != 9 {
					t.Errorf("RAT %d, checked %d, max live %d; want 1, 3, 9", r.RAT, r.Checked, r.MaxLive)
				}
				if ref != 0 {
					t.Errorf("reference: step %d fails", ref)
				}
				return
			}
			var se *StepError
			if !errors.As(err, &se) || se.Step != tc.step || !strings.Contains(se.Msg, tc.msg) {
				t.Fatalf("%v; want step %d and %q", err, tc.step, tc.msg)
			}
			if want := max(tc.step, -1); tc.step == 0 && ref != -1 || tc.step > 0 && ref != want {
				t.Errorf("reference: %d", ref)
			}
		})
	}
}

// TestCheckLRATLine checks that the failing step is named by its line.
func TestCheckLRATLine(t *testing.T) {
	f := parseCNF(t, readmeCNF)
	proof := "c one\nc two\n" + strings.Replace(readmeLRAT, "9 1 3 6", "9 1", 1)
	_, err := CheckLRAT(f, strings.NewReader(proof), Options{File: "p.lrat"})
	want := "p.lrat:5: step 3: lemma 10: the hints end without a conflict (and it is not RAT without hint groups: RAT on 2: clause 8 contains -2 and has no hint group)"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// TestCheckLRATFormula covers formulas that settle the question alone.
func TestCheckLRATFormula(t *testing.T) {
	if _, err := CheckLRAT(parseCNF(t, "p cnf 1 2\n1 0\n0\n"), strings.NewReader(""), Options{}); err != nil {
		t.Errorf("formula with the empty clause: %v", err)
	}
	f := parseCNF(t, "p cnf 2 3\n1 0\n-1 2 0\n-2 0\n")
	if _, err := CheckLRAT(f, strings.NewReader("4 0 1 2 3 0\n"), Options{}); err != nil {
		t.Errorf("refutation by units: %v", err)
	}
	if _, err := CheckLRAT(f, strings.NewReader("4 0 2 1 3 0\n"), Options{}); err == nil {
		t.Errorf("hints out of order accepted")
	}
	_, err := CheckLRAT(&sat.Formula{PBs: []sat.PB{{}}}, strings.NewReader(""), Options{})
	if !errors.Is(err, ErrPB) {
		t.Errorf("PB formula: %v", err)
	}
}

// TestCheckLRATSparseIDs uses ids far apart (the map behind the table).
func TestCheckLRATSparseIDs(t *testing.T) {
	f := parseCNF(t, "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n")
	proof := "1000000000000 2 0 1 2 0\n5 d 1 2 0\n7 0 1000000000000 3 4 0\n"
	if _, err := CheckLRAT(f, strings.NewReader(proof), Options{}); err != nil {
		t.Fatal(err)
	}
	proof = strings.Replace(proof, "7 0 1000000000000", "7 0 999999999999", 1)
	if _, err := CheckLRAT(f, strings.NewReader(proof), Options{}); err == nil {
		t.Fatal("a missing sparse id accepted")
	}
}

// TestCheckLRATCompaction deletes and adds enough clauses to compact the
// arena several times.
func TestCheckLRATCompaction(t *testing.T) {
	f := parseCNF(t, "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n")
	var b bytes.Buffer
	id := 4
	for k := 0; k < 40000; k++ {
		// copies of clause 1 as lemmas, each deleted at once
		id++
		fmt.Fprintf(&b, "%d 1 2 3 4 5 6 7 8 0 1 0\n%d d %d 0\n", id, id, id)
	}
	fmt.Fprintf(&b, "%d 2 0 1 2 0\n%d 0 %d 3 4 0\n", id+1, id+2, id+1)
	r, err := CheckLRAT(f, &b, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.MaxLive != 5 {
		t.Errorf("max live %d, want 5", r.MaxLive)
	}
}
