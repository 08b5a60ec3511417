package satfile

import (
	"fmt"
	"math"
	"math/big"

	"github.com/satsolve/satsolve/sat"
)

// relaxation records a soft clause that needs a relaxation variable: the
// last literal of clauses[clause] and the objective term term.
type relaxation struct {
	clause, term int
}

// hard reads the 'h' that opens a hard clause in the 2022 WCNF dialect.
func (c *clauseReader) hard() error {
	s := c.s
	line, col := s.line, s.col()
	if c.open {
		return s.errHere(newDefect(ErrSyntax, "'h' inside a clause"))
	}
	if c.hdr.Present {
		return s.errHere(newDefect(ErrSyntax, "'h' marks hard clauses in the 2022 WCNF format, but this file has a 'p wcnf' header"))
	}
	s.pos++
	if b := s.peek(); b >= 0 && !isSpace(b) {
		return s.errHere(newDefect(ErrSyntax, "expected a blank after 'h'"))
	}
	c.weight = 0
	return c.openClause(line, col)
}

// readWeight reads the weight that opens a WCNF clause; the sign, if any,
// is consumed and neg tells which it was.
func (c *clauseReader) readWeight(line, col int, neg bool) error {
	s := c.s
	v, n, over := s.uint(math.MaxInt64)
	if n == 0 {
		return s.errHere(newDefect(ErrSyntax, "sign without digits"))
	}
	if b := s.peek(); b >= 0 && !isSpace(b) {
		return s.errAt(line, col, newDefect(ErrWeight, "weights must be integers (found %q after the digits)", rune(b)))
	}
	switch {
	case neg:
		return s.errAt(line, col, newDefect(ErrWeight, "negative weight; weights must be at least 1"))
	case over:
		return s.errAt(line, col, newDefect(ErrTooLarge, "weight beyond 2^63-1"))
	case v == 0:
		return s.errAt(line, col, newDefect(ErrWeight, "weight 0; weights must be at least 1"))
	}
	if err := c.openClause(line, col); err != nil {
		return err
	}
	w := int64(v)
	if c.hdr.Top > 0 && w >= c.hdr.Top {
		c.weight = 0
		return nil
	}
	if w > sat.MaxCoefSum-c.softSum {
		if !c.wide {
			return s.errAt(line, col, newDefect(sat.ErrCoefRange, "the soft clauses' weights sum beyond 2^61"))
		}
		c.softSum = min(c.softSum, math.MaxInt64-w) + w // saturated
	} else {
		c.softSum += w
	}
	c.weight = w
	return nil
}

// closeSoft ends a soft clause of n literals. A unit (l) becomes the
// objective term weight·¬l; any other clause C becomes C ∨ r, with r a
// relaxation variable numbered at the end, and the term weight·r.
func (c *clauseReader) closeSoft(n int) {
	if n == 1 {
		c.objective = append(c.objective, sat.Term{Coef: c.weight, Lit: -c.arena[c.start]})
		c.arena = c.arena[:c.start]
		return
	}
	c.push(0) // the relaxation literal, numbered in problem()
	c.relaxed = append(c.relaxed, relaxation{clause: len(c.lens), term: len(c.objective)})
	c.objective = append(c.objective, sat.Term{Coef: c.weight})
	c.cut()
}

// relax numbers the relaxation variables after the orig variables of the
// input, in order, in the clauses and in f.Objective (which holds the
// objective terms, already renumbered with the clauses).
func (c *clauseReader) relax(f *sat.Formula, orig int) error {
	if len(c.relaxed) > int(sat.MaxVar)-orig {
		return c.s.errHere(newDefect(ErrTooLarge, "no room for %d relaxation variables above variable %d", len(c.relaxed), orig))
	}
	for k, r := range c.relaxed {
		l := sat.Lit(orig + k + 1)
		cl := f.Clauses[r.clause]
		cl[len(cl)-1] = l
		f.Objective[r.term].Lit = l
	}
	c.relaxedClauses = make([]int, len(c.relaxed))
	for k, r := range c.relaxed {
		c.relaxedClauses[k] = r.clause
	}
	f.NumVars = orig + len(c.relaxed)
	if f.Objective == nil {
		f.Objective = []sat.Term{}
	}
	return nil
}

// Cost returns the cost of a according to the input itself: for WCNF the
// total weight of the soft clauses a falsifies, read on the input's own
// variables 1..OrigVars whatever a gives the relaxation variables; for OPB
// the objective's value; 0 for CNF. It is what a MaxSAT or PB checker
// computes from the file and a printed model. Only with Options.Wide can
// a cost lie beyond int64; Cost then saturates at math.MaxInt64, and
// BigCost has it exactly.
func (p *Problem) Cost(a sat.Assignment) int64 {
	c := p.BigCost(a)
	if !c.IsInt64() {
		return math.MaxInt64
	}
	return c.Int64()
}

// BigCost is Cost in exact arithmetic.
func (p *Problem) BigCost(a sat.Assignment) *big.Int {
	if len(p.relaxed) == 0 {
		return sat.BigSum(p.Formula.Objective, a)
	}
	// The relaxation variables read as their soft clauses say.
	b := append(sat.Assignment(nil), a...)
	for len(b) <= p.Formula.NumVars {
		b = append(b, false)
	}
	p.Improve(b)
	return sat.BigSum(p.Formula.Objective, b)
}

// CheckBig checks a against the constraints of BigPBs, in exact
// arithmetic.
func (p *Problem) CheckBig(a sat.Assignment) error {
	for i, c := range p.BigPBs {
		if !c.Holds(a) {
			return fmt.Errorf("big constraint %d violated: %v", i+1, c)
		}
	}
	return nil
}

// Improve sets every WCNF relaxation variable of a to false where its
// soft clause holds without it, and to true where it does not, so that
// Formula.Cost(a) becomes Cost(a) and a model of the formula stays one. a
// must cover Formula.NumVars (solver models do). Other formats are left
// alone. Improve fits optimize.Options.Improve.
func (p *Problem) Improve(a sat.Assignment) {
	for k := range p.relaxed {
		if v := p.OrigVars + 1 + k; v < len(a) {
			a[v] = !p.softHolds(a, k)
		}
	}
}

// softHolds reports whether a satisfies the k-th relaxed soft clause
// without its relaxation literal (the clause's last).
func (p *Problem) softHolds(a sat.Assignment, k int) bool {
	c := p.Formula.Clauses[p.relaxed[k]]
	return c[:len(c)-1].Satisfied(a)
}
