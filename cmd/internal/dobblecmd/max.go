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
	"github.com/satsolve/satsolve/sat"
)

// maxJSON is the JSON report of satsolve dobble max.
type maxJSON struct {
	N        int    `json:"n"`
	K        int    `json:"k"`
	Lambda   int    `json:"lambda"`
	Size     int    `json:"size"`
	Bound    int    `json:"bound"`
	BoundWhy string `json:"bound_reason"`
	Proof    string `json:"proof"`
	// Status is "optimal" (Proof says why no larger deck exists) or, when
	// --timeout or an interrupt stopped the search, "best found" (the
	// largest deck found so far, not proved largest).
	Status string `json:"status"`
	// Stopped is why a "best found" search stopped, as a stable word:
	// "interrupted" or "timeout" (docs/cli.md); Reason says it in words.
	Stopped  string  `json:"stopped,omitempty"`
	Reason   string  `json:"reason,omitempty"`
	Method   string  `json:"method"`
	Backend  string  `json:"backend,omitempty"`
	Searches int     `json:"searches"`
	Vars     int     `json:"vars,omitempty"`
	Clauses  int     `json:"clauses,omitempty"`
	Seconds  float64 `json:"seconds"`
	// Certified counts the UNSAT answers certified (--certify).
	Certified  *int           `json:"certified,omitempty"`
	SearchOnly bool           `json:"search_only"`
	Cards      [][]symbolJSON `json:"cards"`
}

func maxFlags(fs *flag.FlagSet) cli.Action {
	var c dobbleCommon
	n, k, lambda, native, symmetry := new(int), new(int), new(int), new(bool), new(string)
	cli.IntVar(fs, n, "n", 0, ": the number of symbols")
	cli.IntVar(fs, k, "k", 0, "")
	cli.IntVar(fs, lambda, "lambda", 1, "")
	cli.BoolVar(fs, native, "native", ": the baseline, a maximum clique over k-subsets")
	searchOnly := fs.Bool("search-only", false, "do not use the counting bound m(k²−nλ) ≤ n(k−λ): the search proves every optimum below Fisher's and Deza's bounds")
	cli.EnumVar(fs, symmetry, "symmetry", "lex", " of the SAT model: lex (double lex order of rows and columns) or none", cli.Words("lex", "none"))
	cards := fs.Int("cards", 0, "with --dimacs/--opb: the instance asks for at least this many cards (default: the upper bound)")
	c.register(fs, "deck", encode.AMOPairwise.String())
	inst := cli.InstanceFlags(fs)
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if err := cli.WantArgs(args, 0, "no arguments"); err != nil {
			return err
		}
		if err := dobble.CheckDeckParams(*n, *k, *lambda); err != nil {
			return cli.Usagef("%v", err)
		}
		card, amo, err := c.methods()
		if err != nil {
			return err
		}
		sym, err := dobble.ParseSymmetry(*symmetry)
		if err != nil {
			return err
		}
		opt := dobble.MaxOptions{Card: card, AMO: amo, Symmetry: sym, SearchOnly: *searchOnly}
		if inst.Requested() {
			return writeMaxInstance(ctx, e, inst, *n, *k, *lambda, *cards, opt)
		}
		start := time.Now()
		var res dobble.MaxResult
		method, backend := "native: maximum clique with a colouring bound", ""
		p := e.Progress("dobble max", "SAT searches", 0)
		opt.Progress = func(solves, cards int) {
			p.Add(1)
			p.Note(fmt.Sprintf("best deck %d cards, bound %d", cards, dobble.DeckBound(*n, *k, *lambda, !*searchOnly).Max))
		}
		if *native {
			res, err = dobble.MaxDeckNative(ctx, *n, *k, *lambda, *searchOnly)
		} else {
			factory, name, ferr := c.solvers()
			if ferr != nil {
				return ferr
			}
			method = fmt.Sprintf("SAT, incidence matrix grown by assumptions, %v symmetry breaking", sym)
			res, err = dobble.MaxDeck(ctx, factory, *n, *k, *lambda, opt)
			backend = name()
		}
		took := time.Since(start)
		p.Done()
		stopped := err != nil && res.Deck != nil && ctx.Err() != nil
		if err != nil && !stopped {
			return err
		}
		j := maxJSON{N: *n, K: *k, Lambda: *lambda, Size: len(res.Deck.Cards), Bound: res.Bound.Max, BoundWhy: res.Bound.Reason,
			Proof: res.Proof, Status: "optimal", Method: method, Backend: backend, Searches: res.Solves, Vars: res.Size.Vars, Clauses: res.Size.Clauses,
			Seconds: took.Seconds(), SearchOnly: *searchOnly, Cards: deckLabels(res.Deck), Certified: c.certified()}
		by := method
		if backend != "" {
			by += " (" + backend + ")"
		}
		head := []string{
			fmt.Sprintf("largest deck of %d-symbol cards on %d symbols, any two sharing exactly %d: %s", *k, *n, *lambda, english.Count(j.Size, "card")),
			"why no larger deck exists: " + res.Proof,
			fmt.Sprintf("found by %s in %.2fs", by, took.Seconds()),
		}
		if stopped {
			err = cli.Explain(ctx, err)
			j.Status, j.Stopped, j.Reason = "best found", cli.StopReason(err), err.Error()
			head[0] = fmt.Sprintf("best deck found of %d-symbol cards on %d symbols, any two sharing exactly %d: %s, not proved largest (the bound is %d)",
				*k, *n, *lambda, english.Count(j.Size, "card"), j.Bound)
			head[1] = fmt.Sprintf("stopped after %.2fs: %v", took.Seconds(), err)
		}
		if err := c.emit(e, j, func(w io.Writer) error { return writeDeckText(w, res.Deck, head...) }); err != nil {
			return err
		}
		if stopped {
			// The answer is incomplete: say so in the status, as a solver
			// that ran out of time does.
			return cli.Exit(cli.ExitError)
		}
		return nil
	}
}

// writeMaxInstance writes the deck model asking for at least cards cards.
func writeMaxInstance(ctx context.Context, e *cli.Env, inst *cli.Instance, n, k, lambda, cards int, opt dobble.MaxOptions) error {
	b := dobble.DeckBound(n, k, lambda, !opt.SearchOnly)
	if cards == 0 {
		cards = b.Max
	}
	if cards < 1 || cards > b.Max {
		return cli.Usagef("--cards %d: want 1..%d (%s)", cards, b.Max, b.Reason)
	}
	f := &sat.Formula{}
	var m *dobble.Matrix
	var active []sat.Lit
	err := sat.EncodeContext(ctx, f, func(s sat.Sink) (err error) {
		m, active, err = dobble.EncodeMax(s, n, k, lambda, cards, opt)
		return err
	})
	if err != nil {
		return err
	}
	f.AddClause(active[cards-1])
	// The activity variables are not consecutive (each card's constraints
	// are encoded between them): one line each.
	comments := append(m.Comments(), fmt.Sprintf("a deck of %d cards of %d symbols on %d symbols, any two sharing %d", cards, k, n, lambda))
	for i, l := range active {
		comments = append(comments, fmt.Sprintf("card %d in use = %d", i, l))
	}
	if err := inst.Write(ctx, f, comments); err != nil {
		return err
	}
	return nil
}
