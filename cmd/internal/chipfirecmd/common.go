package chipfirecmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/backend"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/models/chipfire"
	"github.com/satsolve/satsolve/sat"
)

// Command is satsolve chipfire.
var Command = &cli.Command{
	Name:    "chipfire",
	Summary: "the dollar game / chip-firing: solve, fewest moves, rank, gonality, random games, heuristics, play",
	Args:    "[flags] [args]",
	Doc: `A game file is an edge list ("u v" per line, repeated for multi-edges, and
"divisor: 2 -3 4 -1"), Graphviz DOT (divisor as node attribute chips) or JSON
{"edges": [[0,1], ...], "divisor": [...]}; --divisor overrides the file's.
Run 'satsolve chipfire COMMAND -h' for flags.`,
	Subs: []*cli.Command{
		{Name: "solve", Summary: "winnable or not, a firing script, the final configuration; fewest moves with --min-moves",
			Args: "[flags] FILE   (FILE may be - for standard input)", Flags: solveFlags},
		{Name: "rank", Summary: "the rank r(D) by SAT certificates, checked by brute force; --gonality for the graph's gonality",
			Args: "[flags] FILE   (FILE may be - for standard input)", Flags: rankFlags},
		{Name: "random", Summary: "a random connected G(n, p) game whose degree is the genus (so it is winnable)",
			Args: "[-n N] [--density P] [--seed S] [flags]", Flags: randomFlags},
		{Name: "strategies", Summary: "nine play heuristics on random games: success rate and moves against the optimum",
			Args: "[flags]", Flags: strategiesFlags},
		{Name: "play", Summary: "play a game in the terminal: lend, borrow, undo, hint",
			Args: "[flags] FILE   (commands come from standard input)", Flags: playFlags, PartTimeout: true},
	},
}

// cfInput holds the flags that say how to read a game.
type cfInput struct {
	format  string
	divisor string
}

func (in *cfInput) register(fs *flag.FlagSet) {
	cli.EnumVar(fs, &in.format, "format", "auto", ": auto, edges, dot or json", cli.Check(chipfire.ParseFormat))
	fs.StringVar(&in.divisor, "divisor", "", "the divisor, e.g. 2,-3,4,-1 (overrides the file's)")
}

// load reads the game in path ("-" is standard input), stopping with
// ctx.Err() when ctx ends (a million-vertex file takes seconds). With
// needDivisor, a game without a divisor is an error.
func (in *cfInput) load(ctx context.Context, e *cli.Env, path string, needDivisor bool) (*chipfire.Game, error) {
	format, err := chipfire.ParseFormat(in.format)
	if err != nil {
		return nil, err
	}
	var game *chipfire.Game
	if path == "-" {
		game, err = chipfire.ReadGame(ctxReader{ctx, e.Stdin}, "<stdin>", format)
	} else {
		f, oerr := cli.Open(path)
		if oerr != nil {
			return nil, oerr
		}
		game, err = chipfire.ReadGame(ctxReader{ctx, f}, path, format)
		f.Close()
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	if in.divisor != "" {
		d, err := chipfire.ParseDivisor(in.divisor)
		if err != nil {
			return nil, cli.Usagef("--divisor: %v", err)
		}
		if err := game.Graph.CheckDivisor(d); err != nil {
			return nil, cli.Usagef("--divisor: %v", err)
		}
		game.Divisor = d
	}
	if needDivisor && game.Divisor == nil {
		return nil, fmt.Errorf("%s: no divisor: give one with --divisor or in the file", path)
	}
	return game, nil
}

// cfSolver holds the flags of the commands that run a SAT model.
type cfSolver struct {
	backend  string
	timeout  time.Duration
	intEnc   string
	pb       string
	strategy string
	plain    bool
	json     bool
	maxSize  int64 // --max-clauses (chipfire solve); 0: the default
}

// register adds the flags; optimises says whether the command minimises
// (--opt), report whether it prints a report (--json; play does not).
func (c *cfSolver) register(fs *flag.FlagSet, optimises, report bool) {
	cli.BackendVar(fs, &c.backend, backend.Default, "")
	cli.TimeoutVar(fs, &c.timeout, 0, "")
	cli.EnumVar(fs, &c.intEnc, "int", "auto", ": auto (order for the narrow script ranges of the winnability and fewest-moves models, log elsewhere), order or log", cli.AutoOr(cli.Check(encode.ParseIntEncoding)))
	cli.EnumVar(fs, &c.pb, "pb", "auto", ": auto (native when the backend takes PB constraints, else bdd), bdd, swc, adder, gte, native", cli.AutoOr(cli.Check(encode.ParsePBMethod)))
	c.strategy = "auto"
	if optimises {
		cli.EnumVar(fs, &c.strategy, "opt", "auto", " for the fewest moves: auto (native when the backend optimises, else binary), native, linear, binary", cli.AutoOr(cli.Check(optimize.ParseStrategy)))
	}
	fs.BoolVar(&c.plain, "plain", false, "plainer, slower models: winnability scripts in 0..B, one of them 0, without Dhar's bounds (docs/chipfire.md); gonality without windows")
	if report {
		cli.JSONVar(fs, &c.json, "")
	}
	cli.VerboseVar(fs, nil)
}

// context applies --timeout to a part of the work (a hint of chipfire
// play); the frame bounds the other commands by it.
func (c *cfSolver) context(ctx context.Context) (context.Context, context.CancelFunc) {
	return cli.WithTimeout(ctx, c.timeout, "--timeout")
}

// stopReason says why ctx ended (--timeout or a signal) in the frame's
// words, for the note on a part of the answer that did not finish.
func stopReason(ctx context.Context) string {
	if s := cli.Stopped(ctx); s != nil {
		return s.Error()
	}
	return ""
}

// factory returns fresh solvers for --backend (validated once here).
func (c *cfSolver) factory() (func() sat.Solver, error) {
	if _, err := backend.New(c.backend); err != nil {
		return nil, err
	}
	return func() sat.Solver {
		s, _ := backend.New(c.backend) // validated above
		return s
	}, nil
}

// options parses --int, --pb and --plain for solver s (--pb auto picks
// native PB constraints when s takes them; --int auto is
// chipfire.Options.IntAuto over log integers).
func (c *cfSolver) options(s sat.Sink) (chipfire.Options, error) {
	o := chipfire.Options{Int: encode.IntLog, IntAuto: true}
	var err error
	if c.intEnc != "auto" {
		if o.Int, err = encode.ParseIntEncoding(c.intEnc); err != nil {
			return o, err
		}
		o.IntAuto = false
	}
	o.Plain = c.plain
	o.MaxClauses = c.maxSize
	if c.pb == "auto" {
		o.PB = encode.PBBDD
		if solver, ok := s.(sat.Solver); ok && encode.PBNative.Applies(s) && optimize.Native.Applies(solver) {
			o.PB = encode.PBNative
		}
		return o, nil
	}
	o.PB, err = encode.ParsePBMethod(c.pb)
	return o, err
}

// optStrategy parses --opt for solver s.
func (c *cfSolver) optStrategy(s sat.Solver) (optimize.Strategy, error) {
	if c.strategy == "auto" {
		if optimize.Native.Applies(s) {
			return optimize.Native, nil
		}
		return optimize.Binary, nil
	}
	return optimize.ParseStrategy(c.strategy)
}

// describeScript lists the lends and borrows of f, e.g. "C lends 1, B
// borrows 1", or "no moves".
func describeScript(g *chipfire.Graph, f chipfire.Script) string {
	var parts []string
	for v, x := range f {
		switch {
		case x > 0:
			parts = append(parts, fmt.Sprintf("%s lends %d", g.Name(v), x))
		case x < 0:
			parts = append(parts, fmt.Sprintf("%s borrows %d", g.Name(v), -x))
		}
	}
	if len(parts) == 0 {
		return "no moves"
	}
	return strings.Join(parts, ", ")
}

// describeDivisor writes D as "A=2 B=-3 …".
func describeDivisor(g *chipfire.Graph, d chipfire.Divisor) string {
	parts := make([]string, len(d))
	for v, x := range d {
		parts[v] = fmt.Sprintf("%s=%d", g.Name(v), x)
	}
	return strings.Join(parts, " ")
}

// namedValues maps vertex names to values, for JSON.
func namedValues(g *chipfire.Graph, xs []int64) map[string]int64 {
	if xs == nil {
		return nil
	}
	m := make(map[string]int64, len(xs))
	for v, x := range xs {
		m[g.Name(v)] = x
	}
	return m
}

// errDisagree reports native and SAT answers that differ: an internal
// error, never an answer.
var errDisagree = errors.New("internal error: the native algorithm and the SAT model disagree")

// spreadHelp is the help of --spread, in chipfire random and strategies.
const spreadHelp = "values are the mean g/n plus a uniform integer in −spread..spread, then adjusted to total g (−1: ⌊g/n⌋ + 2)"

// ctxReader reads from r until ctx ends, then fails with ctx.Err().
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
