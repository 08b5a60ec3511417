package preprocess

import (
	"context"
	"fmt"
	"time"

	"github.com/satsolve/satsolve/sat"
)

// simplifier holds the working formula: a clause database with full
// occurrence lists, the top-level assignment, and the reconstruction
// stack.
type simplifier struct {
	nvars   int
	clauses []clause
	arena   []lit          // literals of the clauses
	occ     [][]occurrence // per literal; may still list dead clauses (see occs)
	nocc    []int32        // per literal: number of live clauses containing it
	val     []int8         // per variable: +1 true, -1 false, 0 unassigned
	frozen  []bool
	elim    []bool // eliminated or substituted
	trail   []lit
	qhead   int // trail[:qhead] has been propagated
	rec     reconstruction

	techs       Technique
	subsuming   bool // Subsumption or Strengthening is on
	clauseLimit int
	grow        int

	queue    []int32 // subsumption queue
	qi       int     // queue[:qi] has been processed
	queueEnd int64   // when ≥ 0, the queue is dropped once ticks exceed it
	heap     varHeap
	// heapOn is set once elimination starts; before, touch does nothing.
	heapOn      bool
	touched     []bool // per variable: in touchedList
	touchedList []int32

	mark    []uint32 // per literal, compared with stamp
	stamp   uint32
	scratch []occurrence
	rbuf    []lit

	ticks  int64
	budget int64
	done   <-chan struct{}
	unsat  bool
	stats  *Stats
}

// Simplify preprocesses the clauses of f and returns an equisatisfiable
// formula with a way back to models of f (Result.Extend). f is not
// modified. Simplify never fails on a well-formed formula; it returns an
// error only when a clause, pseudo-Boolean constraint or the objective
// holds the zero literal, or when a frozen variable is not positive.
//
// When ctx is done or Options.Budget runs out, Simplify stops early and
// returns what it has done so far, which is just as correct, with
// Stats.Stopped saying why.
func Simplify(ctx context.Context, f *sat.Formula, opts Options) (*Result, error) {
	start := time.Now()
	n := f.NumVars
	nlits := 0
	for i, c := range f.Clauses {
		for _, l := range c {
			if l == 0 {
				return nil, fmt.Errorf("preprocess: clause %d: zero literal", i+1)
			}
			n = max(n, int(l.Var()))
		}
		nlits += len(c)
	}
	for _, v := range opts.Frozen {
		if v <= 0 {
			return nil, fmt.Errorf("preprocess: frozen variable %d is not positive", v)
		}
	}
	pbVars, err := pbVars(f)
	if err != nil {
		return nil, err
	}
	for _, v := range pbVars {
		n = max(n, int(v))
	}

	res := &Result{numVars: n}
	s := newSimplifier(ctx, n, opts, &res.Stats)
	for _, v := range opts.Frozen {
		if int(v) <= n {
			s.frozen[v] = true
		}
	}
	for _, v := range pbVars {
		s.frozen[v] = true
	}

	s.load(f.Clauses, nlits)
	res.Stats.ClausesBefore = len(f.Clauses)
	res.Stats.LitsBefore = nlits
	res.Stats.VarsBefore = countVars(f.Clauses, n)

	s.run()

	res.rec = s.rec
	res.Formula, res.Status = s.output(f)
	res.Stats.ClausesAfter = len(res.Formula.Clauses)
	for _, c := range res.Formula.Clauses {
		res.Stats.LitsAfter += len(c)
	}
	res.Stats.VarsAfter = countVars(res.Formula.Clauses, n)
	res.Stats.Steps = s.ticks
	res.Stats.Duration = time.Since(start)
	return res, nil
}

func newSimplifier(ctx context.Context, n int, opts Options, st *Stats) *simplifier {
	s := &simplifier{
		nvars:       n,
		occ:         make([][]occurrence, 2*n+2),
		nocc:        make([]int32, 2*n+2),
		val:         make([]int8, n+1),
		frozen:      make([]bool, n+1),
		elim:        make([]bool, n+1),
		mark:        make([]uint32, 2*n+2),
		techs:       opts.Techniques | Units,
		clauseLimit: opts.ClauseLimit,
		grow:        opts.Grow,
		budget:      opts.Budget,
		done:        ctx.Done(),
		stats:       st,
	}
	if opts.Techniques == 0 {
		s.techs = Default
	}
	s.subsuming = s.techs&(Subsumption|Strengthening) != 0
	if s.clauseLimit == 0 {
		s.clauseLimit = DefaultClauseLimit
	}
	if s.budget == 0 {
		s.budget = DefaultBudget
	}
	s.heap = newVarHeap(n, s.nocc)
	return s
}

// load normalizes the input clauses into the database. The arena, the
// clause table and the occurrence lists are sized from the input first,
// so that loading allocates a few large blocks.
func (s *simplifier) load(clauses []sat.Clause, nlits int) {
	s.arena = make([]lit, 0, nlits+nlits/4)
	s.clauses = make([]clause, 0, len(clauses)+len(clauses)/4)
	count := make([]int32, len(s.occ))
	for _, c := range clauses {
		for _, l := range c {
			count[toLit(l)]++
		}
	}
	backing := make([]occurrence, nlits)
	for l, k := range count {
		s.occ[l] = backing[:0:k]
		backing = backing[k:]
	}
	var buf []lit
	for _, c := range clauses {
		buf = buf[:0]
		for _, l := range c {
			buf = append(buf, toLit(l))
		}
		lits, taut := normalize(buf)
		if taut {
			s.stats.Tautologies++
			continue
		}
		s.addClause(lits)
		if s.unsat {
			return
		}
	}
}

// run applies the selected techniques.
func (s *simplifier) run() {
	if !s.propagate() {
		return
	}
	if s.techs&Equivalence != 0 && !s.stopped() && !s.substitute() {
		return
	}
	if s.subsuming {
		// The first pass checks every clause. It may spend at most half
		// of the budget, so that elimination always gets its turn; what
		// it leaves unchecked is simply not simplified.
		s.queueEnd = -1
		if s.budget >= 0 {
			s.queueEnd = s.ticks + s.budget/2
		}
		ok := s.subsumeQueue()
		s.queueEnd = -1
		if !ok {
			return
		}
	}
	if s.techs&Elimination != 0 && !s.eliminate() {
		return
	}
}

// stopped reports whether the budget is spent or the context done, and
// records the reason.
func (s *simplifier) stopped() bool {
	if s.stats.Stopped != Completed {
		return true
	}
	if s.budget >= 0 && s.ticks > s.budget {
		s.stats.Stopped = BudgetExhausted
		return true
	}
	select {
	case <-s.done:
		s.stats.Stopped = Cancelled
		return true
	default:
		return false
	}
}

// output builds the simplified formula and its status.
func (s *simplifier) output(f *sat.Formula) (*sat.Formula, sat.Status) {
	g := &sat.Formula{NumVars: s.nvars}
	if s.unsat {
		g.Clauses = []sat.Clause{{}}
		return g, sat.Unsat
	}
	units := 0
	for v := 1; v <= s.nvars; v++ {
		if s.frozen[v] && s.val[v] != 0 {
			g.Clauses = append(g.Clauses, sat.Clause{sat.Var(v).Lit(s.val[v] > 0)})
			units++
		}
	}
	total := 0
	for i := range s.clauses {
		if c := &s.clauses[i]; !c.dead {
			total += int(c.n)
		}
	}
	arena := make([]sat.Lit, total)
	for i := range s.clauses {
		if s.clauses[i].dead {
			continue
		}
		lits := s.lits(int32(i))
		out := sat.Clause(arena[:len(lits):len(lits)])
		arena = arena[len(lits):]
		for j, l := range lits {
			out[j] = l.ext()
		}
		g.Clauses = append(g.Clauses, out)
	}
	for _, c := range f.PBs {
		g.AddPB(c)
	}
	if f.Objective != nil {
		g.SetObjective(f.Objective)
	}
	if len(g.Clauses) == units && len(g.PBs) == 0 {
		return g, sat.Sat
	}
	return g, sat.Unknown
}

// countVars returns the number of distinct variables in clauses.
func countVars(clauses []sat.Clause, n int) int {
	seen := make([]bool, n+1)
	count := 0
	for _, c := range clauses {
		for _, l := range c {
			if v := l.Var(); !seen[v] {
				seen[v] = true
				count++
			}
		}
	}
	return count
}

// pbVars returns the variables of f's pseudo-Boolean constraints and
// objective, which must be frozen because the simplifier does not see
// those constraints.
func pbVars(f *sat.Formula) ([]sat.Var, error) {
	var vars []sat.Var
	for i, c := range f.PBs {
		for _, t := range c.Terms {
			if t.Lit == 0 {
				return nil, fmt.Errorf("preprocess: pseudo-Boolean constraint %d: zero literal", i+1)
			}
			vars = append(vars, t.Lit.Var())
		}
	}
	for _, t := range f.Objective {
		if t.Lit == 0 {
			return nil, fmt.Errorf("preprocess: objective: zero literal")
		}
		vars = append(vars, t.Lit.Var())
	}
	return vars, nil
}
