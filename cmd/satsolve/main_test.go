package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/cli/clitest"
	"github.com/satsolve/satsolve/sat/gophersat"
)

// TestMain lets this test binary serve as the gophersat backend's child
// process, as the satsolve binary does, and as the satsolve binary itself
// when asOwnBinary is set in its environment (the job files' end-to-end
// test runs it so).
func TestMain(m *testing.M) {
	gophersat.ServeIfChild()
	if os.Getenv(asOwnBinary) == "1" {
		os.Exit(cli.Main(commands...))
	}
	code := m.Run()
	removeBuilt()
	os.Exit(code)
}

// TestHelpListsEveryCommand checks the top-level help: every command with
// its summary, on standard output; no command is a usage error.
func TestHelpListsEveryCommand(t *testing.T) {
	code, out, _ := clitest.Run(t, commands, "", "help")
	if code != 0 {
		t.Fatalf("help: exit %d", code)
	}
	for _, c := range commands {
		if !strings.Contains(out, c.Name+" ") || !strings.Contains(out, c.Summary) {
			t.Errorf("help does not list %s: %q", c.Name, out)
		}
	}
	if code, _, errOut := clitest.Run(t, commands, ""); code != 2 || !strings.Contains(errOut, "satsolve: want a command: ") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("no command: exit %d, %q", code, errOut)
	}
	if code, _, errOut := clitest.Run(t, commands, "", "nosuch"); code != 2 || !strings.Contains(errOut, `unknown command "nosuch"`) {
		t.Errorf("unknown command: exit %d, %q", code, errOut)
	}
}

// TestNonogramCompareAlias runs satsolve nonogram compare, which stands
// for satsolve compare nonogram: every encoding is measured.
func TestNonogramCompareAlias(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "nonogram", "picross-example.txt")
	code, stdout, stderr := clitest.Run(t, inProcess, "", "nonogram", "compare", "--backend", "gini", "--index", "2", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, m := range []string{"starts", "dfa", "starts-bare", "dfa-bare"} {
		if !regexp.MustCompile(`(?m)^\s*` + m + `\s`).MatchString(stdout) {
			t.Errorf("no row for %s in:\n%s", m, stdout)
		}
	}
}
