package gamecmd

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/internal/memlimit"
)

// TestCrossCheckMemoryBound is the regression test for game grundy kayles
// 40 --cross-check running out of memory (issue 29: a Go "fatal error: out
// of memory" and exit 2 under a 4 GB limit, 3.9 GB without one, --max-graph
// 50000 no help): under a 1 GiB address-space budget the command refuses
// at once, with the sizes, the limit and the flag that raises it; a limit
// raised past the estimate lets a smaller sequence through.
func TestCrossCheckMemoryBound(t *testing.T) {
	if !memlimit.Run(t, 1<<30) {
		return
	}
	code, out, errs := runCLI(t, "", "game", "grundy", "kayles", "40", "--cross-check")
	if code != cli.ExitError || out != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	for _, want := range []string{"heap 40", "27.3 million clauses", "GB of memory", "beyond the limit of 10.0 million clauses", "raise --max-clauses"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr %q lacks %q", errs, want)
		}
	}
	code, _, errs = runCLI(t, "", "game", "grundy", "kayles", "25", "--cross-check", "--max-clauses", "100000")
	if code != cli.ExitError || !strings.Contains(errs, "raise --max-clauses") {
		t.Errorf("kayles 25 under 100,000 clauses: exit %d, %q", code, errs)
	}
	code, out, errs = runCLI(t, "", "game", "grundy", "kayles", "25", "--cross-check", "--max-clauses", "1000000")
	if code != 0 || !strings.Contains(out, "every value agrees") {
		t.Errorf("kayles 25 under a million clauses: exit %d, %q, %q", code, out, errs)
	}
	code, _, errs = runCLI(t, "", "game", "octal", "kayles", "30", "--cross-check", "--max-clauses", "100000")
	if code != cli.ExitError || !strings.Contains(errs, "raise --max-clauses") {
		t.Errorf("octal kayles 30 under 100,000 clauses: exit %d, %q", code, errs)
	}
	code, _, errs = runCLI(t, "", "game", "octal", "kayles", "30", "--dimacs", t.TempDir()+"/k.cnf", "--max-clauses", "100000")
	if code != cli.ExitError || !strings.Contains(errs, "raise --max-clauses") {
		t.Errorf("--dimacs of kayles 30 under 100,000 clauses: exit %d, %q", code, errs)
	}
}

// TestHeapLimitIsUsage is the regression test for heaps beyond what a
// game graph holds: game grundy kayles 300 --cross-check said "heap 300:
// want 0..255" with exit 1; a limit of the request is a usage error (exit
// 2, before any work) that says the limit and why.
func TestHeapLimitIsUsage(t *testing.T) {
	for _, args := range [][]string{
		{"grundy", "kayles", "300", "--cross-check"},
		{"grundy", "kayles", "256", "--misere"},
		{"nim", "--cross-check", "3", "300"},
		{"octal", "0.77", "7", "300", "--cross-check"},
		{"octal", "0.77", "300", "--misere"},
	} {
		code, out, errs := runCLI(t, "", append([]string{"game"}, args...)...)
		if code != cli.ExitUsage || out != "" || !strings.Contains(errs, "at most 255 tokens") || !strings.Contains(errs, "one byte") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

// TestCrossCheckStopped is the regression test for a cross-check stopped
// by --timeout throwing the native answer away (issue 29): the values are
// printed with a note, and the exit status says the answer is incomplete.
func TestCrossCheckStopped(t *testing.T) {
	code, out, errs := runCLI(t, "", "game", "grundy", "kayles", "34", "--cross-check", "--timeout", "300ms")
	if code != cli.ExitError || !strings.Contains(out, "0.77 G(0..34):") || !strings.Contains(out, "\n30: ") ||
		!strings.Contains(out, "SAT cross-check: did not finish: time limit (--timeout 300ms) reached") {
		t.Errorf("grundy: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	var j grundyJSON
	code, out, _ = runCLI(t, "", "game", "grundy", "kayles", "34", "--cross-check", "--timeout", "300ms", "--json")
	if err := json.Unmarshal([]byte(out), &j); code != cli.ExitError || err != nil || len(j.Values) != 35 || j.SAT != nil || !strings.Contains(j.SATUnfinished, "time limit") {
		t.Errorf("grundy --json: exit %d, %v, %+v", code, err, j)
	}
	code, out, errs = runCLI(t, "", "game", "octal", "kayles", "34", "--cross-check", "--timeout", "300ms")
	if code != cli.ExitError || !strings.Contains(out, "nimber") || !strings.Contains(out, "SAT cross-check: did not finish") {
		t.Errorf("octal: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
