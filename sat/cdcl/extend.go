package cdcl

// Model reconstruction and restoration for eliminated variables (N.
// Sörensson, A. Biere, Minimizing learned clauses, SAT 2009, on the
// reconstruction stack; M. Järvisalo, M. Heule, A. Biere, Inprocessing
// rules, IJCAR 2012).
//
// Every clause removed by elimination is pushed on the extension stack
// with its witness: the literal of the eliminated variable it contains.
// A model of the remaining clauses extends to one of all clauses by
// walking the stack backwards and, for each clause the model falsifies,
// making its witness true. The stack is flat: per clause the witness, the
// size, then the literals; the ids are kept beside it for restoring.
//
// Restoring: when AddClause or an assumption mentions an eliminated
// variable, its clauses go back into the formula (under their old ids,
// which the proof still holds), and with them, transitively, the
// variables eliminated after it that those clauses mention. The stack then
// no longer holds them.

import "github.com/satsolve/satsolve/sat"

// extEntry is one clause on the extension stack; its literals follow in
// s.extPool, in stack order.
type extEntry struct {
	w  lit    // the witness: the eliminated variable's literal in the clause
	n  int32  // number of literals
	id uint64 // proof id
}

// pushExtension saves clause c with witness w on the extension stack.
func (s *Solver) pushExtension(w lit, c cref) {
	ls := s.lits(c)
	s.ext = append(s.ext, extEntry{w, int32(len(ls)), s.id(c)})
	s.extPool = append(s.extPool, ls...)
}

// markEliminated records that x is eliminated and takes it out of the
// decision structures (the heap skips it lazily).
func (s *Solver) markEliminated(x int) {
	s.elim[x] = true
	s.stats.Eliminated++
	s.numElim++
	q := &s.queue
	if q.search == int32(x) {
		if n := q.next[x]; n >= 0 {
			q.search = n
		} else {
			q.search = q.prev[x]
		}
	}
	q.dequeue(x)
	q.prev[x], q.next[x] = -1, -1
}

// extendModel sets the eliminated variables of m (external numbering) by
// walking the extension stack backwards.
func (s *Solver) extendModel(m sat.Assignment) {
	if len(s.ext) == 0 {
		return
	}
	end := len(s.extPool)
	for k := len(s.ext) - 1; k >= 0; k-- {
		e := s.ext[k]
		start := end - int(e.n)
		satisfied := false
		for _, l := range s.extPool[start:end] {
			if m[l.v()+1] != l.sign() {
				satisfied = true
				break
			}
		}
		if !satisfied {
			m[e.w.v()+1] = !e.w.sign()
		}
		end = start
	}
}

// restore puts back the clauses of eliminated variable x and, transitively,
// of the eliminated variables they mention. The solver is at level 0.
func (s *Solver) restore(x int) {
	if len(s.pending) > 0 {
		// Level-0 units from AddClause get their proof ids first:
		// the restored clauses may need them as hints.
		s.flushPending()
	}
	set := map[int]bool{x: true}
	for changed := true; changed; {
		changed = false
		off := 0
		for _, e := range s.ext {
			cl := s.extPool[off : off+int(e.n)]
			off += int(e.n)
			if !set[e.w.v()] {
				continue
			}
			for _, l := range cl {
				if y := l.v(); s.elim[y] && !set[y] {
					set[y] = true
					changed = true
				}
			}
		}
	}
	var back []extEntry
	var backLits []lit
	j, jl, off := 0, 0, 0
	for _, e := range s.ext {
		cl := s.extPool[off : off+int(e.n)]
		off += int(e.n)
		if set[e.w.v()] {
			back = append(back, e)
			backLits = append(backLits, cl...)
			continue
		}
		s.ext[j] = e
		j++
		jl += copy(s.extPool[jl:], cl)
	}
	s.ext = s.ext[:j]
	s.extPool = s.extPool[:jl]
	for y := range set {
		s.unmarkEliminated(y)
	}
	off = 0
	for _, e := range back {
		s.addRestored(e.id, backLits[off:off+int(e.n)])
		off += int(e.n)
	}
}

// unmarkEliminated makes x active again.
func (s *Solver) unmarkEliminated(x int) {
	s.elim[x] = false
	s.numElim--
	s.stats.Restored++
	s.queue.enqueue(x)
	s.queue.search = int32(x)
	s.heap.Push(x, s.score)
}
