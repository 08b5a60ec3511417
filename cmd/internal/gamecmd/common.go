package gamecmd

import (
	"context"
	"errors"
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
	"github.com/satsolve/satsolve/models/games"
	"github.com/satsolve/satsolve/sat"
)

// Command is satsolve game.
var Command = &cli.Command{
	Name:    "game",
	Summary: "impartial games: Nim, octal games, node-Kayles (normal and misère play)",
	Args:    "[flags] [args]",
	Noun:    "game",
	Doc:     "Run 'satsolve game GAME -h' for a game's flags. Normal play unless --misere.",
	Subs: []*cli.Command{
		{Name: "nim", Summary: "nim-sum, outcome and every winning move of a Nim position",
			Args: "[flags] HEAP...   (e.g. 8 8 7 7 7 6 4 4 4 2 1, or 3,4,5)", Flags: nimFlags},
		{Name: "grundy", Summary: "Grundy sequence of an octal game up to N, or its period (--period)",
			Args: "[flags] CODE N   (CODE: an octal code such as 0.77, .137, 4.7, or kayles, dawsons-kayles, dawsons-chess)", Flags: grundyFlags},
		{Name: "octal", Summary: "nimber, outcome and winning moves of a sum of heaps of an octal game",
			Args: "[flags] CODE HEAP...   (e.g. 0.77 5 7: a Kayles position with rows of 5 and 7)", Flags: octalFlags},
		{Name: "kayles", Summary: "node-Kayles on a graph file (edge list or DOT): nimber and winning moves",
			Args: "[flags] FILE   (an edge list \"u v\" per line, or Graphviz DOT; - for standard input)", Flags: kaylesFlags},
	},
}

// positionOpts are the flags shared by the commands that evaluate one
// position (nim, octal, kayles).
type positionOpts struct {
	misere   bool
	json     bool
	limit    int
	satCheck bool
	satLimit int
	maxSize  int64 // --max-clauses
	backend  string
	amo      string
	encoding string
	timeout  time.Duration
	inst     *cli.Instance
}

func addPositionFlags(fs *flag.FlagSet, o *positionOpts, misereHelp string) {
	cli.BoolVar(fs, &o.misere, "misere", misereHelp)
	cli.JSONVar(fs, &o.json, "")
	fs.IntVar(&o.limit, "max-positions", maxPositions, maxPositionsHelp)
	cli.BoolVar(fs, &o.satCheck, "cross-check", ": the value of every position through the kernel and one-hot Grundy encodings (unit propagation decides them)")
	fs.IntVar(&o.satLimit, "max-graph", 50_000, maxGraphHelp)
	fs.Int64Var(&o.maxSize, "max-clauses", defaultMaxClauses, maxClausesHelp)
	cli.BackendVar(fs, &o.backend, backend.Default, " of --cross-check")
	cli.EnumVar(fs, &o.amo, "amo", encode.AMOLadder.String(), " of the one-hot Grundy encoding", cli.Check(encode.ParseAMOMethod))
	cli.EnumVar(fs, &o.encoding, "encoding", "grundy", " written by --dimacs and --opb: kernel (P-positions) or grundy (one-hot values)", cli.Words("kernel", "grundy"))
	cli.TimeoutVar(fs, &o.timeout, 0, "")
	cli.VerboseVar(fs, nil)
	o.inst = cli.InstanceFlags(fs)
}

// check validates the flag values before any work.
func (o *positionOpts) check() error {
	if o.limit < 1 || o.satLimit < 1 || o.maxSize < 1 {
		return cli.Usagef("--max-positions, --max-graph and --max-clauses must be positive")
	}
	if _, err := encode.ParseAMOMethod(o.amo); err != nil {
		return err
	}
	if o.encoding != "kernel" && o.encoding != "grundy" {
		return cli.Usagef("--encoding %q: want kernel or grundy", o.encoding)
	}
	if o.misere && (o.satCheck || o.inst.Requested()) {
		return cli.Usagef("--cross-check, --dimacs and --opb encode normal play; they do not combine with --misere")
	}
	return nil
}

// satJSON reports a SAT cross-check.
type satJSON struct {
	Backend          string `json:"backend"`
	Positions        int    `json:"positions"`
	Moves            int    `json:"moves"`
	KernelVars       int    `json:"kernel_vars"`
	KernelClauses    int    `json:"kernel_clauses"`
	GrundyVars       int    `json:"grundy_vars"`
	GrundyClauses    int    `json:"grundy_clauses"`
	AgreesWithNative bool   `json:"agrees_with_native"`
}

// crossCheck builds the game graph (build, bounded by --max-graph) and
// runs games.CrossCheck on it with fresh solvers of the chosen backend,
// once games.CheckCrossSize has found its encodings within --max-clauses.
// When --timeout or a signal stops it, the note says so and the error is
// nil: the native answer stands, unchecked.
func (o *positionOpts) crossCheck(ctx context.Context, build func() (*games.GameGraph, []int, error)) (*satJSON, string, error) {
	gg, native, err := build()
	if err == nil {
		amo, _ := encode.ParseAMOMethod(o.amo)
		err = games.CheckCrossSize("its game graph", gg, amo, o.maxSize)
	}
	var sj *satJSON
	if err == nil {
		sj, err = o.runCrossCheck(ctx, gg, native)
	}
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, stopReason(ctx), nil
	case err != nil:
		return nil, "", crossCheckError(err)
	}
	return sj, "", nil
}

// runCrossCheck runs games.CrossCheck on the game graph with fresh solvers
// of the chosen backend.
func (o *positionOpts) runCrossCheck(ctx context.Context, gg *games.GameGraph, native []int) (*satJSON, error) {
	amo, _ := encode.ParseAMOMethod(o.amo)
	var last sat.Solver
	factory := func() sat.Solver {
		last, _ = backend.New(o.backend) // the spec was validated above
		return last
	}
	rep, err := games.CrossCheck(ctx, gg, native, factory, amo)
	if err != nil {
		return nil, err
	}
	return &satJSON{
		Backend: backend.Name(o.backend, last), Positions: rep.Positions, Moves: rep.Moves,
		KernelVars: rep.Kernel.Vars, KernelClauses: rep.Kernel.Clauses,
		GrundyVars: rep.Grundy.Vars, GrundyClauses: rep.Grundy.Clauses, AgreesWithNative: true,
	}, nil
}

// writeGraph builds the game graph and writes its encoding (--dimacs,
// --opb).
func (o *positionOpts) writeGraph(ctx context.Context, build func() (*games.GameGraph, []int, error)) error {
	gg, _, err := build()
	if errors.Is(err, games.ErrSearchLimit) {
		return fmt.Errorf("%w (--max-graph); raise --max-graph to allow it", err)
	}
	if err != nil {
		return err
	}
	return o.writeInstance(ctx, gg)
}

// writeInstance writes the chosen encoding of the game graph to the
// --dimacs and --opb files, with a comment naming each variable, once its
// size is found within --max-clauses.
func (o *positionOpts) writeInstance(ctx context.Context, gg *games.GameGraph) error {
	f := &sat.Formula{}
	var comments []string
	z := games.KernelSize(gg)
	if o.encoding != "kernel" {
		amo, _ := encode.ParseAMOMethod(o.amo)
		z = games.GrundySize(gg, amo)
	}
	if int64(z.Clauses) > o.maxSize || int64(z.Vars) > o.maxSize {
		return fmt.Errorf("the %s encoding of the game graph (%d positions) would have %d variables and %d clauses, beyond --max-clauses %d: raise --max-clauses to write it",
			o.encoding, len(gg.Moves), z.Vars, z.Clauses, o.maxSize)
	}
	if o.encoding == "kernel" {
		comments = append(comments, "kernel encoding: P(position) is true exactly when the position is lost for the player to move")
		for p, v := range games.EncodeKernel(f, gg) {
			comments = append(comments, fmt.Sprintf("P(%s) = %d", gg.Labels[p], v))
		}
	} else {
		amo, _ := encode.ParseAMOMethod(o.amo)
		comments = append(comments, "one-hot Grundy encoding: G(position)=v is true exactly when the position has nimber v")
		for p, lits := range games.EncodeGrundy(f, gg, amo) {
			for v, l := range lits {
				comments = append(comments, fmt.Sprintf("G(%s)=%d = %d", gg.Labels[p], v, l))
			}
		}
	}
	return o.inst.Write(ctx, f, comments)
}

// printSAT prints the line of a cross-check, or why it did not finish
// (nothing without one).
func printSAT(w io.Writer, s *satJSON, unfinished string) {
	if unfinished != "" {
		printUnfinished(w, unfinished)
		return
	}
	if s == nil {
		return
	}
	fmt.Fprintf(w, "SAT cross-check (%s): %s, %s; kernel %d variables %d clauses, Grundy %d variables %d clauses: every value agrees with the native one\n",
		s.Backend, english.Count(s.Positions, "position"), english.Count(s.Moves, "move"), s.KernelVars, s.KernelClauses, s.GrundyVars, s.GrundyClauses)
}

// parseHeaps reads heap sizes from arguments; "3,4,5" and "3 4 5" both work.
func parseHeaps(args []string) ([]int, error) {
	var heaps []int
	for _, a := range args {
		for _, f := range strings.FieldsFunc(a, func(r rune) bool { return r == ',' || r == ' ' }) {
			h, err := strconv.Atoi(f)
			if err != nil || h < 0 {
				return nil, cli.Usagef("heap %q: want a number of tokens, 0 or more", f)
			}
			heaps = append(heaps, h)
		}
	}
	return heaps, nil
}

// moveJSON is one move in a sum of heaps, heaps numbered from 1.
type moveJSON struct {
	Heap int   `json:"heap"`
	Size int   `json:"size"`
	Take int   `json:"take"`
	To   []int `json:"to"`
}

func movesJSON(moves []games.Move) []moveJSON {
	out := []moveJSON{}
	for _, m := range moves {
		to := []int{}
		for _, h := range []int{m.A, m.B} {
			if h > 0 {
				to = append(to, h)
			}
		}
		out = append(out, moveJSON{Heap: m.Heap + 1, Size: m.Size, Take: m.Take, To: to})
	}
	return out
}

// printMoves lists moves grouped by what they do, with the heaps (from 1)
// they can be played on.
func printMoves(w io.Writer, moves []games.Move) {
	if len(moves) == 0 {
		return
	}
	var order []string
	heaps := map[string][]string{}
	for _, m := range moves {
		s := m.String()
		if _, ok := heaps[s]; !ok {
			order = append(order, s)
		}
		heaps[s] = append(heaps[s], strconv.Itoa(m.Heap+1))
	}
	fmt.Fprintln(w, "winning moves:")
	for _, s := range order {
		word := "heap"
		if len(heaps[s]) > 1 {
			word = "any of heaps"
		}
		fmt.Fprintf(w, "  %s, %s %s\n", s, word, strings.Join(heaps[s], ", "))
	}
}

// outcomeWord says who wins.
func outcomeWord(win bool) string {
	if win {
		return "the player to move wins"
	}
	return "the player to move loses"
}

// printUnfinished prints the note on a cross-check stopped by --timeout
// or a signal.
func printUnfinished(w io.Writer, why string) {
	fmt.Fprintf(w, "SAT cross-check: did not finish: %s; the values above are not cross-checked\n", why)
}

// stopReason says why ctx ended (--timeout, which the frame applies, or a
// signal) in the frame's words, for the note on a cross-check that did not
// finish.
func stopReason(ctx context.Context) string {
	if s := cli.Stopped(ctx); s != nil {
		return s.Error()
	}
	return ""
}

// crossCheckError names the flags to raise in a cross-check's size error.
func crossCheckError(err error) error {
	switch {
	case errors.Is(err, games.ErrEncodingTooLarge):
		return fmt.Errorf("--cross-check: %w; raise --max-clauses to allow it", err)
	case errors.Is(err, games.ErrSearchLimit):
		return fmt.Errorf("--cross-check: %w (--max-graph); raise --max-graph to allow it", err)
	}
	return err
}

// finish returns the exit status of a command whose cross-check did not
// finish (1, as a search stopped by --timeout), after its answer is out.
func finish(err error, unfinished string) error {
	if err == nil && unfinished != "" {
		return cli.Exit(cli.ExitError)
	}
	return err
}

// checkGraphHeaps refuses, as a usage error before any work, heaps that
// an explicit game graph or a misère search cannot hold.
func checkGraphHeaps(flag string, heaps ...int) error {
	for _, h := range heaps {
		if h > games.MaxGraphHeap {
			return cli.Usagef("%s works on heaps of at most %d tokens (each heap of a position is stored in one byte), not %d", flag, games.MaxGraphHeap, h)
		}
	}
	return nil
}

// defaultMaxClauses is the default --max-clauses: ten million clauses
// take about a gigabyte (1.4 GB estimated for the Grundy encoding of a
// Kayles heap of 35, 8.6 million clauses; a heap of 40 needs 27 million).
const defaultMaxClauses = 10_000_000

// maxClausesHelp is the help of --max-clauses, as chipfire solve has it.
const maxClausesHelp = "refuse a SAT model whose estimated clauses or variables exceed this, before building it"

// maxGraphHelp is the help of --max-graph.
const maxGraphHelp = "most positions of an explicit game graph, for --cross-check, --dimacs and --opb"

// maxPositions bounds the memo of an exhaustive search (the memory it may
// take), unless --max-positions says otherwise; docs/games.md gives it.
const maxPositions = 4_000_000

const maxPositionsHelp = "most positions an exhaustive search (--misere, node-Kayles) may memoise: its memory bound"
