package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/cli/clitest"
)

// fixture returns the path of a file under testdata.
func fixture(parts ...string) string {
	return filepath.Join(append([]string{"..", "..", "testdata"}, parts...)...)
}

// smokeRun is one quick, successful run of a command.
type smokeRun struct {
	args  []string
	stdin string
}

// smoke has a quick run of every leaf command, by path; TestSmokeCoversEveryCommand
// keeps it complete, so that the tests below cover commands added later.
var smoke = map[string]smokeRun{
	"solve":               {args: []string{fixture("examples", "uf20-01.cnf")}},
	"decode":              {args: []string{fixture("decode", "snake.cnf"), fixture("decode", "snake.out")}},
	"check":               {args: []string{fixture("cnf", "uuf", "uuf50-01.cnf"), filepath.Join("..", "..", "sat", "proof", "testdata", "cadical", "uuf50-01.drat")}},
	"compare card":        {args: []string{"--n", "5", "--bound", "2", "--atmost", "--repeat", "1", "--backend", "gini"}},
	"compare amo":         {args: []string{"--n", "4", "--repeat", "1", "--backend", "gini"}},
	"compare pb":          {args: []string{"--coeffs", "3,5,7", "--le", "8", "--repeat", "1", "--backend", "gini"}},
	"compare int":         {args: []string{"--coeffs", "3,5,7", "--le", "8", "--hi", "3", "--repeat", "1", "--backend", "gini"}},
	"compare dobble":      {args: []string{"--order", "2", "--repeat", "1", "--backend", "gini"}},
	"compare nonogram":    {args: []string{"--repeat", "1", "--backend", "gini", fixture("nonogram", "snake.txt")}},
	"compare fzn":         {args: []string{"--repeat", "1", "--backend", "gini", fixture("fzn", "queens4.fzn")}},
	"nonogram solve":      {args: []string{fixture("nonogram", "snake.txt")}},
	"nonogram rate":       {args: []string{fixture("nonogram", "snake.txt")}},
	"nonogram compare":    {args: []string{"--repeat", "1", "--backend", "gini", fixture("nonogram", "snake.txt")}},
	"dobble check":        {args: []string{fixture("dobble", "good", "fano.txt")}},
	"dobble build":        {args: []string{"-k", "3"}},
	"dobble max":          {args: []string{"-n", "7", "-k", "3"}},
	"dobble complete":     {args: []string{"--extra", "2", "-"}, stdin: "a b c\na d e\n"},
	"chipfire solve":      {args: []string{fixture("chipfire", "good", "cp.txt")}},
	"chipfire rank":       {args: []string{fixture("chipfire", "good", "cp.txt")}},
	"chipfire random":     {args: []string{"-n", "5"}},
	"chipfire strategies": {args: []string{"-n", "5", "--games", "1", "--densities", "0.6"}},
	"chipfire play":       {args: []string{fixture("chipfire", "good", "cp.txt")}, stdin: "show\nquit\n"},
	"game nim":            {args: []string{"3", "4", "5"}},
	"game grundy":         {args: []string{"kayles", "20"}},
	"game octal":          {args: []string{"0.77", "3", "4"}},
	"game kayles":         {args: []string{"-"}, stdin: "0 1\n1 2\n2 3\n"},
	"cube":                {args: []string{"--cubes", "4", fixture("examples", "uf20-01.cnf")}},
	"cubes run":           {args: []string{"-j", "2", fixture("icnf", "good", "uf20-01-cubes.icnf")}},
	"cubes collect":       {args: []string{fixture("cubes", "jobs-hole6")}},
	"serve":               {args: []string{"--addr", "127.0.0.1:0", "--for", "100ms"}},
	"fzn":                 {args: []string{"-a", fixture("fzn", "queens4.fzn")}},
}

// leaves returns the paths of every command that runs (leaves and
// aliases), space-separated.
func leaves() []string {
	var out []string
	cli.Walk(inProcess, func(path []string, c *cli.Command) {
		if c.Subs == nil {
			out = append(out, strings.Join(path, " "))
		}
	})
	return out
}

func TestSmokeCoversEveryCommand(t *testing.T) {
	for _, p := range leaves() {
		if _, ok := smoke[p]; !ok {
			t.Errorf("no smoke run for %q: add one to smoke", p)
		}
	}
}

// smokeArgs returns the command line of the smoke run of path.
func smokeArgs(path string) []string {
	return append(strings.Fields(path), smoke[path].args...)
}

// TestSmoke runs every command once: each ends with a definite status.
func TestSmoke(t *testing.T) {
	for _, p := range leaves() {
		t.Run(p, func(t *testing.T) {
			code, out, errOut := clitest.Run(t, inProcess, smoke[p].stdin, smokeArgs(p)...)
			if code != 0 && code != 10 && code != 20 && code != 30 || out == "" {
				t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
			}
		})
	}
}

// failWriter fails every write, as /dev/full does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestStdoutFailureEveryCommand runs every command with a standard output
// that refuses every write: each must fail with status 1 and say so,
// never exit 0 or with its answer's status (issue 18, item 17).
func TestStdoutFailureEveryCommand(t *testing.T) {
	for _, p := range leaves() {
		t.Run(p, func(t *testing.T) {
			var errb bytes.Buffer
			code := cli.Run(context.Background(), inProcess, smokeArgs(p), strings.NewReader(smoke[p].stdin), failWriter{}, &errb)
			if code != cli.ExitError || !strings.Contains(errb.String(), "no space left on device") {
				t.Errorf("exit %d, stderr %q; want 1 and the write error", code, errb.String())
			}
		})
	}
}

// TestFlagsAfterArguments checks that flags after the positional
// arguments work in every family, as they did only in chipfire (issue 18,
// item 6).
func TestFlagsAfterArguments(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"game", "nim", "3", "4", "--json"}, `"heaps": [`},
		{[]string{"solve", fixture("examples", "uf20-01.cnf"), "--json"}, `"status": "SATISFIABLE"`},
		{[]string{"nonogram", "solve", fixture("nonogram", "snake.txt"), "--unique"}, "unique"},
		{[]string{"dobble", "check", fixture("dobble", "good", "fano.txt"), "--json"}, `"ok": true`},
		{[]string{"compare", "amo", "--n", "3", "--backend", "gini", "--repeat", "1", "--json"}, `"family": "amo"`},
		{[]string{"chipfire", "solve", fixture("chipfire", "good", "cp.txt"), "--json"}, `"winnable"`},
	}
	for _, c := range cases {
		code, out, errOut := clitest.Run(t, inProcess, "", c.args...)
		if code != 0 && code != 10 || !strings.Contains(out, c.want) {
			t.Errorf("%q: exit %d, stderr %q, stdout lacks %q", c.args, code, errOut, c.want)
		}
	}
}
