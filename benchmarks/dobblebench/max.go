package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/satsolve/satsolve/models/dobble"
)

// knownMax is the table of exact largest decks (λ = 1).
func knownMax(k, n int) int {
	type span struct{ k, lo, hi, v int }
	for _, s := range []span{
		{3, 6, 6, 4}, {3, 7, 16, 7},
		{4, 9, 9, 3}, {4, 10, 10, 5}, {4, 11, 11, 6}, {4, 12, 12, 9}, {4, 13, 40, 13},
		{5, 14, 14, 4}, {5, 15, 15, 6}, {5, 16, 16, 6}, {5, 17, 17, 7}, {5, 18, 18, 9},
		{5, 19, 19, 12}, {5, 20, 20, 16}, {5, 21, 40, 21},
	} {
		if s.k == k && n >= s.lo && n <= s.hi {
			return s.v
		}
	}
	return -1
}

// maxTable runs the k ≤ 5 table by SAT and natively, with and without
// the counting bound.
func (r *report) maxTable() error {
	fmt.Println("## Largest decks, k ≤ 5 (λ = 1)")
	fmt.Println()
	fmt.Println("SAT: incidence matrix grown by assumptions, double-lex symmetry breaking, gini. Native: maximum clique with a colouring bound over the standard-form cases. \"bounds\": Fisher, Deza and the counting bound stop the search as soon as they are met; \"search\": the counting bound is off, so every optimum below Fisher's and Deza's bounds is proved by the search (UNSAT, or an exhausted clique search). Times: wall / CPU; ratio = SAT CPU / native CPU. \"optimal by\": UNSAT of the next size, Fisher (m ≤ n), Deza (k²−k+1 reached on k²−k+1 symbols), or the sunflower beating k²−k+1.")
	fmt.Println()
	fmt.Println("| k | n | known | found | SAT (bounds) | native (bounds) | ratio | SAT (search) | native (search) | ratio | optimal by (search) |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|")
	var ratios []float64
	var totals [4]time.Duration // CPU
	for _, kr := range [][3]int{{3, 6, 16}, {4, 9, 40}, {5, 14, 40}} {
		k := kr[0]
		for n := kr[1]; n <= kr[2]; n++ {
			if !r.rows.Next() {
				continue
			}
			want := knownMax(k, n)
			var ts [4]timing
			var proof string
			for i, cfg := range []struct{ native, searchOnly bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
				var res dobble.MaxResult
				t, _, err := r.measure(func(ctx context.Context) (bool, error) {
					var err error
					if cfg.native {
						res, err = dobble.MaxDeckNative(ctx, n, k, 1, cfg.searchOnly)
					} else {
						res, err = dobble.MaxDeck(ctx, giniBackend.new, n, k, 1, dobble.MaxOptions{Symmetry: dobble.SymLex, SearchOnly: cfg.searchOnly})
					}
					return false, err
				})
				if err != nil {
					return fmt.Errorf("k=%d n=%d: %w", k, n, err)
				}
				if got := len(res.Deck.Cards); got != want {
					return fmt.Errorf("k=%d n=%d: %d cards, the known value is %d", k, n, got, want)
				}
				if err := dobble.Check(res.Deck, k, 1); err != nil {
					return err
				}
				ts[i] = t
				totals[i] += t.cpu
				if cfg.searchOnly && !cfg.native {
					proof = proofLabel(res.Proof)
				}
			}
			if ts[3].cpu > 0 {
				ratios = append(ratios, ts[2].cpu.Seconds()/ts[3].cpu.Seconds())
			}
			fmt.Printf("| %d | %d | %d | %d | %v | %v | %s | %v | %v | %s | %s |\n", k, n, want, want,
				ts[0], ts[1], ratio(ts[0].cpu, ts[1].cpu), ts[2], ts[3], ratio(ts[2].cpu, ts[3].cpu), proof)
		}
	}
	fmt.Println()
	fmt.Printf("Totals (CPU): SAT %.2fs and native %.2fs with all bounds; SAT %.2fs and native %.2fs by search alone. Median SAT/native CPU ratio by search alone: %.1f.\n\n",
		totals[0].Seconds(), totals[1].Seconds(), totals[2].Seconds(), totals[3].Seconds(), medianFloat(ratios))
	return nil
}

func medianFloat(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	ds := make([]time.Duration, len(xs))
	for i, x := range xs {
		ds[i] = time.Duration(x * float64(time.Second))
	}
	return median(ds).Seconds()
}

// proofLabel shortens a MaxResult.Proof for the table.
func proofLabel(p string) string {
	switch {
	case strings.HasPrefix(p, "the search proved"):
		return "UNSAT"
	case strings.HasPrefix(p, "Fisher"):
		return "Fisher"
	case strings.HasPrefix(p, "a deck of k²−k+1"):
		return "Deza"
	case strings.HasPrefix(p, "Deza"):
		return "sunflower"
	case strings.HasPrefix(p, "counting"):
		return "counting"
	}
	return p
}
