package nonogram

import (
	"fmt"
	"strings"
)

// Cell is the state of one square: Unknown, White or Black.
type Cell uint8

// The cell states. A solution holds only White and Black.
const (
	Unknown Cell = iota
	White
	Black
)

// Byte returns the character used in pictures: '#' black, '.' white, '?'
// unknown.
func (c Cell) Byte() byte {
	switch c {
	case Black:
		return '#'
	case White:
		return '.'
	}
	return '?'
}

// Grid is a Width×Height array of cells in row-major order.
type Grid struct {
	Width, Height int
	// Cells holds row r, column c at index r·Width + c.
	Cells []Cell
}

// NewGrid returns an all-Unknown grid. It panics on a negative size.
func NewGrid(width, height int) *Grid {
	if width < 0 || height < 0 {
		panic("nonogram: negative grid size")
	}
	return &Grid{Width: width, Height: height, Cells: make([]Cell, width*height)}
}

// At returns the cell in row r, column c.
func (g *Grid) At(r, c int) Cell { return g.Cells[r*g.Width+c] }

// Set sets the cell in row r, column c.
func (g *Grid) Set(r, c int, v Cell) { g.Cells[r*g.Width+c] = v }

// Clone returns a copy of g.
func (g *Grid) Clone() *Grid {
	return &Grid{Width: g.Width, Height: g.Height, Cells: append([]Cell(nil), g.Cells...)}
}

// Complete reports whether no cell is Unknown.
func (g *Grid) Complete() bool {
	for _, v := range g.Cells {
		if v == Unknown {
			return false
		}
	}
	return true
}

// Known returns the number of cells that are not Unknown.
func (g *Grid) Known() int {
	n := 0
	for _, v := range g.Cells {
		if v != Unknown {
			n++
		}
	}
	return n
}

// Equal reports whether g and h have the same size and cells.
func (g *Grid) Equal(h *Grid) bool {
	if g.Width != h.Width || g.Height != h.Height {
		return false
	}
	for i, v := range g.Cells {
		if h.Cells[i] != v {
			return false
		}
	}
	return true
}

// Rows returns the picture as one string per row ('#', '.', '?').
func (g *Grid) Rows() []string {
	out := make([]string, g.Height)
	b := make([]byte, g.Width)
	for r := range out {
		for c := range b {
			b[c] = g.At(r, c).Byte()
		}
		out[r] = string(b)
	}
	return out
}

// String returns the picture, one row per line, each line ending in a
// newline.
func (g *Grid) String() string {
	var b strings.Builder
	for _, row := range g.Rows() {
		b.WriteString(row)
		b.WriteByte('\n')
	}
	return b.String()
}

// Runs returns the lengths of the black runs of a line, in order. Unknown
// cells end a run like white ones.
func Runs(line []Cell) Clue {
	var out Clue
	n := 0
	for _, v := range line {
		if v == Black {
			n++
			continue
		}
		if n > 0 {
			out = append(out, n)
			n = 0
		}
	}
	if n > 0 {
		out = append(out, n)
	}
	return out
}

// Check verifies a complete grid against the puzzle's rules directly: the
// size, that every cell is black or white, that the black runs of every
// row and column are exactly its clue, and that the grid agrees with every
// given cell. It returns nil or a *CheckError naming the first offence. It
// never uses an encoding, so it catches encoding bugs.
func Check(p *Puzzle, g *Grid) error {
	if g.Width != p.Width || g.Height != p.Height {
		return &CheckError{Line: "grid", Msg: fmt.Sprintf("size %dx%d, puzzle %dx%d", g.Width, g.Height, p.Width, p.Height)}
	}
	for i, v := range g.Cells {
		if v != White && v != Black {
			return &CheckError{Line: fmt.Sprintf("cell %d,%d", i/g.Width+1, i%g.Width+1), Msg: "not black or white"}
		}
		if p.Given != nil && p.Given.Cells[i] != Unknown && p.Given.Cells[i] != v {
			return &CheckError{Line: fmt.Sprintf("cell %d,%d", i/g.Width+1, i%g.Width+1), Msg: "differs from the given cell"}
		}
	}
	line := make([]Cell, max(p.Width, p.Height))
	for r := 0; r < p.Height; r++ {
		copy(line, g.Cells[r*g.Width:(r+1)*g.Width])
		if got := Runs(line[:p.Width]); !equalClue(got, p.Rows[r]) {
			return &CheckError{Line: fmt.Sprintf("row %d", r+1), Want: p.Rows[r], Got: got}
		}
	}
	for c := 0; c < p.Width; c++ {
		for r := 0; r < p.Height; r++ {
			line[r] = g.At(r, c)
		}
		if got := Runs(line[:p.Height]); !equalClue(got, p.Cols[c]) {
			return &CheckError{Line: fmt.Sprintf("column %d", c+1), Want: p.Cols[c], Got: got}
		}
	}
	return nil
}

func equalClue(a, b Clue) bool {
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
