package dobble

import (
	"fmt"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// The incidence matrix shared by the SAT models: x[i][j] says that card i
// holds symbol j. A card holds exactly k symbols (a cardinality
// constraint); two cards share exactly λ symbols, encoded in one of two
// ways:
//
//   - aux: y_j ↔ x[a][j] ∧ x[b][j] (encode.And, 3 clauses per j), then
//     exactly λ of the y_j (exactly-one with the AMO method for λ = 1,
//     the cardinality method otherwise): n auxiliaries per pair of cards.
//   - rect (λ = 1, full designs only): no two cards share two symbols, a
//     4-literal clause (¬x[a][j] ∨ ¬x[a][l] ∨ ¬x[b][j] ∨ ¬x[b][l]) per pair
//     of symbols, the forbidden 2×2 rectangle. No auxiliaries, n(n−1)/2
//     clauses per pair of cards. That two cards share at least one symbol
//     is not encoded: in a v×v matrix with row and column sums k and
//     k(k−1) = v−1, counting the pairs of symbols covered forces it.

// PairEncoding selects how "two cards share exactly λ symbols" is encoded.
type PairEncoding uint8

// The pair encodings.
const (
	PairAux  PairEncoding = iota // AND auxiliaries and exactly-λ
	PairRect                     // forbidden 2×2 rectangles (λ = 1, full designs)
)

var pairNames = []string{"aux", "rect"}

// String returns the encoding's flag name.
func (p PairEncoding) String() string { return enumName("PairEncoding", int(p), pairNames) }

// ParsePairEncoding returns the encoding whose String is name.
func ParsePairEncoding(name string) (PairEncoding, error) {
	i, err := parseEnum("pair encoding", name, pairNames)
	return PairEncoding(i), err
}

// Matrix is an incidence matrix of literals: card i holds symbol j when
// X(i, j) is true.
type Matrix struct {
	Rows, Cols int
	x          []sat.Lit
}

// newMatrix allocates rows×cols fresh variables in s.
func newMatrix(s sat.Sink, rows, cols int) *Matrix {
	m := &Matrix{Rows: rows, Cols: cols, x: make([]sat.Lit, rows*cols)}
	for i := range m.x {
		m.x[i] = s.NewVar().Pos()
	}
	return m
}

// X returns the literal "card i holds symbol j".
func (m *Matrix) X(i, j int) sat.Lit { return m.x[i*m.Cols+j] }

// Row returns the literals of card i.
func (m *Matrix) Row(i int) []sat.Lit { return m.x[i*m.Cols : (i+1)*m.Cols] }

// Col returns the literals of symbol j.
func (m *Matrix) Col(j int) []sat.Lit {
	c := make([]sat.Lit, m.Rows)
	for i := range c {
		c[i] = m.X(i, j)
	}
	return c
}

// Comments names the matrix's variables for a DIMACS or OPB file.
func (m *Matrix) Comments() []string {
	if m.Rows == 0 {
		return nil
	}
	return []string{fmt.Sprintf("card i holds symbol j: variable %d + i*%d + j (i < %d, j < %d)", m.X(0, 0), m.Cols, m.Rows, m.Cols)}
}

// Decode returns the cards rows of the matrix under a, as a deck.
func (m *Matrix) Decode(a sat.Assignment, rows []int) *Deck {
	var cards [][]int
	for _, i := range rows {
		var c []int
		for j := range m.Cols {
			if a.Lit(m.X(i, j)) {
				c = append(c, j)
			}
		}
		cards = append(cards, c)
	}
	return &Deck{Cards: cards}
}

// meet encodes "a and b share exactly lambda symbols" into s.
func meet(s sat.Sink, a, b []sat.Lit, lambda int, pair PairEncoding, opt Options) error {
	if pair == PairRect {
		if lambda != 1 {
			return fmt.Errorf("the rect pair encoding needs λ = 1")
		}
		for j := range a {
			for l := j + 1; l < len(a); l++ {
				s.AddClause(a[j].Not(), a[l].Not(), b[j].Not(), b[l].Not())
			}
		}
		return nil
	}
	y := make([]sat.Lit, len(a))
	for j := range a {
		y[j] = encode.And(s, a[j], b[j])
	}
	if lambda == 1 {
		encode.ExactlyOne(s, y, opt.AMO)
		return nil
	}
	return encode.Exactly(s, y, lambda, opt.Card)
}

func enumName(typ string, i int, names []string) string {
	if i >= 0 && i < len(names) {
		return names[i]
	}
	return fmt.Sprintf("%s(%d)", typ, i)
}

func parseEnum(what, name string, names []string) (int, error) {
	for i, n := range names {
		if n == name {
			return i, nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q (want one of %v)", what, name, names)
}
