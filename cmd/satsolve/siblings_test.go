package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/chipfirecmd"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/cli/clitest"
	"github.com/satsolve/satsolve/cmd/internal/comparecmd"
	"github.com/satsolve/satsolve/cmd/internal/gamecmd"
	"github.com/satsolve/satsolve/cmd/internal/nonogramcmd"
	"github.com/satsolve/satsolve/cmd/internal/servecmd"
)

// siblings are the commands other executables implement, by name: the
// command each runs, and its package.
var siblings = map[string]struct {
	cmd *cli.Command
	pkg string
}{
	"serve":    {servecmd.Command, "servecmd"},
	"compare":  {comparecmd.Command, "comparecmd"},
	"nonogram": {nonogramcmd.Command, "nonogramcmd"},
	"chipfire": {chipfirecmd.Command, "chipfirecmd"},
	"game":     {gamecmd.Command, "gamecmd"},
}

// inProcess are satsolve's commands with the real commands in place of
// the stubs that run satsolve-serve, satsolve-nonogram, …: the tests that
// run or inspect every command in-process (smoke runs, the flag
// vocabulary, docs/cli.md, the README's examples) cover them as they did
// when they were linked in.
var inProcess = func() []*cli.Command {
	cmds := slices.Clone(commands)
	for i, c := range cmds {
		if s, ok := siblings[c.Name]; ok && c.Program != "" {
			cmds[i] = s.cmd
		}
	}
	return cmds
}()

// TestSiblingStubs keeps every stub the command it stands for: the same
// name, synopsis and summary (serve's says it is a separate binary), the
// executable satsolve-NAME, which this module builds from
// cmd/satsolve-NAME over the command's package, and an install command
// naming it. Every command in siblings has its stub.
func TestSiblingStubs(t *testing.T) {
	stubs := 0
	for _, c := range commands {
		if c.Program == "" {
			if _, ok := siblings[c.Name]; ok {
				t.Errorf("%s is linked into satsolve, and also in siblings", c.Name)
			}
			continue
		}
		stubs++
		s, ok := siblings[c.Name]
		if !ok {
			t.Errorf("the stub %s runs %s, which siblings lacks", c.Name, c.Program)
			continue
		}
		summaryOK := c.Summary == s.cmd.Summary
		if c.Name == "serve" {
			summaryOK = strings.HasPrefix(c.Summary, s.cmd.Summary+" (")
		}
		if c.Name != s.cmd.Name || c.Args != s.cmd.Args || !summaryOK {
			t.Errorf("the %s stub says %q %q %q, its command %q %q %q", c.Name, c.Name, c.Args, c.Summary, s.cmd.Name, s.cmd.Args, s.cmd.Summary)
		}
		if c.Program != "satsolve-"+c.Name || c.Subs != nil || c.Flags != nil {
			t.Errorf("the %s stub: Program %q, %d subcommands, flags %v; want satsolve-%s and nothing else", c.Name, c.Program, len(c.Subs), c.Flags != nil, c.Name)
		}
		if !strings.Contains(c.Install, "go install github.com/satsolve/satsolve/cmd/"+c.Program+"@latest") {
			t.Errorf("%s: Install = %q: it must name the go install command", c.Name, c.Install)
		}
		main, err := os.ReadFile(filepath.Join("..", c.Program, "main.go"))
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
		} else if !bytes.Contains(main, []byte(`"github.com/satsolve/satsolve/cmd/internal/`+s.pkg+`"`)) ||
			!bytes.Contains(main, []byte("cli.MainCommand("+s.pkg+".Command")) {
			t.Errorf("cmd/%s/main.go does not run %s.Command through cli.MainCommand", c.Program, s.pkg)
		}
	}
	if stubs != len(siblings) {
		t.Errorf("%d stubs for %d siblings", stubs, len(siblings))
	}
}

// buildAll builds every command of the module into one directory, once
// for the tests that need the real executables, as go install ./cmd/...
// lays them out.
var buildAll = sync.OnceValues(func() (string, error) {
	built.Store(true)
	dir, err := os.MkdirTemp("", "satsolve-bin")
	if err != nil {
		return "", err
	}
	out, err := exec.Command("go", "build", "-o", dir, "../...").CombinedOutput()
	if err != nil {
		return "", &buildError{err, out}
	}
	return dir, nil
})

// built is set once buildAll has run.
var built atomic.Bool

// A buildError is a failed go build with its output.
type buildError struct {
	err error
	out []byte
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + string(e.out) }

// removeBuilt removes what buildAll built, if it ran (TestMain, at the end).
func removeBuilt() {
	if built.Load() {
		if dir, err := buildAll(); err == nil {
			os.RemoveAll(dir)
		}
	}
}

// builtCommands returns the directory buildAll built into.
func builtCommands(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds every command of the module")
	}
	dir, err := buildAll()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// run runs the executable exe with args and stdin, PATH emptied (so that
// only what lies beside it is found), and returns its exit status and
// streams.
func run(t *testing.T, exe, stdin string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "PATH="+t.TempDir())
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		t.Fatalf("%s %q: %v", exe, args, err)
	}
	return cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()
}

// TestSiblingsAsBefore runs the built satsolve, with its siblings beside
// it, on command lines of every moved command, and checks that each reads
// exactly as the same command line run in-process with the command linked
// in (as satsolve was before): the exit status, standard output (results,
// help) and standard error (usage errors, which name "satsolve NAME"),
// standard input passed through.
func TestSiblingsAsBefore(t *testing.T) {
	dir := builtCommands(t)
	satsolve := filepath.Join(dir, "satsolve")
	for _, c := range []struct {
		stdin string
		args  []string
	}{
		{stdin: "", args: []string{"nonogram", "solve", fixture("nonogram", "snake.txt")}},
		{stdin: "", args: []string{"nonogram", "solve", "--json", "--unique", fixture("nonogram", "snake.txt")}},
		{stdin: "", args: []string{"nonogram", "-h"}},
		{stdin: "", args: []string{"nonogram"}},
		{stdin: "", args: []string{"nonogram", "solve", "-h"}},
		{stdin: "", args: []string{"nonogram", "solve", "--nosuch", "x"}},
		{stdin: "", args: []string{"nonogram", "solve", "no-such-file.non"}},
		{stdin: "", args: []string{"nonogram", "compare", "--repeat", "1", "--backend", "gini", "--csv", fixture("nonogram", "snake.txt")}},
		{stdin: "", args: []string{"help", "nonogram", "rate"}},
		{stdin: "", args: []string{"compare", "-h"}},
		{stdin: "", args: []string{"compare", "nosuch"}},
		{stdin: "", args: []string{"compare", "amo", "--n", "3", "--backend", "gini", "--repeat", "1", "--csv"}},
		{stdin: "", args: []string{"chipfire", "solve", "--json", fixture("chipfire", "good", "cp.txt")}},
		{stdin: "show\nquit\n", args: []string{"chipfire", "play", fixture("chipfire", "good", "cp.txt")}},
		{stdin: "", args: []string{"chipfire", "rank", "--pb", "nosuch", fixture("chipfire", "good", "cp.txt")}},
		{stdin: "", args: []string{"game", "nim", "3", "4", "5", "--json"}},
		{stdin: "0 1\n1 2\n2 3\n", args: []string{"game", "kayles", "-"}},
		{stdin: "", args: []string{"game", "octal", "0.77"}},
		{stdin: "", args: []string{"game", "nosuch"}},
	} {
		code, stdout, stderr := run(t, satsolve, c.stdin, c.args...)
		wantCode, wantOut, wantErr := clitest.Run(t, inProcess, c.stdin, c.args...)
		stdout, wantOut = decimals.ReplaceAllString(stdout, "N"), decimals.ReplaceAllString(wantOut, "N")
		if code != wantCode || stdout != wantOut || stderr != wantErr {
			t.Errorf("satsolve %s:\nexit %d, stdout %q, stderr %q;\nin-process: exit %d, stdout %q, stderr %q",
				strings.Join(c.args, " "), code, stdout, stderr, wantCode, wantOut, wantErr)
		}
	}
}

// decimals are the times in a command's output, which differ from run to
// run: seconds in JSON and CSV (0.000295493, 1.2e-05), durations (1.5ms).
var decimals = regexp.MustCompile(`[0-9]+(\.[0-9]+)?(e-?[0-9]+|[µmn]?s\b)|[0-9]+\.[0-9]+`)

// TestSiblingMissing runs the built satsolve alone in a directory, PATH
// emptied: every moved command says on one line how to install its
// executable and exits with status 2; the commands on SAT files work.
func TestSiblingMissing(t *testing.T) {
	dir := builtCommands(t)
	alone := filepath.Join(t.TempDir(), "satsolve")
	b, err := os.ReadFile(filepath.Join(dir, "satsolve"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(alone, b, 0o755); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := run(t, alone, "", "solve", "--no-model", fixture("examples", "uf20-01.cnf")); code != 10 {
		t.Errorf("satsolve solve alone: exit %d, want 10; stderr %q", code, stderr)
	}
	for name := range siblings {
		for _, args := range [][]string{{name}, {name, "-h"}, {"help", name}} {
			code, stdout, stderr := run(t, alone, "", args...)
			if code != cli.ExitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 ||
				!strings.HasPrefix(stderr, "satsolve "+name+": satsolve-"+name+" is neither beside this program") ||
				!strings.Contains(stderr, "go install github.com/satsolve/satsolve/cmd/satsolve-"+name+"@latest") ||
				// What works before the module is published comes first (issue 29, item 8).
				!strings.Contains(stderr, "from a checkout of satsolve, go install ./cmd/... installs it") ||
				strings.Index(stderr, "./cmd/...") > strings.Index(stderr, "@latest") {
				t.Errorf("satsolve %s alone: exit %d, stdout %q, stderr %q; want 2 and one line naming the install command", strings.Join(args, " "), code, stdout, stderr)
			}
		}
	}
}

// TestSiblingSignals runs a search of many seconds through the built
// satsolve (satsolve nonogram solve --unique on knotty, which no solver
// here settles cold; satsolve-nonogram implements it) and stops it by
// SIGINT, SIGTERM and --timeout: satsolve's process became
// satsolve-nonogram's, so the signal reaches the command itself, which
// prints what it found and says why it stopped, with exit status 1.
func TestSiblingSignals(t *testing.T) {
	dir := builtCommands(t)
	args := []string{"nonogram", "solve", "--unique", "--sat", fixture("nonogram", "knotty.non")}
	for _, c := range []struct {
		name string
		sig  os.Signal
		want string
	}{
		// In words, not Go's "context canceled" (issue 29, item 5).
		{"SIGINT", os.Interrupt, "uniqueness unknown: interrupted"},
		{"SIGTERM", syscall.SIGTERM, "uniqueness unknown: interrupted"},
		{"--timeout", nil, "uniqueness unknown: time limit (--timeout 300ms) reached"},
	} {
		a := args
		if c.sig == nil {
			a = append(slices.Clone(args), "--timeout", "300ms")
		}
		cmd := exec.Command(filepath.Join(dir, "satsolve"), a...)
		var out strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if c.sig != nil {
			time.Sleep(300 * time.Millisecond)
			if err := cmd.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
		}
		cmd.Wait()
		if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(out.String(), c.want) {
			t.Errorf("%s: exit %d, output %q; want 1 and %q", c.name, code, out.String(), c.want)
		}
	}
}
