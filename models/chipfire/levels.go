package chipfire

import (
	"context"
	"fmt"
	"math/rand/v2"
)

// Levels: a fixed sequence of games that grow in size and difficulty, for
// a player who wants a path through the game rather than random draws.
//
// Level k (1 ≤ k ≤ LevelCount) is played on a connected G(n, p) with
// n = 4 + ⌊(k−1)/2⌋ (4 to 15 vertices) and p falling linearly from 0.6 to
// 0.3, so later graphs are larger and sparser; the divisor has degree
// equal to the genus (the seed's rule, which makes it winnable). The
// difficulty measure is the greedy algorithm's borrow count M0, which
// bounds the fewest moves from below by M0/(n − 1) (arXiv:2308.12787):
// of the candidate games drawn from the level's seeds, the level takes the
// first that is not already won and has M0 ≥ k + 2, or the one with the
// largest M0 if none of the 100 candidates reaches it. Everything is
// seeded, so level k is the same game on every machine and in every
// release that keeps this file.

// LevelCount is the number of levels.
const LevelCount = 24

// levelCandidates is the number of games drawn per level.
const levelCandidates = 100

// levelSeed is the first PCG seed word of every level's draws.
const levelSeed = 0x5eed_1e7e1

// Level is one level of the sequence.
type Level struct {
	// Number is the level's number, 1..LevelCount.
	Number int
	// N and P are the G(n, p) parameters.
	N int
	P float64
	// Candidate is the index of the draw the level took.
	Candidate int
	// Borrows is the greedy borrow count M0 of the game.
	Borrows int64
	// Game is the graph and the starting divisor.
	Game *Game
}

// LevelSize returns the G(n, p) parameters of level number (1..LevelCount)
// without drawing its game.
func LevelSize(number int) (n int, p float64) {
	return 4 + (number-1)/2, 0.6 - 0.3*float64(number-1)/float64(LevelCount-1)
}

// NewLevel returns level number (1..LevelCount). The error reports a
// number out of range.
func NewLevel(number int) (*Level, error) {
	if number < 1 || number > LevelCount {
		return nil, fmt.Errorf("level %d outside 1..%d", number, LevelCount)
	}
	n, p := LevelSize(number)
	target := int64(number + 2)
	var best *Level
	for c := range levelCandidates {
		game, err := RandomGame(rand.NewPCG(levelSeed, uint64(number)<<16|uint64(c)), n, p, -1)
		if err != nil {
			return nil, err
		}
		if game.Divisor.Effective() {
			continue
		}
		gr, err := Greedy(context.Background(), game.Graph, game.Divisor)
		if err != nil {
			return nil, err
		}
		if !gr.Winnable {
			return nil, fmt.Errorf("internal error: level %d, candidate %d: a game of degree g is unwinnable", number, c)
		}
		if best == nil || gr.Borrows > best.Borrows {
			best = &Level{Number: number, N: n, P: p, Candidate: c, Borrows: gr.Borrows, Game: game}
		}
		if gr.Borrows >= target {
			break
		}
	}
	if best == nil {
		return nil, fmt.Errorf("internal error: level %d: every candidate game is already won", number)
	}
	return best, nil
}
