package chipfirecmd

import (
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/cli/clitest"
	"github.com/satsolve/satsolve/models/chipfire"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/gophersat"
	"github.com/satsolve/satsolve/sat/satfile"
)

const cfData = "../../../testdata/chipfire"

func cfFile(name string) string { return filepath.Join(cfData, "good", name) }

// TestChipfireSolve checks the brief's examples through the command: the
// Corry–Perkinson example (winnable, 2 moves at least), P4 (18 moves), and
// the unwinnable Petersen divisor, with every method.
func TestChipfireSolve(t *testing.T) {
	cases := []struct {
		name     string
		args     []string
		winnable bool
		moves    int64 // fewest moves, −1 if not asked
	}{
		{"CP", []string{cfFile("cp.txt"), "--min-moves"}, true, 2},
		{"CP dot", []string{cfFile("cp.dot"), "--min-moves", "--backend", "gophersat"}, true, 2},
		{"CP json native", []string{"--native", cfFile("cp.json")}, true, -1},
		{"CP sat plain", []string{"--sat", "--plain", "--int", "order", cfFile("cp.txt")}, true, -1},
		{"P4", []string{cfFile("p4.txt"), "--min-moves", "--opt", "linear"}, true, 18},
		{"Petersen 6v0−v1−v2", []string{cfFile("petersen.txt"), "--min-moves"}, false, -1},
		{"K4 (−3,1,1,1)", []string{cfFile("k4.dot"), "--divisor", "-3,1,1,1", "--min-moves"}, true, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCLI(t, "", append([]string{"chipfire", "solve", "--json"}, c.args...)...)
			if want := map[bool]int{true: 0, false: cli.ExitNo}[c.winnable]; code != want { // unwinnable: a proved "no"
				t.Fatalf("exit %d: %s", code, errs)
			}
			var r cfSolveResult
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatalf("%v in %s", err, out)
			}
			if r.Winnable != c.winnable {
				t.Fatalf("winnable = %v, want %v", r.Winnable, c.winnable)
			}
			for name, f := range map[string]chipfire.Divisor{"native": final(r.Native), "sat": finalSAT(r.SAT)} {
				if c.winnable && f != nil && !f.Effective() {
					t.Errorf("%s final %v is not effective", name, f)
				}
			}
			if c.moves >= 0 {
				if r.MinMoves == nil || r.MinMoves.Moves != c.moves || !r.MinMoves.Optimal || !r.MinMoves.Final.Effective() {
					t.Errorf("min moves = %+v, want %d proven", r.MinMoves, c.moves)
				}
			}
			if !c.winnable && (r.Native == nil || len(r.Native.Order) != len(r.Vertices)) {
				t.Errorf("no Dhar certificate for an unwinnable divisor: %+v", r.Native)
			}
		})
	}
}

func final(n *cfNative) chipfire.Divisor {
	if n == nil {
		return nil
	}
	return n.Final
}

func finalSAT(s *cfSAT) chipfire.Divisor {
	if s == nil {
		return nil
	}
	return s.Final
}

func TestChipfireSolveText(t *testing.T) {
	code, out, errs := runCLI(t, "", "chipfire", "solve", cfFile("cp.txt"), "--min-moves")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"4 vertices, 6 edges, genus 3; D = A=2 B=-3 C=4 E=-1 (degree 2)",
		"native (greedy): winnable after 4 borrows",
		"fewest moves (cdcl, binary): 2, proven optimal",
		"final: A=2 B=0 C=0 E=0",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestChipfireErrors(t *testing.T) {
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no command", []string{"chipfire"}, cli.ExitUsage, "satsolve chipfire: want a command: play, random, rank, solve or strategies"},
		{"unknown command", []string{"chipfire", "win"}, cli.ExitUsage, `unknown chipfire command "win"`},
		{"no file", []string{"chipfire", "solve"}, cli.ExitUsage, "want one game FILE"},
		{"bad flag", []string{"chipfire", "solve", "--frobnicate", cfFile("cp.txt")}, cli.ExitUsage, "frobnicate"},
		{"both only", []string{"chipfire", "solve", "--native", "--sat", cfFile("cp.txt")}, cli.ExitUsage, "exclude"},
		{"self-loop", []string{"chipfire", "solve", filepath.Join(cfData, "bad", "selfloop.txt")}, cli.ExitError, `selfloop.txt:2: self-loop at vertex "1"`},
		{"disconnected", []string{"chipfire", "rank", filepath.Join(cfData, "bad", "disconnected.txt")}, cli.ExitError, "not connected"},
		{"bad divisor", []string{"chipfire", "solve", "--divisor", "1,x,2,3", cfFile("cp.txt")}, cli.ExitUsage, `--divisor: column 3: "x" is not an integer`},
		{"short divisor", []string{"chipfire", "solve", "--divisor", "1,2", cfFile("cp.txt")}, cli.ExitUsage, "divisor has 2 entries, the graph has 4 vertices"},
		{"no divisor", []string{"chipfire", "solve", cfFile("k4.dot")}, cli.ExitError, "no divisor"},
		{"bad format", []string{"chipfire", "solve", "--format", "xml", cfFile("cp.txt")}, cli.ExitUsage, "unknown game format"},
		{"bad backend", []string{"chipfire", "solve", "--backend", "magic", cfFile("cp.txt")}, cli.ExitUsage, "unknown backend"},
		{"native pb on gini", []string{"chipfire", "solve", "--sat", "--backend", "gini", "--pb", "native", cfFile("cp.txt")}, cli.ExitError, "native"},
		{"missing file", []string{"chipfire", "solve", "/nonexistent/x.txt"}, cli.ExitError, "no such file"},
		{"random density", []string{"chipfire", "random", "-n", "5", "--density", "2"}, cli.ExitUsage, "want a probability in [0, 1]"},
		{"random format", []string{"chipfire", "random", "--out-format", "auto"}, cli.ExitUsage, "want edges, dot or json"},
		{"random too large", []string{"chipfire", "random", "-n", "3000", "--density", "0.9"}, cli.ExitError, "more than the 2097152"},
		{"density", []string{"chipfire", "strategies", "--densities", "0.5,x"}, cli.ExitUsage, `"x" is not a probability`},
		{"play stdin", []string{"chipfire", "play", "-"}, cli.ExitUsage, "needs a game FILE"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, errs := runCLI(t, "", c.args...)
			if code != c.code || !strings.Contains(errs, c.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errs, c.code, c.want)
			}
		})
	}
}

// TestChipfireInstance writes the models to DIMACS and OPB and solves the
// files with fresh solvers: the CNF of the CP game is satisfiable, that of
// the unwinnable Petersen divisor is not, and the OPB min-moves file
// carries the objective.
func TestChipfireInstance(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name string
		args []string
		want sat.Status
		file string
	}{
		{"cp cnf", []string{cfFile("cp.txt"), "--dimacs"}, sat.Sat, "cp.cnf"},
		{"petersen cnf", []string{cfFile("petersen.txt"), "--dimacs"}, sat.Unsat, "p.cnf"},
		{"p4 opb", []string{cfFile("p4.txt"), "--min-moves", "--opb"}, sat.Sat, "p4.opb"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.file)
			code, _, errs := runCLI(t, "", append([]string{"chipfire", "solve"}, append(c.args, path)...)...)
			if code != 0 || !strings.Contains(errs, "wrote") {
				t.Fatalf("exit %d: %s", code, errs)
			}
			text, _ := os.ReadFile(path)
			if !strings.Contains(string(text), "f[") {
				t.Errorf("no variable names in the comments:\n%.400s", text)
			}
			p, err := satfile.ReadFile(path, satfile.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var s sat.Solver = gini.New()
			if len(p.Formula.PBs) > 0 {
				s = gophersat.New()
			}
			for range p.Formula.NumVars {
				s.NewVar()
			}
			for _, cl := range p.Formula.Clauses {
				s.AddClause(cl...)
			}
			for _, pb := range p.Formula.PBs {
				s.(sat.PBAdder).AddPB(pb)
			}
			st, err := s.Solve(t.Context())
			if err != nil || st != c.want {
				t.Fatalf("status %v (%v), want %v", st, err, c.want)
			}
			if c.file == "p4.opb" && len(p.Formula.Objective) == 0 {
				t.Error("the OPB file has no objective")
			}
		})
	}
}

func TestChipfireRank(t *testing.T) {
	cases := []struct {
		name string
		args []string
		rank int
		clb  bool
	}{
		{"CP (5,−3,4,−1)", []string{cfFile("cp.txt"), "--divisor", "5,-3,4,-1"}, 2, false},
		{"CP (2,−3,4,−1)", []string{cfFile("cp.txt")}, 0, false},
		{"K4 (4,2,0,0) pure", []string{cfFile("k4.dot"), "--divisor", "4,2,0,0", "--pure"}, 3, true},
		{"K4 (2,−3,2,0)", []string{cfFile("k4.dot"), "--divisor", "2,-3,2,0"}, -1, true},
		{"Petersen 6v0−v1−v2", []string{cfFile("petersen.txt")}, -1, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCLI(t, "", append([]string{"chipfire", "rank", "--json"}, c.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var r cfRankResult
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatalf("%v in %s", err, out)
			}
			if r.Rank != c.rank || r.Brute == nil || *r.Brute != c.rank || (r.CoriLeBorgne != nil) != c.clb {
				t.Errorf("rank %d, brute force %v, Cori–Le Borgne %v; want %d", r.Rank, r.Brute, r.CoriLeBorgne, c.rank)
			}
		})
	}
	code, out, errs := runCLI(t, "", "chipfire", "rank", "--gonality", "--json", cfFile("k4.dot"))
	var gr cfGonalityResult
	if code != 0 || json.Unmarshal([]byte(out), &gr) != nil || gr.Gonality != 3 || gr.Brute == nil || *gr.Brute != 3 {
		t.Errorf("K4 gonality: exit %d, %s %s", code, out, errs)
	}
	code, out, _ = runCLI(t, "", "chipfire", "rank", cfFile("cp.txt"), "--divisor", "5,-3,4,-1")
	if code != 0 || !strings.Contains(out, "r(D) = 2") || !strings.Contains(out, "Riemann–Roch") {
		t.Errorf("text output:\n%s", out)
	}
}

func TestChipfireRandom(t *testing.T) {
	args := []string{"chipfire", "random", "-n", "9", "--density", "0.4", "--seed", "7"}
	_, out1, _ := runCLI(t, "", args...)
	code, out2, errs := runCLI(t, "", args...)
	if code != 0 || out1 != out2 {
		t.Fatalf("exit %d (%s), or different games for the same seed", code, errs)
	}
	game, err := chipfire.ReadGame(strings.NewReader(out1), "random", chipfire.FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	if game.Graph.N() != 9 || game.Divisor.Deg() != int64(game.Graph.Genus()) {
		t.Errorf("%d vertices, degree %d, genus %d", game.Graph.N(), game.Divisor.Deg(), game.Graph.Genus())
	}
	_, out3, _ := runCLI(t, "", "chipfire", "random", "-n", "9", "--density", "0.4", "--seed", "8")
	if out3 == out1 {
		t.Error("seeds 7 and 8 gave the same game")
	}
	path := filepath.Join(t.TempDir(), "g.json")
	if code, _, errs := runCLI(t, "", "chipfire", "random", "-n", "5", "--density", "0.8", "--out-format", "json", "-o", path); code != 0 {
		t.Fatal(errs)
	}
	// The file solves: winnable, as deg D = g.
	code, out, errs := runCLI(t, "", "chipfire", "solve", "--json", path)
	var r cfSolveResult
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil || !r.Winnable {
		t.Errorf("solve of a random game: exit %d, %s %s", code, out, errs)
	}
}

func TestChipfireStrategies(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "s.svg")
	code, out, errs := runCLI(t, "", "chipfire", "strategies", "-n", "6", "--games", "6", "--densities", "0.5,0.9", "--svg", svg)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, h := range chipfire.Heuristics() {
		if !strings.Contains(out, "| "+h.String()+" |") {
			t.Errorf("no row for %v:\n%s", h, out)
		}
	}
	if !strings.Contains(out, "| fewest moves (SAT) | 6 proven") {
		t.Errorf("no optimum row:\n%s", out)
	}
	f, err := os.Open(svg)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := xml.NewDecoder(f)
	for {
		if _, err := dec.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("SVG does not parse: %v", err)
		}
	}
	code, out, _ = runCLI(t, "", "chipfire", "strategies", "-n", "5", "--games", "4", "--densities", "0.8", "--json", "--optimal=false")
	var r chipfire.SweepTable
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil || len(r.Heuristics) != 9 || r.Optimal != nil {
		t.Fatalf("JSON: exit %d, %s", code, out)
	}
	for _, h := range r.Heuristics {
		if len(h.Success) != 1 || h.Success[0] < 0 || h.Success[0] > 1 {
			t.Errorf("%s: success %v", h.Name, h.Success)
		}
	}
}

func TestChipfirePlay(t *testing.T) {
	script := "show\nhint\nlend C\nborrow X\nlend C 2\nundo\nborrow B\nhelp\nfly\nquit\n"
	code, out, errs := runCLI(t, script, "chipfire", "play", cfFile("cp.txt"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"A=2 B=-3 C=4 E=-1   (moves: 0)",
		"(a shortest win takes 2 more moves: B borrows 1, C lends 1)",
		"A=3 B=-2 C=1 E=0   (moves: 1)",
		`no vertex "X" (the vertices are A B C E)`,
		"A=5 B=0 C=-5 E=2   (moves: 3)",
		"Nobody is in debt: you won in 2 moves.",
		"lend V [K]",
		`unknown command "fly"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// An unwinnable position: the hint says so; end of input ends the game.
	code, out, _ = runCLI(t, "hint\n", "chipfire", "play", "--native", cfFile("petersen.txt"))
	if code != 0 || !strings.Contains(out, "no sequence of moves wins from here") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestChipfireHelp checks that every subcommand answers -h with its flags,
// on standard output.
func TestChipfireHelp(t *testing.T) {
	for _, c := range Command.Subs {
		code, out, _ := runCLI(t, "", "chipfire", c.Name, "-h")
		if code != 0 || !strings.Contains(out, "usage: satsolve chipfire "+c.Name) {
			t.Errorf("%s -h: exit %d, %q", c.Name, code, out)
		}
	}
}

// runCLI runs the command in-process with the given standard input.
func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return clitest.Run(t, []*cli.Command{Command}, stdin, args...)
}

// TestChipfireModelTooLarge checks the command's side of a refused SAT
// model: with native answers the result stands on them, with a note (text
// and JSON); with --sat alone the refusal is the error, with the estimate.
func TestChipfireModelTooLarge(t *testing.T) {
	code, out, errs := runCLI(t, "", "chipfire", "solve", "--min-moves", "--max-clauses", "2", cfFile("cp.txt"))
	if code != 0 || !strings.Contains(out, "native (Dhar): winnable") || !strings.Contains(out, "sat: not run: SAT model too large") ||
		!strings.Contains(out, "fewest moves: not run: SAT model too large") {
		t.Fatalf("exit %d, output\n%s%s", code, out, errs)
	}
	code, out, errs = runCLI(t, "", "chipfire", "solve", "--json", "--max-clauses", "2", cfFile("cp.txt"))
	var r cfSolveResult
	if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil || r.Native == nil || r.SAT != nil || !strings.Contains(r.SATSkipped, "variables and") {
		t.Fatalf("exit %d, %v, %+v %s", code, err, r, errs)
	}
	code, _, errs = runCLI(t, "", "chipfire", "solve", "--sat", "--max-clauses", "2", cfFile("cp.txt"))
	if code != 1 || !strings.Contains(errs, "SAT model too large") || !strings.Contains(errs, "estimated") {
		t.Fatalf("--sat: exit %d, %s", code, errs)
	}
}
