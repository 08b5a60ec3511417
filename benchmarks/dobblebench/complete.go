package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/satsolve/satsolve/models/dobble"
)

// completions measures deck completion: Dobble Kids, and planes with
// random cards removed; each completion must be the removed cards, and
// unique.
func (r *report) completions() error {
	fmt.Println("## Completing decks")
	fmt.Println()
	fmt.Println("Every completion is enumerated (new cards in decreasing lex order, each completion blocked once found), so \"unique\" is proved; the cards found must be exactly the ones removed. gini. Times: wall / CPU.")
	fmt.Println()
	fmt.Println("| deck | cards given | removed | variables | clauses | completions | time |")
	fmt.Println("|---|---|---|---|---|---|---|")
	kids, err := readKids()
	if err != nil {
		return err
	}
	if r.rows.Next() {
		if err := r.completeRow("Dobble Kids", kids, nil, 6); err != nil {
			return err
		}
	}
	rng := rand.New(rand.NewPCG(1, 2026))
	for _, qr := range [][2]int{{5, 1}, {5, 3}, {5, 5}, {7, 2}, {7, 4}, {7, 6}, {8, 6}, {9, 8}} {
		q, rm := qr[0], qr[1]
		plane, err := dobble.Plane(q)
		if err != nil {
			return err
		}
		perm := rng.Perm(len(plane.Cards)) // drawn in every shard, so each row is the same
		if !r.rows.Next() {
			continue
		}
		removed, kept := &dobble.Deck{}, &dobble.Deck{}
		for i, p := range perm {
			if i < rm {
				removed.Cards = append(removed.Cards, plane.Cards[p])
			} else {
				kept.Cards = append(kept.Cards, plane.Cards[p])
			}
		}
		if err := r.completeRow(fmt.Sprintf("PG(2,%d)", q), kept, removed, q+1); err != nil {
			return err
		}
	}
	fmt.Println()
	return nil
}

func (r *report) completeRow(name string, d, removed *dobble.Deck, k int) error {
	var res dobble.CompleteResult
	t, gaveUp, err := r.measure(func(ctx context.Context) (bool, error) {
		var err error
		res, err = dobble.Complete(ctx, giniBackend.new, d, k, 1, dobble.CompleteOptions{All: true})
		return ctx.Err() != nil, err
	})
	if err != nil || gaveUp {
		return fmt.Errorf("%s: %v (gave up: %v)", name, err, gaveUp)
	}
	if len(res.Added) != 1 || !res.Exhaustive {
		return fmt.Errorf("%s: %d completions, want exactly one", name, len(res.Added))
	}
	if removed != nil && !res.Added[0].Equal(removed) {
		return fmt.Errorf("%s: the completion is not the removed cards", name)
	}
	nrem := len(res.Added[0].Cards)
	fmt.Printf("| %s | %d | %d | %d | %d | 1 (unique) | %v |\n", name, len(d.Cards), nrem, res.Size.Vars, res.Size.Clauses, t)
	return nil
}

// readKids reads the Dobble Kids deck from the repository's testdata.
func readKids() (*dobble.Deck, error) {
	path := filepath.Join("testdata", "dobble", "dobble-kids.txt")
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%w (run from the repository root)", err)
	}
	defer f.Close()
	return dobble.Parse(f, path)
}
