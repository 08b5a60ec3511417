package games

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
)

// TestCrossCheckSequence checks G(0..n) of several octal games through
// the SAT encodings, and that a corrupted value is caught, whichever heap
// it is at (the heaps reached inside an earlier graph too).
func TestCrossCheckSequence(t *testing.T) {
	ctx := context.Background()
	newSolver := func() sat.Solver { return gini.New() }
	for _, code := range []string{"0.07", "0.137", "0.77", "4.07", "0.6", "0.51"} {
		g, err := ParseOctal(code)
		if err != nil {
			t.Fatal(err)
		}
		const n = 14
		seq, err := g.Sequence(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := g.CrossCheckSequence(ctx, seq, 100000, 0, newSolver, encode.AMOLadder)
		if err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		if rep.Graphs < 1 || rep.Graphs > n+1 || rep.Positions < n || rep.Grundy.Clauses == 0 {
			t.Errorf("%s: report %+v", code, rep)
		}
		for h := range seq {
			bad := slices.Clone(seq)
			bad[h]++
			if _, err := g.CrossCheckSequence(ctx, bad, 100000, 0, newSolver, encode.AMOLadder); !errors.Is(err, ErrInternal) {
				t.Errorf("%s: G(%d) corrupted to %d: %v, want ErrInternal", code, h, bad[h], err)
			}
		}
	}
}

// TestCrossCheckMisere checks the misère losses among single heaps through
// the kernel of the misère game graph, and that adding or removing a heap
// from the losses is caught.
func TestCrossCheckMisere(t *testing.T) {
	ctx := context.Background()
	newSolver := func() sat.Solver { return gini.New() }
	for _, code := range []string{"0.07", "0.137", "0.77", "4.07", "0.6"} {
		g, err := ParseOctal(code)
		if err != nil {
			t.Fatal(err)
		}
		const n = 12
		lose, _, err := g.MisereLosses(ctx, n, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.CrossCheckMisere(ctx, n, lose, 100000, 0, newSolver); err != nil {
			t.Fatalf("%s: losses %v: %v", code, lose, err)
		}
		for h := 0; h <= n; h++ {
			bad := slices.DeleteFunc(slices.Clone(lose), func(x int) bool { return x == h })
			if len(bad) == len(lose) {
				bad = append(bad, h)
			}
			if _, err := g.CrossCheckMisere(ctx, n, bad, 100000, 0, newSolver); !errors.Is(err, ErrInternal) {
				t.Errorf("%s: losses %v (heap %d changed): %v, want ErrInternal", code, bad, h, err)
			}
		}
	}
}

// TestEncodingSize compares KernelSize and GrundySize, computed from the
// graph alone, with what the encoders write (CrossCheck's report), on the
// game graphs of Kayles, Dawson's Kayles and Nim positions and every
// at-most-one method; and checks that the sequence cross-check refuses an
// encoding beyond its limit before writing it, with the sizes in the
// message (issue 29: Kayles 40 ran out of memory).
func TestEncodingSize(t *testing.T) {
	ctx := context.Background()
	for _, code := range []string{"kayles", "dawsons-kayles", "0.137"} {
		g := MustParseOctal(code)
		for _, heaps := range [][]int{{0}, {1}, {7}, {12}, {3, 5}, {4, 4, 6}} {
			gg, native, err := g.GameGraph(ctx, heaps, 100000)
			if err != nil {
				t.Fatal(err)
			}
			for _, amo := range encode.AMOMethods() {
				rep, err := CrossCheck(ctx, gg, native, func() sat.Solver { return gini.New() }, amo)
				if err != nil {
					t.Fatal(err)
				}
				if k := KernelSize(gg); k != rep.Kernel {
					t.Errorf("%s %v: KernelSize %+v, encoded %+v", code, heaps, k, rep.Kernel)
				}
				if z := GrundySize(gg, amo); z != rep.Grundy {
					t.Errorf("%s %v %v: GrundySize %+v, encoded %+v", code, heaps, amo, z, rep.Grundy)
				}
			}
		}
	}
	g := MustParseOctal("kayles")
	seq, err := g.Sequence(ctx, 30)
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.CrossCheckSequence(ctx, seq, 100000, 1_000_000, func() sat.Solver { return gini.New() }, encode.AMOLadder)
	if !errors.Is(err, ErrEncodingTooLarge) || !strings.Contains(err.Error(), "heap 30") || !strings.Contains(err.Error(), "2.5 million clauses") {
		t.Fatalf("Kayles 30 under a million clauses: %v", err)
	}
}
