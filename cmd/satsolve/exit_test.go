package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/cli/clitest"
)

// exitRun is a run of a command and the exit status the policy of
// docs/cli.md ("Exit statuses") gives it; want, when not empty, is what
// its output must say.
type exitRun struct {
	args  []string
	stdin string
	code  int
	want  string
}

// exitRuns are, for every command, runs that end with each status the
// command can give besides its smoke run's: a usage error (2) for every
// command, a data error (1) for every command that reads a file, a proved
// "no" (20) for every command that can answer one (noCommands).
// TestExitStatusesCoverEveryCommand keeps the table complete.
var exitRuns = map[string][]exitRun{
	"solve": {
		{args: []string{}, code: 2, want: "want one FILE"},
		{args: []string{fixture("dimacs", "bad", "letter-in-integer.cnf")}, code: 1, want: "letter-in-integer.cnf:"},
		{args: []string{fixture("examples", "hole6.cnf")}, code: 20, want: "s UNSATISFIABLE"},
	},
	"check": {
		{args: []string{fixture("examples", "hole6.cnf")}, code: 2, want: "want FILE.cnf and PROOF"},
		{args: []string{fixture("dimacs", "bad", "letter-in-integer.cnf"), "-"}, code: 1, want: "letter-in-integer.cnf:"},
		// A proof that fails is a check that fails: 1, with its verdict.
		{args: []string{fixture("examples", "hole6.cnf"), "-"}, stdin: "0\n", code: 1, want: "s NOT VERIFIED"},
	},
	// fzn answers 0 for every outcome MiniZinc reads (UNSATISFIABLE and
	// UNKNOWN too): any other status is an error to MiniZinc.
	"fzn": {
		{args: []string{"-p", "0", fixture("fzn", "queens4.fzn")}, code: 2, want: "-p"},
		{args: []string{filepath.Join("..", "..", "cp", "fzn", "testdata", "bad", "eof-in-array.fzn")}, code: 1, want: "eof-in-array.fzn:1:"},
	},
	"decode": {
		{args: []string{fixture("decode", "snake.cnf")}, code: 2, want: "want INSTANCE and MODEL"},
		{args: []string{fixture("decode", "snake.cnf"), "-"}, stdin: "s SATISFIABLE\nv 1 x 0\n", code: 1},
	},
	"compare card":     {{args: []string{"--n", "5", "--atmost"}, code: 2, want: "required"}},
	"compare amo":      {{args: []string{"--n", "0"}, code: 2, want: "--n"}},
	"compare pb":       {{args: []string{"--le", "3"}, code: 2, want: "--coeffs is required"}},
	"compare int":      {{args: []string{"--le", "3"}, code: 2, want: "--coeffs is required"}},
	"compare dobble":   {{args: []string{"--order", "99"}, code: 2, want: "--order"}},
	"compare fzn":      {{args: []string{}, code: 2, want: "want one MODEL.fzn"}, {args: []string{"--backend", "gini", filepath.Join("..", "..", "cp", "fzn", "testdata", "bad", "eof-in-array.fzn")}, code: 1, want: "eof-in-array.fzn:1:"}},
	"compare nonogram": {{args: []string{}, code: 2}, {args: []string{"--backend", "gini", fixture("nonogram", "bad", "non-bad-width.non")}, code: 1, want: "non-bad-width.non:"}},
	"nonogram solve": {
		{args: []string{"--count", "-1", fixture("nonogram", "snake.txt")}, code: 2, want: "--count"},
		{args: []string{fixture("nonogram", "bad", "non-bad-width.non")}, code: 1, want: "non-bad-width.non:"},
		{args: []string{fixture("nonogram", "no-solution.non")}, code: 20, want: "no solution"},
		{args: []string{"--json", fixture("nonogram", "no-solution.non")}, code: 20, want: `"no_solution": 1`},
	},
	"nonogram rate": {
		{args: []string{}, code: 2},
		{args: []string{fixture("nonogram", "bad", "non-bad-width.non")}, code: 1, want: "non-bad-width.non:"},
	},
	"nonogram compare": {{args: []string{}, code: 2}},
	"dobble check": {
		{args: []string{}, code: 2},
		{args: []string{fixture("dobble", "bad", "negativesymbol.txt")}, code: 1, want: "negativesymbol.txt:"},
		// A deck that breaks the rules is a check that fails: 1.
		{args: []string{"-"}, stdin: "a b\na c\nb d\n", code: 1, want: "share"},
	},
	"dobble build": {
		{args: []string{}, code: 2, want: "-k is required"},
		{args: []string{"-k", "3", "--lambda", "5"}, code: 2, want: "want 1 ≤ λ < k"},
		{args: []string{"-k", "7"}, code: 20, want: "no projective plane of order 6"},
		{args: []string{"-k", "7", "--json"}, code: 20, want: `"status": "impossible"`},
		{args: []string{"-k", "11", "--sat"}, code: 20, want: "no projective plane of order 10"},
	},
	"dobble max": {
		{args: []string{"-k", "3"}, code: 2, want: "-n is required"},
		{args: []string{"-n", "2", "-k", "3"}, code: 2, want: "want 1 ≤ λ < k ≤ n"},
	},
	"dobble complete": {
		{args: []string{}, code: 2},
		{args: []string{fixture("dobble", "bad", "negativesymbol.txt")}, code: 1, want: "negativesymbol.txt:"},
		// The Fano plane is complete: no card can be added.
		{args: []string{fixture("dobble", "good", "fano.txt")}, code: 20},
	},
	"chipfire solve": {
		{args: []string{}, code: 2},
		{args: []string{fixture("chipfire", "bad", "selfloop.txt")}, code: 1, want: "selfloop.txt:"},
		{args: []string{"--divisor", "1,2", fixture("chipfire", "good", "p4.txt")}, code: 2, want: "--divisor"},
		{args: []string{"--divisor", "-1,0,0,0", fixture("chipfire", "good", "p4.txt")}, code: 20, want: "unwinnable"},
		{args: []string{"--json", "--divisor", "-1,0,0,0", fixture("chipfire", "good", "p4.txt")}, code: 20, want: `"winnable": false`},
	},
	"chipfire rank": {
		{args: []string{}, code: 2},
		{args: []string{fixture("chipfire", "bad", "selfloop.txt")}, code: 1, want: "selfloop.txt:"},
	},
	"chipfire random":     {{args: []string{"--density", "2"}, code: 2, want: "density"}},
	"chipfire strategies": {{args: []string{"--games", "-1"}, code: 2, want: "--games"}},
	"chipfire play": {
		{args: []string{}, code: 2},
		{args: []string{fixture("chipfire", "bad", "selfloop.txt")}, code: 1, want: "selfloop.txt:"},
	},
	"game nim": {
		{args: []string{"3", "-4"}, code: 2, want: `heap "-4"`},
		{args: []string{"3", "x"}, code: 2, want: `heap "x"`},
	},
	"game grundy": {
		{args: []string{"0.77"}, code: 2, want: "not 1 argument "},
		{args: []string{"0.77", "-3"}, code: 2, want: `N "-3"`},
		{args: []string{"0.99", "3"}, code: 2, want: "octal"},
	},
	"game octal": {
		{args: []string{"0.99", "3"}, code: 2, want: "octal"},
		{args: []string{"0.77", "x"}, code: 2, want: `heap "x"`},
	},
	"game kayles": {
		{args: []string{}, code: 2},
		{args: []string{"-"}, stdin: "0 1\n1 2 3 4\n", code: 1, want: "<stdin>:2"},
	},
	"cube": {
		{args: []string{}, code: 2},
		{args: []string{fixture("dimacs", "bad", "letter-in-integer.cnf")}, code: 1, want: "letter-in-integer.cnf:"},
	},
	"cubes run": {
		{args: []string{}, code: 2},
		{args: []string{fixture("icnf", "bad", "stray-letter.icnf")}, code: 1, want: "stray-letter.icnf:"},
		{args: []string{fixture("icnf", "good", "contradiction.icnf")}, code: 20, want: "s UNSATISFIABLE"},
	},
	"cubes collect": {
		{args: []string{}, code: 2},
		{args: []string{fixture("cubes", "no-such-jobs")}, code: 1, want: "no-such-jobs"},
	},
	"serve": {{args: []string{"extra"}, code: 2}},
}

// noCommands are the commands that can answer a proved "no" (exit 20):
// what they were asked for does not exist.
var noCommands = []string{"solve", "nonogram solve", "dobble build", "dobble complete", "chipfire solve", "cubes run"}

// readsFiles reports whether the command reads an input file, by its
// synopsis.
func readsFiles(c *cli.Command) bool {
	return strings.Contains(c.Args, "FILE") || strings.Contains(c.Args, "DIR") || strings.Contains(c.Args, "INSTANCE")
}

// TestExitStatusesCoverEveryCommand keeps exitRuns complete: every
// command has a usage error, every command that reads a file a data
// error, every command of noCommands a proved "no".
func TestExitStatusesCoverEveryCommand(t *testing.T) {
	cmds := map[string]*cli.Command{}
	cli.Walk(inProcess, func(path []string, c *cli.Command) {
		if c.Subs == nil {
			cmds[strings.Join(path, " ")] = c
		}
	})
	for name := range exitRuns {
		if cmds[name] == nil {
			t.Errorf("exitRuns has %q, which is no command", name)
		}
	}
	for name, c := range cmds {
		has := map[int]bool{}
		for _, r := range exitRuns[name] {
			has[r.code] = true
		}
		if !has[cli.ExitUsage] {
			t.Errorf("%s: no run in exitRuns ends with a usage error (2)", name)
		}
		if readsFiles(c) && c.Alias == nil && !has[cli.ExitError] {
			t.Errorf("%s reads %s but no run in exitRuns ends with a data error (1)", name, c.Args)
		}
		for _, n := range noCommands {
			if n == name && !has[cli.ExitNo] {
				t.Errorf("%s can prove a \"no\" but no run in exitRuns ends with 20", name)
			}
		}
	}
}

// TestExitStatuses runs exitRuns: each ends with its status, usage errors
// on one line of standard error and nothing on standard output, data
// errors as "satsolve: …" on standard error, a proved "no" with its answer
// on standard output.
func TestExitStatuses(t *testing.T) {
	for name, runs := range exitRuns {
		prefix := "satsolve " + name + ": "
		if name == "nonogram compare" {
			prefix = "satsolve compare nonogram: " // the alias speaks as its command
		}
		for _, r := range runs {
			args := append(strings.Fields(name), r.args...)
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				code, out, errOut := clitest.Run(t, inProcess, r.stdin, args...)
				if code != r.code {
					t.Fatalf("exit %d, want %d\nstdout %q\nstderr %q", code, r.code, out, errOut)
				}
				switch r.code {
				case cli.ExitUsage:
					if out != "" || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, prefix) {
						t.Errorf("usage error: stdout %q, stderr %q; want one line %q…", out, errOut, prefix)
					}
				case cli.ExitError:
					if !strings.Contains(errOut, "satsolve: ") && !strings.Contains(out, "NOT VERIFIED") {
						t.Errorf("error: stderr %q says nothing", errOut)
					}
				case cli.ExitNo:
					if strings.TrimSpace(out) == "" && !strings.Contains(errOut, "no card can be added") {
						t.Errorf("a proved no with no answer printed: stderr %q", errOut)
					}
				}
				if r.want != "" && !strings.Contains(out+errOut, r.want) {
					t.Errorf("output lacks %q:\nstdout %q\nstderr %q", r.want, out, errOut)
				}
			})
		}
	}
}

// TestUnknownFlagEveryCommand gives every command a flag it does not
// have: a usage error, with a suggestion when the flag is one letter off
// a real one.
func TestUnknownFlagEveryCommand(t *testing.T) {
	for _, p := range leaves() {
		code, out, errOut := clitest.Run(t, inProcess, "", append(strings.Fields(p), "--no-such-flag")...)
		if code != cli.ExitUsage || out != "" || !strings.Contains(errOut, "no-such-flag") || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%s --no-such-flag: exit %d, stdout %q, stderr %q", p, code, out, errOut)
		}
	}
	code, _, errOut := clitest.Run(t, inProcess, "", "solve", "--jsn", fixture("examples", "uf20-01.cnf"))
	if code != cli.ExitUsage || !strings.Contains(errOut, "did you mean --json?") {
		t.Errorf("solve --jsn: exit %d, %q", code, errOut)
	}
	code, _, errOut = clitest.Run(t, inProcess, "", "nonogram", "slove", fixture("nonogram", "snake.txt"))
	if code != cli.ExitUsage || !strings.Contains(errOut, "did you mean solve?") {
		t.Errorf("nonogram slove: exit %d, %q", code, errOut)
	}
}

// TestExitPolicyDocumented checks that docs/cli.md states each status of
// the policy.
func TestExitPolicyDocumented(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "cli.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	for _, want := range []string{"| 0 |", "| 1 |", "| 2 |", "| 20 |", "-k is required"} {
		if !strings.Contains(doc, want) {
			t.Errorf("docs/cli.md's exit statuses lack %q", want)
		}
	}
	for _, name := range noCommands {
		if !strings.Contains(doc, "`"+name+"`") {
			t.Errorf("docs/cli.md does not say that %s can exit 20", name)
		}
	}
}

// TestDirectoryInput gives every command that reads a file a directory in
// its place: each says so, "DIR is a directory, not a file", with exit
// status 1, never a position in it ("/tmp:1:1", issue 29 item 9); a
// directory named as a file to write is refused as plainly.
func TestDirectoryInput(t *testing.T) {
	dir := t.TempDir()
	tried := 0
	for _, p := range leaves() {
		if p == "cubes collect" { // reads a directory of results
			continue
		}
		args, replaced := smokeArgs(p), false
		for i, a := range args {
			if _, err := os.Stat(a); (err == nil && strings.Contains(a, "testdata")) || a == "-" {
				args[i], replaced = dir, true
			}
		}
		if !replaced {
			continue
		}
		tried++
		code, out, errOut := clitest.Run(t, inProcess, smoke[p].stdin, args...)
		if code != cli.ExitError || !strings.Contains(errOut, dir+" is a directory, not a file") || strings.Contains(errOut, dir+":1") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 1 and %q", args, code, out, errOut, dir+" is a directory, not a file")
		}
	}
	if tried < 15 {
		t.Errorf("only %d commands read a file in their smoke runs", tried)
	}
	code, _, errOut := clitest.Run(t, inProcess, "", "dobble", "build", "-k", "3", "-o", dir)
	if code != cli.ExitError || !strings.Contains(errOut, dir+" is a directory: name a file to write") {
		t.Errorf("dobble build -o DIR: exit %d, %q", code, errOut)
	}
}
