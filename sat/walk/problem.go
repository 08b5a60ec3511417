package walk

import (
	"github.com/satsolve/satsolve/sat"
)

// problem is the formula as local search sees it: the clauses that the
// assumptions do not satisfy, stripped of the literals they falsify, of
// duplicate literals and of tautologies, so that every literal left is on
// a variable the search may flip. Literals are coded 2v (positive) and
// 2v+1 (negative).
type problem struct {
	nvars  int
	fixed  []int8    // 1 or −1 for the value of an assumed variable, 0 if free
	lits   []int32   // the clauses' literals, clause after clause
	start  []int32   // clause c is lits[start[c]:start[c+1]]
	occ    [][]int32 // clauses of each coded literal
	maxLen int
}

// code returns the coded form of l.
func code(l sat.Lit) int32 {
	if l > 0 {
		return 2 * int32(l)
	}
	return -2*int32(l) + 1
}

// newProblem builds the search's view of f under the assumptions. It
// reports a conflict when a clause is empty once the assumptions are
// applied, or two assumptions are complementary.
func newProblem(f *sat.Formula, assumptions []sat.Lit) (*problem, bool) {
	n := f.NumVars
	assumed := make([]int8, n+1)
	p := &problem{nvars: n, fixed: assumed, start: []int32{0}, occ: make([][]int32, 2*n+2)}
	for _, a := range assumptions {
		v, val := a.Var(), int8(1)
		if !a.IsPos() {
			val = -1
		}
		if assumed[v] == -val {
			return nil, true
		}
		assumed[v] = val
	}
	seen := make([]int8, n+1) // sign of v in the current clause, 0 if absent
	var clause []int32
clauses:
	for _, c := range f.Clauses {
		clause = clause[:0]
		for _, l := range c {
			v, sign := l.Var(), int8(1)
			if !l.IsPos() {
				sign = -1
			}
			switch {
			case assumed[v] == sign:
				for _, x := range clause {
					seen[x/2] = 0
				}
				continue clauses // satisfied by an assumption
			case assumed[v] != 0:
				continue // falsified by an assumption
			case seen[v] == sign:
				continue // duplicate
			case seen[v] != 0:
				for _, x := range clause {
					seen[x/2] = 0
				}
				continue clauses // tautology
			}
			seen[v] = sign
			clause = append(clause, code(l))
		}
		for _, x := range clause {
			seen[x/2] = 0
		}
		if len(clause) == 0 {
			return nil, true
		}
		id := int32(len(p.start) - 1)
		for _, x := range clause {
			p.occ[x] = append(p.occ[x], id)
		}
		p.lits = append(p.lits, clause...)
		p.start = append(p.start, int32(len(p.lits)))
		p.maxLen = max(p.maxLen, len(clause))
	}
	return p, false
}

// numClauses returns the number of clauses the search must satisfy.
func (p *problem) numClauses() int { return len(p.start) - 1 }
