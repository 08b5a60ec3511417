package comparecmd

import (
	"strconv"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/compare"
	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// TestCompareInt runs compare int (issue 18 item 11: order vs log
// encodings of a linear constraint) on small instances and checks its
// answer, and every method's, against the enumeration of every integer
// assignment; the cases cover both answers.
func TestCompareInt(t *testing.T) {
	cases := []struct {
		coefs  []int64
		op     string
		k      int64
		lo, hi int64
	}{
		{[]int64{3, 5, 7, 2}, "eq", 31, 0, 4},
		{[]int64{3, 5, 7, 2}, "eq", 1, 0, 4},
		{[]int64{2, -3, 4}, "ge", 20, -2, 3},
		{[]int64{1, 1, 1, 1, 1}, "le", 5, 0, 3},
		{[]int64{1, 1, 1, 1, 1}, "le", 2, 0, 3},
	}
	statuses := map[string]bool{}
	for _, tc := range cases {
		for seed := uint64(1); seed <= 2; seed++ {
			var cs []string
			for _, a := range tc.coefs {
				cs = append(cs, strconv.FormatInt(a, 10))
			}
			args := []string{"compare", "int", "--coeffs", strings.Join(cs, ","), "--" + tc.op, strconv.FormatInt(tc.k, 10),
				"--lo", strconv.FormatInt(tc.lo, 10), "--hi", strconv.FormatInt(tc.hi, 10), "--seed", strconv.FormatUint(seed, 10),
				"--repeat", "1", "--backend", "gini"}
			j := compareJSONRun(t, args...)
			if len(j.Methods) != len(encode.IntEncodings())*len(encode.PBMethods()) {
				t.Errorf("%v: %d methods", args, len(j.Methods))
			}
			g, err := compare.RandomGraph(len(tc.coefs), 0.5, seed)
			if err != nil {
				t.Fatal(err)
			}
			want := bruteForceInt(tc.coefs, tc.op, tc.k, tc.lo, tc.hi, g)
			if j.Answer != want.String() {
				t.Errorf("%v: answer %s, enumeration says %v", args, j.Answer, want)
			}
			statuses[j.Answer] = true
			for _, m := range j.Methods {
				if s := m.Solves[0]; s.Status != want.String() && s.Status != "N/A" {
					t.Errorf("%v: %s: %s", args, m.Method, s.Status)
				}
			}
		}
	}
	if !statuses["SAT"] || !statuses["UNSAT"] {
		t.Errorf("the cases should cover both answers, got %v", statuses)
	}
	if code, _, errs := runCLI(t, "", "compare", "int", "--coeffs", "1,2", "--le", "3", "--hi", "5000"); code != 2 || !strings.Contains(errs, "domain") {
		t.Errorf("domain too large: exit %d, %q", code, errs)
	}
}

// bruteForceInt decides Σ coefs·x op k over x in lo..hi with x_u ≠ x_v on
// the graph's edges by trying every assignment.
func bruteForceInt(coefs []int64, op string, k, lo, hi int64, g compare.Graph) sat.Status {
	x := make([]int64, len(coefs))
	var try func(i int) bool
	try = func(i int) bool {
		if i == len(x) {
			for _, e := range g.Edges {
				if x[e[0]] == x[e[1]] {
					return false
				}
			}
			var sum int64
			for j, a := range coefs {
				sum += a * x[j]
			}
			return op == "le" && sum <= k || op == "ge" && sum >= k || op == "eq" && sum == k
		}
		for v := lo; v <= hi; v++ {
			x[i] = v
			if try(i + 1) {
				return true
			}
		}
		return false
	}
	if try(0) {
		return sat.Sat
	}
	return sat.Unsat
}
