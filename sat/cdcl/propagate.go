package cdcl

// Boolean constraint propagation over the two-watched-literal scheme.
//
// propagate assigns, for every literal on the trail from qhead on, the
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
// exactly its literals 0 and 1; when propagate returns noRef, every clause
// with a false watched literal has its other watched literal true.
// Implied literals get the current decision level, so levels are
// non-decreasing along the trail.
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

// propagate runs unit propagation; see the file comment.
func (s *Solver) propagate() cref {
	vals := s.vals
	arena := s.arena
	lvl := int32(len(s.lim))
	confl := noRef
	start := s.qhead
	ticks := 0
	for s.qhead < len(s.trail) {
		if (s.qhead-start)&stopCheckMask == stopCheckMask && s.stop != nil && s.stop.Load() {
			break
		}
		np := s.trail[s.qhead] ^ 1
		s.qhead++
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
				s.assign(w.blit, lvl, w.ref&^binFlag)
				continue
			}
			c := w.ref
			ticks++
			cl := arena[c+hdrSize : c+hdrSize+cref(arena[c])]
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
			s.assign(other, lvl, c)
		}
		if confl != noRef {
			for i < n {
				ws[j] = ws[i]
				i++
				j++
			}
		}
		s.watches[np] = ws[:j]
		if confl != noRef {
			break
		}
	}
	s.stats.Propagations += uint64(s.qhead - start)
	s.sched.ticks += uint64(ticks)
	s.stats.Ticks += uint64(ticks)
	return confl
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
