package gamecmd

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/cli/clitest"
	"github.com/satsolve/satsolve/sat/satfile"
)

// decodeJSON runs the command and decodes its JSON answer into v.
func decodeJSON(t *testing.T, v any, stdin string, args ...string) {
	t.Helper()
	code, out, errs := runCLI(t, stdin, args...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errs)
	}
	if err := json.Unmarshal([]byte(out), v); err != nil {
		t.Fatalf("%v: %v in %q", args, err, out)
	}
}

// moveSet reduces JSON moves to "size→to" strings ("5→1,3", "6→0"),
// sorted and distinct.
func moveSet(moves []moveJSON) []string {
	var out []string
	for _, m := range moves {
		to := "0"
		if len(m.To) > 0 {
			to = strings.Trim(strings.Join(strings.Fields(fmt.Sprint(m.To)), ","), "[]")
		}
		out = append(out, fmt.Sprintf("%d→%s", m.Size, to))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func TestGameNimLecture(t *testing.T) {
	var j nimJSON
	decodeJSON(t, &j, "", "game", "nim", "--json", "8", "8", "7", "7", "7", "6", "4", "4", "4", "2", "1")
	// 8⊕8⊕7⊕7⊕7⊕6⊕4⊕4⊕4⊕2⊕1 = 6, not the slide's 5 (binary 101).
	if j.Nimber == nil || *j.Nimber != 6 || !j.Win {
		t.Fatalf("nimber %v, win %v; want 6, true", j.Nimber, j.Win)
	}
	if got, want := moveSet(j.Moves), []string{"4→2", "6→0", "7→1"}; !slices.Equal(got, want) {
		t.Errorf("moves %v, want %v", got, want)
	}
	if len(j.Moves) != 7 {
		t.Errorf("%d moves by heap, want 7 (three 7s, one 6, three 4s)", len(j.Moves))
	}
	code, out, _ := runCLI(t, "", "game", "nim", "8,8,7,7,7,6,4,4,4,2,1")
	for _, want := range []string{"nim-sum 6 (binary 110)", "7 → 1 (take 6), any of heaps 3, 4, 5", "6 → 0 (take 6), heap 6", "4 → 2 (take 2), any of heaps 7, 8, 9"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("exit %d, output %q lacks %q", code, out, want)
		}
	}
	if strings.Contains(out, "take 3") {
		t.Errorf("the slide's wrong move appears: %q", out)
	}
}

func TestGameNimVariants(t *testing.T) {
	cases := []struct {
		args  []string
		win   bool
		moves []string
	}{
		{[]string{"1", "2", "3"}, false, nil},
		{[]string{"3", "4", "5"}, true, []string{"3→1"}},
		{[]string{"--misere", "1", "1", "1"}, false, nil},
		{[]string{"--misere", "1", "1"}, true, []string{"1→0"}},
		{[]string{"--misere", "2", "2"}, false, nil},
		{[]string{"--misere", "5"}, true, []string{"5→1"}},
		{[]string{"--cross-check", "3", "4", "5"}, true, []string{"3→1"}},
		{[]string{"--cross-check", "--backend", "gophersat", "2", "3"}, true, []string{"3→2"}},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var j nimJSON
			decodeJSON(t, &j, "", append([]string{"game", "nim", "--json"}, c.args...)...)
			if j.Win != c.win || !slices.Equal(moveSet(j.Moves), c.moves) && len(c.moves)+len(j.Moves) > 0 {
				t.Errorf("win %v moves %v; want %v %v", j.Win, moveSet(j.Moves), c.win, c.moves)
			}
			if slices.Contains(c.args, "--cross-check") && (j.SAT == nil || !j.SAT.AgreesWithNative || j.SAT.KernelClauses != j.SAT.Positions+j.SAT.Moves) {
				t.Errorf("sat report %+v", j.SAT)
			}
		})
	}
}

// kaylesPrefix is A002186 for n = 0..39 (research brief, B2).
var kaylesPrefix = []int{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3}

func TestGameGrundySequence(t *testing.T) {
	var j grundyJSON
	decodeJSON(t, &j, "", "game", "grundy", "--json", "0.77", "39")
	if !slices.Equal(j.Values, kaylesPrefix) {
		t.Errorf("values %v, want %v", j.Values, kaylesPrefix)
	}
	code, out, _ := runCLI(t, "", "game", "grundy", "kayles", "25")
	if code != 0 || !strings.Contains(out, "10: 2 6 4 1 2 7 1 4 3 2") || !strings.Contains(out, "20: 1 4 6 7 4 1\n") {
		t.Errorf("exit %d, output %q", code, out)
	}
}

func TestGameGrundyPeriod(t *testing.T) {
	cases := []struct {
		code, n           string
		period, preperiod int
		exceptions        []int
	}{
		{"0.77", "1000", 12, 71, []int{0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70}},
		{"0.137", "1000", 34, 52, []int{0, 14, 16, 17, 31, 34, 51}},
		{"dawsons-kayles", "300", 34, 53, []int{0, 1, 15, 17, 18, 32, 35, 52}},
	}
	for _, c := range cases {
		t.Run(c.code, func(t *testing.T) {
			var j grundyJSON
			decodeJSON(t, &j, "", "game", "grundy", "--period", "--json", c.code, c.n)
			p := j.Period
			if p == nil || p.Period != c.period || p.Preperiod != c.preperiod || p.LastException != c.preperiod-1 || !slices.Equal(p.Exceptions, c.exceptions) {
				t.Errorf("period %+v, want %d from %d, exceptions %v", p, c.period, c.preperiod, c.exceptions)
			}
		})
	}
	code, _, errs := runCLI(t, "", "game", "grundy", "--period", "0.77", "150")
	if code != cli.ExitError || !strings.Contains(errs, "no period proven") {
		t.Errorf("Kayles from 151 values: exit %d, %q; want a failure (the criterion needs 168)", code, errs)
	}
}

func TestGameOctal(t *testing.T) {
	cases := []struct {
		args  []string
		win   bool
		moves []string
	}{
		{[]string{"0.77", "1", "4"}, false, nil},
		// Kayles 5 + 7: values 4 and 2.
		{[]string{"0.77", "5", "7"}, true, []string{"5→1,3", "7→5"}},
		{[]string{"--misere", "kayles", "20"}, false, nil},
		{[]string{"--misere", "kayles", "12"}, false, nil},
		{[]string{"--misere", "kayles", "4", "1"}, true, nil},
		{[]string{"--cross-check", "0.137", "5", "6"}, true, []string{"5→2"}},
		{[]string{"--cross-check", "--amo", "pairwise", "4.7", "3", "3"}, false, nil},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var j nimJSON
			decodeJSON(t, &j, "", append([]string{"game", "octal", "--json"}, c.args...)...)
			if j.Win != c.win || c.moves != nil && !slices.Equal(moveSet(j.Moves), c.moves) {
				t.Errorf("win %v moves %v; want %v %v", j.Win, moveSet(j.Moves), c.win, c.moves)
			}
			if !c.win && len(j.Moves) > 0 {
				t.Errorf("a lost position with winning moves %v", j.Moves)
			}
			if slices.Contains(c.args, "--cross-check") && (j.SAT == nil || !j.SAT.AgreesWithNative) {
				t.Errorf("sat report %+v", j.SAT)
			}
		})
	}
}

const petersenDOT = `graph petersen {
	0 -- 1 -- 2 -- 3 -- 4 -- 0;
	0 -- 5; 1 -- 6; 2 -- 7; 3 -- 8; 4 -- 9;
	5 -- 7 -- 9 -- 6 -- 8 -- 5;
}
`

func TestGameKayles(t *testing.T) {
	cube := "000 001\n000 010\n000 100\n001 011\n001 101\n010 011\n010 110\n100 101\n100 110\n011 111\n101 111\n110 111\n"
	cases := []struct {
		name, graph string
		args        []string
		win         bool
		nimber      int
		moves       int
	}{
		{"petersen", petersenDOT, nil, true, 1, 10},
		{"petersen sat", petersenDOT, []string{"--cross-check"}, true, 1, 10},
		{"cube", cube, nil, false, 0, 0},
		{"cube canonical", cube, []string{"--canonical", "8"}, false, 0, 0},
		// Every move leaves two of the three *1 parts: all five vertices win.
		{"triangle and two", "a b\nb c\nc a\nx\ny\n", nil, true, 1, 5},
		{"triangle and two misère", "a b\nb c\nc a\nx\ny\n", []string{"--misere"}, false, 0, 0},
		// P4 leaves an edge or a vertex, both misère losses: all four win.
		{"path 4 misère", "1 2\n2 3\n3 4\n", []string{"--misere"}, true, 0, 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var j kaylesJSON
			decodeJSON(t, &j, c.graph, append(append([]string{"game", "kayles", "--json"}, c.args...), "-")...)
			if j.Win != c.win || len(j.Moves) != c.moves || j.Nimber != nil && *j.Nimber != c.nimber {
				t.Errorf("win %v nimber %v moves %v; want %v %d and %d moves", j.Win, j.Nimber, j.Moves, c.win, c.nimber, c.moves)
			}
			if slices.Contains(c.args, "--cross-check") && (j.SAT == nil || !j.SAT.AgreesWithNative) {
				t.Errorf("sat report %+v", j.SAT)
			}
		})
	}
}

func TestGameKaylesFileErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.edges")
	if err := os.WriteFile(bad, []byte("a b\nb b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCLI(t, "", "game", "kayles", bad)
	if want := "satsolve: " + bad + ":2: self-loop"; code != cli.ExitError || !strings.HasPrefix(errs, want) {
		t.Errorf("exit %d, %q; want %q", code, errs, want)
	}
	code, _, errs = runCLI(t, "graph {\n a -- b;\n b --\n}\n", "game", "kayles", "-")
	if code != cli.ExitError || !strings.HasPrefix(errs, "satsolve: <stdin>:4:1: ") {
		t.Errorf("exit %d, %q", code, errs)
	}
	code, _, errs = runCLI(t, "digraph { a -> b }", "game", "kayles", "--format", "dot", "-")
	if code != cli.ExitError || !strings.Contains(errs, "undirected") {
		t.Errorf("digraph: exit %d, %q", code, errs)
	}
	var big strings.Builder
	for i := 1; i <= 70; i++ {
		big.WriteString(strings.Repeat("v", i) + " w\n")
	}
	code, _, errs = runCLI(t, big.String(), "game", "kayles", "-")
	if code != cli.ExitError || !strings.Contains(errs, "at most 64") {
		t.Errorf("71 vertices: exit %d, %q", code, errs)
	}
}

func TestGameInstanceFiles(t *testing.T) {
	dir := t.TempDir()
	cnf, opb := filepath.Join(dir, "k.cnf"), filepath.Join(dir, "k.opb")
	code, out, errs := runCLI(t, "", "game", "octal", "--dimacs", cnf, "--opb", opb, "0.77", "6")
	if code != 0 || out != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	p, err := satfile.ReadFile(cnf, satfile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(cnf)
	// G(6) = 3 for Kayles: its literal is named in a comment.
	if !strings.Contains(string(data), "c G(6)=3 = ") || p.Formula.NumVars == 0 {
		t.Errorf("instance lacks the comment for G(6)=3 or is empty")
	}
	code, _, errs = runCLI(t, "", "game", "nim", "--dimacs", cnf, "--encoding", "kernel", "2", "3")
	data, _ = os.ReadFile(cnf)
	if code != 0 || !strings.Contains(string(data), "c P(2+3) = 1") {
		t.Errorf("exit %d (%s), instance %q", code, errs, data)
	}
	if _, err := os.Stat(opb); err != nil {
		t.Error(err)
	}
}

func TestGameUsage(t *testing.T) {
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"game"}, cli.ExitUsage, "satsolve game: want a game: grundy, kayles, nim or octal"},
		{[]string{"game", "chess"}, cli.ExitUsage, "unknown game"},
		{[]string{"game", "grundy", "0.77"}, cli.ExitUsage, "usage"},
		{[]string{"game", "grundy", "0.8", "10"}, cli.ExitUsage, "not an octal digit"},
		{[]string{"game", "grundy", "0.77", "-5"}, cli.ExitUsage, "a number from 0 to"},
		{[]string{"game", "octal"}, cli.ExitUsage, "usage"},
		{[]string{"game", "octal", "0.77", "x"}, cli.ExitUsage, "heap \"x\""},
		{[]string{"game", "octal", "--misere", "--cross-check", "0.77", "3"}, cli.ExitUsage, "misere"},
		{[]string{"game", "octal", "--misere", "--max-positions", "10", "0.77", "30"}, cli.ExitError, "position limit"},
		{[]string{"game", "nim", "--encoding", "cube", "1"}, cli.ExitUsage, "-encoding"},
		{[]string{"game", "nim", "--cross-check", "--backend", "nosuch", "1"}, cli.ExitUsage, "unknown backend"},
		{[]string{"game", "kayles"}, cli.ExitUsage, "usage"},
		{[]string{"game", "kayles", "--format", "gml", "x"}, cli.ExitUsage, "unknown graph format"},
		// Issue 18, item 3: --timeout on the game commands. The misère
		// Kayles search below runs for tens of seconds without it.
		{[]string{"game", "grundy", "--misere", "--timeout", "200ms", "kayles", "90"}, cli.ExitError, "--timeout"},
		{[]string{"game", "octal", "--misere", "--timeout", "200ms", "0.77", "40", "41"}, cli.ExitError, "--timeout"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, _, errs := runCLI(t, "", c.args...)
			if code != c.code || !strings.Contains(errs, c.msg) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errs, c.code, c.msg)
			}
		})
	}
}

// runCLI runs the command in-process with the given standard input.
func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return clitest.Run(t, []*cli.Command{Command}, stdin, args...)
}

// TestGrundyCrossCheck runs game grundy --cross-check, normal and misère,
// in text and JSON (issue 18 item 11: the cross-check the other game
// commands have).
func TestGrundyCrossCheck(t *testing.T) {
	code, out, errs := runCLI(t, "", "game", "grundy", "--cross-check", "0.137", "20")
	if code != 0 || !strings.Contains(out, "SAT cross-check (cdcl): G(0..20) through") || !strings.Contains(out, "every value agrees") {
		t.Errorf("exit %d, %q, %q", code, out, errs)
	}
	var j grundyJSON
	decodeJSON(t, &j, "", "game", "grundy", "--cross-check", "--json", "--backend", "gophersat", "0.07", "16")
	if j.SAT == nil || !j.SAT.AgreesWithNative || j.SAT.Graphs < 1 || j.SAT.GrundyClauses == 0 || len(j.Values) != 17 || !strings.HasPrefix(j.SAT.Backend, "gophersat") {
		t.Errorf("JSON %+v, sat %+v", j, j.SAT)
	}
	j = grundyJSON{}
	decodeJSON(t, &j, "", "game", "grundy", "--cross-check", "--misere", "--json", "0.77", "20")
	if j.SAT == nil || !j.SAT.AgreesWithNative || j.SAT.KernelClauses == 0 || j.SAT.GrundyClauses != 0 || j.Misere == nil || fmt.Sprint(j.Misere.Losses) != "[1 4 9 12 20]" {
		t.Errorf("misère JSON %+v, sat %+v", j, j.SAT)
	}
	code, _, errs = runCLI(t, "", "game", "grundy", "--cross-check", "--max-graph", "10", "0.137", "20")
	if code != cli.ExitError || !strings.Contains(errs, "--max-graph") {
		t.Errorf("graph limit: exit %d, %q", code, errs)
	}
}

// TestMaxPositionsDocumented is the regression test for docs/games.md
// giving a default position limit (4 million) other than the flag's
// (8,000,000): the documented default is the constant's.
func TestMaxPositionsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/games.md")
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("default %d million", maxPositions/1_000_000)
	if maxPositions%1_000_000 != 0 || !strings.Contains(string(doc), want) {
		t.Errorf("docs/games.md does not say %q (maxPositions = %d)", want, maxPositions)
	}
	fs := flag.NewFlagSet("grundy", flag.ContinueOnError)
	grundyFlags(fs)
	if f := fs.Lookup("max-positions"); f == nil || f.DefValue != strconv.Itoa(maxPositions) {
		t.Errorf("game grundy --max-positions default %v, want %d", f, maxPositions)
	}
}
