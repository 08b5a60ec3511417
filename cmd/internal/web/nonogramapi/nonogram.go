package nonogramapi

import (
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/web"
	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/solve"
)

// The nonogram endpoints: the bundled puzzles, solving with a uniqueness
// check (a second solution when there is one), and checking a grid the
// player filled in. A puzzle travels as the text of a file in any format
// the command line reads.

// nonogramRequest is a puzzle file, a puzzle in it, and for /check the
// player's grid.
type nonogramRequest struct {
	Text string `json:"text"`
	// Format is auto (default) or a format name of satsolve nonogram.
	Format string `json:"format"`
	// Index picks a puzzle of a file holding several, from 1 (default 1).
	Index int `json:"index"`
	// Grid is the player's grid for /check, one string per row, '#' for
	// black and any other character for white.
	Grid []string `json:"grid"`
}

// puzzle reads the chosen puzzle of the request's file and checks it
// against the caps.
func (q *nonogramRequest) puzzle() (*nonogram.Puzzle, int, error) {
	if q.Format == "" {
		q.Format = "auto"
	}
	f, err := nonogram.ParseFormat(q.Format)
	if err != nil {
		return nil, 0, web.InputError(err)
	}
	ps, err := nonogram.Parse(strings.NewReader(q.Text), "<input>", f)
	if err != nil {
		return nil, 0, web.InputError(err)
	}
	if len(ps) > maxPuzzlesInFile {
		return nil, 0, web.BadRequest("<input>: %d puzzles: the server reads files of at most %d", len(ps), maxPuzzlesInFile)
	}
	if q.Index == 0 {
		q.Index = 1
	}
	if q.Index < 1 || q.Index > len(ps) {
		return nil, 0, web.BadRequest("index %d: the file holds %d puzzle(s)", q.Index, len(ps))
	}
	p := ps[q.Index-1]
	if p.Width > maxNonogramSide || p.Height > maxNonogramSide || p.Width*p.Height > maxNonogramCells {
		return nil, 0, web.BadRequest("puzzle %dx%d: the server solves puzzles of at most %d cells a side and %d cells", p.Width, p.Height, maxNonogramSide, maxNonogramCells)
	}
	return p, len(ps), nil
}

// puzzleJSON describes a puzzle: its title and clues.
type puzzleJSON struct {
	Puzzles int     `json:"puzzles"`
	Index   int     `json:"index"`
	Title   string  `json:"title"`
	Author  string  `json:"author,omitempty"`
	Width   int     `json:"width"`
	Height  int     `json:"height"`
	Rows    [][]int `json:"rows"`
	Cols    [][]int `json:"cols"`
	// Given lists the cells fixed in advance as rows of '#', '.' and '?'
	// (absent when there are none).
	Given    []string `json:"given,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
}

func newPuzzleJSON(p *nonogram.Puzzle, count, index int) puzzleJSON {
	clues := func(cs []nonogram.Clue) [][]int {
		out := make([][]int, len(cs))
		for i, c := range cs {
			out[i] = append([]int{}, c...)
		}
		return out
	}
	j := puzzleJSON{Puzzles: count, Index: index, Title: p.Meta.Title, Author: p.Meta.Author, Width: p.Width, Height: p.Height,
		Rows: clues(p.Rows), Cols: clues(p.Cols), Warnings: p.Warnings}
	if j.Title == "" {
		j.Title = p.Name
	}
	if p.Given != nil {
		j.Given = p.Given.Rows()
	}
	return j
}

func (s api) nonogramParse(r *http.Request) (any, error) {
	var q nonogramRequest
	if err := s.Decode(r, &q); err != nil {
		return nil, err
	}
	if q.Grid != nil {
		return nil, web.BadRequest(`"grid" belongs to /api/nonogram/check`)
	}
	p, count, err := q.puzzle()
	if err != nil {
		return nil, err
	}
	return newPuzzleJSON(p, count, q.Index), nil
}

// solveNonogramAnswer is a solve with the uniqueness check.
type solveNonogramAnswer struct {
	Puzzle puzzleJSON `json:"puzzle"`
	// Solutions holds up to two solutions, as rows of '#' and '.'.
	Solutions [][]string `json:"solutions"`
	// Verdict is unique, multiple, no solution or unknown (timed out).
	Verdict  string  `json:"verdict"`
	Rating   string  `json:"rating"`
	TimedOut bool    `json:"timed_out"`
	Goal     string  `json:"goal"`
	Method   string  `json:"method"`
	Seconds  float64 `json:"seconds"`
	Message  string  `json:"message"`
}

func (s api) nonogramSolve(r *http.Request) (any, error) {
	var q nonogramRequest
	if err := s.Decode(r, &q); err != nil {
		return nil, err
	}
	if q.Grid != nil {
		return nil, web.BadRequest(`"grid" belongs to /api/nonogram/check`)
	}
	p, count, err := q.puzzle()
	if err != nil {
		return nil, err
	}
	release, err := s.Acquire(r.Context())
	if err != nil {
		return nil, err
	}
	defer release()
	ctx, cancel := s.SolveContext(r)
	defer cancel()
	start := time.Now()
	res, err := solve.SAT(ctx, s.opts.NewSolver(), p, nonogram.Options{Limit: 2})
	a := &solveNonogramAnswer{Puzzle: newPuzzleJSON(p, count, q.Index), Solutions: [][]string{}, Seconds: time.Since(start).Seconds(),
		Method: fmt.Sprintf("SAT (%s), %s encoding after line solving", s.opts.Backend, nonogram.EncodeStarts)}
	if err != nil {
		if ctx.Err() == nil || res == nil {
			return nil, err // a solver or internal error, not the deadline
		}
		a.TimedOut = web.DeadlineHit(ctx)
		if len(res.Solutions) == 0 {
			return nil, s.Interrupted(ctx, "the nonogram solve")
		}
	}
	goal, gerr := res.AddGoal(p)
	switch {
	case errors.Is(gerr, nonogram.ErrBadSolution):
		return nil, gerr
	case gerr != nil:
		a.Puzzle.Warnings = append(a.Puzzle.Warnings, gerr.Error())
	}
	a.Goal = goal.String()
	for _, g := range res.Solutions[:min(2, len(res.Solutions))] {
		if err := nonogram.Check(p, g); err != nil {
			return nil, fmt.Errorf("%w: %v", nonogram.ErrBadSolution, err)
		}
		a.Solutions = append(a.Solutions, g.Rows())
	}
	a.Verdict, a.Rating = res.Verdict().String(), res.Rating().String()
	switch res.Verdict() {
	case nonogram.VerdictUnique:
		a.Message = "The solution is unique: the search for a second one came back empty."
		if res.LineSolved {
			a.Message = "The solution is unique: line solving alone finds it."
		}
	case nonogram.VerdictMultiple:
		a.Message = "The puzzle has more than one solution: two are shown side by side."
	case nonogram.VerdictNone:
		a.Message = "The puzzle has no solution."
	default:
		a.Message = fmt.Sprintf("A solution was found, but whether it is unique was not decided within %v (the server's --solve-timeout).", s.opts.SolveTimeout)
	}
	return a, nil
}

// checkAnswer is the verdict on the player's grid.
type checkAnswer struct {
	Solved bool `json:"solved"`
	// Message names the first line that breaks its clue.
	Message string `json:"message"`
	// RowsOK and ColsOK say which lines show exactly their clue.
	RowsOK []bool `json:"rows_ok"`
	ColsOK []bool `json:"cols_ok"`
}

func (s api) nonogramCheck(r *http.Request) (any, error) {
	var q nonogramRequest
	if err := s.Decode(r, &q); err != nil {
		return nil, err
	}
	p, _, err := q.puzzle()
	if err != nil {
		return nil, err
	}
	if len(q.Grid) != p.Height {
		return nil, web.BadRequest("grid has %d rows, the puzzle %d", len(q.Grid), p.Height)
	}
	g := nonogram.NewGrid(p.Width, p.Height)
	for r, row := range q.Grid {
		if len(row) != p.Width {
			return nil, web.BadRequest("grid row %d has %d characters, the puzzle is %d wide", r+1, len(row), p.Width)
		}
		for c := range p.Width {
			v := nonogram.White
			if row[c] == '#' {
				v = nonogram.Black
			}
			g.Set(r, c, v)
		}
	}
	a := &checkAnswer{RowsOK: make([]bool, p.Height), ColsOK: make([]bool, p.Width)}
	line := make([]nonogram.Cell, max(p.Width, p.Height))
	for r := range p.Height {
		a.RowsOK[r] = sameClue(nonogram.Runs(g.Cells[r*p.Width:(r+1)*p.Width]), p.Rows[r])
	}
	for c := range p.Width {
		for r := range p.Height {
			line[r] = g.At(r, c)
		}
		a.ColsOK[c] = sameClue(nonogram.Runs(line[:p.Height]), p.Cols[c])
	}
	if err := nonogram.Check(p, g); err != nil {
		a.Message = err.Error()
		return a, nil
	}
	a.Solved, a.Message = true, "Solved: every row and column shows its clue."
	return a, nil
}

func sameClue(a, b nonogram.Clue) bool {
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

// bundled is one puzzle of the bundled set.
type bundled struct {
	ID     string `json:"id"`
	Index  int    `json:"index"`
	Title  string `json:"title"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

var (
	bundledOnce sync.Once
	bundledList []bundled
	bundledErr  error
)

// bundledPuzzles lists every puzzle of the files in puzzles/.
func bundledPuzzles() ([]bundled, error) {
	bundledOnce.Do(func() {
		entries, err := fs.ReadDir(puzzleFS, "puzzles")
		if err != nil {
			bundledErr = err
			return
		}
		for _, e := range entries {
			if e.Name() == "README.md" {
				continue
			}
			data, _ := fs.ReadFile(puzzleFS, path.Join("puzzles", e.Name()))
			ps, err := nonogram.Parse(strings.NewReader(string(data)), e.Name(), nonogram.FormatAuto)
			if err != nil {
				bundledErr = err
				return
			}
			for i, p := range ps {
				j := newPuzzleJSON(p, len(ps), i+1)
				bundledList = append(bundledList, bundled{ID: e.Name(), Index: i + 1, Title: j.Title, Width: p.Width, Height: p.Height})
			}
		}
	})
	return bundledList, bundledErr
}

func (s api) nonogramPuzzles(*http.Request) (any, error) {
	list, err := bundledPuzzles()
	if err != nil {
		return nil, err
	}
	return map[string]any{"puzzles": list}, nil
}

func (s api) nonogramPuzzle(r *http.Request) (any, error) {
	id := r.PathValue("id")
	list, err := bundledPuzzles()
	if err != nil {
		return nil, err
	}
	for _, b := range list {
		if b.ID == id {
			data, err := fs.ReadFile(puzzleFS, path.Join("puzzles", id))
			if err != nil {
				return nil, err
			}
			return map[string]string{"id": id, "text": string(data)}, nil
		}
	}
	return nil, &web.Error{Status: http.StatusNotFound, Msg: fmt.Sprintf("no bundled puzzle %q (GET /api/nonogram/puzzles lists them)", id)}
}
