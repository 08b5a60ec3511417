package nonogramcmd

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/cli/clitest"
	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/solve"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/satfile"
)

// nonogramFixture returns the path of a file of testdata/nonogram.
func nonogramFixture(name string) string {
	return filepath.Join("..", "..", "..", "testdata", "nonogram", name)
}

// nonogramPuzzle parses the k-th puzzle (from 0) of a fixture.
func nonogramPuzzle(t *testing.T, name string, k int) *nonogram.Puzzle {
	t.Helper()
	ps, err := nonogram.ParseFile(nonogramFixture(name), nonogram.FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	return ps[k]
}

// pictures reads the '#'/'.' pictures of a text output: maximal runs of
// lines made of those two characters only.
func pictures(out string, width int) []*nonogram.Grid {
	var grids []*nonogram.Grid
	var rows []string
	flush := func() {
		if len(rows) > 0 {
			g := nonogram.NewGrid(width, len(rows))
			for r, row := range rows {
				for c := range width {
					g.Set(r, c, nonogram.White)
					if row[c] == '#' {
						g.Set(r, c, nonogram.Black)
					}
				}
			}
			grids = append(grids, g)
			rows = nil
		}
	}
	pic := regexp.MustCompile(`^[#.]+$`)
	for _, line := range strings.Split(out, "\n") {
		if pic.MatchString(line) && len(line) == width {
			rows = append(rows, line)
			continue
		}
		flush()
	}
	flush()
	return grids
}

// checkPictures checks that out holds want pictures, all different, each
// satisfying the clues of p (checked from the clues, not by the solver).
func checkPictures(t *testing.T, p *nonogram.Puzzle, out string, want int) []*nonogram.Grid {
	t.Helper()
	gs := pictures(out, p.Width)
	if len(gs) != want {
		t.Fatalf("%d pictures, want %d, in:\n%s", len(gs), want, out)
	}
	for i, g := range gs {
		if err := nonogram.Check(p, g); err != nil {
			t.Errorf("picture %d: %v", i+1, err)
		}
		for _, h := range gs[:i] {
			if g.Equal(h) {
				t.Errorf("picture %d repeats an earlier one", i+1)
			}
		}
	}
	return gs
}

// TestNonogramSolve runs satsolve nonogram solve on fixtures whose answers
// are known from outside the project (picross-solver's validation table,
// the corpus manifest, goal images): every printed picture satisfies the
// clues, the number of pictures and the verdict are the known ones, with
// SAT (both encodings) and the native solver.
func TestNonogramSolve(t *testing.T) {
	cases := []struct {
		file     string
		index    int // 1-based; 0 for the only puzzle
		flags    []string
		pictures int
		verdict  string
	}{
		{"webpbn-00001.non", 0, nil, 1, "unique"},
		{"webpbn-00001.non", 0, []string{"--unique"}, 1, "unique"},
		{"smile.txt", 0, []string{"--unique"}, 1, "unique\n"},
		{"picross-example.txt", 2, []string{"--unique"}, 2, "multiple solutions\n"},
		{"wilk-001.nin", 0, []string{"--unique"}, 2, "multiple solutions\n"},
		{"dots.txt", 0, []string{"--count", "20"}, 16, "multiple solutions: exactly 16"},
		{"dots.txt", 0, []string{"--count", "5"}, 5, "multiple solutions: at least 5"},
		{"centerpiece-corner.txt", 0, []string{"--count", "40"}, 33, "multiple solutions: exactly 33"},
		{"plus.cwd", 0, []string{"--unique"}, 1, "unique"},
		{"plus.tatham", 0, []string{"--unique"}, 1, "unique"},
		{"plus.xml", 0, []string{"--unique"}, 1, "unique"},
	}
	methods := [][]string{{}, {"--sat", "--encoding", "starts"}, {"--sat", "--encoding", "dfa"}, {"--sat", "--presolve", "none"}, {"--native"}, {"--sat", "--backend", "gophersat"}, {"--backend", "gophersat"}}
	for _, tc := range cases {
		for _, m := range methods {
			args := append([]string{"nonogram", "solve"}, tc.flags...)
			args = append(args, m...)
			k := 0
			if tc.index > 0 {
				args = append(args, "--index", strconv.Itoa(tc.index))
				k = tc.index - 1
			}
			args = append(args, nonogramFixture(tc.file))
			t.Run(strings.Join(args[2:], " "), func(t *testing.T) {
				code, stdout, stderr := runCLI(t, "", args...)
				if code != 0 {
					t.Fatalf("exit %d: %s", code, stderr)
				}
				checkPictures(t, nonogramPuzzle(t, tc.file, k), stdout, tc.pictures)
				if !strings.Contains(stdout, tc.verdict) {
					t.Errorf("no %q in:\n%s", tc.verdict, stdout)
				}
			})
		}
	}
}

// TestNonogramGoal checks the goal image: webpbn #1's unique solution is
// its goal; knotty's goal satisfies the clues and, with --use-goal, the
// neighbourhood search around it finds a second solution, so the puzzle
// is reported as having several (the manifest's third-party report).
func TestNonogramGoal(t *testing.T) {
	code, stdout, stderr := runCLI(t, "", "nonogram", "solve", "--unique", nonogramFixture("webpbn-00001.non"))
	p := nonogramPuzzle(t, "webpbn-00001.non", 0)
	if code != 0 || !strings.Contains(stdout, "the goal image matches") {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	if g := checkPictures(t, p, stdout, 1); !g[0].Equal(p.Goal) {
		t.Errorf("the unique solution differs from the goal image")
	}
	for _, native := range []bool{false, true} {
		args := []string{"nonogram", "solve", "--unique", "--use-goal", nonogramFixture("knotty.non")}
		if native {
			args = append(args[:2], append([]string{"--native"}, args[2:]...)...)
		}
		t.Run(strings.Join(args[2:], " "), func(t *testing.T) {
			code, stdout, stderr := runCLI(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			p := nonogramPuzzle(t, "knotty.non", 0)
			gs := checkPictures(t, p, stdout, 2)
			if !gs[0].Equal(p.Goal) || !strings.Contains(stdout, "multiple solutions") {
				t.Errorf("want the goal first and a second solution, got:\n%s", stdout)
			}
		})
	}
}

// TestNonogramJSON decodes the --json report of a multiple-solution puzzle
// and of a unique one and checks its solutions against the clues.
func TestNonogramJSON(t *testing.T) {
	cases := []struct {
		file    string
		index   int
		verdict string
		rating  string
		count   int
	}{
		{"picross-example.txt", 2, "multiple", "multiple solutions", 2},
		{"picross-example.txt", 1, "unique", "line-solvable", 1},
		{"snake.txt", 1, "unique", "needs search", 1},
	}
	for _, tc := range cases {
		for _, native := range []string{"--native=false", "--native=true"} {
			t.Run(tc.file+"/"+strconv.Itoa(tc.index)+native, func(t *testing.T) {
				code, stdout, stderr := runCLI(t, "", "nonogram", "solve", "--unique", "--json", native, "--index", strconv.Itoa(tc.index), nonogramFixture(tc.file))
				if code != 0 {
					t.Fatalf("exit %d: %s", code, stderr)
				}
				var doc struct {
					Puzzles []struct {
						Verdict   string     `json:"verdict"`
						Rating    string     `json:"rating"`
						Exhausted bool       `json:"exhausted"`
						Solutions [][]string `json:"solutions"`
					} `json:"puzzles"`
					Summary struct {
						Puzzles, Unique, Multiple int
					} `json:"summary"`
				}
				if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
					t.Fatalf("%v in %s", err, stdout)
				}
				if len(doc.Puzzles) != 1 || doc.Summary.Puzzles != 1 {
					t.Fatalf("want one puzzle: %s", stdout)
				}
				got := doc.Puzzles[0]
				if got.Verdict != tc.verdict || got.Rating != tc.rating || len(got.Solutions) != tc.count {
					t.Errorf("verdict %q rating %q with %d solutions, want %q %q %d", got.Verdict, got.Rating, len(got.Solutions), tc.verdict, tc.rating, tc.count)
				}
				p := nonogramPuzzle(t, tc.file, tc.index-1)
				checkPictures(t, p, strings.Join(joinPictures(got.Solutions), "\n"), tc.count)
			})
		}
	}
}

// joinPictures joins solutions as pictures separated by blank lines.
func joinPictures(sols [][]string) []string {
	var out []string
	for _, s := range sols {
		out = append(out, s...)
		out = append(out, "")
	}
	return out
}

// TestNonogramPictures draws a solution into SVG and PNG files and checks
// their signatures; nothing is written when the puzzle cannot be read.
func TestNonogramPictures(t *testing.T) {
	dir := t.TempDir()
	svg, png := filepath.Join(dir, "p.svg"), filepath.Join(dir, "p.png")
	code, _, stderr := runCLI(t, "", "nonogram", "solve", "--svg", svg, "--png", png, nonogramFixture("webpbn-00001.non"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(svg)
	if err != nil || !strings.Contains(string(data), "<svg") {
		t.Errorf("SVG file: %v, %.60q", err, data)
	}
	data, err = os.ReadFile(png)
	if err != nil || !strings.HasPrefix(string(data), "\x89PNG") {
		t.Errorf("PNG file: %v, %.8q", err, data)
	}
	bad := filepath.Join(dir, "bad.svg")
	if code, _, _ := runCLI(t, "", "nonogram", "solve", "--svg", bad, nonogramFixture("bad/non-totals-differ.non")); code != 1 {
		t.Errorf("bad input: exit %d, want 1", code)
	}
	if _, err := os.Stat(bad); !os.IsNotExist(err) {
		t.Errorf("a picture was written for a bad input: %v", err)
	}
	if code, _, stderr := runCLI(t, "", "nonogram", "solve", "--svg", bad, nonogramFixture("small.taai")); code != 1 || !strings.Contains(stderr, "--index") {
		t.Errorf("picture of a many-puzzle file: exit %d, %s", code, stderr)
	}
}

// TestNonogramRate checks the categories against picross-solver's
// validation table (Fish LINE, Two Notes MULT, the n-Dom grids and Smile
// BRANCH, Impossible ZERO) and the manifest (wilk-001 multiple).
func TestNonogramRate(t *testing.T) {
	cases := []struct {
		file  string
		index int
		want  string
	}{
		{"picross-example.txt", 1, "line-solvable"},
		{"picross-example.txt", 2, "multiple solutions"},
		{"domino-3-5.txt", 3, "needs search"},
		{"smile.txt", 0, "needs search"},
		{"wilk-001.nin", 0, "multiple solutions"},
	}
	for _, tc := range cases {
		for _, native := range []string{"--native=false", "--native=true"} {
			args := []string{"nonogram", "rate", native}
			if tc.index > 0 {
				args = append(args, "--index", strconv.Itoa(tc.index))
			}
			args = append(args, nonogramFixture(tc.file))
			t.Run(strings.Join(args[2:], " "), func(t *testing.T) {
				code, stdout, stderr := runCLI(t, "", args...)
				if code != 0 || !strings.HasSuffix(stdout, ": "+tc.want+"\n") {
					t.Errorf("exit %d, want %q: %s%s", code, tc.want, stdout, stderr)
				}
			})
		}
	}
	t.Run("many", func(t *testing.T) {
		code, stdout, stderr := runCLI(t, "", "nonogram", "rate", "--json", nonogramFixture("domino-3-5.txt"))
		var doc struct {
			Counts map[string]int `json:"counts"`
		}
		if code != 0 || json.Unmarshal([]byte(stdout), &doc) != nil || doc.Counts["needs search"] != 3 || len(doc.Counts) != 1 {
			t.Errorf("exit %d: %s%s", code, stdout, stderr)
		}
	})
}

// TestNonogramManyPuzzles solves a TAAI file of three puzzles: the three
// pictures and a summary on standard output; a progress line on standard
// error with -v only (standard error is not a terminal here).
func TestNonogramManyPuzzles(t *testing.T) {
	code, stdout, stderr := runCLI(t, "", "nonogram", "solve", "--unique", nonogramFixture("small.taai"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if stderr != "" {
		t.Errorf("progress without -v on a standard error that is not a terminal: %q", stderr)
	}
	if _, _, stderr := runCLI(t, "", "nonogram", "solve", "-v", "--unique", nonogramFixture("small.taai")); !strings.Contains(stderr, "nonogram solve: 3/3 puzzles") {
		t.Errorf("-v: no progress line in %q", stderr)
	}
	ps, err := nonogram.ParseFile(nonogramFixture("small.taai"), nonogram.FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	// Check each puzzle's block of output on its own (the summary ends the
	// last one).
	blocks := regexp.MustCompile(`(?m)^puzzle \d+ `).Split(stdout, -1)[1:]
	if len(blocks) != 3 {
		t.Fatalf("%d blocks, want 3 puzzles and a summary:\n%s", len(blocks), stdout)
	}
	// Puzzle 2 asks for one black cell in each row and column of a 2x2
	// grid: the two diagonals. The others are unique.
	for i, n := range []int{1, 2, 1} {
		checkPictures(t, ps[i], blocks[i], n)
	}
	if !regexp.MustCompile(`(?m)^3 puzzles in .*: 3 solved \(2 unique, 1 multiple\), 0 no solution, 0 unknown$`).MatchString(blocks[2]) {
		t.Errorf("summary: %q", blocks[2])
	}
}

// TestNonogramBadInput checks that unreadable or impossible puzzles fail
// with exit status 1 and a message naming the file and line.
func TestNonogramBadInput(t *testing.T) {
	cases := []struct {
		file, want string
	}{
		{"bad/non-totals-differ.non", "non-totals-differ.non:1: "},
		{"bad/non-row-clue-too-long.non", "non-row-clue-too-long.non:4: row 1: clue 1,2 needs at least 4 cells"},
		{"bad/taai-clue-too-long.taai", "taai-clue-too-long.taai:4: row 1: clue 9"},
		{"bad/nin-bad-number.nin", "nin-bad-number.nin:"},
		{"colour-take-two.xml", "colour puzzles are not supported"},
		{"bad/unknown-format.txt", "cannot recognise the puzzle format"},
	}
	for _, tc := range cases {
		for _, sub := range []string{"solve", "rate"} {
			t.Run(sub+"/"+tc.file, func(t *testing.T) {
				code, stdout, stderr := runCLI(t, "", "nonogram", sub, nonogramFixture(tc.file))
				if code != 1 || stdout != "" || !strings.HasPrefix(stderr, "satsolve: ") || !strings.Contains(stderr, tc.want) {
					t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and %q", code, stdout, stderr, tc.want)
				}
			})
		}
	}
	t.Run("stdin", func(t *testing.T) {
		code, _, stderr := runCLI(t, "width 2\nheight 2\nrows\n1\n1\ncolumns\n2\n1,1\n", "nonogram", "solve", "-")
		if code != 1 || !strings.Contains(stderr, "<stdin>:") {
			t.Errorf("exit %d: %s", code, stderr)
		}
	})
	t.Run("usage", func(t *testing.T) {
		for _, args := range [][]string{{"nonogram"}, {"nonogram", "paint"}, {"nonogram", "solve"}, {"nonogram", "solve", "--encoding", "bdd", "x"}} {
			if code, _, _ := runCLI(t, "", args...); code == 0 {
				t.Errorf("%v: exit 0", args)
			}
		}
	})
}

// TestNonogramDimacs writes the encodings of a puzzle that needs search
// with --dimacs, solves the file with gini outside the command, decodes
// the model through the "c cell R C = V" comment lines and checks it
// against the clues.
func TestNonogramDimacs(t *testing.T) {
	p := nonogramPuzzle(t, "snake.txt", 0)
	for _, enc := range []string{"starts", "dfa"} {
		for _, pre := range []string{"line", "none", "probe"} {
			t.Run(enc+"/"+pre, func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "p.cnf")
				code, _, stderr := runCLI(t, "", "nonogram", "solve", "--encoding", enc, "--presolve", pre, "--dimacs", path, nonogramFixture("snake.txt"))
				if code != 0 {
					t.Fatalf("exit %d: %s", code, stderr)
				}
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				prob, err := satfile.Read(strings.NewReader(string(data)), satfile.Options{})
				if err != nil {
					t.Fatal(err)
				}
				s := gini.New()
				for range prob.Formula.NumVars {
					s.NewVar()
				}
				for _, c := range prob.Formula.Clauses {
					s.AddClause(c...)
				}
				st, err := s.Solve(context.Background())
				if err != nil || st != sat.Sat {
					t.Fatalf("%v %v", st, err)
				}
				g := nonogram.NewGrid(p.Width, p.Height)
				cell := regexp.MustCompile(`(?m)^c cell (\d+) (\d+) = (\S+)$`)
				for _, m := range cell.FindAllStringSubmatch(string(data), -1) {
					r, _ := strconv.Atoi(m[1])
					c, _ := strconv.Atoi(m[2])
					v := nonogram.White
					switch m[3] {
					case "black":
						v = nonogram.Black
					case "white":
					default:
						l, _ := strconv.Atoi(m[3])
						if s.Value(sat.Lit(l)) {
							v = nonogram.Black
						}
					}
					g.Set(r-1, c-1, v)
				}
				if !g.Complete() {
					t.Fatalf("the comments do not name every cell:\n%s", g)
				}
				if err := nonogram.Check(p, g); err != nil {
					t.Error(err)
				}
			})
		}
	}
}

// TestNonogramJobs solves a file of random puzzles with one worker and
// with several: the outputs, times aside, must be identical (file order,
// same verdicts and pictures), and every picture must satisfy its clues.
func TestNonogramJobs(t *testing.T) {
	const n, side = 24, 12
	r := rand.New(rand.NewPCG(7, 11))
	var b strings.Builder
	for k := 1; k <= n; k++ {
		g := nonogram.NewGrid(side, side)
		for i := range g.Cells {
			g.Cells[i] = nonogram.White
			if r.Float64() < 0.6 {
				g.Cells[i] = nonogram.Black
			}
		}
		fmt.Fprintf(&b, "$%d\n", k)
		line := make([]nonogram.Cell, side)
		for _, col := range []bool{true, false} {
			for i := 0; i < side; i++ {
				for j := 0; j < side; j++ {
					if col {
						line[j] = g.At(j, i)
					} else {
						line[j] = g.At(i, j)
					}
				}
				clue := nonogram.Runs(line)
				fields := []string{"0"}
				if len(clue) > 0 {
					fields = fields[:0]
					for _, v := range clue {
						fields = append(fields, strconv.Itoa(v))
					}
				}
				fmt.Fprintln(&b, strings.Join(fields, "\t"))
			}
		}
	}
	file := filepath.Join(t.TempDir(), "random.taai")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ps, err := nonogram.ParseFile(file, nonogram.FormatAuto)
	if err != nil || len(ps) != n {
		t.Fatalf("%d puzzles, %v", len(ps), err)
	}
	// Times and the slowest puzzle vary from run to run.
	volatile := regexp.MustCompile(`\d+\.\d+s|slowest: puzzle \d+`)
	want := map[string]string{}
	for _, jobs := range []string{"1", "3", "8"} {
		for _, args := range [][]string{{"solve", "--unique"}, {"rate"}} {
			code, stdout, stderr := runCLI(t, "", append(append([]string{"nonogram"}, args...), "-j", jobs, file)...)
			if code != 0 {
				t.Fatalf("%s -j %s: exit %d: %s", args[0], jobs, code, stderr)
			}
			if args[0] == "solve" {
				blocks := regexp.MustCompile(`(?m)^puzzle \d+ `).Split(stdout, -1)[1:]
				if len(blocks) != n {
					t.Fatalf("-j %s: %d blocks, want %d", jobs, len(blocks), n)
				}
				for i, blk := range blocks {
					gs := pictures(blk, side)
					if len(gs) == 0 {
						t.Errorf("-j %s: puzzle %d: no picture", jobs, i+1)
					}
					for _, g := range gs {
						if err := nonogram.Check(ps[i], g); err != nil {
							t.Errorf("-j %s: puzzle %d: %v", jobs, i+1, err)
						}
					}
				}
			}
			got := volatile.ReplaceAllString(stdout, "X")
			if w, ok := want[args[0]]; !ok {
				want[args[0]] = got
			} else if got != w {
				t.Errorf("%s -j %s: output differs from -j 1:\n%s\nwant:\n%s", args[0], jobs, got, w)
			}
		}
	}
	if code, _, stderr := runCLI(t, "", "nonogram", "solve", "--sat", "--native", file); code != cli.ExitUsage || !strings.Contains(stderr, "--native and --sat exclude each other") {
		t.Errorf("--sat --native: exit %d, %s", code, stderr)
	}
	if code, _, stderr := runCLI(t, "", "nonogram", "solve", "-j", "0", file); code != cli.ExitUsage || !strings.Contains(stderr, "-j must be at least 1") {
		t.Errorf("-j 0: exit %d, %q", code, stderr)
	}
}

// runCLI runs the command in-process with the given standard input.
func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return clitest.Run(t, []*cli.Command{Command}, stdin, args...)
}

// TestNonogramVerdictsAgree checks that the output agrees with itself
// (issue 18 item 4): a search stopped before any solution, on a puzzle
// whose file holds its goal image, prints the goal as the solution with a
// note saying so (not as "another solution"), its JSON verdict is
// "solved", and in every JSON report the summary counts are the counts of
// the puzzles' verdicts, with solved = unique + multiple + uniqueness
// unknown, with and without --unique, by SAT and natively.
func TestNonogramVerdictsAgree(t *testing.T) {
	// A 20×20 puzzle that line solving does not finish, with its goal.
	r := rand.New(rand.NewPCG(5, 5))
	var goal *nonogram.Grid
	var p *nonogram.Puzzle
	for {
		goal = nonogram.NewGrid(20, 20)
		for i := range goal.Cells {
			goal.Cells[i] = nonogram.White
			if r.IntN(2) == 0 {
				goal.Cells[i] = nonogram.Black
			}
		}
		p = clueOf(goal)
		if !solve.LineSolve(p).Complete() {
			break
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "width 20\nheight 20\nrows\n")
	for _, c := range p.Rows {
		fmt.Fprintln(&b, c)
	}
	fmt.Fprintln(&b, "columns")
	for _, c := range p.Cols {
		fmt.Fprintln(&b, c)
	}
	fmt.Fprint(&b, "goal ")
	for _, v := range goal.Cells {
		fmt.Fprint(&b, map[nonogram.Cell]string{nonogram.Black: "1", nonogram.White: "0"}[v])
	}
	fmt.Fprintln(&b)
	file := filepath.Join(t.TempDir(), "stopped.non")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, native := range []string{"--native=false", "--native=true"} {
		for _, unique := range []string{"--unique=false", "--unique=true"} {
			t.Run(native+unique, func(t *testing.T) {
				code, stdout, _ := runCLI(t, "", "nonogram", "solve", "--puzzle-timeout", "1ns", native, unique, file)
				if code != 1 {
					t.Errorf("exit %d, want 1 for an interrupted search", code)
				}
				if strings.Contains(stdout, "differs from the solution found") || !strings.Contains(stdout, "no solution was found before the search stopped; the goal image") {
					t.Errorf("goal note:\n%s", stdout)
				}
				if got := pictures(stdout, 20); len(got) != 1 || !got[0].Equal(goal) {
					t.Errorf("want the goal as the one picture:\n%s", stdout)
				}
				_, stdout, _ = runCLI(t, "", "nonogram", "solve", "--json", "--puzzle-timeout", "1ns", native, unique, file)
				checkSummary(t, stdout, map[string]int{"solved": 1})
			})
		}
	}
	// The whole command stopped before it started: every puzzle is in the
	// report, "unknown".
	for _, native := range []string{"--native=false", "--native=true"} {
		_, stdout, _ := runCLI(t, "", "nonogram", "solve", "--json", "--timeout", "1ns", native, nonogramFixture("picross-example.txt"))
		checkSummary(t, stdout, nil) // a line-solvable puzzle may still finish
	}
	// Several puzzles, every verdict but "unknown".
	for _, args := range [][]string{{"--unique"}, {}, {"--native", "--unique"}, {"--native"}, {"--count", "5"}} {
		_, stdout, _ := runCLI(t, "", append(append([]string{"nonogram", "solve", "--json"}, args...), nonogramFixture("picross-example.txt"))...)
		checkSummary(t, stdout, nil)
	}
}

// clueOf returns the puzzle whose clues are read off g.
func clueOf(g *nonogram.Grid) *nonogram.Puzzle {
	p := &nonogram.Puzzle{Width: g.Width, Height: g.Height}
	for r := range g.Height {
		p.Rows = append(p.Rows, nonogram.Runs(g.Cells[r*g.Width:(r+1)*g.Width]))
	}
	line := make([]nonogram.Cell, g.Height)
	for c := range g.Width {
		for r := range g.Height {
			line[r] = g.At(r, c)
		}
		p.Cols = append(p.Cols, nonogram.Runs(line))
	}
	return p
}

// checkSummary decodes a --json report and checks that its summary counts
// its puzzles' verdicts, that solved = unique + multiple + uniqueness
// unknown, that puzzles = solved + no solution + unknown, and that the
// verdict counts in want (if any) are as given.
func checkSummary(t *testing.T, stdout string, want map[string]int) {
	t.Helper()
	var doc struct {
		Puzzles []struct {
			Verdict   string     `json:"verdict"`
			Solutions [][]string `json:"solutions"`
		} `json:"puzzles"`
		Summary map[string]float64 `json:"summary"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("%v in %s", err, stdout)
	}
	count := map[string]int{}
	withSolution := 0
	for _, p := range doc.Puzzles {
		count[p.Verdict]++
		if len(p.Solutions) > 0 {
			withSolution++
		}
	}
	s := func(k string) int { return int(doc.Summary[k]) }
	for verdict, field := range map[string]string{"unique": "unique", "multiple": "multiple", "solved": "uniqueness_unknown", "no solution": "no_solution", "unknown": "unknown"} {
		if count[verdict] != s(field) {
			t.Errorf("%d puzzles say %q but the summary's %s is %d:\n%s", count[verdict], verdict, field, s(field), stdout)
		}
	}
	if s("solved") != withSolution || s("solved") != s("unique")+s("multiple")+s("uniqueness_unknown") ||
		s("puzzles") != s("solved")+s("no_solution")+s("unknown") || s("puzzles") != len(doc.Puzzles) {
		t.Errorf("summary does not add up: %v", doc.Summary)
	}
	for verdict, n := range want {
		if count[verdict] != n {
			t.Errorf("%d verdicts %q, want %d", count[verdict], verdict, n)
		}
	}
}
