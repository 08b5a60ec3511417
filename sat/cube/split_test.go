package cube

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/sattest"
)

// agrees reports whether a makes every literal of the conjunction c true.
func agrees(a sat.Assignment, c []sat.Lit) bool {
	for _, l := range c {
		if !a.Lit(l) {
			return false
		}
	}
	return true
}

// checkExhaustive checks the package's invariants on sp, a split of f, for
// every assignment of f's variables: exactly one cube or refuted branch
// agrees with it, no model of f agrees with a refuted branch, and every
// refuted branch is refuted by the independent Refuter.
func checkExhaustive(t *testing.T, f *sat.Formula, sp *Split) {
	t.Helper()
	n := f.NumVars
	for mask := 0; mask < 1<<n; mask++ {
		a := sat.NewAssignment(n)
		for v := 1; v <= n; v++ {
			a[v] = mask>>(v-1)&1 == 1
		}
		var in []string
		for _, c := range sp.Cubes {
			if agrees(a, c) {
				in = append(in, fmt.Sprint("cube ", c))
			}
		}
		for i, c := range sp.Refuted {
			if agrees(a, c) {
				in = append(in, fmt.Sprint("refuted ", c))
				if f.Check(a) == nil {
					t.Fatalf("model %v agrees with refuted branch %d %v", a, i, c)
				}
			}
		}
		if len(in) != 1 {
			t.Fatalf("assignment %v agrees with %d leaves %v (cubes %v, refuted %v)", a, len(in), in, sp.Cubes, sp.Refuted)
		}
	}
	r := NewRefuter(f)
	for _, b := range sp.Refuted {
		if !r.Refutes(b) {
			t.Fatalf("branch %v is not refuted by unit propagation", b)
		}
	}
	if err := CheckPartition(sp.Cubes, sp.Refuted); err != nil {
		t.Fatalf("CheckPartition: %v", err)
	}
	if sp.Model != nil && f.Check(sp.Model) != nil {
		t.Fatalf("model %v fails", sp.Model)
	}
}

func TestSplitPartitionExhaustive(t *testing.T) {
	ctx := context.Background()
	opts := []Options{{Depth: 1}, {Depth: 3}, {Cubes: 5}, {Cubes: 40}, {Depth: 2, Cubes: 3}, {Depth: 8, Preselect: 2}, {Cubes: 1}}
	count := 0
	for seed := uint64(1); seed <= 60; seed++ {
		n := 4 + int(seed%9)                             // 4..12 variables
		m := int(float64(n) * (3 + float64(seed%4)*0.5)) // around the threshold
		k := 2 + int(seed%3)
		f := sattest.RandomKSAT(seed, n, m, k)
		if seed%7 == 0 {
			f.AddClause(sat.Lit(1)) // a unit at the root
		}
		for _, o := range opts {
			sp, err := Run(ctx, f, o)
			if err != nil {
				t.Fatal(err)
			}
			checkExhaustive(t, f, sp)
			if o.Depth > 0 {
				for _, c := range sp.Cubes {
					if decisions(c, sp) > o.Depth {
						t.Fatalf("%+v: cube %v exceeds the depth", o, c)
					}
				}
			}
			if o.Cubes > 0 && len(sp.Cubes) > o.Cubes {
				t.Fatalf("%+v: %d cubes", o, len(sp.Cubes))
			}
			count++
		}
	}
	t.Logf("%d splits checked", count)
}

// decisions returns an upper bound on the decisions of cube c: its length
// minus the failed-literal negations, which are the literals whose
// opposite branch is a refuted leaf of the same prefix.
func decisions(c []sat.Lit, sp *Split) int {
	n := 0
	for i := range c {
		sibling := append(append([]sat.Lit(nil), c[:i]...), -c[i])
		forced := false
		for _, r := range sp.Refuted {
			if equal(r, sibling) {
				forced = true
			}
		}
		if !forced {
			n++
		}
	}
	return n
}

func equal(a, b []sat.Lit) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestSplitUnsatPigeonhole(t *testing.T) {
	f := sattest.Pigeonhole(4, 3)
	sp, err := Run(context.Background(), f, Options{Depth: 6})
	if err != nil {
		t.Fatal(err)
	}
	checkExhaustive(t, f, sp)
	if len(sp.Refuted) == 0 {
		t.Fatal("no branch of PHP(4,3) refuted by propagation at depth 6")
	}
}

func TestSplitEdgeCases(t *testing.T) {
	ctx := context.Background()
	// The empty clause: the root itself is refuted.
	var f sat.Formula
	f.NumVars = 2
	f.AddClause(1, 2)
	f.AddClause()
	sp, err := Run(ctx, &f, Options{Depth: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(sp.Cubes) != 0 || len(sp.Refuted) != 1 || len(sp.Refuted[0]) != 0 {
		t.Fatalf("empty clause: cubes %v refuted %v", sp.Cubes, sp.Refuted)
	}
	checkExhaustive(t, &f, sp)

	// Contradicting units.
	g := sat.Formula{NumVars: 1}
	g.AddClause(1)
	g.AddClause(-1)
	if sp, _ = Run(ctx, &g, Options{Cubes: 4}); len(sp.Refuted) != 1 || len(sp.Cubes) != 0 {
		t.Fatalf("x and -x: cubes %v refuted %v", sp.Cubes, sp.Refuted)
	}

	// No clauses: one empty cube, satisfied.
	h := sat.Formula{NumVars: 3}
	if sp, _ = Run(ctx, &h, Options{Depth: 2}); len(sp.Cubes) != 1 || len(sp.Cubes[0]) != 0 || sp.Model == nil {
		t.Fatalf("no clauses: cubes %v model %v", sp.Cubes, sp.Model)
	}
	checkExhaustive(t, &h, sp)

	// Tautologies and duplicate literals.
	d := sat.Formula{NumVars: 3}
	d.AddClause(1, -1, 2)
	d.AddClause(2, 2, 3)
	d.AddClause(-2, -3, -3)
	d.AddClause(-2, 3)
	sp, _ = Run(ctx, &d, Options{Depth: 3})
	checkExhaustive(t, &d, sp)

	if _, err := Run(ctx, &d, Options{}); !errors.Is(err, ErrNoLimit) {
		t.Fatalf("no limit: %v", err)
	}
	// A cancelled split stops with the open nodes as cubes: before the
	// first node, the whole formula is one cube.
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	sp, err = Run(cancelled, sattest.Pigeonhole(5, 4), Options{Depth: 5})
	if err != nil || !sp.Stats.Stopped || len(sp.Cubes) != 1 || len(sp.Cubes[0]) != 0 {
		t.Fatalf("cancelled: %+v, %v", sp, err)
	}
	// Stopped after some nodes, the leaves are still a partition.
	f6 := sattest.RandomKSAT(11, 14, 40, 3)
	nodes := 0
	stopCtx, stop := context.WithCancel(ctx)
	defer stop()
	sp, err = Run(stopCtx, f6, Options{Depth: 10, Progress: func(st Stats) {
		if nodes++; nodes == 3 {
			stop()
		}
	}})
	if err != nil || !sp.Stats.Stopped {
		t.Fatalf("stopped: %+v, %v", sp.Stats, err)
	}
	checkExhaustive(t, f6, sp)
}

func TestSplitDeterministic(t *testing.T) {
	f := sattest.RandomKSAT(7, 60, 255, 3)
	a, err := Run(context.Background(), f, Options{Cubes: 30})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Run(context.Background(), f, Options{Cubes: 30})
	if fmt.Sprint(a.Cubes, a.Refuted) != fmt.Sprint(b.Cubes, b.Refuted) {
		t.Fatal("two splits of the same formula differ")
	}
	if len(a.Cubes) == 0 || len(a.Cubes) > 30 {
		t.Fatalf("asked for 30 cubes, got %d (refuted %d)", len(a.Cubes), len(a.Refuted))
	}
	if err := CheckPartition(a.Cubes, a.Refuted); err != nil {
		t.Fatal(err)
	}
	r := NewRefuter(f)
	for _, b := range a.Refuted {
		if !r.Refutes(b) {
			t.Fatalf("%v not refuted", b)
		}
	}
}

// The checks themselves must reject what is wrong: a mutated split.
func TestChecksRejectMutations(t *testing.T) {
	f := sattest.RandomKSAT(5, 30, 90, 3)
	sp, err := Run(context.Background(), f, Options{Depth: 4})
	if err != nil {
		t.Fatal(err)
	}
	if len(sp.Cubes) < 4 {
		t.Fatalf("want several cubes, got %v", sp.Cubes)
	}
	// Dropping a cube leaves a gap.
	if CheckPartition(sp.Cubes[1:], sp.Refuted) == nil {
		t.Fatal("a missing cube was not noticed")
	}
	// A duplicated cube overlaps.
	if CheckPartition(append(sp.Cubes, sp.Cubes[0]), sp.Refuted) == nil {
		t.Fatal("a duplicate cube was not noticed")
	}
	// Shortening a cube makes it overlap its neighbours.
	short := append([][]sat.Lit{sp.Cubes[0][:len(sp.Cubes[0])-1]}, sp.Cubes[1:]...)
	if CheckPartition(short, sp.Refuted) == nil {
		t.Fatal("a shortened cube was not noticed")
	}
	// Flipping a literal breaks the tree.
	flip := make([][]sat.Lit, len(sp.Cubes))
	copy(flip, sp.Cubes)
	flip[0] = append([]sat.Lit(nil), sp.Cubes[0]...)
	flip[0][len(flip[0])-1] = -flip[0][len(flip[0])-1]
	if CheckPartition(flip, sp.Refuted) == nil {
		t.Fatal("a flipped literal was not noticed")
	}
	// A cube is not refuted by propagation at this depth, and the empty
	// branch of a satisfiable formula never is.
	r := NewRefuter(sattest.Pigeonhole(4, 3))
	if g := sattest.RandomKSAT(3, 10, 20, 3); NewRefuter(g).Refutes(nil) {
		t.Fatal("an easy satisfiable formula refuted")
	}
	if r.Refutes([]sat.Lit{1}) {
		t.Fatal("PHP(4,3) with pigeon 1 in hole 1 refuted by propagation alone")
	}
	if !r.Refutes([]sat.Lit{1, 4}) {
		t.Fatal("pigeons 1 and 2 in hole 1 not refuted")
	}
}
