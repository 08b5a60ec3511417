package encode

import (
	"fmt"
	"math"
	"slices"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/line"
	"github.com/satsolve/satsolve/sat"
)

// Constants of the encoders: a cell or state whose value is known is one
// of these instead of a variable. They are never handed to a sink: the
// clause writer drops false literals and satisfied clauses.
const (
	litTrue  sat.Lit = math.MaxInt32
	litFalse sat.Lit = -litTrue
)

// clauseWriter adds clauses to a sink after folding the constants.
type clauseWriter struct {
	s   sat.Sink
	buf []sat.Lit
}

func (w *clauseWriter) add(lits ...sat.Lit) {
	buf := w.buf[:0]
	for _, l := range lits {
		switch l {
		case litTrue:
			return
		case litFalse:
			continue
		}
		buf = append(buf, l)
	}
	w.buf = buf
	w.s.AddClause(buf...)
}

// newVar returns a fresh variable's positive literal, refusing the one
// value reserved for the constants.
func (w *clauseWriter) newVar() sat.Lit {
	l := w.s.NewVar().Pos()
	if l == litTrue {
		panic("nonogram: variable pool exhausted")
	}
	return l
}

// Encoded is a puzzle written into a sink: one variable per cell that was
// unknown when encoding, plus the encoding's own variables.
type Encoded struct {
	p       *nonogram.Puzzle
	enc     nonogram.Encoding
	cells   []sat.Lit // a variable, litTrue or litFalse per cell
	vars    int
	clauses int
}

// Encode writes the rules of p into s with encoding e. known gives cells
// already decided (by line solving, for instance; Unknown elsewhere) and
// may be nil; the puzzle's given cells count as known too. Known cells
// get no variable, and fully known lines no clauses. The encoding is exact: the models of what it adds, projected
// on the cell variables and completed with the known cells, are exactly
// the solutions of p that agree with known (none if known is wrong). The
// puzzle must have passed Validate; known must have the puzzle's size.
func Encode(s sat.Sink, p *nonogram.Puzzle, known *nonogram.Grid, e nonogram.Encoding) *Encoded {
	if known != nil && (known.Width != p.Width || known.Height != p.Height) {
		panic("nonogram: known grid does not match the puzzle")
	}
	w := &clauseWriter{s: s}
	x := &Encoded{p: p, enc: e, cells: make([]sat.Lit, p.Width*p.Height)}
	conflict := false
	for i := range x.cells {
		v := nonogram.Unknown
		if known != nil {
			v = known.Cells[i]
		}
		if p.Given != nil && p.Given.Cells[i] != nonogram.Unknown {
			conflict = conflict || v != nonogram.Unknown && v != p.Given.Cells[i]
			v = p.Given.Cells[i]
		}
		switch v {
		case nonogram.Black:
			x.cells[i] = litTrue
		case nonogram.White:
			x.cells[i] = litFalse
		default:
			x.cells[i] = w.newVar()
			x.vars++
		}
	}
	counter := &countingSink{Sink: s}
	w.s = counter
	if conflict {
		w.add() // known contradicts the given cells
	}
	var ls line.Solver
	n := max(p.Width, p.Height)
	lits := make([]sat.Lit, n)
	cells := make([]nonogram.Cell, n)
	for l := 0; l < p.Width+p.Height; l++ {
		m := x.lineLits(l, lits, cells)
		if !hasUnknown(cells[:m]) {
			if !slices.Equal(nonogram.Runs(cells[:m]), p.Line(l)) {
				w.add() // a wrong known line: no solution
			}
			continue
		}
		switch e {
		case nonogram.EncodeStarts:
			encodeStarts(w, p.Line(l), lits[:m], cells[:m], &ls)
		case nonogram.EncodeDFA:
			encodeDFA(w, p.Line(l), lits[:m], cells[:m])
		default:
			panic("nonogram: unknown " + e.String())
		}
	}
	x.vars += counter.vars
	x.clauses = counter.clauses
	return x
}

// countingSink counts the variables and clauses an encoder adds, its own
// and those of package encode.
type countingSink struct {
	sat.Sink
	vars, clauses int
}

func (c *countingSink) NewVar() sat.Var {
	c.vars++
	return c.Sink.NewVar()
}

func (c *countingSink) AddClause(lits ...sat.Lit) {
	c.clauses++
	c.Sink.AddClause(lits...)
}

func hasUnknown(cells []nonogram.Cell) bool {
	for _, v := range cells {
		if v == nonogram.Unknown {
			return true
		}
	}
	return false
}

// lineLits fills lits and cells with the literals and known colours of
// line l and returns its length.
func (x *Encoded) lineLits(l int, lits []sat.Lit, cells []nonogram.Cell) int {
	p := x.p
	at := func(k, i int) {
		lits[k] = x.cells[i]
		switch x.cells[i] {
		case litTrue:
			cells[k] = nonogram.Black
		case litFalse:
			cells[k] = nonogram.White
		default:
			cells[k] = nonogram.Unknown
		}
	}
	if l < p.Height {
		for c := 0; c < p.Width; c++ {
			at(c, l*p.Width+c)
		}
		return p.Width
	}
	c := l - p.Height
	for r := 0; r < p.Height; r++ {
		at(r, r*p.Width+c)
	}
	return p.Height
}

// Encoding returns the encoding used.
func (x *Encoded) Encoding() nonogram.Encoding { return x.enc }

// Size returns the variables and clauses the encoding added, cell
// variables included.
func (x *Encoded) Size() (vars, clauses int) { return x.vars, x.clauses }

// Cell returns the literal of the cell in row r, column c, or 0 and the
// cell's colour when it was known before encoding.
func (x *Encoded) Cell(r, c int) (sat.Lit, nonogram.Cell) {
	switch l := x.cells[r*x.p.Width+c]; l {
	case litTrue:
		return 0, nonogram.Black
	case litFalse:
		return 0, nonogram.White
	default:
		return l, nonogram.Unknown
	}
}

// Decode reads a grid from a model: value reports the truth of a literal
// (a solver's Value, or Assignment.Lit).
func (x *Encoded) Decode(value func(sat.Lit) bool) *nonogram.Grid {
	g := nonogram.NewGrid(x.p.Width, x.p.Height)
	for i, l := range x.cells {
		switch {
		case l == litTrue:
			g.Cells[i] = nonogram.Black
		case l == litFalse:
			g.Cells[i] = nonogram.White
		case value(l):
			g.Cells[i] = nonogram.Black
		default:
			g.Cells[i] = nonogram.White
		}
	}
	return g
}

// Block adds to s the clause that excludes g on the cell variables, so
// that the next solve finds a different solution. It returns false, adding
// nothing, when no cell was unknown at encoding time: the encoded problem
// then has no other solution.
func (x *Encoded) Block(s sat.Sink, g *nonogram.Grid) bool {
	var c []sat.Lit
	for i, l := range x.cells {
		if l == litTrue || l == litFalse {
			continue
		}
		if g.Cells[i] == nonogram.Black {
			c = append(c, l.Not())
		} else {
			c = append(c, l)
		}
	}
	if len(c) == 0 {
		return false
	}
	s.AddClause(c...)
	return true
}

// Comments returns lines naming the cell variables ("cell R C = V",
// 1-based row and column) and the cells fixed before encoding ("cell R C =
// black"), for DIMACS or OPB comment lines, so that a model from any
// external solver can be decoded.
func (x *Encoded) Comments() []string {
	out := []string{fmt.Sprintf("nonogram %dx%d, encoding %s, %d cells known before encoding", x.p.Width, x.p.Height, x.enc, x.known())}
	for i, l := range x.cells {
		r, c := i/x.p.Width+1, i%x.p.Width+1
		switch l {
		case litTrue:
			out = append(out, fmt.Sprintf("cell %d %d = black", r, c))
		case litFalse:
			out = append(out, fmt.Sprintf("cell %d %d = white", r, c))
		default:
			out = append(out, fmt.Sprintf("cell %d %d = %d", r, c, l))
		}
	}
	return out
}

func (x *Encoded) known() int {
	n := 0
	for _, l := range x.cells {
		if l == litTrue || l == litFalse {
			n++
		}
	}
	return n
}
