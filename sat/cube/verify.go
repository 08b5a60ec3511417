package cube

import (
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

// The two checks that make "every cube is unsatisfiable" mean "the formula
// is unsatisfiable": the refuted branches really are refuted, and the
// cubes and refuted branches together leave no assignment out. Both are
// written apart from the splitter, so that a bug there is caught here.

// Refuter checks refutations by unit propagation on a formula's clauses.
// It is independent of the splitter's engine: a literal made false
// rescans the clauses it occurs in.
type Refuter struct {
	nvars   int
	clauses []sat.Clause
	occ     map[sat.Lit][]int
	units   []sat.Lit
	empty   bool
}

// NewRefuter returns a Refuter for f's clauses.
func NewRefuter(f *sat.Formula) *Refuter {
	r := &Refuter{nvars: f.NumVars, clauses: f.Clauses, occ: make(map[sat.Lit][]int)}
	for i, c := range f.Clauses {
		switch len(c) {
		case 0:
			r.empty = true
		case 1:
			r.units = append(r.units, c[0])
		}
		for _, l := range c {
			r.occ[l] = append(r.occ[l], i)
		}
	}
	return r
}

// Refutes reports whether unit propagation on the clauses and the
// literals of branch reaches a conflict.
func (r *Refuter) Refutes(branch []sat.Lit) bool {
	if r.empty {
		return true
	}
	val := make(map[sat.Var]bool)
	var queue []sat.Lit
	set := func(l sat.Lit) bool {
		if b, ok := val[l.Var()]; ok {
			return b == (l > 0)
		}
		val[l.Var()] = l > 0
		queue = append(queue, l)
		return true
	}
	for _, l := range branch {
		if !set(l) {
			return true
		}
	}
	for _, l := range r.units {
		if !set(l) {
			return true
		}
	}
	for i := 0; i < len(queue); i++ {
		for _, ci := range r.occ[-queue[i]] {
			var free sat.Lit
			n, satisfied := 0, false
			for _, x := range r.clauses[ci] {
				b, ok := val[x.Var()]
				switch {
				case !ok:
					if free != x {
						n++
					}
					free = x
				case b == (x > 0):
					satisfied = true
				}
			}
			switch {
			case satisfied:
			case n == 0:
				return true
			case n == 1:
				set(free)
			}
		}
	}
	return false
}

// CheckPartition verifies that the conjunctions in the given lists (the
// cubes and the refuted branches of a split, say) are the leaves of one
// decision tree: each list's literals are the branches from the root in
// order, siblings branch on the same variable, and no branch is missing.
// Then every assignment agrees with exactly one of them. It returns an
// error naming the first defect found.
func CheckPartition(lists ...[][]sat.Lit) error {
	var all [][]sat.Lit
	for _, l := range lists {
		all = append(all, l...)
	}
	if len(all) == 0 {
		return fmt.Errorf("no cubes: nothing covers the assignments")
	}
	idx := make([]int, len(all))
	for i := range idx {
		idx[i] = i
	}
	return checkTree(all, idx, nil)
}

// checkTree checks that the items idx of all, which share the first
// len(prefix) literals, cover the assignments agreeing with prefix exactly
// once.
func checkTree(all [][]sat.Lit, idx []int, prefix []sat.Lit) error {
	d := len(prefix)
	for len(idx) > 0 {
		if len(idx) == 1 && len(all[idx[0]]) == d {
			return nil
		}
		for _, i := range idx {
			if len(all[i]) == d {
				return fmt.Errorf("cube %d (%v) overlaps another cube that extends it", i+1, lits(all[i]))
			}
		}
		v := all[idx[0]][d].Var()
		var pos, neg []int
		for _, i := range idx {
			l := all[i][d]
			switch {
			case l.Var() != v:
				return fmt.Errorf("cubes %d and %d branch on different variables (%d, %d) after %v: not a decision tree",
					idx[0]+1, i+1, v, l.Var(), lits(prefix))
			case l > 0:
				pos = append(pos, i)
			default:
				neg = append(neg, i)
			}
		}
		if len(pos) == 0 || len(neg) == 0 {
			missing := v.Pos()
			if len(pos) > 0 {
				missing = v.Neg()
			}
			return fmt.Errorf("no cube covers the branch %v", lits(append(prefix[:d:d], missing)))
		}
		// Recurse on the smaller side, loop on the larger: the stack
		// stays logarithmic in the number of cubes.
		small, large, ls, ll := pos, neg, v.Pos(), v.Neg()
		if len(small) > len(large) {
			small, large, ls, ll = large, small, ll, ls
		}
		if err := checkTree(all, small, append(prefix[:d:d], ls)); err != nil {
			return err
		}
		idx, prefix = large, append(prefix[:d:d], ll)
		d++
	}
	return nil
}

// lits formats a conjunction as "[1 -2 3]".
func lits(c []sat.Lit) string { return fmt.Sprint(c) }
