package games

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/gophersat"
)

var backends = []struct {
	name string
	new  func() sat.Solver
}{
	{"gini", func() sat.Solver { return gini.New() }},
	{"gophersat", func() sat.Solver { return gophersat.New() }},
}

// crossCase is a game graph with its native values.
type crossCase struct {
	name   string
	build  func(ctx context.Context) (*GameGraph, []int, error)
	useAll bool // also run the slower backends
}

func crossCases(t *testing.T) []crossCase {
	var cases []crossCase
	for _, code := range []string{"0.77", "0.137", "0.07", "4.7"} {
		g := MustParseOctal(code)
		for _, heaps := range [][]int{{1}, {5}, {8}, {12}, {3, 5}, {4, 4, 2}, {}} {
			cases = append(cases, crossCase{
				name:   fmt.Sprint(code, heaps),
				build:  func(ctx context.Context) (*GameGraph, []int, error) { return g.GameGraph(ctx, heaps, 1<<16) },
				useAll: len(heaps) == 1 && heaps[0] == 5,
			})
		}
	}
	for _, heaps := range [][]int{{3, 4, 5}, {1, 2, 3}, {2, 2, 3}, {7}} {
		cases = append(cases, crossCase{
			name:   fmt.Sprint("nim", heaps),
			build:  func(ctx context.Context) (*GameGraph, []int, error) { return NimGameGraph(ctx, heaps, 1<<16) },
			useAll: heaps[0] == 3,
		})
	}
	r := rand.New(rand.NewPCG(11, 11))
	for i := range 25 {
		g := randomGraph(r, 3+r.IntN(10), 0.15+0.4*r.Float64())
		k, err := NewKayles(g)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, crossCase{name: fmt.Sprint("kayles random ", i), build: func(ctx context.Context) (*GameGraph, []int, error) { return k.GameGraph(ctx, 1<<16) }, useAll: i == 0})
	}
	for _, named := range []struct {
		name string
		k    func() (*Kayles, error)
	}{
		{"kayles petersen", func() (*Kayles, error) { return NewKayles(petersenGraph()) }},
		{"kayles cube", func() (*Kayles, error) { return NewKayles(hypercube(3)) }},
	} {
		k, err := named.k()
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, crossCase{name: named.name, build: func(ctx context.Context) (*GameGraph, []int, error) { return k.GameGraph(ctx, 1<<16) }})
	}
	return cases
}

// TestCrossCheck computes every position's value through both encodings
// and compares it with the native evaluators, on gini for every case and
// on gophersat for a few.
func TestCrossCheck(t *testing.T) {
	ctx := context.Background()
	for _, c := range crossCases(t) {
		t.Run(c.name, func(t *testing.T) {
			gg, native, err := c.build(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range backends {
				if b.name != "gini" && !c.useAll {
					continue
				}
				rep, err := CrossCheck(ctx, gg, native, b.new, encode.AMOLadder)
				if err != nil {
					t.Fatalf("%s: %v", b.name, err)
				}
				if rep.Positions != len(gg.Moves) || rep.Kernel.Vars != rep.Positions || rep.Kernel.Clauses != rep.Positions+rep.Moves {
					t.Errorf("%s: report %+v: the kernel has |V| variables and |V|+|E| clauses", b.name, rep)
				}
			}
		})
	}
}

// TestKaylesRowTwelveGraph checks the brief's count for the game graph of
// a Kayles row of 12: 101 positions and 618 moves, so 101 variables and
// 719 clauses in the kernel encoding.
func TestKaylesRowTwelveGraph(t *testing.T) {
	gg, _, err := MustParseOctal("0.77").GameGraph(context.Background(), []int{12}, 1<<16)
	if err != nil {
		t.Fatal(err)
	}
	if len(gg.Moves) != 101 || gg.NumMoves() != 618 {
		t.Errorf("%d positions and %d moves, want 101 and 618", len(gg.Moves), gg.NumMoves())
	}
	f := &sat.Formula{}
	EncodeKernel(f, gg)
	if f.NumVars != 101 || len(f.Clauses) != 719 {
		t.Errorf("kernel: %d variables and %d clauses, want 101 and 719", f.NumVars, len(f.Clauses))
	}
}

// unitPropagate runs unit propagation on f from the empty assignment and
// returns the assignment (0 unassigned, ±1) or nil on a conflict.
func unitPropagate(f *sat.Formula) []int8 {
	val := make([]int8, f.NumVars+1)
	litVal := func(l sat.Lit) int8 {
		if l > 0 {
			return val[l]
		}
		return -val[-l]
	}
	for changed := true; changed; {
		changed = false
		for _, c := range f.Clauses {
			var free sat.Lit
			nfree, sat := 0, false
			for _, l := range c {
				switch litVal(l) {
				case 1:
					sat = true
				case 0:
					nfree++
					free = l
				}
			}
			switch {
			case sat:
			case nfree == 0:
				return nil
			case nfree == 1:
				if free > 0 {
					val[free] = 1
				} else {
					val[-free] = -1
				}
				changed = true
			}
		}
	}
	return val
}

// TestUnitPropagationDecides checks the claim of the docs: unit
// propagation alone fixes every kernel variable and every one-hot Grundy
// literal, to the native values.
func TestUnitPropagationDecides(t *testing.T) {
	ctx := context.Background()
	for _, c := range crossCases(t) {
		t.Run(c.name, func(t *testing.T) {
			gg, native, err := c.build(ctx)
			if err != nil {
				t.Fatal(err)
			}
			f := &sat.Formula{}
			x := EncodeKernel(f, gg)
			val := unitPropagate(f)
			if val == nil {
				t.Fatal("kernel: conflict")
			}
			for p, v := range x {
				if val[v] == 0 || (val[v] > 0) != (native[p] == 0) {
					t.Fatalf("kernel: position %s: UP gives %d, native value %d", gg.Labels[p], val[v], native[p])
				}
			}
			for _, amo := range []encode.AMOMethod{encode.AMOPairwise, encode.AMOLadder} {
				f := &sat.Formula{}
				lits := EncodeGrundy(f, gg, amo)
				val := unitPropagate(f)
				if val == nil {
					t.Fatalf("Grundy %v: conflict", amo)
				}
				for p, ls := range lits {
					for v, l := range ls {
						if val[l.Var()] == 0 || (val[l.Var()] > 0) != (native[p] == v) {
							t.Fatalf("Grundy %v: position %s, value %d: UP gives %d, native value %d", amo, gg.Labels[p], v, val[l.Var()], native[p])
						}
					}
				}
			}
		})
	}
}

// TestModelsAreUnique blocks the model found and expects no other: the
// kernel is unique, and so are the Grundy values.
func TestModelsAreUnique(t *testing.T) {
	ctx := context.Background()
	for _, heaps := range [][]int{{7}, {3, 4}} {
		gg, _, err := MustParseOctal("0.77").GameGraph(ctx, heaps, 1<<16)
		if err != nil {
			t.Fatal(err)
		}
		s := gini.New()
		x := EncodeKernel(s, gg)
		if st, err := s.Solve(ctx); st != sat.Sat || err != nil {
			t.Fatal(st, err)
		}
		var block []sat.Lit
		for _, v := range x {
			block = append(block, v.Lit(!s.Value(v.Pos())))
		}
		s.AddClause(block...)
		if st, err := s.Solve(ctx); st != sat.Unsat || err != nil {
			t.Errorf("%v: a second kernel: %v %v", heaps, st, err)
		}
		s = gini.New()
		lits := EncodeGrundy(s, gg, encode.AMOPairwise)
		if st, err := s.Solve(ctx); st != sat.Sat || err != nil {
			t.Fatal(st, err)
		}
		block = block[:0]
		for _, ls := range lits {
			for _, l := range ls {
				if s.Value(l) {
					block = append(block, l.Not())
				}
			}
		}
		s.AddClause(block...)
		if st, err := s.Solve(ctx); st != sat.Unsat || err != nil {
			t.Errorf("%v: a second Grundy labelling: %v %v", heaps, st, err)
		}
	}
}

// lyingSolver flips the value of one literal's variable in its models.
type lyingSolver struct {
	sat.Solver
	flip sat.Var
}

func (s *lyingSolver) Value(l sat.Lit) bool {
	v := s.Solver.Value(l)
	if l.Var() == s.flip {
		return !v
	}
	return v
}

// TestBadModelsAreCaught feeds the decoders a corrupted model: the check
// by the rules must turn it into ErrInternal.
func TestBadModelsAreCaught(t *testing.T) {
	ctx := context.Background()
	gg, _, err := MustParseOctal("0.77").GameGraph(ctx, []int{6}, 1<<16)
	if err != nil {
		t.Fatal(err)
	}
	for v := sat.Var(1); v <= 5; v++ {
		if _, _, err := SolvePPositions(ctx, &lyingSolver{gini.New(), v}, gg); !errors.Is(err, ErrInternal) {
			t.Errorf("kernel with variable %d flipped: %v", v, err)
		}
		if _, _, err := SolveGrundy(ctx, &lyingSolver{gini.New(), v}, gg, encode.AMOPairwise); !errors.Is(err, ErrInternal) {
			t.Errorf("Grundy with variable %d flipped: %v", v, err)
		}
	}
	native := make([]int, len(gg.Moves)) // all zero: wrong
	if _, err := CrossCheck(ctx, gg, native, func() sat.Solver { return gini.New() }, encode.AMOLadder); !errors.Is(err, ErrInternal) {
		t.Errorf("CrossCheck against wrong native values: %v", err)
	}
}

func TestChecksRejectWrongLabels(t *testing.T) {
	// Moves a → b → c and a → c: G(c) = 0, G(b) = 1, G(a) = mex{1, 0} = 2.
	gg := &GameGraph{Moves: [][]int{{1, 2}, {2}, nil}, Labels: []string{"a", "b", "c"}}
	if err := gg.CheckGrundy([]int{2, 1, 0}); err != nil {
		t.Errorf("right values rejected: %v", err)
	}
	if err := gg.CheckPPositions([]bool{false, false, true}); err != nil {
		t.Errorf("right outcomes rejected: %v", err)
	}
	for _, values := range [][]int{{1, 1, 0}, {2, 0, 0}, {2, 1, 1}, {2, 1}, {3, 1, 0}} {
		if gg.CheckGrundy(values) == nil {
			t.Errorf("values %v accepted", values)
		}
	}
	for _, p := range [][]bool{{true, false, true}, {false, true, true}, {false, false, false}, {false}} {
		if gg.CheckPPositions(p) == nil {
			t.Errorf("outcomes %v accepted", p)
		}
	}
}

func TestDecodeGrundy(t *testing.T) {
	lits := [][]sat.Lit{{1, 2}, {3}}
	cases := []struct {
		model []sat.Lit
		want  []int // nil: an error
	}{
		{[]sat.Lit{-1, 2, 3}, []int{1, 0}},
		{[]sat.Lit{1, -2, 3}, []int{0, 0}},
		{[]sat.Lit{1, 2, 3}, nil},
		{[]sat.Lit{-1, -2, 3}, nil},
		{[]sat.Lit{1, -2, -3}, nil},
	}
	for _, c := range cases {
		var a sat.Assignment
		for _, l := range c.model {
			a = a.Set(l)
		}
		got, err := DecodeGrundy(a.Lit, lits)
		if c.want == nil && err == nil || c.want != nil && (err != nil || !slices.Equal(got, c.want)) {
			t.Errorf("model %v: %v, %v; want %v", c.model, got, err, c.want)
		}
	}
}
