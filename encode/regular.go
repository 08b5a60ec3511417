package encode

// The regular constraint: a word accepted by a finite automaton.
//
// Regular(s, d, x) says that the word w_0 … w_{n−1} spelled by n positions
// is accepted by the deterministic automaton d (Pesant 2004): its states
// 0..Q−1, its symbols 0..A−1, its moves δ(q, a) (some missing), a start
// state and accepting states. Position i is given as A literals, x(i,a)
// meaning "position i takes symbol a", 0 where position i cannot take a.
// Exactly one literal of each position is true: that is the caller's
// promise (a direct encoding of an integer, or a literal and its negation
// for two symbols), and this encoder relies on it without writing it. A
// position with a single possible symbol is fixed: under the promise its
// literal is true, so the encoder treats it as the constant and never
// writes it.
//
// The decomposition is Bacchus's (GAC via unit propagation, CP 2007; the
// same unfolding of the automaton as Quimper and Walsh, Global grammar
// constraints, CP 2006). State (i,q) is live when some word the positions
// can still spell reaches q after i symbols and is accepted from there: a
// forward pass from the start and a backward pass from the accepting
// states at position n find them. A live state gets a variable q(i,q),
// unless it is alone at its position, where it is the constant true; a
// live move, from a live (i,q) on a symbol position i can take into a live
// (i+1, δ(q,a)), gets a transition variable t(i,q,a), unless both its
// state and its position are constants:
//
//	definition  t(i,q,a) ↔ q(i,q) ∧ x(i,a)                 (three clauses)
//	successor   ¬t(i,q,a) ∨ q(i+1, δ(q,a))
//	forward     ¬q(i,q) ∨ ∨{ t(i,q,a) : live moves out of (i,q) }
//	backward    ¬q(i+1,r) ∨ ∨{ t(i,q,a) : live moves into (i+1,r) }
//	value       ¬x(i,a) ∨ ∨{ t(i,q,a) : live moves on a at i }
//
// Constants are folded: a clause with a true literal is not written, a
// false literal is left out, and when the start cannot reach an accepting
// state at position n the encoding is the empty clause.
//
// Exact: in a model, the forward clauses from the start and the successor
// clauses follow the word's run, which a dead move cannot take (the
// forward clause of its state excludes it), so the run ends in an
// accepting state; conversely an accepted word extends to a model with
// the states and moves of its run true and all others false. At least one
// literal of each position that is not fixed follows from the clauses (a
// true state at i needs a true move out of it, and a move its symbol); at
// most one does not (two symbols at once may run two accepted words).
//
// Arc consistent: with the caller's exactly-one clauses, unit propagation
// sets x(i,a) false as soon as no word the current literals allow puts a
// at i and is accepted, and fails when no such word is left (Bacchus): the
// value clause of (i,a) loses its last transition once every live move on
// a at i is cut, forward and backward clauses carry the cut along. The
// third definition clause, t ∨ ¬q ∨ ¬x, is needed for neither (the tests
// pass without it); it propagates the run forward (a true state and a true
// symbol set the move and the next state), which the solver can use.
//
// Size: at most n·Q state variables (positions 1..n) and n·Q·A transition
// variables; at most 4 clauses per transition, one forward and one
// backward clause per live state, one value clause per possible symbol
// and position: ≤ 4nQA + 2nQ + nA clauses, fewer after pruning and
// folding. The tests check the variables exactly against a brute-force
// count of live states and moves, and the clauses against the bound.
// Measured on the first 150 TAAI 2011 nonograms (two symbols, with
// uniqueness), this is about 2.5 times faster with gini than the smaller
// decomposition without transition variables (transition and
// state-support clauses only), although it is twice as large.
//
// G. Pesant, A regular language membership constraint for finite
// sequences of variables, CP 2004. F. Bacchus, GAC via unit propagation,
// CP 2007. C.-G. Quimper, T. Walsh, Global grammar constraints, CP 2006.

import (
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

// A DFA is a deterministic finite automaton over the symbols
// 0..Symbols−1, with the states 0..States−1.
type DFA struct {
	States, Symbols int
	// Next[q][a] is the state reached from q on symbol a, or −1 when q has
	// no move on a (the word is rejected). It has States rows of Symbols
	// entries.
	Next [][]int
	// Start is the state before the first symbol.
	Start int
	// Accept lists the accepting states, in any order.
	Accept []int
}

// Validate reports whether d is well formed: at least one state and one
// symbol, a full transition table whose entries are states or −1, and a
// start and accepting states among the states.
func (d *DFA) Validate() error {
	switch {
	case d.States < 1:
		return fmt.Errorf("encode: automaton with %d states", d.States)
	case d.Symbols < 1:
		return fmt.Errorf("encode: automaton with %d symbols", d.Symbols)
	case len(d.Next) != d.States:
		return fmt.Errorf("encode: automaton with %d states has %d rows of moves", d.States, len(d.Next))
	case d.Start < 0 || d.Start >= d.States:
		return fmt.Errorf("encode: automaton starts in state %d of %d", d.Start, d.States)
	}
	for q, row := range d.Next {
		if len(row) != d.Symbols {
			return fmt.Errorf("encode: state %d has %d moves, want one per symbol (%d)", q, len(row), d.Symbols)
		}
		for a, r := range row {
			if r < -1 || r >= d.States {
				return fmt.Errorf("encode: state %d moves on symbol %d to %d, not a state", q, a, r)
			}
		}
	}
	for _, q := range d.Accept {
		if q < 0 || q >= d.States {
			return fmt.Errorf("encode: accepting state %d of %d", q, d.States)
		}
	}
	return nil
}

// Accepts reports whether d accepts word, whose symbols must be among d's.
func (d *DFA) Accepts(word []int) bool {
	q := d.Start
	for _, a := range word {
		if q = d.Next[q][a]; q < 0 {
			return false
		}
	}
	for _, f := range d.Accept {
		if f == q {
			return true
		}
	}
	return false
}

// Regular writes into s clauses that hold exactly when the word the
// positions x spell is accepted by d (see the essay above). x[i][a] is the
// literal of "position i takes symbol a", 0 where it cannot; exactly one
// literal of each position is true (the caller's promise, not written
// here), and the literal of a position with one possible symbol is not
// read. It returns an error, writing nothing, when d fails Validate or a
// position does not have one literal per symbol.
func Regular(s sat.Sink, d *DFA, x [][]sat.Lit) error {
	if err := d.Validate(); err != nil {
		return err
	}
	for i, p := range x {
		if len(p) != d.Symbols {
			return fmt.Errorf("encode: position %d has %d literals, want one per symbol (%d)", i, len(p), d.Symbols)
		}
	}
	r := &regular{d: d, n: len(x), nq: d.States}
	r.positions(x)
	if !r.prune() {
		s.AddClause()
		return nil
	}
	r.states(s)
	for i := range r.n {
		r.moves(s, i)
	}
	return nil
}

// regular is the state of one Regular encoding. States are indexed
// i·nq + q for state q after i symbols.
type regular struct {
	d     *DFA
	n, nq int
	x     [][]part // x[i][a]: the literal, partTrue (fixed), partFalse (impossible)
	live  []bool
	q     []part // the state literals
	buf   []sat.Lit

	// Scratch of moves, per position.
	in    [][]part // live moves into each state at i+1
	byVal [][]part // live moves on each symbol
	out   []part   // live moves out of one state
}

// positions reads the positions' literals: 0 is a symbol the position
// cannot take, and a single possible symbol is the constant true.
func (r *regular) positions(x [][]sat.Lit) {
	r.x = make([][]part, r.n)
	for i, p := range x {
		r.x[i] = make([]part, len(p))
		possible := 0
		for a, l := range p {
			if l == 0 {
				r.x[i][a] = partFalse
				continue
			}
			r.x[i][a] = part{l: l}
			possible++
		}
		if possible == 1 {
			for a, l := range p {
				if l != 0 {
					r.x[i][a] = partTrue
				}
			}
		}
	}
}

// step returns the state after q on symbol a at position i, or −1 when d
// has no such move or position i cannot take a.
func (r *regular) step(i, q, a int) int {
	if r.x[i][a] == partFalse {
		return -1
	}
	return r.d.Next[q][a]
}

// prune marks the live states: reachable from the start through symbols
// the positions can take, and from which such symbols reach an accepting
// state at position n. It returns false when the start is not live.
func (r *regular) prune() bool {
	n, nq := r.n, r.nq
	fw := make([]bool, (n+1)*nq)
	fw[r.d.Start] = true
	for i := range n {
		for q := range nq {
			if !fw[i*nq+q] {
				continue
			}
			for a := range r.d.Symbols {
				if t := r.step(i, q, a); t >= 0 {
					fw[(i+1)*nq+t] = true
				}
			}
		}
	}
	r.live = make([]bool, (n+1)*nq)
	ok := false
	for _, q := range r.d.Accept {
		if fw[n*nq+q] {
			r.live[n*nq+q], ok = true, true
		}
	}
	if !ok {
		return false
	}
	for i := n - 1; i >= 0; i-- {
		for q := range nq {
			if !fw[i*nq+q] {
				continue
			}
			for a := range r.d.Symbols {
				if t := r.step(i, q, a); t >= 0 && r.live[(i+1)*nq+t] {
					r.live[i*nq+q] = true
				}
			}
		}
	}
	return true
}

// states gives each state its literal: false when dead, true when alone
// at its position, else a fresh variable.
func (r *regular) states(s sat.Sink) {
	nq := r.nq
	r.q = make([]part, (r.n+1)*nq)
	for i := 0; i <= r.n; i++ {
		count := 0
		for q := range nq {
			if r.live[i*nq+q] {
				count++
			}
		}
		for q := range nq {
			switch {
			case !r.live[i*nq+q]:
				r.q[i*nq+q] = partFalse
			case count == 1:
				r.q[i*nq+q] = partTrue
			default:
				r.q[i*nq+q] = part{l: s.NewVar().Pos()}
			}
		}
	}
	r.in = make([][]part, nq)
	r.byVal = make([][]part, r.d.Symbols)
}

// moves writes the transitions of position i with their definition and
// successor clauses, the forward clauses of the states at i, the backward
// clauses of the states at i+1 and the value clauses of position i.
func (r *regular) moves(s sat.Sink, i int) {
	nq := r.nq
	for q := range r.in {
		r.in[q] = r.in[q][:0]
	}
	for a := range r.byVal {
		r.byVal[a] = r.byVal[a][:0]
	}
	for q := range nq {
		from := r.q[i*nq+q]
		if from == partFalse {
			continue
		}
		r.out = r.out[:0]
		for a, xa := range r.x[i] {
			t := r.step(i, q, a)
			if t < 0 || !r.live[(i+1)*nq+t] {
				continue
			}
			tl := partTrue
			if from != partTrue || xa != partTrue {
				tl = part{l: s.NewVar().Pos()}
				r.emit(s, tl.not(), from)
				r.emit(s, tl.not(), xa)
				r.emit(s, tl, from.not(), xa.not())
			}
			r.emit(s, tl.not(), r.q[(i+1)*nq+t])
			r.out = append(r.out, tl)
			r.in[t] = append(r.in[t], tl)
			r.byVal[a] = append(r.byVal[a], tl)
		}
		r.emit(s, from.not(), r.out...)
	}
	for t := range nq {
		if to := r.q[(i+1)*nq+t]; to != partFalse {
			r.emit(s, to.not(), r.in[t]...)
		}
	}
	for a, ts := range r.byVal {
		if xa := r.x[i][a]; xa != partFalse {
			r.emit(s, xa.not(), ts...)
		}
	}
}

// emit writes the clause head ∨ rest… unless a part is true, leaving out
// the false parts.
func (r *regular) emit(s sat.Sink, head part, rest ...part) {
	c := r.buf[:0]
	for k := -1; k < len(rest); k++ {
		p := head
		if k >= 0 {
			p = rest[k]
		}
		switch p.k {
		case 1:
			return
		case 0:
			c = append(c, p.l)
		}
	}
	r.buf = c
	s.AddClause(c...)
}
