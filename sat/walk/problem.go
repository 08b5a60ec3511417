package walk

import (
	"context"

	"github.com/satsolve/satsolve/sat"
)

// problem is the formula as local search sees it: the clauses that the
// assumptions do not satisfy, stripped of the literals they falsify, of
// duplicate literals and of tautologies, so that every literal left is on
// a variable the search may flip. Literals are coded 2v (positive) and
// 2v+1 (negative).
type problem struct {
	nvars  int
	fixed  []int8  // 1 or −1 for the value of an assumed variable, 0 if free
	lits   []int32 // the clauses' literals, clause after clause
	start  []int32 // clause c is lits[start[c]:start[c+1]]
	occs   []int32 // the clauses of each coded literal, literal after literal
	occAt  []int32 // the clauses of coded literal x are occs[occAt[x]:occAt[x+1]]
	maxLen int
}

// occ returns the clauses in which the coded literal x occurs.
func (p *problem) occ(x int32) []int32 { return p.occs[p.occAt[x]:p.occAt[x+1]] }

// code returns the coded form of l.
func code(l sat.Lit) int32 {
	if l > 0 {
		return 2 * int32(l)
	}
	return -2*int32(l) + 1
}

// newProblem builds the search's view of f, over variables 1..n, under the
// assumptions. It reports a conflict when a clause is empty once the
// assumptions are applied, or two assumptions are complementary, and
// returns ctx.Err() when ctx ends first (it looks every few thousand
// clauses: building the view of ten million clauses takes seconds).
func newProblem(ctx context.Context, f *sat.ClauseList, n int, assumptions []sat.Lit) (*problem, bool, error) {
	assumed := make([]int8, n+1)
	p := &problem{nvars: n, fixed: assumed, start: make([]int32, 1, f.Len()+1), lits: make([]int32, 0, f.End()-f.Len())}
	for _, a := range assumptions {
		v, val := a.Var(), int8(1)
		if !a.IsPos() {
			val = -1
		}
		if assumed[v] == -val {
			return nil, true, nil
		}
		assumed[v] = val
	}
	seen := make([]int8, n+1) // sign of v in the current clause, 0 if absent
	var clause []int32
clauses:
	for i, c := range f.All() {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, false, err
			}
		}
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
			return nil, true, nil
		}
		p.lits = append(p.lits, clause...)
		p.start = append(p.start, int32(len(p.lits)))
		p.maxLen = max(p.maxLen, len(clause))
	}
	p.index()
	return p, false, nil
}

// index builds the occurrence lists, all in one slice: a count per coded
// literal, then each clause placed in its literals' lists (a slice per
// literal, grown by append, cost twice the memory in headers and spare
// capacity).
func (p *problem) index() {
	p.occAt = make([]int32, 2*p.nvars+3)
	for _, x := range p.lits {
		p.occAt[x+1]++
	}
	for x := 1; x < len(p.occAt); x++ {
		p.occAt[x] += p.occAt[x-1]
	}
	p.occs = make([]int32, len(p.lits))
	next := append([]int32(nil), p.occAt[:len(p.occAt)-1]...)
	for c := range p.numClauses() {
		for _, x := range p.lits[p.start[c]:p.start[c+1]] {
			p.occs[next[x]] = int32(c)
			next[x]++
		}
	}
}

// numClauses returns the number of clauses the search must satisfy.
func (p *problem) numClauses() int { return len(p.start) - 1 }
