package sat

import "strings"

// Clause is a disjunction of literals. The empty clause is false.
type Clause []Lit

// String returns c in DIMACS form, terminated by 0.
func (c Clause) String() string {
	var b strings.Builder
	for _, l := range c {
		b.WriteString(l.String())
		b.WriteByte(' ')
	}
	b.WriteByte('0')
	return b.String()
}

// Satisfied reports whether a makes some literal of c true.
func (c Clause) Satisfied(a Assignment) bool {
	for _, l := range c {
		if a.Lit(l) {
			return true
		}
	}
	return false
}
