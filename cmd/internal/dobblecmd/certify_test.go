package dobblecmd

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
)

// TestCertify: the UNSAT answers behind an optimum and behind Tarry's
// theorem (no two orthogonal Latin squares of order 6) are certified.
func TestCertify(t *testing.T) {
	code, out, errs := runCLI(t, "", "dobble", "max", "-n", "10", "-k", "4", "--search-only", "--certify", "--json")
	var j maxJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != 0 {
		t.Fatalf("max: exit %d, %v, %s", code, err, errs)
	}
	if j.Size != 5 || j.Certified == nil || *j.Certified != 1 {
		t.Errorf("max: size %d, certified %v", j.Size, j.Certified)
	}
	code, out, _ = runCLI(t, "", "dobble", "max", "-n", "10", "-k", "4", "--search-only")
	if code != 0 || strings.Contains(out, "certified") {
		t.Errorf("max without --certify: exit %d, %q", code, out)
	}
	code, out, errs = runCLI(t, "", "dobble", "build", "--prove", "-k", "7", "--certify")
	if code != cli.ExitNo || !strings.HasPrefix(out, "UNSAT: no two orthogonal Latin squares of order 6") ||
		!strings.Contains(out, "# certified: 1 UNSAT answer re-proved by cdcl") {
		t.Errorf("build --prove: exit %d, %q, %q", code, out, errs)
	}
}
