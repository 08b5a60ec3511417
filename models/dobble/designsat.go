package dobble

import (
	"context"
	"errors"
	"fmt"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// The incidence-matrix model of a symmetric design (a projective plane
// for λ = 1): a v×v matrix with row and column sums k and any two rows
// sharing exactly λ symbols (see matrix.go for the pair encodings).
//
// Symmetry breaking. Rows and columns can be permuted freely, so the
// search space holds every labelling of every solution; the levels fix
// more and more of a labelling that every plane has:
//
//   - lex: rows and columns in decreasing lexicographic order (double
//     lex, Flener et al., Breaking row and column symmetries in matrix
//     models, CP 2002); any λ.
//   - pencil (λ = 1): card 0 is {0..q}; cards 1..q are the pencil through
//     symbol 0, card i = {0} ∪ block i, block i being the symbols
//     q+1+(i−1)q … q+iq.
//   - transversal: the q cards through symbol j = 1..q other than card 0
//     are numbered L(j, t) = q+1+(j−1)q+t, t = 0..q−1, so that L(j, t)
//     holds the t-th symbol of block 1; the cards L(1, t) through symbol
//     1 are fixed whole: L(1, t) holds the t-th symbol of every block.
//     This is the standard form of the research brief: what remains is
//     q−1 MOLS of order q (square s is the pencil through symbol s+2,
//     cell (r, c) the r-th symbol of block c+1, value v the card
//     L(s+2, v)), each with its first column fixed.
//   - latin: the MOLS symmetry breaking (mols.go) transposed: the first
//     row of square 0 fixed (permute blocks 2..q), the first row of
//     square 1 fixed to a cycle-type representative (one case per
//     partition of q−1 into parts ≥ 2), and the squares 2.. ordered by
//     their entry in cell (0, 1), which makes it s+1.
//
// Each level is sound: a plane of order q exists iff some case of the
// level is satisfiable.

// Symmetry selects the symmetry breaking of the design model.
type Symmetry uint8

// The symmetry-breaking levels. Pencil, transversal and latin apply to
// planes (λ = 1) and each includes the previous one.
const (
	SymNone        Symmetry = iota // nothing fixed
	SymLex                         // double lex on rows and columns
	SymPencil                      // card 0 and the pencil through symbol 0
	SymTransversal                 // the standard form
	SymLatin                       // the standard form plus MOLS normalisation
)

var symNames = []string{"none", "lex", "pencil", "transversal", "latin"}

// String returns the level's flag name.
func (y Symmetry) String() string { return enumName("Symmetry", int(y), symNames) }

// ParseSymmetry returns the level whose String is name.
func ParseSymmetry(name string) (Symmetry, error) {
	i, err := parseEnum("symmetry level", name, symNames)
	return Symmetry(i), err
}

// Options configures the incidence-matrix models.
type Options struct {
	Pair     PairEncoding
	Card     encode.CardMethod // row and column sums, exactly-λ for λ ≥ 2
	AMO      encode.AMOMethod  // exactly-one for λ = 1
	Symmetry Symmetry
	// Together solves every case of the symmetry level in one formula
	// (EncodeDesignCases) instead of one solver per case.
	Together bool
}

// DefaultOptions are the options measured fastest for planes (see
// docs/dobble.md).
var DefaultOptions = Options{Pair: PairAux, Card: encode.CardTotalizer, AMO: encode.AMOPairwise, Symmetry: SymLatin}

// ErrOption reports an option that does not apply to a model.
var ErrOption = errors.New("option does not apply")

// DesignCases returns the cases a design search must cover: one per
// cycle type for the latin level, a single nil case otherwise.
func DesignCases(k, lambda int, sym Symmetry) []Case {
	if sym == SymLatin && lambda == 1 {
		return MOLSCases(k-1, k-2, MOLSCycles)
	}
	return []Case{nil}
}

// EncodeDesign writes the incidence model of a symmetric design with k
// symbols per card, any two cards sharing λ, into s, for the case c
// (from DesignCases). The error reports parameters without an integer v
// or an option that does not apply (wrapping ErrOption).
func EncodeDesign(s sat.Sink, k, lambda int, opt Options, c Case) (*Matrix, error) {
	ver, err := DesignVerdict(k, lambda)
	if err != nil {
		return nil, err
	}
	if ver.V == 0 {
		return nil, errors.New(ver.Reason)
	}
	if !opt.Card.Applies(s) {
		return nil, fmt.Errorf("%w: cardinality method %v needs a sink that takes native constraints", ErrOption, opt.Card)
	}
	if opt.Symmetry >= SymPencil && lambda != 1 {
		return nil, fmt.Errorf("%w: symmetry level %v is for planes (λ = 1)", ErrOption, opt.Symmetry)
	}
	v := ver.V
	m := newMatrix(s, v, v)
	for i := range v {
		if err := encode.Exactly(s, m.Row(i), k, opt.Card); err != nil {
			return nil, err
		}
		if err := encode.Exactly(s, m.Col(i), k, opt.Card); err != nil {
			return nil, err
		}
	}
	for a := range v {
		for b := a + 1; b < v; b++ {
			if err := meet(s, m.Row(a), m.Row(b), lambda, opt.Pair, opt); err != nil {
				return nil, fmt.Errorf("%w: %v", ErrOption, err)
			}
		}
	}
	switch {
	case opt.Symmetry == SymLex:
		doubleLex(s, m)
	case opt.Symmetry >= SymPencil:
		planeStandardForm(s, m, k-1, opt.Symmetry)
		if opt.Symmetry == SymLatin && c != nil {
			planeCase(s, m, k-1, c)
		}
	}
	return m, nil
}

// EncodeDesignCases writes the design model with every case of the
// symmetry level at once, each case's fixings guarded by a selector
// literal (returned, in the order of DesignCases) and one clause picking
// a case; see EncodeMOLSCases.
func EncodeDesignCases(s sat.Sink, k, lambda int, opt Options) (*Matrix, []sat.Lit, error) {
	cases := DesignCases(k, lambda, opt.Symmetry)
	if len(cases) == 1 {
		m, err := EncodeDesign(s, k, lambda, opt, cases[0])
		return m, nil, err
	}
	m, err := EncodeDesign(s, k, lambda, opt, nil)
	if err != nil {
		return nil, nil, err
	}
	sel := make([]sat.Lit, len(cases))
	for i, c := range cases {
		sel[i] = s.NewVar().Pos()
		planeCase(encode.Guard(s, sel[i]), m, k-1, c)
	}
	s.AddClause(sel...)
	return m, sel, nil
}

// doubleLex orders rows and columns decreasingly.
func doubleLex(s sat.Sink, m *Matrix) {
	for i := 0; i+1 < m.Rows; i++ {
		encode.LexLeq(s, m.Row(i+1), m.Row(i))
	}
	for j := 0; j+1 < m.Cols; j++ {
		encode.LexLeq(s, m.Col(j+1), m.Col(j))
	}
}

// planeStandardForm adds the fixings of the pencil, transversal and latin
// levels for a plane of order q.
func planeStandardForm(s sat.Sink, m *Matrix, q int, sym Symmetry) {
	fix := func(i int, syms []int) {
		in := make([]bool, m.Cols)
		for _, j := range syms {
			in[j] = true
		}
		for j := range m.Cols {
			l := m.X(i, j)
			if !in[j] {
				l = l.Not()
			}
			s.AddClause(l)
		}
	}
	var row []int
	for j := 0; j <= q; j++ {
		row = append(row, j)
	}
	fix(0, row)
	for i := 1; i <= q; i++ {
		row = []int{0}
		for t := range q {
			row = append(row, block(q, i, t))
		}
		fix(i, row)
	}
	if sym < SymTransversal {
		return
	}
	for j := 1; j <= q; j++ {
		for t := range q {
			s.AddClause(m.X(line(q, j, t), j))
			s.AddClause(m.X(line(q, j, t), block(q, 1, t)))
		}
	}
	for t := range q {
		row = []int{1}
		for b := 1; b <= q; b++ {
			row = append(row, block(q, b, t))
		}
		fix(line(q, 1, t), row)
	}
	if sym < SymLatin || q < 2 {
		return
	}
	for col := range q {
		s.AddClause(cell(m, q, 0, 0, col, col))
	}
	for sq := 2; sq <= q-2; sq++ {
		s.AddClause(cell(m, q, sq, 0, 1, sq+1))
	}
}

// planeCase fixes the first row of square 1 to the case's representative.
func planeCase(s sat.Sink, m *Matrix, q int, c Case) {
	pi := c.permutation()
	if len(pi) != q {
		panic("dobble: plane case does not partition q−1")
	}
	for col := range q {
		s.AddClause(cell(m, q, 1, 0, col, pi[col]))
	}
}

// block returns the t-th symbol of block b (1..q) of the standard form.
func block(q, b, t int) int { return q + 1 + (b-1)*q + t }

// line returns the card L(j, t) of the standard form.
func line(q, j, t int) int { return q + 1 + (j-1)*q + t }

// cell returns the literal "L_sq[r][col] = v" of the MOLS inside the
// standard form: square sq is the pencil through symbol sq+2, cell
// (r, col) the symbol block(col+1, r), value v the card L(sq+2, v).
func cell(m *Matrix, q, sq, r, col, v int) sat.Lit {
	return m.X(line(q, sq+2, v), block(q, col+1, r))
}

// DesignResult is the outcome of a design search.
type DesignResult struct {
	// Status is Sat (Deck holds the design), Unsat (no case has one) or
	// Unknown (the search was interrupted).
	Status sat.Status
	Deck   *Deck
	// Size is the size of the encoding of the last formula solved; Cases
	// counts the cases decided.
	Size  Size
	Cases int
}

// SolveDesign searches for a symmetric design by SAT, one fresh solver
// from newSolver per case (or one for all, with opt.Together). A found design is checked with Check before
// it is returned; a design failing the check is an internal error. The
// error also reports interruption (with Status Unknown) and bad options.
func SolveDesign(ctx context.Context, newSolver func() sat.Solver, k, lambda int, opt Options) (DesignResult, error) {
	res := DesignResult{Status: sat.Unsat}
	type job struct {
		cases []Case
		one   Case
	}
	jobs := []job{{cases: DesignCases(k, lambda, opt.Symmetry)}}
	if !opt.Together || len(jobs[0].cases) == 1 {
		jobs = nil
		for _, c := range DesignCases(k, lambda, opt.Symmetry) {
			jobs = append(jobs, job{one: c})
		}
	}
	for _, j := range jobs {
		s := newSolver()
		res.Size = Size{}
		var m *Matrix
		var err error
		err = sat.EncodeContext(ctx, s, func(s sat.Sink) (err error) {
			if j.cases != nil {
				m, _, err = EncodeDesignCases(count(s, &res.Size), k, lambda, opt)
			} else {
				m, err = EncodeDesign(count(s, &res.Size), k, lambda, opt, j.one)
			}
			return err
		})
		if ctx.Err() != nil { // an encoding cut short is never solved
			res.Status = sat.Unknown
			return res, ctx.Err()
		}
		if err != nil {
			return DesignResult{}, err
		}
		if j.cases != nil {
			res.Cases += len(j.cases)
		} else {
			res.Cases++
		}
		st, err := s.Solve(ctx)
		switch st {
		case sat.Unknown:
			res.Status = sat.Unknown
			return res, err
		case sat.Unsat:
			continue
		}
		all := make([]int, m.Rows)
		for i := range all {
			all[i] = i
		}
		d := m.Decode(s.Model(), all)
		if err := Check(d, k, lambda); err != nil {
			return res, fmt.Errorf("internal error: the SAT design fails the check: %w", err)
		}
		res.Status, res.Deck = sat.Sat, d
		return res, nil
	}
	return res, nil
}
