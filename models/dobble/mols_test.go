package dobble

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// TestSolveMOLS finds pairs of MOLS where they exist and refutes order 6
// (Tarry 1900), on both backends.
func TestSolveMOLS(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (SAT refutations): skipped by go test -short; go test ./... runs it")
	}
	tests := []struct {
		n, r int
		want sat.Status
	}{
		{3, 2, sat.Sat}, {4, 2, sat.Sat}, {4, 3, sat.Sat}, {5, 2, sat.Sat}, {5, 4, sat.Sat},
		{6, 2, sat.Unsat}, {7, 2, sat.Sat}, {2, 1, sat.Sat}, {3, 3, sat.Unsat}, {4, 4, sat.Unsat},
	}
	for _, tt := range tests {
		for _, be := range backends {
			for _, sym := range []MOLSSymmetry{MOLSNone, MOLSReduced, MOLSCycles} {
				if tt.n >= 6 && sym != MOLSCycles || tt.n >= 5 && sym == MOLSNone || tt.r == tt.n && sym == MOLSNone {
					continue // seconds to minutes without the full symmetry breaking
				}
				t.Run(fmt.Sprintf("n=%d/r=%d/%v/%s", tt.n, tt.r, sym, be.name), func(t *testing.T) {
					opt := DefaultMOLSOptions
					opt.Symmetry = sym
					// Cases in one formula on gini, one solver each on gophersat.
					opt.Together = be.name == "gini"
					res, err := SolveMOLS(context.Background(), be.new, tt.n, tt.r, opt)
					if err != nil || res.Status != tt.want {
						t.Fatalf("SolveMOLS = %v, %v; want %v", res.Status, err, tt.want)
					}
					if tt.want == sat.Unsat {
						return
					}
					if err := CheckMOLS(res.Squares); err != nil {
						t.Fatal(err)
					}
					if len(res.Squares) != tt.r || len(res.Squares[0]) != tt.n {
						t.Fatalf("got %d squares of order %d", len(res.Squares), len(res.Squares[0]))
					}
					if tt.r == tt.n-1 {
						d := PlaneFromMOLS(res.Squares)
						if err := Check(d, tt.n+1, 1); err != nil {
							t.Errorf("plane from MOLS: %v", err)
						}
					}
				})
			}
		}
	}
}

// TestMOLSCasesSound enumerates every reduced pair of MOLS of order 5 and
// checks that the cycle types of the second square's first column are
// exactly the cases the cycles level finds satisfiable, each solution
// being conjugate to the case's representative.
func TestMOLSCasesSound(t *testing.T) {
	const n = 5
	f := &sat.Formula{}
	opt := MOLSOptions{Symmetry: MOLSReduced, AMO: encode.AMOPairwise, OrthAMO: encode.AMOPairwise}
	m := EncodeMOLS(f, n, 2, opt, nil)
	s := newGini()
	for _, c := range f.Clauses {
		s.AddClause(c...)
	}
	seen := map[string]bool{}
	for count := 0; ; count++ {
		if count > 10000 {
			t.Fatal("more than 10000 reduced pairs")
		}
		st, err := s.Solve(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if st == sat.Unsat {
			t.Logf("%d reduced pairs", count)
			break
		}
		a := s.Model()
		sq := m.Decode(a)
		if err := CheckMOLS(sq); err != nil {
			t.Fatal(err)
		}
		col := make([]int, n)
		for r := range n {
			col[r] = sq[1][r][0]
		}
		seen[fmt.Sprint(cycleType(col))] = true
		var block []sat.Lit
		for sqi := range 2 {
			for r := range n {
				for c := range n {
					block = append(block, m.X(sqi, r, c, sq[sqi][r][c]).Not())
				}
			}
		}
		s.AddClause(block...)
	}
	sat5 := map[string]bool{}
	for _, c := range MOLSCases(n, 2, MOLSCycles) {
		g := newGini()
		EncodeMOLS(g, n, 2, DefaultMOLSOptions, c)
		if st, _ := g.Solve(context.Background()); st == sat.Sat {
			sat5[fmt.Sprint([]int(c))] = true
		}
		if got := cycleType(c.permutation()); !slices.Equal(got, c) {
			t.Errorf("case %v: representative has cycle type %v", c, got)
		}
	}
	t.Logf("cycle types of the reduced pairs: %v", seen)
	if fmt.Sprint(seen) != fmt.Sprint(sat5) {
		t.Errorf("cycle types of reduced pairs %v, satisfiable cases %v", seen, sat5)
	}
}

// cycleType returns the cycle lengths of the permutation p of 1..n−1
// (p[0] = 0 ignored), decreasing.
func cycleType(p []int) []int {
	seen := make([]bool, len(p))
	var out []int
	for i := 1; i < len(p); i++ {
		l := 0
		for j := i; !seen[j]; j = p[j] {
			seen[j] = true
			l++
		}
		if l > 0 {
			out = append(out, l)
		}
	}
	slices.Sort(out)
	slices.Reverse(out)
	return out
}

func TestMOLSCases(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{{3, "[[2]]"}, {5, "[[4] [2 2]]"}, {6, "[[5] [3 2]]"}, {7, "[[6] [4 2] [3 3] [2 2 2]]"}}
	for _, tt := range tests {
		if got := fmt.Sprint(MOLSCases(tt.n, 2, MOLSCycles)); got != tt.want {
			t.Errorf("MOLSCases(%d) = %s, want %s", tt.n, got, tt.want)
		}
	}
	if got := MOLSCases(6, 2, MOLSReduced); len(got) != 1 || got[0] != nil {
		t.Errorf("reduced level has cases %v", got)
	}
}

func TestCheckMOLS(t *testing.T) {
	good := [][][]int{{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}}, {{0, 1, 2}, {2, 0, 1}, {1, 2, 0}}}
	tests := []struct {
		name string
		sq   [][][]int
		ok   bool
	}{
		{"orthogonal", good, true},
		{"same square twice", [][][]int{good[0], good[0]}, false},
		{"row repeat", [][][]int{{{0, 0, 2}, {1, 2, 0}, {2, 1, 1}}}, false},
		{"column repeat", [][][]int{{{0, 1, 2}, {0, 2, 1}, {2, 0, 1}}}, false},
		{"value out of range", [][][]int{{{0, 1, 3}, {1, 2, 0}, {2, 0, 1}}}, false},
		{"ragged", [][][]int{{{0, 1}, {1, 0, 2}}}, false},
	}
	for _, tt := range tests {
		if err := CheckMOLS(tt.sq); (err == nil) != tt.ok {
			t.Errorf("%s: CheckMOLS = %v, want ok=%v", tt.name, err, tt.ok)
		}
	}
}

// TestEncodeMOLSCases solves the single-formula form of the cycles level,
// on both backends: two MOLS of order 5 exist, five do not. (Order 6 in
// one formula is measured in the benchmarks.)
func TestEncodeMOLSCases(t *testing.T) {
	for _, tt := range []struct {
		n, r int
		want sat.Status
	}{{5, 2, sat.Sat}, {5, 5, sat.Unsat}} {
		for _, be := range backends {
			t.Run(fmt.Sprintf("n=%d/r=%d/%s", tt.n, tt.r, be.name), func(t *testing.T) {
				s := be.new()
				m, sel := EncodeMOLSCases(s, tt.n, tt.r, DefaultMOLSOptions)
				if len(sel) != len(MOLSCases(tt.n, tt.r, MOLSCycles)) {
					t.Fatalf("%d selectors", len(sel))
				}
				st, err := s.Solve(context.Background())
				if st != tt.want {
					t.Fatalf("%v, %v; want %v", st, err, tt.want)
				}
				if st == sat.Sat {
					if err := CheckMOLS(m.Decode(s.Model())); err != nil {
						t.Error(err)
					}
				}
			})
		}
	}
}
