package chipfirecmd

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/satsolve/satsolve/cmd/internal/backend"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/models/chipfire"
)

// cfMove is one command of a play session: vertex v lends k times
// (borrows −k times when k < 0).
type cfMove struct {
	v int
	k int64
}

// cfSession is the state of satsolve chipfire play.
type cfSession struct {
	g       *chipfire.Graph
	start   chipfire.Divisor
	cur     chipfire.Divisor
	history []cfMove
	moves   int64
	native  bool
	solver  cfSolver
	out     io.Writer
}

const cfPlayHelp = `commands:
  lend V [K]     vertex V gives one dollar along each of its edges (K times)
  borrow V [K]   vertex V takes one dollar along each of its edges (K times)
  undo           take back the last lend or borrow
  hint           ask the solver for the next move of a shortest win
  show           print the configuration
  restart        go back to the start
  help           this list
  quit           leave (end of input does the same)
Every single lend or borrow counts as one move. Commands may be shortened
to their first letter.`

func playFlags(fs *flag.FlagSet) cli.Action {
	var in cfInput
	s := &cfSession{}
	in.register(fs)
	s.solver.register(fs, true, false)
	cli.BoolVar(fs, &s.native, "native", ": hints from Dhar's algorithm instead of the SAT optimum")
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if len(args) != 1 || args[0] == "-" {
			return cli.Usagef("chipfire play needs a game FILE (standard input carries the commands)")
		}
		s.out = e.Stdout
		game, err := in.load(ctx, e, args[0], true)
		if err != nil {
			return err
		}
		if _, err := backend.New(s.solver.backend); err != nil {
			return err
		}
		s.g, s.start = game.Graph, game.Divisor
		s.cur = append(chipfire.Divisor(nil), s.start...)
		fmt.Fprintf(s.out, "The dollar game on %s: %s, %s, genus %d, %s in all.\n",
			args[0], english.Count(s.g.N(), "vertex"), english.Count(s.g.M(), "edge"), s.g.Genus(), english.Count(int(s.start.Deg()), "dollar"))
		fmt.Fprintln(s.out, "Win by leaving no vertex in debt. Type help for the commands.")
		s.show()
		sc := bufio.NewScanner(e.Stdin)
		for {
			fmt.Fprint(s.out, "> ")
			if !sc.Scan() {
				fmt.Fprintln(s.out)
				break
			}
			if quit := s.command(ctx, strings.Fields(sc.Text())); quit {
				break
			}
		}
		if err := sc.Err(); err != nil {
			return err
		}
		return nil
	}
}

// command runs one line and reports whether the session ends.
func (s *cfSession) command(ctx context.Context, f []string) bool {
	if len(f) == 0 {
		return false
	}
	switch strings.ToLower(f[0]) {
	case "lend", "l", "fire", "borrow", "b":
		sign := int64(1)
		if c := strings.ToLower(f[0]); c == "borrow" || c == "b" {
			sign = -1
		}
		m, err := s.parseMove(f[1:])
		if err != nil {
			fmt.Fprintln(s.out, err)
			return false
		}
		m.k *= sign
		s.g.Fire(s.cur, m.v, m.k)
		s.moves += abs64(m.k)
		s.history = append(s.history, m)
		s.show()
	case "undo", "u":
		if len(s.history) == 0 {
			fmt.Fprintln(s.out, "nothing to undo")
			return false
		}
		m := s.history[len(s.history)-1]
		s.history = s.history[:len(s.history)-1]
		s.g.Fire(s.cur, m.v, -m.k)
		s.moves -= abs64(m.k)
		s.show()
	case "restart", "r":
		s.cur = append(s.cur[:0], s.start...)
		s.history, s.moves = nil, 0
		s.show()
	case "hint", "h":
		s.hint(ctx)
	case "show", "s":
		s.show()
	case "help", "?":
		fmt.Fprintln(s.out, cfPlayHelp)
	case "quit", "q", "exit":
		return true
	default:
		fmt.Fprintf(s.out, "unknown command %q; type help\n", f[0])
	}
	return false
}

// parseMove reads "V [K]".
func (s *cfSession) parseMove(args []string) (cfMove, error) {
	if len(args) < 1 || len(args) > 2 {
		return cfMove{}, fmt.Errorf("want a vertex and an optional count, e.g. \"lend %s 2\"", s.g.Name(0))
	}
	v := s.g.Vertex(args[0])
	if v < 0 {
		return cfMove{}, fmt.Errorf("no vertex %q (the vertices are %s)", args[0], strings.Join(s.g.Names(), " "))
	}
	k := int64(1)
	if len(args) == 2 {
		x, err := strconv.ParseInt(args[1], 10, 64)
		if err != nil || x < 1 || x > 1<<20 {
			return cfMove{}, fmt.Errorf("count %q is not an integer in 1..%d", args[1], 1<<20)
		}
		k = x
	}
	return cfMove{v, k}, nil
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// show prints the configuration and who is in debt.
func (s *cfSession) show() {
	var debt []string
	for v, x := range s.cur {
		if x < 0 {
			debt = append(debt, s.g.Name(v))
		}
	}
	fmt.Fprintf(s.out, "%s   (moves: %d)\n", describeDivisor(s.g, s.cur), s.moves)
	if len(debt) == 0 {
		fmt.Fprintf(s.out, "Nobody is in debt: you won in %s.\n", english.Count(int(s.moves), "move"))
	} else {
		fmt.Fprintf(s.out, "in debt: %s\n", strings.Join(debt, " "))
	}
}

// hint suggests the next move of a shortest win from here.
func (s *cfSession) hint(ctx context.Context) {
	if s.cur.Effective() {
		fmt.Fprintln(s.out, "hint: nothing to do, nobody is in debt")
		return
	}
	ctx, cancel := s.solver.context(ctx)
	defer cancel()
	script, _, err := chipfire.Winnable(ctx, s.g, s.cur)
	if err != nil {
		fmt.Fprintln(s.out, "hint failed:", cli.Explain(ctx, err))
		return
	}
	if script == nil {
		fmt.Fprintln(s.out, "hint: no sequence of moves wins from here (Dhar's algorithm); undo or restart")
		return
	}
	plan, how := script.Fewest(), "a win (Dhar's algorithm; --native)"
	if !s.native {
		best, why, err := s.optimal(ctx, plan.Moves())
		switch {
		case err != nil && ctx.Err() != nil && best == nil:
			// --timeout or a signal stopped the search: Dhar's plan stands.
			how = "a win (Dhar's algorithm; the search for a shorter one stopped: " + stopReason(ctx) + ")"
		case err != nil && ctx.Err() == nil:
			fmt.Fprintln(s.out, "hint failed:", cli.Explain(ctx, err))
			return
		default:
			plan, how = best, why
		}
	}
	v := 0
	for plan[v] == 0 {
		v++
	}
	verb := "lend"
	if plan[v] < 0 {
		verb = "borrow"
	}
	fmt.Fprintf(s.out, "hint: %s %s   (%s takes %s: %s)\n", verb, s.g.Name(v), how, english.Count(int(plan.Moves()), "more move"), describeScript(s.g, plan))
}

// optimal returns a script with the fewest moves from the current
// configuration; when --timeout or a signal stops the search after it
// found one, that one with the error.
func (s *cfSession) optimal(ctx context.Context, known int64) (chipfire.Script, string, error) {
	sv, err := backend.New(s.solver.backend)
	if err != nil {
		return nil, "", err
	}
	opt, err := s.solver.options(sv)
	if err != nil {
		return nil, "", err
	}
	st, err := s.solver.optStrategy(sv)
	if err != nil {
		return nil, "", err
	}
	opt.Plain = false
	res, err := chipfire.MinMoves(ctx, s.g, s.cur, sv, chipfire.MovesOptions{Options: opt, Strategy: st, Known: known})
	how := "a shortest win"
	switch {
	case err != nil && res.Winnable && ctx.Err() != nil:
		how = "the shortest win found before the search stopped (" + stopReason(ctx) + ")"
	case err != nil:
		return nil, "", err
	case !res.Optimal:
		how = "the shortest win found"
	}
	return res.Script, how, err
}
