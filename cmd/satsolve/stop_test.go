package main

import (
	"bytes"
	"context"
	"flag"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
)

// goWords are Go's words for an ended context, which no user should read.
var goWords = []string{"context canceled", "context deadline exceeded"}

// TestStopInWordsEveryCommand runs every command's smoke run stopped at
// once, by a --timeout that has run out before the work starts (every
// command that has the flag) and interrupted (its context cancelled, as
// Ctrl-C does): whatever each prints, on either stream and in --json, says
// "time limit (--timeout 1ns) reached" or "interrupted", never Go's
// "context deadline exceeded" or "context canceled" (issue 29, item 5).
func TestStopInWordsEveryCommand(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, p := range leaves() {
		if p == "serve" {
			continue // a server: its --for and interruption end it normally
		}
		var c *cli.Command
		cli.Walk(inProcess, func(path []string, x *cli.Command) {
			if strings.Join(path, " ") == p {
				c = x
			}
		})
		fs := flag.NewFlagSet(p, flag.ContinueOnError)
		hasJSON, hasTimeout := false, false
		if c.Flags != nil {
			fs = cli.FlagSet(p, c)
			hasJSON, hasTimeout = fs.Lookup("json") != nil, fs.Lookup("timeout") != nil
		}
		type run struct {
			ctx   context.Context
			args  []string
			words string
		}
		runs := []run{{cancelled, smokeArgs(p), "interrupted"}}
		if hasTimeout {
			runs = append(runs, run{context.Background(), append(smokeArgs(p), "--timeout", "1ns"), "time limit (--timeout 1ns) reached"})
		}
		if hasJSON {
			for _, r := range runs {
				runs = append(runs, run{r.ctx, append(r.args, "--json"), r.words})
			}
		}
		for _, r := range runs {
			var out, errb bytes.Buffer
			code := cli.Run(r.ctx, inProcess, r.args, strings.NewReader(smoke[p].stdin), &out, &errb)
			said := out.String() + errb.String()
			for _, w := range goWords {
				if strings.Contains(said, w) {
					t.Errorf("%q: exit %d, says %q:\nstdout %s\nstderr %s", r.args, code, w, out.String(), errb.String())
				}
			}
			// A JSON report of work left unfinished carries the stable word.
			if strings.HasSuffix(strings.Join(r.args, " "), "--json") && (strings.Contains(out.String(), `"UNKNOWN"`) || strings.Contains(out.String(), `"best found"`)) {
				word := map[bool]string{true: "interrupted", false: "timeout"}[r.ctx == cancelled]
				if !strings.Contains(out.String(), `"stopped": "`+word+`"`) {
					t.Errorf("%q: the JSON report lacks \"stopped\": %q:\n%s", r.args, word, out.String())
				}
			}
			// A command that stopped says why (it may also have finished
			// before looking at its context: a small instance).
			if code == cli.ExitError && !strings.Contains(said, r.words) && !(r.ctx != cancelled && strings.Contains(said, "--timeout 1ns")) {
				t.Errorf("%q: exit 1 without saying %q:\nstdout %s\nstderr %s", r.args, r.words, out.String(), errb.String())
			}
		}
	}
}
