package games

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestSequenceOEIS(t *testing.T) {
	const n = 1000
	cases := []struct {
		code string
		want func(int) int
	}{
		{"0.77", kaylesOEIS},
		{"0.137", dawsonOEIS},
		// 0.07 on n pins is node-Kayles on a path of n−1 vertices.
		{"0.07", func(n int) int {
			if n == 0 {
				return 0
			}
			return dawsonOEIS(n - 1)
		}},
	}
	for _, c := range cases {
		t.Run(c.code, func(t *testing.T) {
			seq, err := MustParseOctal(c.code).Sequence(context.Background(), n)
			if err != nil {
				t.Fatal(err)
			}
			if len(seq) != n+1 {
				t.Fatalf("got %d values, want %d", len(seq), n+1)
			}
			for i, v := range seq {
				if w := c.want(i); v != w {
					t.Fatalf("G(%d) = %d, want %d", i, v, w)
				}
			}
		})
	}
}

// naiveSequence computes G(0..n) straight from the rules, with a map for
// the option set: the slow reference for the sparse-space computation.
func naiveSequence(code string, n int) []int {
	g := make([]int, n+1)
	for i := 0; i <= n; i++ {
		opts := map[int]bool{}
		for sp := range splitsByDefinition(code, i) {
			opts[g[sp.A]^g[sp.B]] = true
		}
		for opts[g[i]] {
			g[i]++
		}
	}
	return g
}

// randomCode returns a random octal code with up to four digits after the
// point.
func randomCode(r *rand.Rand) string {
	var b strings.Builder
	b.WriteString([]string{"0.", "0.", "4."}[r.IntN(3)])
	for range 1 + r.IntN(4) {
		b.WriteByte(byte('0' + r.IntN(8)))
	}
	return b.String()
}

func TestSequenceMatchesNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	codes := []string{"0.77", "0.137", "0.07", "4.7", "0.16", "0.6", "0.4", "0.44", "0.034", "0.7777", "4.77"}
	for range 40 {
		codes = append(codes, randomCode(r))
	}
	const n = 300
	for _, code := range codes {
		t.Run(code, func(t *testing.T) {
			want := naiveSequence(code, n)
			got, err := MustParseOctal(code).Sequence(context.Background(), n)
			if err != nil {
				t.Fatal(err)
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("G(%d) = %d, want %d", i, got[i], want[i])
				}
			}
		})
	}
}

// TestSequenceEveryMask runs the sparse-space computation with the mask
// pinned from the start, for every small mask: it must be exact whatever
// the mask, even where it is slow.
func TestSequenceEveryMask(t *testing.T) {
	const n = 200
	for _, code := range []string{"0.77", "0.137", "0.16", "4.7", "0.6", "0.5264"} {
		want := naiveSequence(code, n)
		for mask := uint32(1); mask < 32; mask++ {
			s := newSequencer(MustParseOctal(code), n)
			s.fixedMask = true
			if len(s.split) > 0 {
				s.useMask(mask)
			}
			for i := 0; i <= n; i++ {
				s.next()
				if int(s.g[i]) != want[i] {
					t.Fatalf("%s, mask %b: G(%d) = %d, want %d", code, mask, i, s.g[i], want[i])
				}
			}
		}
	}
}

// TestSparseSpaceEngages checks that Kayles runs in sparse space, with
// only its 14 exceptional heaps rare, so that the speed-up is real.
func TestSparseSpaceEngages(t *testing.T) {
	s := newSequencer(MustParseOctal("0.77"), 5000)
	for i := 0; i <= 5000; i++ {
		s.maybeChooseMask(i)
		s.next()
	}
	if s.mask == 0 {
		t.Fatal("Kayles to 5000 did not switch to sparse space")
	}
	for _, r := range s.rare {
		if r >= 71 {
			t.Errorf("heap %d is rare under mask %b, but Kayles has no exception beyond 70", r, s.mask)
		}
	}
}

func TestSequenceErrors(t *testing.T) {
	g := MustParseOctal("0.77")
	for _, n := range []int{-1, MaxSequence + 1} {
		if _, err := g.Sequence(context.Background(), n); err == nil {
			t.Errorf("Sequence(%d) succeeded", n)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.Sequence(ctx, 10); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled Sequence: %v, want context.Canceled", err)
	}
}
