package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"
)

// waiter is a command that waits for its context to end and returns the
// error args[0] asks for.
var waiter = &Command{
	Name: "wait", Summary: "wait for the end", Args: "[flags] KIND",
	Flags: func(fs *flag.FlagSet) Action {
		var timeout time.Duration
		TimeoutVar(fs, &timeout, 0, "")
		return func(ctx context.Context, e *Env, args []string) error {
			<-ctx.Done()
			switch args[0] {
			case "bare":
				return ctx.Err()
			case "wrapped":
				return fmt.Errorf("reading x.cnf: %w", ctx.Err())
			case "part":
				// A limit of a part of the work, given by another flag.
				pctx, cancel := WithTimeout(context.Background(), time.Nanosecond, "--puzzle-timeout")
				defer cancel()
				<-pctx.Done()
				fmt.Fprintf(e.Stdout, "puzzle 1: %v\n", Explain(pctx, pctx.Err()))
				return nil
			}
			fmt.Fprintf(e.Stdout, "c %v (%s)\n", Explain(ctx, ctx.Err()), StopReason(Explain(ctx, ctx.Err())))
			return nil
		}
	},
}

// TestStopInWords checks that a command stopped by --timeout or
// interrupted (its caller's context cancelled, as Ctrl-C does through the
// signal watch) says so in words, never in Go's ("context deadline
// exceeded", "context canceled"), whether it returns the context's error
// bare, wrapped, or prints it itself; and that the error still is the
// context's for errors.Is, with the stable word for JSON.
func TestStopInWords(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	cases := []struct {
		ctx         context.Context
		args        []string
		code        int
		out, errOut string
	}{
		{context.Background(), []string{"wait", "--timeout", "1ns", "bare"}, 1, "", "satsolve: stopped: time limit (--timeout 1ns) reached\n"},
		{context.Background(), []string{"wait", "--timeout", "1ms", "wrapped"}, 1, "", "satsolve: reading x.cnf: time limit (--timeout 1ms) reached\n"},
		{context.Background(), []string{"wait", "--timeout", "2ms", "print"}, 0, "c time limit (--timeout 2ms) reached (timeout)\n", ""},
		{cancelled, []string{"wait", "bare"}, 1, "", "satsolve: stopped: interrupted\n"},
		{cancelled, []string{"wait", "wrapped"}, 1, "", "satsolve: reading x.cnf: interrupted\n"},
		{cancelled, []string{"wait", "print"}, 0, "c interrupted (interrupted)\n", ""},
		{cancelled, []string{"wait", "part"}, 0, "puzzle 1: time limit (--puzzle-timeout 1ns) reached\n", ""},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		code := Run(c.ctx, []*Command{waiter}, c.args, strings.NewReader(""), &out, &errb)
		if code != c.code || out.String() != c.out || errb.String() != c.errOut {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %d, %q, %q", c.args, code, out.String(), errb.String(), c.code, c.out, c.errOut)
		}
	}

	ctx, stop := WithTimeout(context.Background(), time.Nanosecond, "--timeout")
	defer stop()
	<-ctx.Done()
	err := Explain(ctx, fmt.Errorf("encoding: %w", ctx.Err()))
	if !errors.Is(err, context.DeadlineExceeded) || StopReason(err) != StopTimeout || err.Error() != "encoding: time limit (--timeout 1ns) reached" {
		t.Errorf("Explain: %q (Is deadline %v, reason %q)", err, errors.Is(err, context.DeadlineExceeded), StopReason(err))
	}
	if again := Explain(ctx, err); again.Error() != err.Error() {
		t.Errorf("explained twice: %q", again)
	}
	other := errors.New("x.cnf:3: bad literal")
	if Explain(ctx, other) != other || Explain(ctx, nil) != nil || StopReason(other) != "" {
		t.Error("Explain changed an error that is not a stop")
	}
	if Stopped(context.Background()) != nil {
		t.Error("Stopped of a running context is not nil")
	}
}

// TestSuggest checks the "did you mean" guesses: a typo, a transposition,
// a unique prefix; nothing for a word far from every name or as close to
// two.
func TestSuggest(t *testing.T) {
	names := []string{"solve", "check", "cube", "cubes", "decode", "dobble", "compare", "nonogram", "chipfire", "game", "serve"}
	cases := map[string]string{
		"slove": "solve", "sovle": "solve", "chek": "check", "nonogramm": "nonogram", "chip": "chipfire",
		"xyz": "", "cub": "cube", "compre": "compare", "games": "game", "s": "", "gmae": "game", "serv": "serve",
	}
	for typed, want := range cases {
		if got := suggest(typed, names); got != want {
			t.Errorf("suggest(%q) = %q, want %q", typed, got, want)
		}
	}
	if got := suggest("bakend", []string{"backend", "json", "timeout", "v"}); got != "backend" {
		t.Errorf("suggest(bakend) = %q", got)
	}
}

// TestWrapHelp checks the help's wrapping: a flag's help reflowed as one
// paragraph within HelpWidth columns under its indentation, a long usage
// line continued under its arguments, a word wider than the line whole.
func TestWrapHelp(t *testing.T) {
	long := strings.Repeat("word ", 40)
	var b bytes.Buffer
	w := &wrapWriter{w: &b}
	fmt.Fprintf(w, "usage: satsolve x %s\n  -flag value\n    \t%s\n    \tsecond line\n%s\n", long, long, strings.Repeat("x", 130))
	w.Flush()
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	for i, l := range lines[:len(lines)-1] {
		if Columns(l) > HelpWidth {
			t.Errorf("line %d: %d columns: %q", i+1, Columns(l), l)
		}
	}
	if !strings.HasPrefix(lines[1], "       word") {
		t.Errorf("the usage line's continuation %q is not indented under it", lines[1])
	}
	text := b.String()
	if !strings.Contains(text, "word second line") || strings.Count(text, "    \t") < 2 {
		t.Errorf("the flag's help is not one paragraph under its indentation:\n%s", text)
	}
	if lines[len(lines)-1] != strings.Repeat("x", 130) {
		t.Errorf("a word wider than the line was cut: %q", lines[len(lines)-1])
	}
}

// TestMissingHint checks what satsolve says when a sibling executable is
// missing: the command that works from a checkout before the module is
// published first, the published one after; under go run, the go run line
// of the command itself with its arguments (issue 29, item 8).
func TestMissingHint(t *testing.T) {
	c := &Command{Name: "game", Program: "satsolve-game", Install: "go install example.com/cmd/satsolve-game@latest"}
	err := errors.New("satsolve-game is neither beside this program (in /home/u/go/bin) nor on PATH")
	got := missingHint("/home/u/go/bin/satsolve", c, []string{"nim", "3", "4"}, err)
	if !strings.HasPrefix(got, err.Error()+": from a checkout of satsolve, go install ./cmd/... installs it") ||
		!strings.HasSuffix(got, "(once the module is published: go install example.com/cmd/satsolve-game@latest)") {
		t.Errorf("installed satsolve: %q", got)
	}
	got = missingHint("/tmp/go-build1234/b001/exe/satsolve", c, []string{"nim", "3", "4"}, err)
	if !strings.Contains(got, "run go run ./cmd/satsolve-game nim 3 4 ") || !strings.Contains(got, "go install ./cmd/...") {
		t.Errorf("under go run: %q", got)
	}
}
