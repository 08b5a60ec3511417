package walk

import (
	"context"

	"github.com/satsolve/satsolve/sat"
)

// problem is the formula as local search sees it. Without assumptions it
// is the solver's clause list itself (sat.ClauseList.Lits), not a copy
// (ten million 3-literal clauses: 120 MB): a repeated literal counts twice
// among a clause's true literals and a tautology is never false, so the
// search stays exact on them. Under assumptions, the clauses they satisfy
// are left out and the literals they falsify stripped, with repeats and
// tautologies, so that every literal left is on a variable the search may
// flip. Occurrence lists index literals coded 2v (positive) and 2v+1
// (negative).
type problem struct {
	nvars int
	fixed []int8 // 1 or −1 for the value of an assumed variable, 0 if free
	// lits holds the clauses' literals, each clause ended by a 0; clause c
	// is lits[start[c]:start[c+1]-1].
	lits   []sat.Lit
	start  []int32
	occs   []int32 // the clauses of each coded literal, literal after literal
	occAt  []int32 // the clauses of coded literal x are occs[occAt[x]:occAt[x+1]]
	maxLen int
}

// occ returns the clauses in which the coded literal x occurs.
func (p *problem) occ(x int32) []int32 { return p.occs[p.occAt[x]:p.occAt[x+1]] }

// clause returns the literals of clause c.
func (p *problem) clause(c int32) []sat.Lit { return p.lits[p.start[c] : p.start[c+1]-1] }

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
	p := &problem{nvars: n, fixed: assumed, start: make([]int32, 1, f.Len()+1)}
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
	if len(assumptions) == 0 {
		p.lits = f.Lits()
		for i, c := range f.All() {
			if i%4096 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, false, err
				}
			}
			if len(c) == 0 {
				return nil, true, nil
			}
			p.start = append(p.start, p.start[i]+int32(len(c))+1)
			p.maxLen = max(p.maxLen, len(c))
		}
		if err := p.index(ctx); err != nil {
			return nil, false, err
		}
		return p, false, nil
	}
	seen := make([]int8, n+1) // sign of v in the current clause, 0 if absent
	var clause []sat.Lit
	for i, c := range f.All() {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, false, err
			}
		}
		var drop bool
		if clause, drop = strip(c, assumed, seen, clause[:0]); drop {
			continue
		}
		if len(clause) == 0 {
			return nil, true, nil
		}
		p.lits = append(p.lits, clause...)
		p.lits = append(p.lits, 0)
		p.start = append(p.start, int32(len(p.lits)))
		p.maxLen = max(p.maxLen, len(clause))
	}
	if err := p.index(ctx); err != nil {
		return nil, false, err
	}
	return p, false, nil
}

// strip appends to out the literals of c that the search may flip, without
// duplicates, and reports whether c is dropped instead (satisfied by an
// assumption, or a tautology). seen is all zero on entry and on return.
func strip(c sat.Clause, assumed, seen []int8, out []sat.Lit) ([]sat.Lit, bool) {
	drop := false
	for _, l := range c {
		v, sign := l.Var(), int8(1)
		if !l.IsPos() {
			sign = -1
		}
		switch {
		case assumed[v] == sign:
			drop = true // satisfied by an assumption
		case assumed[v] != 0:
			continue // falsified by an assumption
		case seen[v] == sign:
			continue // duplicate
		case seen[v] != 0:
			drop = true // tautology
		}
		if drop {
			break
		}
		seen[v] = sign
		out = append(out, l)
	}
	for _, l := range out {
		seen[l.Var()] = 0
	}
	return out, drop
}

// index builds the occurrence lists, all in one slice: a count per coded
// literal, then each clause placed in its literals' lists (a slice per
// literal, grown by append, cost twice the memory in headers and spare
// capacity). Both passes read the literals in order; their writes land all
// over the lists, which for ten million clauses takes seconds, so it
// returns ctx.Err() when ctx ends first (it looks every 2^16 literals).
func (p *problem) index(ctx context.Context) error {
	p.occAt = make([]int32, 2*p.nvars+3)
	for i, l := range p.lits {
		if i&(1<<16-1) == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if l != 0 {
			p.occAt[code(l)+1]++
		}
	}
	for x := 1; x < len(p.occAt); x++ {
		p.occAt[x] += p.occAt[x-1]
	}
	p.occs = make([]int32, p.occAt[len(p.occAt)-1])
	next := append([]int32(nil), p.occAt[:len(p.occAt)-1]...)
	c := int32(0)
	for i, l := range p.lits {
		if i&(1<<16-1) == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if l == 0 {
			c++
			continue
		}
		x := code(l)
		p.occs[next[x]] = c
		next[x]++
	}
	return nil
}

// numClauses returns the number of clauses the search must satisfy.
func (p *problem) numClauses() int { return len(p.start) - 1 }
