package comparecmd

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
)

// nonogramFixture returns the path of a file of testdata/nonogram.
func nonogramFixture(name string) string {
	return filepath.Join("..", "..", "..", "testdata", "nonogram", name)
}

// TestNonogramCompare runs satsolve compare nonogram on a puzzle: every
// encoding appears and every model passed the clue check (the command
// fails otherwise). The alias satsolve nonogram compare is tested with the
// whole command tree, in cmd/satsolve.
func TestNonogramCompare(t *testing.T) {
	for _, args := range [][]string{
		{"compare", "nonogram", "--backend", "gini", nonogramFixture("snake.txt")},
		{"compare", "nonogram", "--backend", "gini", "--task", "other", nonogramFixture("snake.txt")},
		{"compare", "nonogram", "--backend", "gini", "--index", "2", nonogramFixture("picross-example.txt")},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, stdout, stderr := runCLI(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for _, m := range []string{"starts", "dfa", "starts-bare", "dfa-bare"} {
				if !regexp.MustCompile(`(?m)^\s*` + m + `\s`).MatchString(stdout) {
					t.Errorf("no row for %s in:\n%s", m, stdout)
				}
			}
		})
	}
	if code, _, _ := runCLI(t, "", "compare", "nonogram", "--index", "9", nonogramFixture("snake.txt")); code != cli.ExitUsage {
		t.Errorf("--index out of range: exit %d, want %d", code, cli.ExitUsage)
	}
}
