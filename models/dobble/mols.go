package dobble

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// Mutually orthogonal Latin squares as SAT: the small model that refutes
// a plane of order 6 and finds planes of prime order.
//
// A projective plane of order n is equivalent to n−1 mutually orthogonal
// Latin squares (MOLS) of order n (Bose 1938): the affine points are the
// cells (r, c), and the lines are the rows, the columns and, for each
// square s and value v, the cells where L_s = v. So a plane of order 6
// would give two orthogonal Latin squares of order 6, which Tarry (1900)
// proved impossible; refuting 2-MOLS(6) by SAT proves it again.
//
// Variables x[s][r][c][v] ("L_s has v in cell (r, c)"), n³ per square.
// Each cell holds exactly one value, each value occurs exactly once in
// each row and each column (exactly-one, AMO method of the options). Two
// squares s < t are orthogonal when every pair (v, w) occurs in exactly
// one cell: y[r][c][v][w] ↔ x[s][r][c][v] ∧ x[t][r][c][w] (encode.And),
// exactly one y per (v, w) over the n² cells: n⁴ more variables per pair
// of squares.
//
// Symmetry breaking, each level including the previous one:
//
//   - reduced: every square's first row is 0, 1, …, n−1 (rename each
//     square's values) and the first square's first column is too
//     (reorder the rows). These are the fixings the issue measured.
//   - cycles: what the reduced form leaves is, among others, a
//     simultaneous renaming τ of rows, columns and every square's values
//     with τ(0) = 0 (it keeps the first row and the first square's first
//     column). It conjugates the permutation π: r ↦ L_1[r][0], which is a
//     derangement of 1..n−1 (π(r) = r would repeat the pair (r, r) seen at
//     (0, r)). So π can be fixed to one representative per cycle type, its
//     cycles on consecutive values: one solve per partition of n−1 into
//     parts ≥ 2 (two for n = 6: 5 and 2+3), each with the whole column
//     fixed. Squares 2.. are then ordered by their entry at (1, 0), which
//     differ pairwise for the same reason.
//
// The answer of the cycles level is the disjunction of its cases: all
// UNSAT means no MOLS.

// MOLSSymmetry selects the symmetry breaking of the MOLS model.
type MOLSSymmetry uint8

// The symmetry-breaking levels, each including the previous one.
const (
	MOLSNone    MOLSSymmetry = iota // no fixings
	MOLSReduced                     // first rows, and the first square's first column
	MOLSCycles                      // plus the second square's first column, one case per cycle type
)

var molsSymNames = []string{"none", "reduced", "cycles"}

// String returns the level's flag name.
func (y MOLSSymmetry) String() string { return enumName("MOLSSymmetry", int(y), molsSymNames) }

// ParseMOLSSymmetry returns the level whose String is name.
func ParseMOLSSymmetry(name string) (MOLSSymmetry, error) {
	i, err := parseEnum("MOLS symmetry level", name, molsSymNames)
	return MOLSSymmetry(i), err
}

// MOLSOptions configures the MOLS encoding.
type MOLSOptions struct {
	Symmetry MOLSSymmetry
	// AMO encodes the exactly-one constraints of the Latin squares.
	AMO encode.AMOMethod
	// OrthAMO encodes the exactly-one over cells of each value pair.
	OrthAMO encode.AMOMethod
	// Together solves every case in one formula (EncodeMOLSCases)
	// instead of one solver per case.
	Together bool
}

// DefaultMOLSOptions are the options measured fastest (see docs/dobble.md).
var DefaultMOLSOptions = MOLSOptions{Symmetry: MOLSCycles, AMO: encode.AMOLadder, OrthAMO: encode.AMOPairwise, Together: true}

// MOLSModel is the encoding of r MOLS of order n in a sink.
type MOLSModel struct {
	N, R int
	x    [][]sat.Lit // x[s][(r·n+c)·n+v]
}

// Case is one case of a symmetry split: the cycle type of a derangement
// of 1..n−1 that the symmetry breaking fixes (as the first column of the
// second Latin square), its parts in decreasing order. A nil case stands
// for levels without cases.
type Case []int

// permutation returns the case's representative on 0..n−1: 0 fixed and
// each cycle on consecutive values, i ↦ i+1 and the last back to the
// first. It panics when a part is below 2.
func (c Case) permutation() []int {
	pi := []int{0}
	start := 1
	for _, p := range c {
		if p < 2 {
			panic("dobble: a case with a part below 2")
		}
		for i := range p {
			pi = append(pi, start+(i+1)%p)
		}
		start += p
	}
	return pi
}

// MOLSCases returns the cases a search must cover: the partitions of n−1
// into parts ≥ 2, largest parts first, for the cycles level with r ≥ 2;
// a single nil case otherwise.
func MOLSCases(n, r int, sym MOLSSymmetry) []Case {
	if sym < MOLSCycles || r < 2 || n < 3 {
		return []Case{nil}
	}
	var out []Case
	var rec func(rest, maxPart int, cur []int)
	rec = func(rest, maxPart int, cur []int) {
		if rest == 0 {
			out = append(out, append(Case(nil), cur...))
			return
		}
		for p := min(rest, maxPart); p >= 2; p-- {
			rec(rest-p, p, append(cur, p))
		}
	}
	rec(n-1, n-1, nil)
	return out
}

// EncodeMOLS writes r MOLS of order n into s with the given options and
// case (from MOLSCases). It panics on n < 2, r < 1, or a case that does
// not fit n.
func EncodeMOLS(s sat.Sink, n, r int, opt MOLSOptions, c Case) *MOLSModel {
	if n < 2 || r < 1 {
		panic("dobble: MOLS need n ≥ 2 and r ≥ 1")
	}
	m := &MOLSModel{N: n, R: r, x: make([][]sat.Lit, r)}
	for sq := range m.x {
		m.x[sq] = make([]sat.Lit, n*n*n)
		for i := range m.x[sq] {
			m.x[sq][i] = s.NewVar().Pos()
		}
	}
	lits := make([]sat.Lit, n)
	for sq := range r {
		for a := range n {
			for b := range n {
				for v := range n {
					lits[v] = m.X(sq, a, b, v) // cell (a, b)
				}
				encode.ExactlyOne(s, lits, opt.AMO)
				for v := range n {
					lits[v] = m.X(sq, a, v, b) // row a holds value b once
				}
				encode.ExactlyOne(s, lits, opt.AMO)
				for v := range n {
					lits[v] = m.X(sq, v, a, b) // column a holds value b once
				}
				encode.ExactlyOne(s, lits, opt.AMO)
			}
		}
	}
	cells := make([]sat.Lit, n*n)
	for s1 := range r {
		for s2 := s1 + 1; s2 < r; s2++ {
			for v := range n {
				for w := range n {
					for a := range n {
						for b := range n {
							cells[a*n+b] = encode.And(s, m.X(s1, a, b, v), m.X(s2, a, b, w))
						}
					}
					encode.ExactlyOne(s, cells, opt.OrthAMO)
				}
			}
		}
	}
	m.breakSymmetry(s, opt.Symmetry, opt.AMO)
	if opt.Symmetry >= MOLSCycles && m.R >= 2 && c != nil {
		m.fixCase(s, c)
	}
	return m
}

// EncodeMOLSCases writes r MOLS of order n into s with every case of the
// symmetry level at once: each case's fixings are guarded by a selector
// literal (returned, in the order of MOLSCases) and one clause picks a
// case. The formula is satisfiable iff some case is, so it can go to an
// external solver as a single file.
func EncodeMOLSCases(s sat.Sink, n, r int, opt MOLSOptions) (*MOLSModel, []sat.Lit) {
	cases := MOLSCases(n, r, opt.Symmetry)
	if len(cases) == 1 {
		return EncodeMOLS(s, n, r, opt, cases[0]), nil
	}
	m := EncodeMOLS(s, n, r, opt, nil)
	sel := make([]sat.Lit, len(cases))
	for i, c := range cases {
		sel[i] = s.NewVar().Pos()
		m.fixCase(encode.Guard(s, sel[i]), c)
	}
	s.AddClause(sel...)
	return m, sel
}

func (m *MOLSModel) breakSymmetry(s sat.Sink, sym MOLSSymmetry, opt encode.AMOMethod) {
	n := m.N
	if sym >= MOLSReduced {
		for sq := range m.R {
			for b := range n {
				s.AddClause(m.X(sq, 0, b, b))
			}
		}
		for a := range n {
			s.AddClause(m.X(0, a, 0, a))
		}
		// Implied: below the first row, the squares hold pairwise
		// different values in each cell (a shared v would repeat the pair
		// (v, v) seen in column v of the first row), and never the
		// column's own first-row value.
		if m.R >= 2 {
			across := make([]sat.Lit, m.R)
			for a := 1; a < n; a++ {
				for b := range n {
					for v := range n {
						for sq := range m.R {
							across[sq] = m.X(sq, a, b, v)
						}
						if v == b {
							for _, l := range across {
								s.AddClause(l.Not())
							}
							continue
						}
						if m.R == n-1 {
							encode.ExactlyOne(s, across, opt)
						} else {
							encode.AtMostOne(s, across, opt)
						}
					}
				}
			}
		}
	}
	if sym < MOLSCycles {
		return
	}
	// Squares 2.. in increasing order of their entry at (1, 0); the entry
	// is one-hot, and a smaller value is a lexicographically larger
	// one-hot vector.
	for sq := 2; sq+1 < m.R; sq++ {
		a, b := make([]sat.Lit, n), make([]sat.Lit, n)
		for v := range n {
			a[v], b[v] = m.X(sq, 1, 0, v), m.X(sq+1, 1, 0, v)
		}
		encode.LexLess(s, b, a)
	}
}

// fixCase fixes the first column of the second square to the case's
// representative.
func (m *MOLSModel) fixCase(s sat.Sink, c Case) {
	pi := c.permutation()
	if len(pi) != m.N {
		panic("dobble: MOLS case does not partition n−1")
	}
	for a := 1; a < m.N; a++ {
		s.AddClause(m.X(1, a, 0, pi[a]))
	}
}

// X returns the literal "square sq holds v in cell (r, c)".
func (m *MOLSModel) X(sq, r, c, v int) sat.Lit { return m.x[sq][(r*m.N+c)*m.N+v] }

// Comments names the model's variables for a DIMACS or OPB file, one
// line per square: "L<s>[r][c]=v is variable base + (r·n+c)·n + v".
func (m *MOLSModel) Comments() []string {
	out := []string{fmt.Sprintf("%d MOLS of order %d", m.R, m.N)}
	for sq := range m.R {
		out = append(out, fmt.Sprintf("L%d[r][c]=v is variable %d + (r*%d+c)*%d + v", sq, m.X(sq, 0, 0, 0), m.N, m.N))
	}
	return out
}

// Decode reads the squares from a model of the encoding.
func (m *MOLSModel) Decode(a sat.Assignment) [][][]int {
	sq := make([][][]int, m.R)
	for s := range sq {
		sq[s] = make([][]int, m.N)
		for r := range m.N {
			sq[s][r] = make([]int, m.N)
			for c := range m.N {
				sq[s][r][c] = -1
				for v := range m.N {
					if a.Lit(m.X(s, r, c, v)) {
						sq[s][r][c] = v
					}
				}
			}
		}
	}
	return sq
}

// CheckMOLS verifies that squares are Latin squares of one order with
// values 0..n−1 and pairwise orthogonal, naming the first violation.
func CheckMOLS(squares [][][]int) error {
	if len(squares) == 0 {
		return nil
	}
	n := len(squares[0])
	for s, L := range squares {
		if len(L) != n {
			return fmt.Errorf("square %d has %d rows, want %d", s, len(L), n)
		}
		for r, row := range L {
			if len(row) != n {
				return fmt.Errorf("square %d row %d has %d cells, want %d", s, r, len(row), n)
			}
			for c, v := range row {
				if v < 0 || v >= n {
					return fmt.Errorf("square %d cell (%d,%d) holds %d, outside 0..%d", s, r, c, v, n-1)
				}
			}
		}
		for i := range n {
			inRow, inCol := make([]bool, n), make([]bool, n)
			for j := range n {
				if inRow[L[i][j]] {
					return fmt.Errorf("square %d repeats %d in row %d", s, L[i][j], i)
				}
				if inCol[L[j][i]] {
					return fmt.Errorf("square %d repeats %d in column %d", s, L[j][i], i)
				}
				inRow[L[i][j]], inCol[L[j][i]] = true, true
			}
		}
	}
	for s := range squares {
		for t := s + 1; t < len(squares); t++ {
			seen := make([]bool, n*n)
			for r := range n {
				for c := range n {
					p := squares[s][r][c]*n + squares[t][r][c]
					if seen[p] {
						return fmt.Errorf("squares %d and %d are not orthogonal: pair (%d,%d) twice", s, t, p/n, p%n)
					}
					seen[p] = true
				}
			}
		}
	}
	return nil
}

// PlaneFromMOLS returns the projective plane of order n built from n−1
// MOLS of order n (which CheckMOLS accepts): symbols r·n+c for the cells,
// n² + s for the direction of square s, n² + n−1 for the rows' direction
// and n² + n for the columns'. It panics when the number of squares is not
// n−1.
func PlaneFromMOLS(squares [][][]int) *Deck {
	n := len(squares[0])
	if len(squares) != n-1 {
		panic("dobble: a plane of order n needs n−1 MOLS")
	}
	var cards [][]int
	for r := range n {
		c := []int{n*n + n - 1}
		for col := range n {
			c = append(c, r*n+col)
		}
		cards = append(cards, c)
	}
	for col := range n {
		c := []int{n*n + n}
		for r := range n {
			c = append(c, r*n+col)
		}
		cards = append(cards, c)
	}
	for s, L := range squares {
		for v := range n {
			c := []int{n*n + s}
			for r := range n {
				for col := range n {
					if L[r][col] == v {
						c = append(c, r*n+col)
					}
				}
			}
			cards = append(cards, c)
		}
	}
	inf := []int{}
	for d := 0; d <= n; d++ {
		inf = append(inf, n*n+d)
	}
	return fromSets(append(cards, inf))
}

// MOLSResult is the outcome of a MOLS search.
type MOLSResult struct {
	// Status is Sat (Squares holds them), Unsat (no case has them) or
	// Unknown (the search was interrupted).
	Status  sat.Status
	Squares [][][]int
	// Size is the size of the encoding of the last formula solved; Cases
	// counts the cases decided.
	Size  Size
	Cases int
}

// SolveMOLS searches for r MOLS of order n by SAT, one fresh solver from
// newSolver per case (or one for all, with opt.Together), and checks what it finds with CheckMOLS (a failure
// is an internal error). The error also reports interruption, with Status
// Unknown.
func SolveMOLS(ctx context.Context, newSolver func() sat.Solver, n, r int, opt MOLSOptions) (MOLSResult, error) {
	res := MOLSResult{Status: sat.Unsat}
	cases := MOLSCases(n, r, opt.Symmetry)
	jobs := [][]Case{cases}
	if !opt.Together || len(cases) == 1 {
		jobs = nil
		for _, c := range cases {
			jobs = append(jobs, []Case{c})
		}
	}
	for _, j := range jobs {
		s := newSolver()
		res.Size = Size{}
		var m *MOLSModel
		sat.EncodeContext(ctx, s, func(s sat.Sink) error {
			if len(j) > 1 {
				m, _ = EncodeMOLSCases(count(s, &res.Size), n, r, opt)
			} else {
				m = EncodeMOLS(count(s, &res.Size), n, r, opt, j[0])
			}
			return nil
		})
		if ctx.Err() != nil { // an encoding cut short is never solved
			res.Status = sat.Unknown
			return res, ctx.Err()
		}
		res.Cases += len(j)
		st, err := s.Solve(ctx)
		switch st {
		case sat.Unknown:
			res.Status = sat.Unknown
			return res, err
		case sat.Unsat:
			continue
		}
		sq := m.Decode(s.Model())
		if err := CheckMOLS(sq); err != nil {
			return res, fmt.Errorf("internal error: the SAT squares fail the check: %w", err)
		}
		res.Status, res.Squares = sat.Sat, sq
		return res, nil
	}
	return res, nil
}
