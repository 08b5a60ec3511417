package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat/cdcl"
)

// echo is a leaf command that prints its flags and arguments.
var echo = &Command{
	Name:    "echo",
	Summary: "print the arguments",
	Args:    "[flags] ARG...",
	Flags: func(fs *flag.FlagSet) Action {
		n := fs.Int("n", 0, "a number")
		loud := fs.Bool("loud", false, "a switch")
		return func(_ context.Context, e *Env, args []string) error {
			if len(args) == 0 {
				return Usagef("want an ARG")
			}
			if args[0] == "fail" {
				return errors.New("x.txt:3:7: bad")
			}
			if args[0] == "checked" { // a command that looks at its writes
				_, err := fmt.Fprintln(e.Stdout, "answer")
				return err
			}
			if args[0] == "exit" {
				fmt.Fprintln(e.Stdout, "answer")
				return Exit(10)
			}
			fmt.Fprintf(e.Stdout, "n=%d loud=%v args=%q\n", *n, *loud, args)
			return nil
		}
	},
}

var tree = []*Command{
	echo,
	{Name: "need", Summary: "a command with a required flag", Args: "-k K", Required: []string{"k"},
		Flags: func(fs *flag.FlagSet) Action {
			fs.Int("k", 0, "a number")
			return func(context.Context, *Env, []string) error { return nil }
		}},
	{Name: "group", Summary: "a group", Args: "[flags] [args]", Subs: []*Command{
		{Name: "leaf", Summary: "an alias of echo", Alias: []string{"echo"}},
	}},
}

func run(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := Run(context.Background(), tree, args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// TestFlagsAnywhere checks that flags may come before, between and after
// the positional arguments, that -- ends them, and that negative numbers
// and - are positional.
func TestFlagsAnywhere(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"echo", "-n", "3", "a", "b"}, `n=3 loud=false args=["a" "b"]`},
		{[]string{"echo", "a", "--n", "3", "b", "--loud"}, `n=3 loud=true args=["a" "b"]`},
		{[]string{"echo", "a", "b", "--n=4"}, `n=4 loud=false args=["a" "b"]`},
		{[]string{"echo", "-5", "-0.5", "-", "--loud"}, `n=0 loud=true args=["-5" "-0.5" "-"]`},
		{[]string{"echo", "--loud", "--", "--n", "3"}, `n=0 loud=true args=["--n" "3"]`},
		{[]string{"group", "leaf", "x", "-n", "2"}, `n=2 loud=false args=["x"]`},
	}
	for _, c := range cases {
		code, out, errOut := run(c.args...)
		if code != 0 || strings.TrimSpace(out) != c.want {
			t.Errorf("%q: exit %d, %q (stderr %q), want %q", c.args, code, out, errOut, c.want)
		}
	}
}

// TestUsageErrors checks the policy: exit 2, one line on standard error
// naming the command, nothing on standard output, no flag list.
func TestUsageErrors(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"echo"}, "satsolve echo: want an ARG"},
		{[]string{"echo", "--bogus", "a"}, "satsolve echo: flag provided but not defined: -bogus"},
		{[]string{"echo", "-lound", "a"}, "satsolve echo: flag provided but not defined: -lound; did you mean --loud?"},
		{[]string{"echo", "-m", "3", "a"}, "satsolve echo: flag provided but not defined: -m; did you mean -n?"},
		{[]string{"ecko", "a"}, `satsolve: unknown command "ecko"; did you mean echo?`},
		{[]string{"group", "lef", "a"}, `satsolve group: unknown group command "lef"; did you mean leaf?`},
		{[]string{"group", "zzzz"}, `satsolve group: unknown group command "zzzz" (want leaf)`},
		{[]string{"need"}, "satsolve need: -k is required"},
		{[]string{"echo", "a", "b", "c", "--n=1", "--loud", "-n"}, "satsolve echo: flag needs an argument: -n"},
		{[]string{"echo", "-n", "x", "a"}, `satsolve echo: invalid value "x" for flag -n`},
		{[]string{"echo", "a", "-n"}, "satsolve echo: flag needs an argument: -n"},
	}
	for _, c := range cases {
		code, out, errOut := run(c.args...)
		if code != ExitUsage || out != "" || !strings.HasPrefix(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and one line %q", c.args, code, out, errOut, c.want)
		}
	}
}

// TestHelp checks that help goes to standard output with exit status 0,
// at every level.
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"echo", "-h"}, {"help", "echo"}, {"group", "help"}, {"echo", "a", "--help"}} {
		code, out, errOut := run(args...)
		if code != 0 || errOut != "" || !strings.Contains(out, "usage: satsolve") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	if _, out, _ := run("echo", "-h"); !strings.Contains(out, "-loud") || !strings.Contains(out, "print the arguments") {
		t.Errorf("echo -h does not list the flags and summary: %q", out)
	}
}

// TestErrorsAndExit checks that a data error is one "satsolve: …" line
// with status 1 and that Exit sets the status without a message.
func TestErrorsAndExit(t *testing.T) {
	if code, _, errOut := run("echo", "fail"); code != ExitError || errOut != "satsolve: x.txt:3:7: bad\n" {
		t.Errorf("fail: exit %d, %q", code, errOut)
	}
	if code, out, errOut := run("echo", "exit"); code != 10 || out != "answer\n" || errOut != "" {
		t.Errorf("exit: exit %d, %q, %q", code, out, errOut)
	}
}

// failWriter fails every write, as /dev/full does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestStdoutFailure checks that output lost on the way out is an error,
// exit status 1, whatever status the command chose.
func TestStdoutFailure(t *testing.T) {
	for _, args := range [][]string{{"echo", "a"}, {"echo", "exit"}, {"echo", "checked"}, {"help"}} {
		var errb bytes.Buffer
		code := Run(context.Background(), tree, args, strings.NewReader(""), failWriter{}, &errb)
		if code != ExitError || !strings.Contains(errb.String(), "writing standard output: no space left on device") || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q", args, code, errb.String())
		}
	}
	f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full here")
	}
	defer f.Close()
	var errb bytes.Buffer
	if code := Run(context.Background(), tree, []string{"echo", "a"}, strings.NewReader(""), f, &errb); code != ExitError {
		t.Errorf("> /dev/full: exit %d, stderr %q", code, errb.String())
	}
}

// TestWriteFile checks the atomic write: the file appears whole; when fill
// fails or the final rename fails (the path is a directory), nothing is
// left behind and the error names the user's path, not the temporary
// file's.
func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := WriteFile(path, func(w io.Writer) error { _, err := io.WriteString(w, "hello\n"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "hello\n" {
		t.Fatalf("read back %q, %v", b, err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", st.Mode().Perm())
	}

	fillErr := errors.New("no picture")
	err := WriteFile(filepath.Join(dir, "failed.txt"), func(io.Writer) error { return fillErr })
	if !errors.Is(err, fillErr) || !strings.Contains(err.Error(), "failed.txt") {
		t.Errorf("fill failure: %v", err)
	}

	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "keep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	err = WriteFile(sub, func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err })
	if err == nil || !strings.Contains(err.Error(), sub) || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("rename onto a directory: error %v, want one naming %s and no temporary file", err, sub)
	}

	err = WriteFile(filepath.Join(dir, "missing", "out.txt"), func(io.Writer) error { return nil })
	if err == nil || !strings.Contains(err.Error(), filepath.Join("missing", "out.txt")) || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("missing directory: error %v", err)
	}

	var names []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"out.txt", "sub"}; !slices.Equal(names, want) {
		t.Errorf("directory holds %v, want %v: a temporary or failed file was left behind", names, want)
	}
}

// TestVersion checks satsolve version and --version, and the line written
// from build information.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, out, _ := run(args...)
		if code != 0 || !strings.HasPrefix(out, "satsolve ") || strings.Count(out, "\n") != 1 {
			t.Errorf("%q: exit %d, %q", args, code, out)
		}
	}
	info := &debug.BuildInfo{GoVersion: "go1.26", Main: debug.Module{Path: "github.com/satsolve/satsolve", Version: "v1.2.3"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef"}, {Key: "vcs.time", Value: "2026-11-24T16:06:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	if got, want := versionLine(info), "satsolve v1.2.3 (0123456789ab 2026-11-24T16:06:00Z, modified) github.com/satsolve/satsolve go1.26"; got != want {
		t.Errorf("versionLine = %q, want %q", got, want)
	}
}

// TestProgressLines checks the report's wording: a count with its rate and
// ETA, a count without a total, a heartbeat, a note.
func TestProgressLines(t *testing.T) {
	e := &Env{Stderr: io.Discard}
	p := e.Progress("nonogram solve", "puzzles", 120)
	p.Add(30)
	if got, want := p.Line(10*time.Second), "satsolve: nonogram solve: 30/120 puzzles, 3.00/s, ETA 30s, 10s so far"; got != want {
		t.Errorf("with a total: %q, want %q", got, want)
	}
	q := e.Progress("dobble max", "SAT searches", 0)
	q.Add(7)
	q.Note("best deck 12 cards")
	if got, want := q.Line(2*time.Second), "satsolve: dobble max: 7 SAT searches (best deck 12 cards), 3.50/s, 2s so far"; got != want {
		t.Errorf("without a total: %q, want %q", got, want)
	}
	h := e.Progress("solve", "", 0)
	if got, want := h.Line(65*time.Second), "satsolve: solve: working, 1m5s so far"; got != want {
		t.Errorf("heartbeat: %q, want %q", got, want)
	}
	for _, x := range []*Progress{p, q, h} {
		x.Done()
	}
}

// TestProgressQuietUnlessAsked checks where reports go: nothing on a
// standard error that is not a terminal without -v; log lines with -v; a
// redrawn line, erased at the end, on a terminal.
func TestProgressQuietUnlessAsked(t *testing.T) {
	var quiet, logged, tty bytes.Buffer
	for _, c := range []struct {
		e *Env
	}{{&Env{Stderr: &quiet}}, {&Env{Stderr: &logged, Verbose: true}}, {&Env{Stderr: &tty, Terminal: true}}} {
		p := c.e.Progress("x", "items", 2)
		p.Add(2)
		p.Done()
	}
	if quiet.Len() != 0 {
		t.Errorf("not a terminal, no -v: %q", quiet.String())
	}
	if !strings.HasPrefix(logged.String(), "satsolve: x: 2/2 items") || !strings.HasSuffix(logged.String(), "\n") {
		t.Errorf("-v: %q", logged.String())
	}
	if tty.String() != "\r\033[K" {
		t.Errorf("terminal: %q, want the line erased at the end", tty.String())
	}
}

// TestIsTerminal checks that the null device, a regular file and a pipe
// are not terminals, and that a pseudo-terminal (where one can be opened)
// is.
func TestIsTerminal(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	file, err := os.Create(filepath.Join(t.TempDir(), "err"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for _, f := range []*os.File{null, file, w} {
		if isTerminal(f) {
			t.Errorf("%s taken for a terminal", f.Name())
		}
	}
	if isTerminal(&bytes.Buffer{}) {
		t.Error("a buffer taken for a terminal")
	}
	pty, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Logf("no pseudo-terminal to check against: %v", err)
		return
	}
	defer pty.Close()
	if !isTerminal(pty) {
		t.Error("a pseudo-terminal not taken for one")
	}
}

// TestBackendHelp checks --backend cdcl:help, on a single and on a
// repeatable --backend: the command does not run (it would want an ARG;
// the first also wants -k, which help does not need),
// cdcl's option table goes to standard output with exit status 0, and it
// names every option with its default.
func TestBackendHelp(t *testing.T) {
	single := &Command{Name: "one", Summary: "one backend", Args: "ARG", Flags: func(fs *flag.FlagSet) Action {
		var spec string
		BackendVar(fs, &spec, "cdcl", "")
		fs.Int("k", 0, "a required number")
		return func(context.Context, *Env, []string) error { return Usagef("want an ARG") }
	}}
	single.Required = []string{"k"}
	many := &Command{Name: "many", Summary: "backends", Args: "ARG", Flags: func(fs *flag.FlagSet) Action {
		var specs []string
		BackendsVar(fs, &specs, "")
		return func(context.Context, *Env, []string) error { return Usagef("want an ARG") }
	}}
	defaults := cdcl.DefaultOptions()
	for _, args := range [][]string{{"one", "--backend", "cdcl:help"}, {"many", "--backend", "gini", "--backend=cdcl:help"}} {
		var out, errb bytes.Buffer
		code := Run(context.Background(), []*Command{single, many}, args, strings.NewReader(""), &out, &errb)
		if code != 0 || errb.Len() != 0 {
			t.Fatalf("%q: exit %d, stderr %q", args, code, errb.String())
		}
		for _, name := range cdcl.OptionNames() {
			var def string
			for _, line := range strings.Split(out.String(), "\n") {
				if f := strings.Fields(line); len(f) > 1 && f[0] == name {
					def = f[1]
				}
			}
			o := defaults
			if n, err := strconv.Atoi(def); err != nil || o.Set(name, n) != nil || o != defaults {
				t.Errorf("%q: option %s listed with default %q, not its default", args, name, def)
			}
		}
	}
	var out, errb bytes.Buffer
	if code := Run(context.Background(), []*Command{single}, []string{"one", "-k", "1", "--backend", "cdcl:bogus=1", "x"}, strings.NewReader(""), &out, &errb); code != ExitUsage || !strings.Contains(errb.String(), "cdcl:help lists the options") {
		t.Errorf("unknown option: exit %d, stderr %q; want 2 and a pointer to cdcl:help", code, errb.String())
	}
}
