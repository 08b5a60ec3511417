package nonogramcmd

import (
	"encoding/json"
	"testing"
)

// TestCertify: a uniqueness proved by SAT is certified; one proved by
// line solving has no UNSAT answer to certify.
func TestCertify(t *testing.T) {
	for _, tc := range []struct {
		presolve string
		want     int
	}{{"none", 1}, {"line", 0}} {
		code, out, errs := runCLI(t, "", "nonogram", "solve", "--unique", "--certify", "--json", "--presolve", tc.presolve, nonogramFixture("atrus.xml"))
		var doc struct {
			Puzzles []puzzleJSON `json:"puzzles"`
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 0 || len(doc.Puzzles) != 1 {
			t.Fatalf("%s: exit %d, %v, %s", tc.presolve, code, err, errs)
		}
		p := doc.Puzzles[0]
		if p.Verdict != "unique" || p.Certified == nil || *p.Certified != tc.want {
			t.Errorf("%s: verdict %s, certified %v, want %d", tc.presolve, p.Verdict, p.Certified, tc.want)
		}
	}
}
