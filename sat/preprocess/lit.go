package preprocess

import "github.com/satsolve/satsolve/sat"

// lit is the internal literal code: variable v has the codes 2v (positive)
// and 2v+1 (negative), so a literal and its negation differ only in the
// lowest bit and per-literal tables are indexed directly by the code.
type lit uint32

// toLit converts a DIMACS literal (nonzero) to its internal code.
func toLit(l sat.Lit) lit {
	if l < 0 {
		return lit(-l)<<1 | 1
	}
	return lit(l) << 1
}

// posLit returns the positive literal code of variable v.
func posLit(v int) lit { return lit(v) << 1 }

// not returns the negation of l.
func (l lit) not() lit { return l ^ 1 }

// v returns the variable of l.
func (l lit) v() int { return int(l >> 1) }

// neg reports whether l is a negative literal.
func (l lit) neg() bool { return l&1 == 1 }

// ext converts l back to a DIMACS literal.
func (l lit) ext() sat.Lit {
	if l.neg() {
		return -sat.Lit(l >> 1)
	}
	return sat.Lit(l >> 1)
}
