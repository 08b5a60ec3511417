package dobblecmd

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/models/dobble"
)

// completeJSON is the JSON report of satsolve dobble complete.
type completeJSON struct {
	File        string           `json:"file"`
	K           int              `json:"k"`
	Lambda      int              `json:"lambda"`
	Given       int              `json:"given"`
	Added       int              `json:"added"`
	Completions [][][]symbolJSON `json:"completions"`
	Exhaustive  bool             `json:"exhaustive"`
	// Addable is the most cards that can be added, when the search
	// established it (without --add, or when --add M cannot be reached).
	Addable *int `json:"addable,omitempty"`
	// Requested is --add M (0: as many as possible).
	Requested int     `json:"requested,omitempty"`
	Proof     string  `json:"proof,omitempty"`
	Backend   string  `json:"backend"`
	Vars      int     `json:"vars"`
	Clauses   int     `json:"clauses"`
	Seconds   float64 `json:"seconds"`
	// Certified counts the UNSAT answers certified (--certify).
	Certified *int `json:"certified,omitempty"`
}

func completeFlags(fs *flag.FlagSet) cli.Action {
	var c dobbleCommon
	k, lambda, all := new(int), new(int), new(bool)
	cli.IntVar(fs, k, "k", 0, " (0: the size of the first card)")
	cli.IntVar(fs, lambda, "lambda", 1, "")
	count := fs.Int("add", 0, "add exactly this many cards (0: as many as possible)")
	cli.BoolVar(fs, all, "all", ": list every completion (each set of new cards once), not just one")
	limit := fs.Int("limit", 1000, "most completions --all lists")
	extra := fs.Int("extra", 0, "symbols the new cards may use beyond those of the deck")
	c.register(fs, "new cards", encode.AMOPairwise.String())
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if err := cli.WantArgs(args, 1, "one deck FILE"); err != nil {
			return err
		}
		card, amo, err := c.methods()
		if err != nil {
			return err
		}
		path := args[0]
		d, err := readDeck(e, path)
		if err != nil {
			return err
		}
		if *k == 0 {
			*k = len(d.Cards[0])
		}
		factory, name, err := c.solvers()
		if err != nil {
			return err
		}
		start := time.Now()
		opt := dobble.CompleteOptions{Count: *count, All: *all, Limit: *limit, Extra: *extra, Card: card, AMO: amo}
		res, err := dobble.Complete(ctx, factory, d, *k, *lambda, opt)
		took := time.Since(start)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		j := completeJSON{File: path, K: *k, Lambda: *lambda, Given: len(d.Cards), Exhaustive: res.Exhaustive, Requested: *count, Proof: res.Proof,
			Backend: name(), Vars: res.Size.Vars, Clauses: res.Size.Clauses, Seconds: took.Seconds(), Completions: [][][]symbolJSON{}, Certified: c.certified()}
		if res.Addable >= 0 {
			j.Addable = &res.Addable
		}
		for _, a := range res.Added {
			j.Completions = append(j.Completions, deckLabels(a))
		}
		if len(res.Added) > 0 {
			j.Added = len(res.Added[0].Cards)
		}
		e.Notef("%s: %s", path, completionSummary(j))
		err = c.emit(e, j, func(w io.Writer) error {
			for i, a := range res.Added {
				var head []string
				if *all {
					if i > 0 {
						fmt.Fprintln(w)
					}
					head = []string{fmt.Sprintf("completion %d of %d", i+1, len(res.Added))}
				}
				if err := writeDeckText(w, a, head...); err != nil {
					return err
				}
			}
			return nil
		})
		if err == nil && j.Added == 0 {
			return cli.Exit(cli.ExitNo) // no card can be added (or not as many as --add): a proved "no"
		}
		return err
	}
}

// completionSummary says what was found, for standard error.
func completionSummary(j completeJSON) string {
	switch {
	case j.Added == 0 && j.Requested > 0 && j.Addable != nil && *j.Addable > 0:
		return fmt.Sprintf("%d cards cannot be added to the %d cards, but %d %s can (without --add: the largest completion) [%s, %.2fs]",
			j.Requested, j.Given, *j.Addable, english.Noun(*j.Addable, "card"), j.Backend, j.Seconds)
	case j.Added == 0 && j.Requested > 0:
		return fmt.Sprintf("no card can be added to the %d cards, so not %d [%s, %.2fs]", j.Given, j.Requested, j.Backend, j.Seconds)
	case j.Added == 0:
		return fmt.Sprintf("no card can be added to the %d cards (%s)", j.Given, j.Proof)
	}
	s := fmt.Sprintf("%s can be added to the %s", english.Count(j.Added, "card"), english.Count(j.Given, "card"))
	if j.Proof != "" {
		s += " (" + j.Proof + ")"
	}
	switch {
	case len(j.Completions) > 1:
		s += fmt.Sprintf("; %d completions", len(j.Completions))
		if !j.Exhaustive {
			s += " listed, there may be more"
		}
	case j.Exhaustive && len(j.Completions) == 1:
		s += "; the completion is unique"
	}
	return s + fmt.Sprintf(" [%s, %.2fs]", j.Backend, j.Seconds)
}
