package preprocess

import "slices"

// Clause normalization: duplicate-literal and tautology removal.
//
// Every clause entering the database is sorted by literal code, which puts
// the two literals of a variable side by side (codes 2v and 2v+1). One
// pass then drops repeated literals and detects a variable occurring in
// both polarities; such a clause is a tautology, true in every assignment,
// and is discarded without any effect on the models. Sorted clauses also
// make resolvents a linear merge (see eliminate.go).

// normalize sorts lits in place, removes duplicates and reports whether
// the clause is a tautology. It returns the shortened slice.
func normalize(lits []lit) ([]lit, bool) {
	if len(lits) <= 12 {
		for i := 1; i < len(lits); i++ {
			for j := i; j > 0 && lits[j] < lits[j-1]; j-- {
				lits[j], lits[j-1] = lits[j-1], lits[j]
			}
		}
	} else {
		slices.Sort(lits)
	}
	j := 0
	for i, l := range lits {
		if i > 0 {
			prev := lits[j-1]
			if l == prev {
				continue
			}
			if l == prev.not() {
				return lits[:0], true
			}
		}
		lits[j] = l
		j++
	}
	return lits[:j], false
}
