package proof

// Naive reference checkers for the tests: the definitions of the formats
// written as directly as possible (maps, full passes over the clauses),
// with nothing shared with the checkers under test but the Step type.

import (
	"slices"

	"github.com/satsolve/satsolve/sat"
)

// refUP propagates units over clauses from the assignment a (variable →
// value) to a fixpoint and reports a conflict.
func refUP(clauses [][]sat.Lit, a map[sat.Var]bool) bool {
	for changed := true; changed; {
		changed = false
		for _, cl := range clauses {
			if cl == nil {
				continue
			}
			var unit sat.Lit
			open, sat := 0, false
			for _, l := range cl {
				v, ok := a[l.Var()]
				switch {
				case !ok:
					open++
					unit = l
				case v == l.IsPos():
					sat = true
				}
			}
			switch {
			case sat:
			case open == 0:
				return true
			case open == 1:
				a[unit.Var()] = unit.IsPos()
				changed = true
			}
		}
	}
	return false
}

// refRUP reports whether unit propagation on the negation of lemma
// reaches a conflict.
func refRUP(clauses [][]sat.Lit, lemma []sat.Lit) bool {
	a := make(map[sat.Var]bool)
	for _, l := range lemma {
		if v, ok := a[l.Var()]; ok && v == l.IsPos() {
			return true // tautology
		}
		a[l.Var()] = !l.IsPos()
	}
	return refUP(clauses, a)
}

// refRAT reports whether lemma is RAT on its first literal.
func refRAT(clauses [][]sat.Lit, lemma []sat.Lit) bool {
	if len(lemma) == 0 {
		return false
	}
	p := lemma[0]
	for _, d := range clauses {
		if d == nil || !slices.Contains(d, -p) {
			continue
		}
		res := slices.Clone(lemma)
		for _, l := range d {
			if l != -p {
				res = append(res, l)
			}
		}
		if !refRUP(clauses, res) {
			return false
		}
	}
	return true
}

// dedupe returns a copy of lits without repeated literals.
func dedupe(lits []sat.Lit) []sat.Lit {
	out := []sat.Lit{}
	for _, l := range lits {
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// sameSet reports whether a and b hold the same literals.
func sameSet(a, b []sat.Lit) bool {
	for _, l := range a {
		if !slices.Contains(b, l) {
			return false
		}
	}
	for _, l := range b {
		if !slices.Contains(a, l) {
			return false
		}
	}
	return true
}

// refDRATResult is the verdict of the reference DRAT checker.
type refDRATResult struct {
	refuted bool         // unit propagation refutes the formula at some step
	stop    int          // the step number after which it does (0: the formula)
	valid   map[int]bool // lemma step number → RUP or RAT where it stands
}

// allValid reports whether the proof refutes the formula with every
// lemma up to the refutation valid.
func (r refDRATResult) allValid() bool {
	for _, ok := range r.valid {
		if !ok {
			return false
		}
	}
	return r.refuted
}

// refDRAT checks a DRAT proof forward by the definition, with the
// checker's rule for deletions: a deletion of a clause that is unit under
// the top-level assignment (one literal true, the others false) is
// ignored, as is the deletion of a clause not present.
func refDRAT(f *sat.Formula, steps []Step) refDRATResult {
	var clauses [][]sat.Lit
	for _, cl := range f.Clauses {
		clauses = append(clauses, dedupe(cl))
	}
	res := refDRATResult{valid: make(map[int]bool)}
	top := make(map[sat.Var]bool)
	if refUP(clauses, top) {
		res.refuted = true
		return res
	}
	for k, st := range steps {
		n := k + 1
		if st.Delete {
			for i, cl := range clauses {
				if cl == nil || !sameSet(cl, st.Lits) {
					continue
				}
				open, truths := 0, 0
				for _, l := range cl {
					v, ok := top[l.Var()]
					switch {
					case !ok:
						open++
					case v == l.IsPos():
						truths++
					}
				}
				if open > 0 || truths != 1 {
					clauses[i] = nil
				}
				break
			}
			continue
		}
		lemma := dedupe(st.Lits)
		res.valid[n] = refRUP(clauses, lemma) || refRAT(clauses, lemma)
		clauses = append(clauses, lemma)
		top = make(map[sat.Var]bool)
		if refUP(clauses, top) {
			res.refuted, res.stop = true, n
			return res
		}
	}
	return res
}

// refLRAT checks an LRAT proof by the definition. It returns the number
// of the first failing step, 0 when the proof is verified, -1 when it
// ends without the empty clause.
func refLRAT(f *sat.Formula, steps []Step) int {
	alive := make(map[uint64][]sat.Lit)
	for i, cl := range f.Clauses {
		alive[uint64(i+1)] = dedupe(cl)
	}
	// chain follows positive hints under a; it reports a conflict, and
	// false with ok == false when a hint is bad.
	chain := func(a map[sat.Var]bool, hints []int64) (conflict, ok bool) {
		for _, h := range hints {
			cl, live := alive[uint64(h)]
			if !live {
				return false, false
			}
			var unit sat.Lit
			open := 0
			for _, l := range cl {
				if v, set := a[l.Var()]; !set || v == l.IsPos() {
					open++
					unit = l
				}
			}
			switch {
			case open == 0:
				return true, true
			case open > 1:
				return false, false
			}
			a[unit.Var()] = unit.IsPos()
		}
		return false, true
	}
	for k, st := range steps {
		n := k + 1
		if st.Delete {
			for _, id := range st.IDs {
				delete(alive, id)
			}
			continue
		}
		if _, used := alive[st.ID]; used {
			return n
		}
		a := make(map[sat.Var]bool)
		taut := false
		for _, l := range st.Lits {
			if v, ok := a[l.Var()]; ok && v == l.IsPos() {
				taut = true
			}
			a[l.Var()] = !l.IsPos()
		}
		first := len(st.Hints)
		for i, h := range st.Hints {
			if h < 0 {
				first = i
				break
			}
		}
		good := taut
		if !good {
			conflict, ok := chain(a, st.Hints[:first])
			switch {
			case !ok:
				return n
			case conflict:
				good = true
			case len(st.Lits) == 0:
				return n
			}
		}
		if !good {
			// RAT: a group per alive clause containing ¬p.
			p := st.Lits[0]
			groups := make(map[uint64][]int64)
			for i := first; i < len(st.Hints); i++ {
				id := uint64(-st.Hints[i])
				if _, dup := groups[id]; dup {
					return n
				}
				j := i + 1
				for j < len(st.Hints) && st.Hints[j] > 0 {
					j++
				}
				groups[id] = st.Hints[i+1 : j]
				i = j - 1
			}
			for id, cl := range alive {
				if !slices.Contains(cl, -p) {
					continue
				}
				b := make(map[sat.Var]bool)
				for v, x := range a {
					b[v] = x
				}
				blocked := false
				for _, l := range cl {
					if l == -p {
						continue
					}
					if v, ok := b[l.Var()]; ok && v == l.IsPos() {
						blocked = true
					}
					if _, ok := b[l.Var()]; !ok {
						b[l.Var()] = !l.IsPos()
					}
				}
				hints, ok := groups[id]
				delete(groups, id)
				if blocked {
					continue
				}
				if !ok {
					return n
				}
				if conflict, ok := chain(b, hints); !ok || !conflict {
					return n
				}
			}
			if len(groups) > 0 {
				return n
			}
		}
		if len(st.Lits) == 0 {
			return 0
		}
		alive[st.ID] = dedupe(st.Lits)
	}
	return -1
}
