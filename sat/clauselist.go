package sat

import "iter"

// ClauseList is a list of clauses stored flat: the literals of every
// clause in one slice, each clause ended by a 0. It costs 4 bytes per
// literal plus 4 per clause, against a Formula's 24-byte slice header and
// separate allocation per clause, so adapters keep their copy of a
// formula in one (11 million 3-literal clauses: 178 MB instead of 444 MB).
// The zero value is the empty list.
type ClauseList struct {
	lits []Lit
	n    int
}

// NewClauseList returns an empty list with room for the given numbers of
// clauses and literals.
func NewClauseList(clauses, lits int) *ClauseList {
	return &ClauseList{lits: make([]Lit, 0, clauses+lits)}
}

// Add appends a copy of the clause c. It panics on a zero literal.
func (l *ClauseList) Add(c []Lit) {
	for _, x := range c {
		if x == 0 {
			panic("sat: zero literal")
		}
	}
	l.lits = append(l.lits, c...)
	l.lits = append(l.lits, 0)
	l.n++
}

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
	for i, c := range l.All() {
		if !c.Satisfied(a) {
			return &CheckError{Kind: "clause", Index: i, What: c.String()}
		}
	}
	return nil
}
