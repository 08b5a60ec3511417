package cdcl

// Boolean constraint propagation over the two-watched-literal scheme.
//
// propagateClauses assigns, for every literal on the trail from qhead on, the
// literals its falsification implies, until the trail is exhausted
// (returning noRef) or a clause is falsified (returning it). For each
// newly false literal it walks that literal's watch list once, compacting
// it in place: a watch whose blocking literal is true is kept without
// reading the clause; a binary watch assigns or conflicts on its blocking
// literal; a long clause first checks its other watched literal, then
// looks for a replacement watch among literals 2.. (CaDiCaL's order: the
// other watch is found as lits[0]^lits[1]^false, and the false literal is
// kept at position 1), and otherwise becomes unit or falsified.
//
// Invariants kept (watch.go): a long clause is in the watch lists of
// exactly its literals 0 and 1; when propagate returns noRef, no clause is
// falsified or unit with its literal unassigned. An implied literal gets
// the current decision level while the trail is in level order; after a
// chronological backtrack (backtrack.go) it gets the highest level of the
// other literals of its reason, the level at which it is really implied,
// and a literal implied at level 0 that way is queued in s.lateUnits so
// that it receives its unit clause (fixLateUnits).
//
// Vivification sets s.ignore to the long clause it is shortening, which
// propagation then passes over.
//
// Cancellation: every 2^14 propagated literals, propagate checks the stop
// flag and returns noRef early if it is set, with qhead short of the
// trail's end; the search loop sees the flag before deciding anything.

// stopCheckMask sets how often propagate polls the stop flag.
const stopCheckMask = 1<<14 - 1

// assign makes l true at level lvl with reason r.
func (s *Solver) assign(l lit, lvl int32, r cref) {
	x := l.v()
	s.vals[l] = 1
	s.vals[l^1] = -1
	s.level[x] = lvl
	s.reason[x] = r
	s.trailPos[x] = int32(len(s.trail))
	s.trail = append(s.trail, l)
}

// propagateClauses runs unit propagation over the clauses; see the file
// comment (propagate, in pbpropagate.go, adds the PB constraints).
func (s *Solver) propagateClauses() cref {
	vals := s.vals
	arena := s.arena
	lvl := int32(len(s.lim))
	chrono := s.outOfOrder
	ignore := s.ignore
	confl := noRef
	start := s.qhead
	qhead := start // s.qhead, kept in a register (nothing called reads it)
	ticks := 0
	for qhead < len(s.trail) {
		if (qhead-start)&stopCheckMask == stopCheckMask && s.stop != nil && s.stop.Load() {
			break
		}
		np := s.trail[qhead] ^ 1
		qhead++
		ws := s.watches[np]
		i, j, n := 0, 0, len(ws)
		for i < n {
			w := ws[i]
			i++
			bv := vals[w.blit]
			if bv > 0 {
				ws[j] = w
				j++
				continue
			}
			if w.ref&binFlag != 0 {
				ws[j] = w
				j++
				if bv < 0 {
					confl = w.ref &^ binFlag
					break
				}
				if chrono {
					s.assignLate(w.blit, s.level[np.v()], w.ref&^binFlag)
					continue
				}
				s.assign(w.blit, lvl, w.ref&^binFlag)
				continue
			}
			c := w.ref
			if c == ignore {
				ws[j] = w
				j++
				continue
			}
			ticks++
			base := int(c) + hdrSize
			cl := arena[base : base+int(arena[c])]
			other := cl[0] ^ cl[1] ^ np
			ov := vals[other]
			if ov > 0 {
				ws[j] = watch{other, c}
				j++
				continue
			}
			k := 2
			var q lit
			var qv int8 = -1
			for ; k < len(cl); k++ {
				q = cl[k]
				if qv = vals[q]; qv >= 0 {
					break
				}
			}
			if qv > 0 {
				// Satisfied by a non-watched literal: keep the
				// watch, with that literal as the blocker.
				ws[j] = watch{q, c}
				j++
				continue
			}
			cl[0] = other
			if qv == 0 {
				cl[1] = q
				cl[k] = np
				s.watches[q] = append(s.watches[q], watch{other, c})
				continue
			}
			cl[1] = np
			ws[j] = watch{other, c}
			j++
			if ov < 0 {
				confl = c
				break
			}
			if chrono {
				s.assignLate(other, s.maxOtherLevel(cl), c)
				continue
			}
			s.assign(other, lvl, c)
		}
		if confl != noRef {
			for i < n {
				ws[j] = ws[i]
				i++
				j++
			}
		}
		if j < n {
			// Only np's own list shrinks here (a moved watch goes to
			// an unassigned literal's list, never to np's), so the
			// header needs rewriting only when watches left it.
			s.watches[np] = ws[:j]
		}
		if confl != noRef {
			break
		}
	}
	s.qhead = qhead
	s.stats.Propagations += uint64(qhead - start)
	s.sched.ticks += uint64(ticks)
	s.stats.Ticks += uint64(ticks)
	return confl
}

// assignLate assigns an implied literal at level lvl, which may be below
// the current decision level (chronological backtracking), and queues it
// for a unit clause when lvl is 0.
func (s *Solver) assignLate(l lit, lvl int32, r cref) {
	s.assign(l, lvl, r)
	if lvl == 0 && len(s.lim) > 0 {
		s.lateUnits = append(s.lateUnits, l)
	}
}

// maxOtherLevel returns the highest level among the literals of reason
// clause cl after the first (the implied one).
func (s *Solver) maxOtherLevel(cl []lit) int32 {
	m := int32(0)
	for _, q := range cl[1:] {
		m = max(m, s.level[q.v()])
	}
	return m
}

// fixLateUnits gives the literals implied at level 0 above it their unit
// clauses and drops their reasons, as fixLevel0 does at level 0.
func (s *Solver) fixLateUnits() {
	for _, l := range s.lateUnits {
		if s.vals[l] > 0 && s.level[l.v()] == 0 {
			if r := s.reason[l.v()]; r != noRef {
				s.deriveUnit(l, r)
			}
		}
	}
	s.lateUnits = s.lateUnits[:0]
}

// fixLevel0 runs after propagation at level 0: every literal fixed since
// the last call gets its unit clause in the proof and loses its reason
// (proof.go), so no clause is needed as a level-0 reason afterwards.
func (s *Solver) fixLevel0() {
	for i := s.sched.fixed; i < len(s.trail); i++ {
		l := s.trail[i]
		if r := s.reason[l.v()]; r != noRef {
			s.deriveUnit(l, r)
		}
	}
	s.sched.fixed = len(s.trail)
}
