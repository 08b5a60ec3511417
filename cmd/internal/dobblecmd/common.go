package dobblecmd

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/backend"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/models/dobble"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/proof"
)

// Command is satsolve dobble.
var Command = &cli.Command{
	Name:    "dobble",
	Summary: "Dobble / Spot It! decks: check, build (planes, designs), largest deck, completion",
	Args:    "[flags] [args]",
	Doc: "A deck file has one card per line, symbols as integers or names separated by\n" +
		"spaces or commas, '#' comments. Run 'satsolve dobble COMMAND -h' for flags.",
	Subs: []*cli.Command{
		{Name: "check", Summary: "verify a deck: k symbols per card, any two cards share exactly λ",
			Args: "[flags] FILE   (FILE may be - for standard input)", Flags: checkFlags},
		{Name: "build", Summary: "a full deck (projective plane, or symmetric design with --lambda) by construction or SAT",
			Args: "-k K [flags]", Flags: buildFlags, Required: []string{"k"}},
		{Name: "max", Summary: "the largest deck on n symbols, by SAT or by maximum clique (--native)",
			Args: "-n N -k K [flags]", Flags: maxFlags, Required: []string{"n", "k"}},
		{Name: "complete", Summary: "cards that can be added to a partial deck, by SAT",
			Args: "[flags] FILE   (FILE may be - for standard input)", Flags: completeFlags},
	},
}

// readDeck reads a deck file ("-" is standard input).
func readDeck(e *cli.Env, path string) (*dobble.Deck, error) {
	if path == "-" {
		return dobble.Parse(e.Stdin, "<stdin>")
	}
	f, err := cli.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return dobble.Parse(f, path)
}

// dobbleCommon holds the flags every dobble command that solves shares.
type dobbleCommon struct {
	backend string
	timeout time.Duration
	json    bool
	out     string
	card    string
	amo     string
	certify bool
	cert    *proof.Certifier // with --certify, once solvers was called
}

// register adds the shared flags; amoDefault is the --amo default ("" for
// a default that depends on other flags).
func (c *dobbleCommon) register(fs *flag.FlagSet, what, amoDefault string) {
	cli.BackendVar(fs, &c.backend, backend.Default, "")
	cli.TimeoutVar(fs, &c.timeout, 0, "")
	cli.JSONVar(fs, &c.json, "")
	cli.VerboseVar(fs, nil)
	cli.OutputVar(fs, &c.out, ": the "+what)
	cli.BoolVar(fs, &c.certify, "certify", " (an optimum, a refutation): solve it again with cdcl\nwriting a proof, checked as it is written (docs/proofs.md)")
	cli.EnumVar(fs, &c.card, "card", encode.CardTotalizer.String(), " (card sizes, exactly λ for λ ≥ 2): "+strings.Join(dobbleFlagNames(encode.CardMethods()), ", "), cli.Check(encode.ParseCardMethod))
	detail := " (exactly one shared symbol, Latin-square cells): " + strings.Join(dobbleFlagNames(encode.AMOMethods()), ", ")
	if amoDefault == "" {
		detail += " (default: pairwise for the incidence model, ladder for Latin squares)"
	}
	cli.EnumVar(fs, &c.amo, "amo", amoDefault, detail, cli.Check(encode.ParseAMOMethod))
}

// methods parses --card and --amo.
func (c *dobbleCommon) methods() (encode.CardMethod, encode.AMOMethod, error) {
	card, err := encode.ParseCardMethod(c.card)
	if err != nil {
		return 0, 0, err
	}
	amo, err := encode.ParseAMOMethod(c.amo)
	return card, amo, err
}

// solvers returns a factory of fresh solvers for --backend and the name
// to report for the last one made.
// With --certify the solvers' UNSAT answers are certified.
func (c *dobbleCommon) solvers() (func() sat.Solver, func() string, error) {
	factory, name, err := backend.Factory(c.backend)
	if err != nil || !c.certify {
		return factory, name, err
	}
	c.cert = backend.NewCertifier()
	return c.cert.Factory(factory), name, nil
}

// certified returns the number of UNSAT answers certified (nil without
// --certify), for the JSON reports.
func (c *dobbleCommon) certified() *int {
	if c.cert == nil {
		return nil
	}
	n := c.cert.Certified()
	return &n
}

// emit writes the result: JSON when asked, otherwise text, to -o or
// standard output.
func (c *dobbleCommon) emit(e *cli.Env, v any, text func(w io.Writer) error) error {
	write := func(w io.Writer) error {
		if c.json {
			return cli.WriteJSON(w, v)
		}
		if err := text(w); err != nil {
			return err
		}
		if c.cert != nil {
			_, err := fmt.Fprintf(w, "# certified: %s re-proved by cdcl, %s checked\n", english.Count(c.cert.Certified(), "UNSAT answer"), english.Count(int(c.cert.Lemmas()), "proof lemma"))
			return err
		}
		return nil
	}
	return cli.WriteOutput(e, c.out, write)
}

// deckLabels returns the cards of d for JSON: symbols as numbers when the
// deck numbers them, as their names when it names them.
func deckLabels(d *dobble.Deck) [][]symbolJSON {
	out := make([][]symbolJSON, len(d.Cards))
	for i, c := range d.Cards {
		out[i] = make([]symbolJSON, len(c))
		for j, s := range c {
			out[i][j] = symbolJSON{label: d.Label(s), number: d.Names == nil}
		}
	}
	return out
}

// symbolJSON is a symbol in a JSON report: a number in a deck of numbered
// symbols, a string in a deck of named ones.
type symbolJSON struct {
	label  string
	number bool
}

// String returns the symbol as the deck's text writes it.
func (s symbolJSON) String() string { return s.label }

// MarshalJSON writes a number or a string.
func (s symbolJSON) MarshalJSON() ([]byte, error) {
	if s.number {
		return []byte(s.label), nil
	}
	return json.Marshal(s.label)
}

// UnmarshalJSON reads a number or a string.
func (s *symbolJSON) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		s.number = false
		return json.Unmarshal(b, &s.label)
	}
	var n int
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	s.label, s.number = strconv.Itoa(n), true
	return nil
}

// writeDeckText writes d preceded by comment lines.
func writeDeckText(w io.Writer, d *dobble.Deck, comments ...string) error {
	for _, c := range comments {
		if _, err := fmt.Fprintf(w, "# %s\n", c); err != nil {
			return err
		}
	}
	return dobble.Write(w, d)
}

func dobbleFlagNames[T fmt.Stringer](xs []T) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = x.String()
	}
	return out
}

// counted wraps newSolver so that every solver made counts one unit of p:
// the searches that SolveDesign and SolveMOLS start, one per case (or one
// for all of them, together).
func counted(p *cli.Progress, newSolver func() sat.Solver) func() sat.Solver {
	return func() sat.Solver {
		p.Add(1)
		return newSolver()
	}
}

// jobs returns how many solvers a search over cases starts.
func jobs(cases int, together bool) int64 {
	if together {
		return 1
	}
	return int64(cases)
}
