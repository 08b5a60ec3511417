package cdcl

// Implication cones: the proof of a fact found by propagation under a few
// decisions (vivification, probing).
//
// When propagation from decisions d1..dk yields a conflict, or implies a
// literal, the fact "¬d1 ∨ … ∨ ¬dk ∨ (the implied literal)" has an LRAT
// chain made of the reasons of the literals in the implication cone of the
// conflict (or literal): every implied literal it depends on, down to the
// decisions and the level-0 units. Sorted by trail position they form a
// unit chain (each reason's other literals are decisions, earlier cone
// literals or units), and the conflict clause, or the reason of the
// implied literal, which the negated fact falsifies, comes last.

// coneHints returns the hint chain for the cone of the variables in from
// (whose literals are assigned): level-0 units first, then the reasons of
// the implied variables of the cone by trail position, then last (if not
// 0). from is the conflict clause's variables or an implied literal's.
func (s *Solver) coneHints(from []int32, last uint64) []uint64 {
	s.chain = s.chain[:0]
	stack := append(s.coneStack[:0], from...)
	var marked []int32
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if s.mark[x]&markSeen != 0 {
			continue
		}
		s.mark[x] |= markSeen
		marked = append(marked, x)
		if s.level[x] == 0 {
			s.unitHint(int(x))
			continue
		}
		r := s.reason[x]
		if r == noRef {
			continue // a decision
		}
		s.chain = append(s.chain, x)
		for _, q := range s.lits(r) {
			if y := int32(q.v()); y != x && s.mark[y]&markSeen == 0 {
				stack = append(stack, y)
			}
		}
	}
	s.coneStack = stack
	for _, x := range marked {
		s.mark[x] &^= markSeen
	}
	h := s.chainHints(s.chain, last)
	s.clearUnitMarks()
	return h
}

// clauseVars returns the variables of clause c in a scratch buffer.
func (s *Solver) clauseVars(c cref) []int32 {
	vs := s.varBuf[:0]
	for _, l := range s.lits(c) {
		vs = append(vs, int32(l.v()))
	}
	s.varBuf = vs
	return vs
}
