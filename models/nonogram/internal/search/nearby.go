package search

import (
	"context"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/board"
	"github.com/satsolve/satsolve/models/nonogram/internal/line"
)

// Neighbourhood search for a second solution.
//
// Two solutions of a nonogram often differ only in a small region (a
// "switching component"). Given a known solution, nearby frees one square
// window of cells at a time, keeps every other cell as in the known
// solution, and runs the native solver on what is left: line solving
// usually decides the window at once, and when it does not, the window is a
// small search problem. Windows slide with half their side as the stride,
// for sides 10, 16 and 24, smallest first; each window's search stops after
// nearbyNodes nodes. A solution found this way is a solution of the whole
// puzzle (the cells outside the window satisfy their lines as they do in
// the known solution, and Check confirms it), so finding one proves the
// puzzle has several. Finding none proves nothing; the caller then falls
// back to the global search. The windows are what make the survey puzzles
// knotty and faase, whose first solution no solver finds quickly, settle in
// seconds once their goal image is known.

// nearbySides are the window sides tried, in order.
var nearbySides = [...]int{10, 16, 24}

// nearbyNodes bounds the native search of one window.
const nearbyNodes = 2000

// nearby returns a solution of p that differs from base (a solution) and
// from every grid in seen, or nil when the windows hold none. It returns
// the context's error when interrupted.
func nearby(ctx context.Context, p *nonogram.Puzzle, base *nonogram.Grid, seen []*nonogram.Grid, st *nonogram.Stats) (*nonogram.Grid, error) {
	w, h := p.Width, p.Height
	// One board serves every window: each starts from the board as
	// board.New leaves it (given cells set, every line queued).
	b := board.New(p)
	b.UseCache(nearbyCacheBits)
	defer b.Release()
	mark := len(b.Trail)
	for _, k := range nearbySides {
		kw, kh := min(k, w), min(k, h)
		for r0 := 0; ; r0 += max(kh/2, 1) {
			r0 = min(r0, h-kh)
			for c0 := 0; ; c0 += max(kw/2, 1) {
				c0 = min(c0, w-kw)
				g, err := searchWindow(ctx, b, mark, base, seen, r0, c0, kh, kw, st)
				if g != nil || err != nil {
					return g, err
				}
				if c0 == w-kw {
					break
				}
			}
			if r0 == h-kh {
				break
			}
		}
		if kw == w && kh == h {
			break
		}
	}
	return nil, nil
}

// searchWindow looks for a solution that agrees with base outside the
// window of kh rows from r0 and kw columns from c0 and is not in seen. It
// first returns board b to its state when its trail had length mark,
// with every line queued.
func searchWindow(ctx context.Context, b *board.Board, mark int, base *nonogram.Grid, seen []*nonogram.Grid, r0, c0, kh, kw int, st *nonogram.Stats) (*nonogram.Grid, error) {
	p := b.P
	b.Undo(mark)
	b.ClearQueue()
	b.QueueAll()
	b.LineSolves = 0
	for r := 0; r < p.Height; r++ {
		for c := 0; c < p.Width; c++ {
			if (r < r0 || r >= r0+kh || c < c0 || c >= c0+kw) && b.At(r*p.Width+c) == nonogram.Unknown {
				b.Set(r*p.Width+c, base.At(r, c))
			}
		}
	}
	if !b.Propagate() {
		st.LineSolves += b.LineSolves
		return nil, nil
	}
	known := append([]*nonogram.Grid{base}, seen...)
	s := New(ctx, b, len(known)+1, false, known)
	s.maxNodes = nearbyNodes
	s.pr.Commit(0)
	s.dfs()
	st.LineSolves += b.LineSolves
	st.Nodes += s.nodes
	if s.err != nil {
		return nil, s.err
	}
	if s.fresh > 0 {
		return s.Known[len(s.Known)-1], nil
	}
	return nil, nil
}

// nearbyCacheBits sets the line cache of a window search: small, since
// only the window's lines change.
const nearbyCacheBits = line.MinCacheBits
