package chipfirecmd

import (
	"encoding/json"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
)

// TestCertify: the SAT model's verdict that the Petersen graph's divisor
// is unwinnable is certified.
func TestCertify(t *testing.T) {
	code, out, errs := runCLI(t, "", "chipfire", "solve", "--certify", "--sat", "--json", cfData+"/good/petersen.txt")
	var r cfSolveResult
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != cli.ExitNo {
		t.Fatalf("exit %d, %v, %s", code, err, errs)
	}
	if r.Winnable || r.SAT == nil || r.SAT.Certified == nil || *r.SAT.Certified == 0 {
		t.Errorf("winnable %v, SAT %+v", r.Winnable, r.SAT)
	}
}
