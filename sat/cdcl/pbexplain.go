package cdcl

// Lazy explanations: the clause a PB constraint gives conflict analysis
// when, and only when, analysis asks for a reason.
//
// Propagation (pbpropagate.go) records no clause when a PB constraint
// implies a literal, only the constraint, as reason pbFlag|p. Analysis,
// minimisation, reason bumping and the final conflict, where they fetch a
// reason, turn a PB one into the clause it stands for (clasp's and sat4j's
// lazy reasons; building every explanation at propagation time, as lazy
// clause generation does, would cost a clause for every implication, and
// most are never analysed):
//
//   - literal x implied by Σ cᵢ·lᵢ ≥ K: x, then the constraint's false
//     literals in trail order, up to the first prefix whose coefficients
//     sum past Σcᵢ − K − c_x. Falsifying that prefix and x leaves the sum
//     below K, so the clause is implied by the constraint; its literals
//     are all false before x on the trail, as a reason's must be.
//   - a falsified constraint: the shortest prefix summing past Σcᵢ − K.
//
// The prefix is read from the constraint's accounted false literals
// (s.pb.falsed), which are in trail order already, so an explanation
// costs its own length and no sort. Taking the earliest literals prefers
// low decision levels, which shortens the learnt clause after the
// backjump. At a conflict the prefix holds two literals of the conflict
// level at least, as analysis needs: with propagation complete at the
// level below, every literal then unassigned had a coefficient within the
// slack, so one of them alone cannot exhaust it.
//
// Where: the clause is written at the end of the arena, as a garbage
// clause of its own (header and literals, like any other), and the
// analysis uses its reference as it would a reason clause's, and keeps it
// for the variable (minimisation and reason bumping ask again for the
// reasons analysis used); the analysis notes the arena's length when it
// starts and cuts the arena back to it when it ends, before anything else
// is allocated (pbDone). So the loops of
// analysis, minimisation and the final conflict read every clause the
// same way, and a CNF pays one test per reason fetched, nothing per
// literal. Invariant: between analyses no such clause exists; during one,
// no arena walk runs.

// pbReason writes the explanation of variable x's implication by PB
// constraint r, or for x < 0 the conflict clause of r, at the end of the
// arena and returns its reference; see the file comment.
func (s *Solver) pbReason(r cref, x int) cref {
	p := &s.pb
	if x >= 0 && p.cache[x] != 0 {
		return p.cache[x] - 1
	}
	idx := uint32(r &^ pbFlag)
	c := &p.cons[idx]
	ref := cref(len(s.arena))
	if uint64(ref)+uint64(hdrSize)+uint64(c.n) >= uint64(noRef>>1) {
		panic("cdcl: clause arena exceeds 2^31 words")
	}
	s.arena = reserve(s.arena, hdrSize+int(c.n))
	s.arena = append(s.arena, 0, flagGarbage, 0, 0)
	need := c.maxSlack
	if x >= 0 {
		l := mkLit(x, s.vals[2*x] < 0)
		s.arena = append(s.arena, l)
		for _, o := range p.occs[l] {
			if o.p == idx {
				need -= o.coef
				break
			}
		}
	}
	// The literals accounted for when x was implied come first and
	// already sum past need, so the prefix never reaches a literal
	// falsified after x.
	var sum int64
	for _, f := range p.falsed[c.start : c.start+c.nfalse] {
		s.arena = append(s.arena, f.l)
		if sum += f.coef; sum > need {
			break
		}
	}
	s.arena[ref] = lit(len(s.arena) - int(ref) - hdrSize)
	if x >= 0 {
		p.cache[x] = ref + 1
		p.cached = append(p.cached, int32(x))
	}
	return ref
}

// pbDone ends an analysis's use of explanations: the arena goes back to
// mark, its length when the analysis started, and the cache empties.
func (s *Solver) pbDone(mark int) {
	s.arena = s.arena[:mark]
	for _, x := range s.pb.cached {
		s.pb.cache[x] = 0
	}
	s.pb.cached = s.pb.cached[:0]
}
