package cdcl

// Native pseudo-Boolean constraints: AddPB and the normal form the engine
// keeps them in (the sat.PBAdder facet).
//
// What. A linear constraint Σ cᵢ·lᵢ ≥ K over literals is kept as it is,
// not clausified, and propagated by its slack (pbpropagate.go); conflict
// analysis, which stays clause-based, asks it for a clause only when it
// needs one (pbexplain.go). This is how clasp's WeightConstraint and
// sat4j's counter-based constraints work (H. Dixon, M. Ginsberg, Inference
// methods for a pseudo-Boolean satisfiability solver, AAAI 2002; D. Chai,
// A. Kuehlmann, A fast pseudo-Boolean constraint solver, IEEE TCAD 2005;
// M. Gebser et al., clasp; D. Le Berre, A. Parrain, The Sat4j library,
// JSAT 2010). Why: an encoding into clauses can be large (a BDD or an
// adder network per constraint; the OPB corpus has files whose encoding
// alone took a gigabyte) and is built before the search sees the first
// conflict; the native constraint costs its terms and nothing more.
//
// Normal form. AddPB turns ≤ into ≥ by negation and = into both, then,
// at level 0 where it runs:
//
//  1. one term per variable with a positive coefficient: terms over the
//     same variable are merged (a·¬x = a − a·x) and a negative total a·x
//     becomes |a|·¬x with K raised by |a|;
//  2. literals fixed at level 0 are constants: a true one lowers K by its
//     coefficient, a false one goes;
//  3. K ≤ 0 is always true (nothing is kept); Σcᵢ < K is false (the
//     solver is unsatisfiable);
//  4. saturation: cᵢ > K becomes K, which changes no model;
//  5. a literal whose coefficient exceeds the slack Σcᵢ − K is implied:
//     it is fixed at level 0 as a unit and leaves the sum (and 4–5 repeat);
//  6. division by the gcd of the coefficients, K rounded up;
//  7. a sum whose coefficients all equal K is the clause l₁ ∨ … ∨ lₙ and
//     joins the clauses; a small one may be expanded into its clauses
//     (PBClauses, below); the rest is kept natively, terms sorted by
//     coefficient, largest first.
//
// Coefficients stay within int64: sat.PB.Validate bounds Σ|cᵢ| and |K| by
// sat.MaxCoefSum (2^61), and steps 1–6 never raise a coefficient, nor K
// beyond K + Σ|cᵢ| < 2^63.
//
// Inprocessing. Every variable of a PB constraint is frozen when the
// constraint is added (an eliminated one is restored first): bounded
// variable elimination resolves clauses only, so it must not remove a
// variable a PB constraint mentions, and its model extension then never
// flips such a variable. The other techniques need nothing: subsumption,
// strengthening and level-0 simplification rewrite clauses into clauses
// implied by them; vivification and probing derive clauses implied by
// everything propagation uses, PB constraints included, so what they add
// is implied by the formula, and what they delete is implied by what they
// add. Chronological backtracking is off while PB constraints exist
// (analyze.go), so the trail stays in level order.
//
// Proofs. A PB constraint has no clausal proof: AddPB panics when a
// Tracer is attached, and SetTracer after AddPB panics. A caller that
// needs a proof clausifies (encode.PB), as satsolve's certifier does.
//
// Invariant: every stored constraint has n ≥ 2 terms over distinct
// variables, 1 ≤ cᵢ ≤ K < Σcᵢ, its terms sorted by coefficient
// descending, and its variables frozen; the originals, exactly as given,
// are in s.origPB and every model is checked against them (model.go).

import (
	"slices"

	"github.com/satsolve/satsolve/sat"
)

// pbTerm is one term of a stored PB constraint.
type pbTerm struct {
	coef int64
	l    lit
}

// pbCons is a stored constraint Σ cᵢ·lᵢ ≥ k. Its terms are
// s.pb.terms[start:start+n], coefficients descending; s.pb.falsed[start:
// start+nfalse] are its literals made false, in trail order, that
// propagation has accounted for (pbpropagate.go).
type pbCons struct {
	start, n int32
	nfalse   int32
	scan     int32 // terms before it are assigned (pbpropagate.go)
	k        int64
	maxSlack int64 // Σcᵢ − k
	slack    int64 // maxSlack − Σ cᵢ over s.pb.falsed[start:start+nfalse]
}

// pbOcc is one occurrence of a literal in a stored constraint: when the
// literal becomes false, constraint p loses coef of slack.
type pbOcc struct {
	coef int64
	p    uint32
}

// pbFlag marks a reason (or conflict) that is PB constraint r&^pbFlag
// rather than a clause of the arena: arena offsets stay below 2^31
// (alloc), and noRef, which also has the bit, is never tested with it.
const pbFlag cref = 1 << 31

// pbState is the engine's PB state: the constraints, their terms, and the
// per-literal occurrence lists (nil until the first AddPB, so that a CNF
// pays nothing for them).
type pbState struct {
	cons   []pbCons
	terms  []pbTerm
	falsed []pbTerm  // per constraint, the false literals accounted, in trail order
	occs   [][]pbOcc // per literal: the constraints it occurs in
	head   int       // trail position: literals before it are accounted in every slack
	orig   []sat.PB  // the originals, as given, for the model check
	phase  []int8    // per variable: its original phase when PBPhase set it (pbPhases), or 0
	cache  []cref    // per variable: 1 + its explanation in this analysis, or 0
	cached []int32   // the variables with a cached explanation
	coef   []int64   // per variable: scratch of normalisation
	vars   []int32   // scratch: variables with a nonzero coef
	norm   []pbTerm  // scratch: the normalised terms
}

// AddPB adds a copy of the pseudo-Boolean constraint c, which must satisfy
// c.Validate (AddPB panics otherwise, and on a zero literal), in any state
// where AddClause may be called. It panics when a Tracer is attached: the
// proof is clausal.
func (s *Solver) AddPB(c sat.PB) {
	if s.tracer != nil {
		panic("cdcl: AddPB with a proof tracer attached: proofs are clausal, so clausify pseudo-Boolean constraints (encode.PB) when writing one")
	}
	if err := c.Validate(); err != nil {
		panic("cdcl: AddPB: " + err.Error())
	}
	s.clearAnswer()
	for _, t := range c.Terms {
		s.note(t.Lit)
	}
	s.pb.orig = append(s.pb.orig, sat.PB{Terms: slices.Clone(c.Terms), Op: c.Op, K: c.K})
	s.stats.OriginalPB++
	for _, t := range c.Terms {
		x := int(t.Lit.Var()) - 1
		if s.elim[x] {
			s.restore(x)
		}
		s.frozen[x] = 1
	}
	s.pbPhases(c.Terms)
	if s.pb.occs == nil {
		s.pb.occs = make([][]pbOcc, 2*s.nvars)
		s.pb.cache = make([]cref, s.nvars)
	}
	if c.Op != sat.AtMost {
		s.addAtLeast(c.Terms, c.K, 1)
	}
	if c.Op != sat.AtLeast {
		s.addAtLeast(c.Terms, -c.K, -1)
	}
}

// pbPhases gives the variables of terms the initial phase PBPhase, when
// no Solve has run yet, and records it as their original phase, which
// rephasing restores (rephase.go). Measured on the OPB files of the
// optimisation corpus: phase true, the engine's default on CNF, fills
// set-partitioning and knapsack rows at once and conflicts over and over
// (air04 found no model in 10 CPU-s, and 0.054 s with phase false).
func (s *Solver) pbPhases(terms []sat.Term) {
	if s.opts.PBPhase == 2 || s.stats.Solves > 0 {
		return
	}
	ph := int8(-1)
	if s.opts.PBPhase == 1 {
		ph = 1
	}
	s.pb.phase = growTo(s.pb.phase, s.nvars)
	for _, t := range terms {
		x := int(t.Lit.Var()) - 1
		s.saved[x], s.pb.phase[x] = ph, ph
	}
}

// addAtLeast adds Σ sign·cᵢ·lᵢ ≥ k in the normal form of the file comment.
func (s *Solver) addAtLeast(ts []sat.Term, k int64, sign int64) {
	if s.unsat {
		return
	}
	terms, k := s.pbMerge(ts, k, sign)
	for {
		terms, k = s.pbFix(terms, k)
		if k <= 0 {
			return // always true
		}
		var sum int64
		for _, t := range terms {
			sum += t.coef
		}
		if sum < k {
			s.unsat = true
			return
		}
		// Saturate, then fix every literal the slack cannot spare.
		fixed := false
		for i := range terms {
			terms[i].coef = min(terms[i].coef, k)
		}
		sum = 0
		for _, t := range terms {
			sum += t.coef
		}
		for _, t := range terms {
			if t.coef > sum-k && s.vals[t.l] == 0 {
				s.assign(t.l, 0, noRef)
				s.stats.PBUnits++
				fixed = true
			}
		}
		if !fixed {
			break
		}
	}
	g := int64(0)
	for _, t := range terms {
		g = gcd(g, t.coef)
	}
	if g > 1 {
		for i := range terms {
			terms[i].coef /= g
		}
		k = (k + g - 1) / g
	}
	for i := range terms {
		terms[i].coef = min(terms[i].coef, k)
	}
	sortTerms(terms)
	if terms[len(terms)-1].coef == k || s.pbSmall(terms, k) {
		s.pbClausify(terms, k)
		return
	}
	s.pbStore(terms, k)
}

// pbMerge returns Σ sign·cᵢ·lᵢ ≥ k with one positive term per variable
// (step 1), in a scratch buffer.
func (s *Solver) pbMerge(ts []sat.Term, k int64, sign int64) ([]pbTerm, int64) {
	p := &s.pb
	p.coef = growTo(p.coef, s.nvars)
	vars := p.vars[:0]
	for _, t := range ts {
		c := sign * t.Coef
		x := int(t.Lit.Var()) - 1
		if c == 0 {
			continue
		}
		if p.coef[x] == 0 {
			vars = append(vars, int32(x))
		}
		if t.Lit > 0 {
			p.coef[x] += c
		} else {
			// c·¬x = c − c·x
			p.coef[x] -= c
			k -= c
		}
	}
	terms := p.norm[:0]
	for _, x := range vars {
		d := p.coef[x]
		p.coef[x] = 0
		switch {
		case d > 0:
			terms = append(terms, pbTerm{d, mkLit(int(x), false)})
		case d < 0:
			// d·x = d + |d|·¬x
			terms = append(terms, pbTerm{-d, mkLit(int(x), true)})
			k -= d
		}
	}
	p.vars, p.norm = vars[:0], terms
	return terms, k
}

// pbFix removes the terms fixed at level 0 (step 2): a true literal lowers
// k by its coefficient.
func (s *Solver) pbFix(terms []pbTerm, k int64) ([]pbTerm, int64) {
	j := 0
	for _, t := range terms {
		switch s.vals[t.l] {
		case 1:
			k -= t.coef
		case 0:
			terms[j] = t
			j++
		}
	}
	return terms[:j], k
}

// pbClausify adds the clauses equivalent to Σ cᵢ·lᵢ ≥ k (normal form): the
// clause of every minimal set of literals whose falsity leaves less than
// k. When every coefficient is k that is the one clause l₁ ∨ … ∨ lₙ.
func (s *Solver) pbClausify(terms []pbTerm, k int64) {
	if terms[len(terms)-1].coef == k {
		c := make([]lit, len(terms))
		for i, t := range terms {
			c[i] = t.l
		}
		s.addNormalized(c, s.newID())
		s.stats.PBClauses++
		return
	}
	var sum int64
	for _, t := range terms {
		sum += t.coef
	}
	s.pbCovers(terms, sum-k, nil, 0, 0)
}

// pbCovers adds, for every minimal set S ⊇ chosen of terms from terms[i:]
// with Σ_S c > slack, the clause ∨S (a depth-first enumeration in term
// order; terms are sorted by coefficient descending, so a set is minimal
// when dropping its smallest member, the last chosen, leaves the sum at
// most slack).
func (s *Solver) pbCovers(terms []pbTerm, slack int64, chosen []lit, sum int64, i int) {
	for ; i < len(terms); i++ {
		t := terms[i]
		c := append(chosen, t.l)
		if sum+t.coef > slack {
			s.addNormalized(slices.Clone(c), s.newID())
			s.stats.PBClauses++
			continue
		}
		s.pbCovers(terms, slack, c, sum+t.coef, i+1)
	}
}

// pbSmall reports whether Σ cᵢ·lᵢ ≥ k is expanded into clauses: when it
// has at most opts.PBClauses of them.
func (s *Solver) pbSmall(terms []pbTerm, k int64) bool {
	if s.opts.PBClauses == 0 {
		return false
	}
	var sum int64
	for _, t := range terms {
		sum += t.coef
	}
	clauses, steps := s.opts.PBClauses, 16*s.opts.PBClauses
	return countCovers(terms, sum-k, 0, 0, &clauses, &steps)
}

// countCovers counts the clauses pbCovers would add from terms[i:], taking
// one from *clauses for each and one from *steps for each set it looks
// at; it reports false as soon as either runs out (a constraint may have
// few clauses and many non-covering sets).
func countCovers(terms []pbTerm, slack, sum int64, i int, clauses, steps *int) bool {
	for ; i < len(terms); i++ {
		if *steps--; *steps < 0 {
			return false
		}
		if sum+terms[i].coef > slack {
			if *clauses--; *clauses < 0 {
				return false
			}
			continue
		}
		if !countCovers(terms, slack, sum+terms[i].coef, i+1, clauses, steps) {
			return false
		}
	}
	return true
}

// pbStore keeps Σ cᵢ·lᵢ ≥ k (normal form, over unassigned literals)
// natively.
func (s *Solver) pbStore(terms []pbTerm, k int64) {
	p := &s.pb
	if len(p.cons) >= int(pbFlag)-1 {
		panic("cdcl: more than 2^31 PB constraints")
	}
	var sum int64
	for _, t := range terms {
		sum += t.coef
	}
	idx := uint32(len(p.cons))
	c := pbCons{start: int32(len(p.terms)), n: int32(len(terms)), k: k, maxSlack: sum - k, slack: sum - k}
	p.cons = append(p.cons, c)
	p.terms = append(p.terms, terms...)
	p.falsed = append(p.falsed, make([]pbTerm, len(terms))...)
	for _, t := range terms {
		p.occs[t.l] = append(p.occs[t.l], pbOcc{t.coef, idx})
	}
	s.stats.PBConstraints++
}

// sortTerms sorts terms by coefficient, largest first.
func sortTerms(terms []pbTerm) {
	slices.SortStableFunc(terms, func(a, b pbTerm) int {
		switch {
		case a.coef > b.coef:
			return -1
		case a.coef < b.coef:
			return 1
		}
		return 0
	})
}

// gcd returns the greatest common divisor of a ≥ 0 and b > 0.
func gcd(a, b int64) int64 {
	for a != 0 {
		a, b = b%a, a
	}
	return b
}
