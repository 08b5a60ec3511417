package dobblecmd

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/cli/clitest"
	"github.com/satsolve/satsolve/models/dobble"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/satfile"
)

var kidsFile = filepath.Join("..", "..", "..", "testdata", "dobble", "dobble-kids.txt")

// TestDobbleBuildCheck builds the plane of every prime power order up to
// 49 with the command and checks the output with the command.
func TestDobbleBuildCheck(t *testing.T) {
	dir := t.TempDir()
	for q := 2; q <= 49; q++ {
		if !dobble.IsPrimePower(q) {
			continue
		}
		k := strconv.Itoa(q + 1)
		path := filepath.Join(dir, "plane"+k+".txt")
		code, _, stderr := runCLI(t, "", "dobble", "build", "-k", k, "-o", path)
		if code != 0 {
			t.Fatalf("build -k %s: exit %d: %s", k, code, stderr)
		}
		code, stdout, stderr := runCLI(t, "", "dobble", "check", path)
		if code != 0 || !strings.Contains(stdout, "ok: "+strconv.Itoa(q*q+q+1)+" cards of "+k+" symbols") {
			t.Errorf("check of order %d: exit %d: %s%s", q, code, stdout, stderr)
		}
	}
}

func TestDobbleBuildConstructions(t *testing.T) {
	for _, args := range [][]string{
		{"-k", "6", "--construction", "singer"},
		{"-k", "5", "--construction", "affine"},
		{"-k", "5", "--construction", "homogeneous"},
		{"-k", "6", "--sat"},
		{"-k", "5", "--sat", "--symmetry", "lex", "--pair", "rect"},
		{"-k", "6", "--sat", "--model", "mols"},
		{"-k", "5", "--lambda", "2"},
		{"-k", "6", "--lambda", "2", "--sat"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, stdout, stderr := runCLI(t, "", append([]string{"dobble", "build"}, args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			d, err := dobble.Parse(strings.NewReader(stdout), "out")
			if err != nil {
				t.Fatal(err)
			}
			k, _ := strconv.Atoi(args[1])
			lambda := 1
			for i, a := range args {
				if a == "--lambda" {
					lambda, _ = strconv.Atoi(args[i+1])
				}
			}
			v := k*(k-1)/lambda + 1
			if len(d.Cards) != v {
				t.Errorf("%d cards, want %d", len(d.Cards), v)
			}
			if err := dobble.Check(d, k, lambda); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestDobbleBuildRefusals(t *testing.T) {
	// Designs proved impossible are answers (exit 20, on standard
	// output); open orders are refused (1); flags that do not fit are
	// usage errors (2).
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-k", "7"}, cli.ExitNo, "Bruck–Ryser"},
		{[]string{"-k", "7", "--sat"}, cli.ExitNo, "--prove"},
		{[]string{"-k", "11"}, cli.ExitNo, "Lam"},
		{[]string{"-k", "11", "--sat"}, cli.ExitNo, "Lam"},
		{[]string{"-k", "13"}, cli.ExitError, "open problem"},
		{[]string{"-k", "13", "--sat"}, cli.ExitError, "would not finish"},
		{[]string{"-k", "7", "--lambda", "2"}, cli.ExitNo, "not a square"},
		{[]string{"-k", "8", "--lambda", "2"}, cli.ExitNo, "Bruck–Ryser–Chowla"},
		{[]string{"-k", "5", "--lambda", "3"}, cli.ExitNo, "not a multiple"},
		{[]string{"-k", "9", "--lambda", "2"}, cli.ExitError, "--sat searches"},
		{[]string{"-k", "1"}, cli.ExitUsage, "want 1 ≤ λ < k"},
		{[]string{"-k", "4", "--construction", "singer", "--lambda", "2"}, cli.ExitUsage, "difference sets"},
		{[]string{"-k", "4", "--sat", "--model", "latin"}, cli.ExitUsage, "want incidence or mols"},
		{[]string{"-k", "3", "--prove"}, cli.ExitUsage, "k−1 ≥ 3"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCLI(t, "", append([]string{"dobble", "build"}, tt.args...)...)
			said := map[int]string{cli.ExitNo: stdout, cli.ExitError: stderr, cli.ExitUsage: stderr}[tt.code]
			prefix := map[int]string{cli.ExitNo: "no ", cli.ExitError: "satsolve: ", cli.ExitUsage: "satsolve dobble build: "}[tt.code]
			if code != tt.code || !strings.HasPrefix(said, prefix) || !strings.Contains(said, tt.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d saying %q", code, stdout, stderr, tt.code, tt.want)
			}
		})
	}
}

// TestDobbleProve refutes a plane of order 6 through 2-MOLS(6), in
// process and as a DIMACS file solved by gini.
func TestDobbleProve(t *testing.T) {
	code, stdout, stderr := runCLI(t, "", "dobble", "build", "-k", "7", "--prove", "--json")
	if code != cli.ExitNo {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var j buildJSON
	if err := json.Unmarshal([]byte(stdout), &j); err != nil {
		t.Fatal(err)
	}
	if j.Status != "UNSAT" || j.Order != 6 || !strings.Contains(j.Reason, "no projective plane of order 6") {
		t.Errorf("report %+v", j)
	}
	// Order 7: two orthogonal squares exist, which decides nothing.
	code, stdout, _ = runCLI(t, "", "dobble", "build", "-k", "8", "--prove")
	if code != 0 || !strings.HasPrefix(stdout, "SAT: ") || !strings.Contains(stdout, "does not decide") {
		t.Errorf("order 7: exit %d, %q", code, stdout)
	}
	path := filepath.Join(t.TempDir(), "mols6.cnf")
	if code, _, stderr := runCLI(t, "", "dobble", "build", "-k", "7", "--prove", "--dimacs", path); code != 0 {
		t.Fatalf("--dimacs: exit %d: %s", code, stderr)
	}
	p, err := satfile.ReadFile(path, satfile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := gini.New()
	for _, c := range p.Formula.Clauses {
		s.AddClause(c...)
	}
	if st, err := s.Solve(context.Background()); st != sat.Unsat {
		t.Errorf("the written 2-MOLS(6) instance: %v, %v", st, err)
	}
	text, _ := os.ReadFile(path)
	if !strings.Contains(string(text), "c case [5]") || !strings.Contains(string(text), "c case [3 2]") {
		t.Errorf("the instance does not name its case selectors")
	}
}

func TestDobbleCheck(t *testing.T) {
	code, stdout, _ := runCLI(t, "", "dobble", "check", kidsFile)
	if code != 0 || !strings.Contains(stdout, "ok: 30 cards of 6 symbols on 31 symbols") {
		t.Errorf("kids: exit %d, %q", code, stdout)
	}
	bad := "# two cards share two symbols\na b c\nd e a\nb a f\n"
	code, stdout, stderr := runCLI(t, bad, "dobble", "check", "-")
	if code != cli.ExitError {
		t.Errorf("bad deck: exit %d", code)
	}
	if want := "<stdin>:4: card 1 (line 2) and card 3 (line 4) share 2 symbols (a, b), want 1\n"; stdout != want {
		t.Errorf("stdout %q, want %q", stdout, want)
	}
	if !strings.Contains(stderr, "satsolve: <stdin>: the deck breaks the rules (1 violation)") {
		t.Errorf("stderr %q", stderr)
	}
	code, stdout, _ = runCLI(t, bad, "dobble", "check", "--json", "-")
	var j checkJSON
	if err := json.Unmarshal([]byte(stdout), &j); err != nil || code != cli.ExitError {
		t.Fatalf("exit %d, %v", code, err)
	}
	if j.OK || len(j.Violations) != 1 || strings.Join(j.Violations[0].Symbols, ",") != "a,b" || j.Violations[0].Lines[1] != 4 {
		t.Errorf("report %+v", j)
	}
	code, _, stderr = runCLI(t, "a b c\na,,d\n", "dobble", "check", "-")
	if code != cli.ExitError || !strings.Contains(stderr, "satsolve: <stdin>:2:3: empty symbol") {
		t.Errorf("malformed deck: exit %d, %q", code, stderr)
	}
	code, _, stderr = runCLI(t, "", "dobble", "check", "-k", "5", kidsFile)
	if code != cli.ExitError || !strings.Contains(stderr, "30 violations") {
		t.Errorf("wrong k: exit %d, %q", code, stderr)
	}
}

func TestDobbleMax(t *testing.T) {
	for _, native := range []bool{false, true} {
		args := []string{"dobble", "max", "-n", "12", "-k", "4", "--search-only", "--json"}
		if native {
			args = append(args, "--native")
		}
		code, stdout, stderr := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var j maxJSON
		if err := json.Unmarshal([]byte(stdout), &j); err != nil {
			t.Fatal(err)
		}
		if j.Size != 9 || len(j.Cards) != 9 || !strings.Contains(j.Proof, "no deck of 10 cards") {
			t.Errorf("native=%v: %+v", native, j)
		}
	}
	code, stdout, _ := runCLI(t, "", "dobble", "max", "-n", "20", "-k", "5")
	d, err := dobble.Parse(strings.NewReader(stdout), "out")
	if code != 0 || err != nil || len(d.Cards) != 16 || dobble.Check(d, 5, 1) != nil {
		t.Errorf("n=20 k=5: exit %d, %v, %d cards", code, err, len(d.Cards))
	}
	if code, _, stderr := runCLI(t, "", "dobble", "max", "-n", "3", "-k", "4"); code != cli.ExitUsage || !strings.Contains(stderr, "want 1 ≤ λ < k ≤ n") {
		t.Errorf("k > n: exit %d, %q", code, stderr)
	}
	path := filepath.Join(t.TempDir(), "max.opb")
	if code, _, stderr := runCLI(t, "", "dobble", "max", "-n", "9", "-k", "3", "--cards", "7", "--opb", path); code != 0 {
		t.Fatalf("--opb: exit %d, %s", code, stderr)
	}
	if _, err := satfile.ReadFile(path, satfile.Options{}); err != nil {
		t.Error(err)
	}
}

func TestDobbleComplete(t *testing.T) {
	code, stdout, stderr := runCLI(t, "", "dobble", "complete", "--all", kidsFile)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	d, err := dobble.Parse(strings.NewReader(stdout), "out")
	if err != nil {
		t.Fatal(err)
	}
	got := deckLabels(d)
	if len(got) != 1 || strings.Join(sorted(labels(got[0])), " ") != "camel cat dog fish horse ladybug" {
		t.Errorf("completion %q", stdout)
	}
	if !strings.Contains(stderr, "the completion is unique") {
		t.Errorf("stderr %q", stderr)
	}
	// A Fano plane without two cards.
	code, stdout, _ = runCLI(t, "0 1 3\n1 2 4\n2 3 5\n3 4 6\n4 5 0\n", "dobble", "complete", "--json", "-")
	var j completeJSON
	if err := json.Unmarshal([]byte(stdout), &j); err != nil || code != 0 {
		t.Fatalf("exit %d, %v", code, err)
	}
	if j.Added != 2 || len(j.Completions) != 1 || strings.Join(sorted(flatten(j.Completions[0])), " ") != "0 1 2 5 6 6" {
		t.Errorf("report %+v", j)
	}
	// Two cards cannot be added to the Kids deck, one can: say so (issue
	// 18 item 5: "no card can be added … (no 2 cards can be added)").
	code, stdout, stderr = runCLI(t, "", "dobble", "complete", "--add", "2", kidsFile)
	if code != cli.ExitNo || stdout != "" || !strings.Contains(stderr, "2 cards cannot be added to the 30 cards, but 1 card can") {
		t.Errorf("--add 2: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, stdout, _ = runCLI(t, "", "dobble", "complete", "--add", "2", "--json", kidsFile)
	j = completeJSON{}
	if err := json.Unmarshal([]byte(stdout), &j); err != nil || code != cli.ExitNo || j.Added != 0 || j.Addable == nil || *j.Addable != 1 || j.Requested != 2 {
		t.Errorf("--add 2 --json: exit %d, %v, %s", code, err, stdout)
	}
	code, _, stderr = runCLI(t, "a b c\na b d\n", "dobble", "complete", "-")
	if code != cli.ExitError || !strings.Contains(stderr, "breaks the rules") {
		t.Errorf("broken deck: exit %d, %q", code, stderr)
	}
}

func TestDobbleUsage(t *testing.T) {
	if code, _, _ := runCLI(t, "", "dobble"); code != cli.ExitUsage {
		t.Errorf("no subcommand: exit %d", code)
	}
	if code, _, stderr := runCLI(t, "", "dobble", "shuffle"); code != cli.ExitUsage || !strings.Contains(stderr, "unknown dobble command") {
		t.Errorf("unknown subcommand: exit %d %q", code, stderr)
	}
	if code, stdout, _ := runCLI(t, "", "dobble", "help"); code != 0 || !strings.Contains(stdout, "complete") {
		t.Errorf("help: exit %d %q", code, stdout)
	}
}

func sorted(xs []string) []string {
	out := append([]string(nil), xs...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func flatten(cards [][]symbolJSON) []string {
	var out []string
	for _, c := range cards {
		out = append(out, labels(c)...)
	}
	return out
}

func labels(card []symbolJSON) []string {
	var out []string
	for _, s := range card {
		out = append(out, s.String())
	}
	return out
}

// runCLI runs the command in-process with the given standard input.
func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return clitest.Run(t, []*cli.Command{Command}, stdin, args...)
}

// TestDobbleMaxTimeout stops a search that takes seconds with --timeout:
// the best deck found so far is printed, valid, with the status "best
// found" and exit status 1, not a bare "context deadline exceeded" (issue
// 18, item 3).
func TestDobbleMaxTimeout(t *testing.T) {
	code, stdout, stderr := runCLI(t, "", "dobble", "max", "-n", "30", "-k", "6", "--search-only", "--timeout", "300ms", "--json")
	var j struct {
		Status string         `json:"status"`
		Size   int            `json:"size"`
		Proof  string         `json:"proof"`
		Cards  [][]symbolJSON `json:"cards"`
	}
	if err := json.Unmarshal([]byte(stdout), &j); err != nil {
		t.Fatalf("exit %d, stderr %q: %v in %q", code, stderr, err, stdout)
	}
	if code != cli.ExitError || j.Status != "best found" || j.Proof != "" || j.Size == 0 || len(j.Cards) != j.Size {
		t.Fatalf("exit %d, report %+v", code, j)
	}
	var text strings.Builder
	for _, c := range j.Cards {
		text.WriteString(strings.Join(labels(c), " ") + "\n")
	}
	d, err := dobble.Parse(strings.NewReader(text.String()), "best")
	if err != nil {
		t.Fatal(err)
	}
	if err := dobble.Check(d, 6, 1); err != nil {
		t.Errorf("the best deck breaks the rules: %v", err)
	}
	code, stdout, _ = runCLI(t, "", "dobble", "max", "-n", "30", "-k", "6", "--search-only", "--timeout", "300ms")
	if code != cli.ExitError || !strings.Contains(stdout, "not proved largest") {
		t.Errorf("text: exit %d, %q", code, stdout)
	}
}

// TestDobbleJSONSymbols is the regression test for numbered symbols
// written as strings in the JSON reports (issue 18 item 10): a deck of
// numbered symbols has numbers, a deck of named ones strings.
func TestDobbleJSONSymbols(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		field  string
		number bool
	}{
		{[]string{"max", "-n", "7", "-k", "3", "--json"}, "cards", true},
		{[]string{"build", "-k", "3", "--json"}, "cards", true},
		{[]string{"complete", "--json", "-"}, "completions", true},
		{[]string{"complete", "--json", kidsFile}, "completions", false},
	} {
		code, stdout, stderr := runCLI(t, "0 1 3\n1 2 4\n2 3 5\n3 4 6\n4 5 0\n", append([]string{"dobble"}, tc.args...)...)
		var j map[string]any
		if err := json.Unmarshal([]byte(stdout), &j); err != nil || code != 0 {
			t.Fatalf("%v: exit %d, %v, %s", tc.args, code, err, stderr)
		}
		var first any
		switch v := j[tc.field].(type) {
		case []any:
			if tc.field == "completions" && len(v) > 0 {
				v, _ = v[0].([]any)
			}
			if len(v) > 0 {
				if c, ok := v[0].([]any); ok && len(c) > 0 {
					first = c[0]
				}
			}
		}
		_, isNumber := first.(float64)
		_, isString := first.(string)
		if tc.number && !isNumber || !tc.number && !isString {
			t.Errorf("%v: first symbol %#v (%T), want a number: %v", tc.args, first, first, tc.number)
		}
	}
}
