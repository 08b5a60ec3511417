package preprocess

import "slices"

// Equivalent-literal substitution.
//
// Binary clauses are implications: (a ∨ b) is ¬a → b and ¬b → a. Literals
// in one strongly connected component of this implication graph imply each
// other, so they are equivalent in every model; a component containing a
// literal and its negation makes the formula unsatisfiable (Aspvall, Plass
// & Tarjan, "A linear-time algorithm for testing the truth of certain
// quantified Boolean formulas", IPL 1979). Each component gets a
// representative, and every other variable of the component is replaced
// by it throughout the formula: its clauses are rewritten, which turns the
// defining binary clauses into tautologies and may shorten others. This is
// the equivalence reasoning of Brafman's 2SimplifY and of Gelder's
// 2-SAT preprocessing, and the "equivalent literal substitution" of
// modern preprocessors (Lingeling, CaDiCaL's decompose).
//
// The components are found by Tarjan's algorithm (Tarjan, "Depth-first
// search and linear graph algorithms", SIAM J. Comput. 1972), run
// iteratively so deep graphs do not exhaust the goroutine stack. The
// representative is a frozen literal when the component has one (other
// frozen variables of the component stay, tied by their binary clauses),
// otherwise the smallest variable. A substituted x with representative r
// pushes (x ∨ ¬r) and (¬x ∨ r) onto the reconstruction stack, so Extend
// sets x to the value of r.

// substitute finds equivalent literals and substitutes them. It returns
// false when the formula has been found unsatisfiable.
func (s *simplifier) substitute() bool {
	adj, start := s.implicationGraph()
	if len(adj) == 0 {
		return true
	}
	rep := s.components(adj, start)
	if s.unsat {
		return false
	}
	var affected []int32
	for v := 1; v <= s.nvars; v++ {
		p := posLit(v)
		r := rep[p]
		if r == p {
			continue
		}
		s.rec.pushClause(p, []lit{p, r.not()})
		s.rec.pushClause(p.not(), []lit{p.not(), r})
		s.elim[v] = true
		s.stats.Substituted++
		for _, o := range s.occs(p) {
			affected = append(affected, o.id)
		}
		for _, o := range s.occs(p.not()) {
			affected = append(affected, o.id)
		}
	}
	slices.Sort(affected)
	affected = slices.Compact(affected)
	for _, id := range affected {
		lits := s.rbuf[:0]
		for _, l := range s.lits(id) {
			lits = append(lits, rep[l])
		}
		s.rbuf = lits
		s.ticks += int64(len(lits))
		s.removeClause(id)
		lits, taut := normalize(lits)
		if !taut {
			s.addClause(lits)
		}
		if s.unsat {
			return false
		}
	}
	return s.propagate()
}

// implicationGraph returns the binary implication graph in compressed
// form: the successors of literal u are adj[start[u]:start[u+1]].
func (s *simplifier) implicationGraph() (adj []lit, start []int32) {
	start = make([]int32, 2*s.nvars+3)
	for i := range s.clauses {
		if c := &s.clauses[i]; !c.dead && c.n == 2 {
			lits := s.lits(int32(i))
			start[lits[0].not()+1]++
			start[lits[1].not()+1]++
		}
	}
	for u := 1; u < len(start); u++ {
		start[u] += start[u-1]
	}
	adj = make([]lit, start[len(start)-1])
	fill := slices.Clone(start)
	for i := range s.clauses {
		if c := &s.clauses[i]; !c.dead && c.n == 2 {
			lits := s.lits(int32(i))
			a, b := lits[0], lits[1]
			adj[fill[a.not()]] = b
			fill[a.not()]++
			adj[fill[b.not()]] = a
			fill[b.not()]++
		}
	}
	s.ticks += int64(len(adj))
	return adj, start
}

// components runs Tarjan's algorithm on the implication graph and returns
// the substitution: rep[l] is the representative of l's component, or l
// itself for literals that stay. It sets s.unsat when a component holds
// both polarities of a variable.
func (s *simplifier) components(adj []lit, start []int32) []lit {
	nodes := 2*s.nvars + 2
	rep := make([]lit, nodes)
	for i := range rep {
		rep[i] = lit(i)
	}
	index := make([]int32, nodes) // 0: not visited yet
	low := make([]int32, nodes)
	onStack := make([]bool, nodes)
	done := make([]bool, s.nvars+1) // variable already has its representative
	var stack []lit
	type frame struct {
		u    lit
		next int32
	}
	var frames []frame
	counter := int32(0)
	for root := lit(2); int(root) < nodes; root++ {
		if index[root] != 0 || start[root] == start[root+1] {
			continue
		}
		counter++
		index[root], low[root] = counter, counter
		stack = append(stack, root)
		onStack[root] = true
		frames = append(frames, frame{root, start[root]})
		for len(frames) > 0 {
			f := &frames[len(frames)-1]
			u := f.u
			if f.next < start[u+1] {
				w := adj[f.next]
				f.next++
				if index[w] == 0 {
					counter++
					index[w], low[w] = counter, counter
					stack = append(stack, w)
					onStack[w] = true
					frames = append(frames, frame{w, start[w]})
				} else if onStack[w] {
					low[u] = min(low[u], index[w])
				}
				continue
			}
			frames = frames[:len(frames)-1]
			if len(frames) > 0 {
				p := frames[len(frames)-1].u
				low[p] = min(low[p], low[u])
			}
			if low[u] != index[u] {
				continue
			}
			i := len(stack) - 1
			for stack[i] != u {
				i--
			}
			scc := stack[i:]
			stack = stack[:i]
			for _, l := range scc {
				onStack[l] = false
			}
			s.ticks += int64(len(scc))
			if len(scc) > 1 && !s.assignRepresentative(scc, rep, done) {
				return rep
			}
		}
	}
	return rep
}

// assignRepresentative chooses the representative of one component and
// records it for the component and its mirror image. It returns false
// (setting s.unsat) when the component holds a literal and its negation.
func (s *simplifier) assignRepresentative(scc []lit, rep []lit, done []bool) bool {
	if done[scc[0].v()] {
		return true // the mirror component was handled
	}
	stamp := s.nextStamp()
	r := scc[0]
	for _, l := range scc {
		if s.mark[l.not()] == stamp {
			s.unsat = true
			return false
		}
		s.mark[l] = stamp
		switch {
		case s.frozen[l.v()] && !s.frozen[r.v()]:
			r = l
		case s.frozen[l.v()] == s.frozen[r.v()] && l.v() < r.v():
			r = l
		}
	}
	for _, l := range scc {
		done[l.v()] = true
		if l != r && !s.frozen[l.v()] {
			rep[l], rep[l.not()] = r, r.not()
		}
	}
	return true
}
