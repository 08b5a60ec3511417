package external

import (
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat"
)

func fakeSolver(t *testing.T, behaviour string) *Solver {
	t.Helper()
	t.Setenv("FAKE_SOLVER", behaviour)
	path, err := filepath.Abs("testdata/fake-solver")
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(path)
	if err != nil {
		t.Fatal(err)
	}
	s.AddClause(1, 2)
	s.AddClause(-1, 2)
	return s
}

func TestFakeAnswers(t *testing.T) {
	cases := []struct {
		behaviour string
		status    sat.Status
		errText   string
		badModel  bool
	}{
		{"wrong-model", sat.Unknown, "", true},
		{"contradiction", sat.Unknown, "both -1 and 1", false},
		{"no-answer", sat.Unknown, "no solution line", false},
		{"bad-exit", sat.Unknown, "contradicts", false},
		{"unknown", sat.Unknown, "no definite answer", false},
		{"multi-line", sat.Sat, "", false},
		{"beyond", sat.Unknown, "beyond the 2 variables", false},
	}
	for _, c := range cases {
		t.Run(c.behaviour, func(t *testing.T) {
			s := fakeSolver(t, c.behaviour)
			st, err := s.Solve(context.Background())
			if st != c.status {
				t.Fatalf("status %v, want %v (err %v)", st, c.status, err)
			}
			if c.status == sat.Sat {
				if err != nil || !s.Value(1) || !s.Value(2) {
					t.Fatalf("err %v, model %v", err, s.Model())
				}
				return
			}
			if err == nil {
				t.Fatal("no error with Unknown")
			}
			if c.badModel != errors.Is(err, sat.ErrBadModel) {
				t.Fatalf("ErrBadModel: got %v", err)
			}
			if c.errText != "" && !strings.Contains(err.Error(), c.errText) {
				t.Fatalf("error %q does not mention %q", err, c.errText)
			}
		})
	}
}

func TestCancelKillsProcess(t *testing.T) {
	s := fakeSolver(t, "sleep")
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	st, err := s.Solve(ctx)
	if st != sat.Unknown || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, %v", st, err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("cancel took %v", d)
	}
}

func TestMissingBinary(t *testing.T) {
	if _, err := New("satsolve-no-such-solver"); err == nil {
		t.Fatal("New found a binary that does not exist")
	}
}

func TestParseMinisatResult(t *testing.T) {
	a, err := parseMinisatResult(strings.NewReader("SAT\n1 -2 3 0\n"), 3)
	if err != nil || a.status != sat.Sat || !a.model().Lit(3) || a.model().Lit(2) {
		t.Fatalf("%+v %v", a, err)
	}
	a, err = parseMinisatResult(strings.NewReader("UNSAT\n"), 3)
	if err != nil || a.status != sat.Unsat {
		t.Fatalf("%+v %v", a, err)
	}
	if _, err := parseMinisatResult(strings.NewReader("MAYBE\n"), 3); err == nil {
		t.Fatal("accepted a bad result file")
	}
}

// reference lists the Debian solvers that scripts/install-solvers.sh installs.
var reference = []string{"minisat", "cadical", "picosat", "cryptominisat5"}

func TestReferenceSolvers(t *testing.T) {
	for _, name := range reference {
		t.Run(name, func(t *testing.T) {
			if _, err := exec.LookPath(name); err != nil {
				t.Skipf("%s not installed (scripts/install-solvers.sh installs it)", name)
			}
			s, err := New(name)
			if err != nil {
				t.Fatal(err)
			}
			// x1 xor x2, x2 -> x3, and assumptions that force an answer.
			s.AddClause(1, 2)
			s.AddClause(-1, -2)
			s.AddClause(-2, 3)
			st, err := s.Solve(context.Background(), -1)
			if err != nil || st != sat.Sat || !s.Value(2) || !s.Value(3) {
				t.Fatalf("got %v, %v", st, err)
			}
			st, err = s.Solve(context.Background(), -1, -3)
			if err != nil || st != sat.Unsat {
				t.Fatalf("got %v, %v; want UNSAT", st, err)
			}
		})
	}
}

// TestReadStats reads the counters of MiniSat's and CaDiCaL's outputs.
func TestReadStats(t *testing.T) {
	minisat := "restarts              : 3\nconflicts             : 1234           (20000 /sec)\ndecisions             : 5678           (0.00 % random) (90000 /sec)\npropagations          : 91011          (1500000 /sec)\n"
	cadical := "c restarts:                     7        11.00    interval\nc conflicts:                   100     12000.00    per second\nc learned:                    90\nc sometext without number: x\n"
	sum := map[string]int64{}
	readStats([]byte(minisat), sum)
	readStats([]byte(cadical), sum)
	want := map[string]int64{"restarts": 10, "conflicts": 1334, "decisions": 5678, "propagations": 91011, "learnt clauses": 90}
	if len(sum) != len(want) {
		t.Errorf("read %v, want %v", sum, want)
	}
	for k, v := range want {
		if sum[k] != v {
			t.Errorf("%s = %d, want %d", k, sum[k], v)
		}
	}
}
