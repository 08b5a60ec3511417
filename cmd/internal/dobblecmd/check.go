package dobblecmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/models/dobble"
)

// checkJSON is the JSON report of satsolve dobble check.
type checkJSON struct {
	File       string          `json:"file"`
	OK         bool            `json:"ok"`
	Cards      int             `json:"cards"`
	Symbols    int             `json:"symbols"`
	K          int             `json:"k"`
	Lambda     int             `json:"lambda"`
	Violations []violationJSON `json:"violations,omitempty"`
	Total      int             `json:"total_violations"`
}

// violationJSON is one broken rule, cards numbered from 1.
type violationJSON struct {
	Kind    string   `json:"kind"` // "size", "repeat" or "meet"
	Cards   []int    `json:"cards"`
	Lines   []int    `json:"lines"`
	Symbols []string `json:"symbols,omitempty"`
	Got     int      `json:"got,omitempty"`
	Want    int      `json:"want,omitempty"`
	Message string   `json:"message"`
}

func checkFlags(fs *flag.FlagSet) cli.Action {
	k, lambda, asJSON, timeout := new(int), new(int), new(bool), new(time.Duration)
	cli.IntVar(fs, k, "k", 0, " (0: the size of the first card)")
	cli.IntVar(fs, lambda, "lambda", 1, "")
	cli.JSONVar(fs, asJSON, "")
	cli.TimeoutVar(fs, timeout, 0, "")
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if err := cli.WantArgs(args, 1, "one deck FILE"); err != nil {
			return err
		}
		path := args[0]
		d, err := readDeck(e, path)
		if path == "-" {
			path = "<stdin>"
		}
		if err != nil {
			return err
		}
		if *k == 0 {
			*k = len(d.Cards[0])
		}
		j := checkJSON{File: path, OK: true, Cards: len(d.Cards), Symbols: len(d.Used()), K: *k, Lambda: *lambda}
		err = dobble.CheckContext(ctx, d, *k, *lambda)
		var ce *dobble.CheckError
		switch {
		case errors.As(err, &ce):
			j.OK, j.Total = false, ce.Total
			for _, v := range ce.Violations {
				j.Violations = append(j.Violations, violation(d, v))
			}
		case err != nil:
			return err
		}
		if *asJSON {
			if err := (&dobbleCommon{json: true}).emit(e, j, nil); err != nil || j.OK {
				return err
			}
			return cli.Exit(cli.ExitError)
		}
		if j.OK {
			fmt.Fprintf(e.Stdout, "%s: ok: %d cards of %d symbols on %d symbols, any two share exactly %d\n", path, j.Cards, j.K, j.Symbols, j.Lambda)
			return nil
		}
		printViolations(e.Stdout, path, j)
		return fmt.Errorf("%s: the deck breaks the rules (%s)", path, english.Count(j.Total, "violation"))
	}
}

// violation converts a violation for the report.
func violation(d *dobble.Deck, v dobble.Violation) violationJSON {
	j := violationJSON{Kind: [...]string{"size", "repeat", "meet"}[v.Kind], Got: v.Got, Want: v.Want, Message: v.Message(d)}
	for _, c := range v.Cards {
		j.Cards = append(j.Cards, c+1)
		if c < len(d.Lines) {
			j.Lines = append(j.Lines, d.Lines[c])
		}
	}
	for _, s := range v.Symbols {
		j.Symbols = append(j.Symbols, d.Label(s))
	}
	return j
}

// printViolations writes one "FILE:LINE: message" line per violation, at
// the line of the last card involved.
func printViolations(w io.Writer, path string, j checkJSON) {
	for _, v := range j.Violations {
		line := 0
		if len(v.Lines) > 0 {
			line = v.Lines[len(v.Lines)-1]
		}
		fmt.Fprintf(w, "%s:%d: %s\n", path, line, v.Message)
	}
	if more := j.Total - len(j.Violations); more > 0 {
		fmt.Fprintf(w, "%s: and %s\n", path, english.Count(more, "more violation"))
	}
}
