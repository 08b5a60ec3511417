package sat

import (
	"context"
	"iter"
)

// ClauseList is a list of clauses stored flat: the literals of every
// clause in one slice, each clause ended by a 0. It costs 4 bytes per
// literal plus 4 per clause, against a Formula's 24-byte slice header and
// separate allocation per clause, so adapters keep their copy of a
// formula in one (11 million 3-literal clauses: 178 MB instead of 444 MB).
// The zero value is the empty list.
type ClauseList struct {
	lits   []Lit
	n      int
	maxVar Var
}

// NewClauseList returns an empty list with room for the given numbers of
// clauses and literals.
func NewClauseList(clauses, lits int) *ClauseList {
	return &ClauseList{lits: make([]Lit, 0, clauses+lits)}
}

// ClauseListOf returns the list whose literals are lits, each clause ended
// by a 0 as Lits gives them, and takes lits over (the caller must not
// change it afterwards): a reader that lays clauses out this way hands
// them over without a copy. It counts the clauses and the largest
// variable in one pass, and panics when lits does not end with a 0 (a
// clause left open).
func ClauseListOf(lits []Lit) *ClauseList {
	if len(lits) > 0 && lits[len(lits)-1] != 0 {
		panic("sat: ClauseListOf: the last clause is not ended by a 0")
	}
	l := &ClauseList{lits: lits}
	for _, x := range lits {
		if x == 0 {
			l.n++
		} else if v := x.Var(); v > l.maxVar {
			l.maxVar = v
		}
	}
	return l
}

// Add appends a copy of the clause c. It panics on a zero literal.
func (l *ClauseList) Add(c []Lit) {
	for _, x := range c {
		if x == 0 {
			panic("sat: zero literal")
		}
		l.maxVar = max(l.maxVar, x.Var())
	}
	l.lits = append(l.lits, c...)
	l.lits = append(l.lits, 0)
	l.n++
}

// AddList appends the clauses of m. When l is empty it shares m's
// literals instead of copying them: a portfolio's engines and the final
// check then hold one copy of a large formula. Sharing is safe both ways:
// l keeps no spare capacity of m's, so the next Add to either list leaves
// the other as it was (the first Add to l copies what it shares).
func (l *ClauseList) AddList(m *ClauseList) {
	if l.n == 0 && len(l.lits) == 0 {
		*l = ClauseList{lits: m.lits[:len(m.lits):len(m.lits)], n: m.n, maxVar: m.maxVar}
		return
	}
	l.lits = append(l.lits, m.lits...)
	l.n += m.n
	l.maxVar = max(l.maxVar, m.maxVar)
}

// Lits returns the literals of every clause in order, each clause ended by
// a 0. It aliases the list: the caller must not change it (a reader such
// as a local search may index it instead of keeping its own copy).
func (l *ClauseList) Lits() []Lit { return l.lits[:len(l.lits):len(l.lits)] }

// MaxVar returns the largest variable of the clauses, 0 if there is none.
func (l *ClauseList) MaxVar() Var { return l.maxVar }

// Len returns the number of clauses.
func (l *ClauseList) Len() int { return l.n }

// All returns the clauses in order with their index. Each clause aliases
// the list: it must not be changed or kept beyond the next Add.
func (l *ClauseList) All() iter.Seq2[int, Clause] {
	return func(yield func(int, Clause) bool) {
		start, i := 0, 0
		for end, x := range l.lits {
			if x != 0 {
				continue
			}
			if !yield(i, Clause(l.lits[start:end:end])) {
				return
			}
			start, i = end+1, i+1
		}
	}
}

// End returns a mark after the last clause, for Since.
func (l *ClauseList) End() int { return len(l.lits) }

// Since returns the clauses added after mark, a value End returned, in
// order; it costs only what they hold (an incremental solver loads its
// new clauses with it). Each clause aliases the list, as with All.
func (l *ClauseList) Since(mark int) iter.Seq[Clause] {
	return func(yield func(Clause) bool) {
		start := mark
		for end := mark; end < len(l.lits); end++ {
			if l.lits[end] != 0 {
				continue
			}
			if !yield(Clause(l.lits[start:end:end])) {
				return
			}
			start = end + 1
		}
	}
}

// Check verifies that a satisfies every clause and that every assumption
// is true under a, as Formula.CheckUnder does.
func (l *ClauseList) Check(a Assignment, assumptions []Lit) error {
	for i, x := range assumptions {
		if !a.Lit(x) {
			return &CheckError{Kind: "assumption", Index: i, What: x.String()}
		}
	}
	// One pass over the literals: from a clause's first true literal on,
	// the rest of it is skipped; a clause whose 0 comes first is violated.
	// Every SAT answer of satsolve solve goes through here, a pass over
	// the whole formula.
	lits := l.lits
	start, i := 0, 0
	for k := 0; k < len(lits); k++ {
		x := lits[k]
		if x == 0 {
			return &CheckError{Kind: "clause", Index: i, What: Clause(lits[start:k]).String()}
		}
		if a.Lit(x) {
			for k++; lits[k] != 0; k++ {
			}
			start, i = k+1, i+1
		}
	}
	return nil
}

// ListAdder is the facet of a Solver that takes a whole ClauseList at once,
// as if each clause were given to AddClause in order, and may share the
// list's literals instead of copying them (see ClauseList.AddList). It
// returns ctx.Err() when ctx ends before every clause is added (those
// added so far stay added).
type ListAdder interface {
	AddList(ctx context.Context, l *ClauseList) error
}

// AddList gives the clauses of l to s: through its ListAdder facet when it
// has one, clause by clause otherwise, watching ctx every few thousand
// clauses.
func AddList(ctx context.Context, s Sink, l *ClauseList) error {
	if a, ok := s.(ListAdder); ok {
		return a.AddList(ctx, l)
	}
	for i, c := range l.All() {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		s.AddClause(c...)
	}
	return nil
}
