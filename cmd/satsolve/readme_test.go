package main

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli/clitest"
)

// An example is one command line of a README code block marked as
// examples (the info string "sh example").
type example struct {
	line int      // in README.md
	args []string // after "go run ./cmd/satsolve" or "satsolve"; "go run ./cmd/satsolve-NAME" gives NAME first
	code int      // the exit status a trailing "# exit N" promises, else 0
}

// readmeExamples returns the example command lines of the README.
func readmeExamples(t *testing.T, path string) []example {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []example
	in := false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "```"):
			// An opening fence marks the block; a closing one ends it.
			in = !in && strings.Join(strings.Fields(strings.TrimPrefix(line, "```")), " ") == "sh example"
			continue
		case !in || line == "" || strings.HasPrefix(line, "#"):
			continue
		}
		cmd, comment, _ := strings.Cut(line, "#")
		ex := example{line: n}
		if c := strings.TrimSpace(comment); c != "" {
			code, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(c, "exit")))
			if !strings.HasPrefix(c, "exit") || err != nil {
				t.Fatalf("README.md:%d: the comment of an example must be \"# exit N\", not %q", n, c)
			}
			ex.code = code
		}
		fields := strings.Fields(cmd)
		switch {
		case len(fields) >= 3 && fields[0] == "go" && fields[1] == "run" && fields[2] == "./cmd/satsolve":
			ex.args = fields[3:]
		case len(fields) >= 3 && fields[0] == "go" && fields[1] == "run" && strings.HasPrefix(fields[2], "./cmd/satsolve-"):
			// A sibling executable, satsolve-NAME, is satsolve NAME.
			name := strings.TrimPrefix(fields[2], "./cmd/satsolve-")
			if _, ok := siblings[name]; !ok {
				t.Fatalf("README.md:%d: %s is not a command of satsolve's", n, fields[2])
			}
			ex.args = append([]string{name}, fields[3:]...)
		case len(fields) >= 1 && fields[0] == "satsolve":
			ex.args = fields[1:]
		default:
			t.Fatalf("README.md:%d: an example block holds %q, which is not a satsolve command", n, line)
		}
		out = append(out, ex)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestReadmeExamples runs the README's example commands in-process, from
// a directory where testdata is the repository's (files they write land
// there), and checks their exit statuses: what the README shows works.
func TestReadmeExamples(t *testing.T) {
	readme, err := filepath.Abs("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	testdata, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	examples := readmeExamples(t, readme)
	if len(examples) < 8 {
		t.Fatalf("only %d example commands in README.md: a block lost its \"sh example\" mark?", len(examples))
	}
	dir := t.TempDir()
	if err := os.Symlink(testdata, filepath.Join(dir, "testdata")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, ex := range examples {
		code, _, stderr := clitest.Run(t, inProcess, "", ex.args...)
		if code != ex.code {
			t.Errorf("README.md:%d: satsolve %s: exit %d, the README says %d; stderr:\n%s", ex.line, strings.Join(ex.args, " "), code, ex.code, stderr)
		}
	}
}
