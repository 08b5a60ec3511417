package cdcl

// The solver's state and its public face: construction, variables and
// AddClause (IPASIR's add), the entry points every other file works for.
//
// Why here: the state is one struct of flat per-variable and per-literal
// slices (MiniSat's layout, N. Eén, N. Sörensson, An extensible
// SAT-solver, SAT 2003), grown as variables appear (note), never sized by
// a header or a large index alone. Original clauses are normalised
// against the level-0 assignment on the way in (addOriginal) and kept
// verbatim, flat, in s.orig so that every model can be checked against
// what the caller said rather than against the engine's simplified copy.
//
// Invariant: AddClause runs at level 0 (every Solve returns there). Ids
// come from one counter for original and derived clauses (proof.go), and
// AddClause itself derives nothing: the derivation its normalisation
// needs is deferred to flushPending at the next Solve, so the originals
// added between two Solves get consecutive ids, as LRAT expects.

import (
	"context"
	"slices"
	"sync/atomic"

	"github.com/satsolve/satsolve/internal/heap"
	"github.com/satsolve/satsolve/sat"
)

// Solver is a CDCL SAT solver: a sat.Solver and sat.FailedAssumer. Its
// zero value is not usable; call New or NewWith. A Solver is used by one
// goroutine at a time; Solve may be cancelled from another goroutine
// through its context.
type Solver struct {
	opts Options

	// Variables: nvars internal variables 0..nvars-1 (external 1..nvars).
	nvars    int
	vals     []int8   // per literal: 1 true, -1 false, 0 unassigned
	level    []int32  // per variable: decision level of its assignment
	reason   []cref   // per variable: implying clause, or noRef
	trailPos []int32  // per variable: position on the trail
	mark     []uint8  // per variable: analysis marks (mark* below)
	lmark    []uint8  // per literal: scratch marks (normalisation)
	unitID   []uint64 // per variable: proof id of its level-0 unit clause
	frozen   []uint32 // per variable: > 0 when it may not be eliminated

	// Phases (phase.go).
	saved  []int8 // per variable: saved phase, 1 or -1
	target []int8 // per variable: target phase (stable mode)
	best   []int8 // per variable: best phase

	// Decision heuristics (evsids.go, vmtf.go).
	score    []float64 // per variable: EVSIDS score
	scoreInc float64
	heap     heap.Max[float64] // by score, no tie-break
	queue    vmtf

	// The trail: assigned literals in order; lim[d] is where level d+1
	// starts; qhead is the next literal to propagate.
	trail []lit
	lim   []int32
	qhead int
	// outOfOrder is set by a chronological backtrack, after which levels
	// need not be non-decreasing along the trail, until a backtrack to
	// level 0 restores the order.
	outOfOrder bool
	// lateUnits are literals implied at level 0 while above it, waiting
	// for their unit clauses (propagate.go).
	lateUnits []lit

	// Clauses (arena.go, watch.go).
	arena []lit
	spare []lit
	waste int
	// watchedGarbage says that some garbage clause may still be watched.
	watchedGarbage bool
	watches        [][]watch
	// unattached says that the clauses of the arena from attachFrom on
	// are originals not yet watched (flushAttach).
	unattached bool
	attachFrom cref
	numIrred   int
	numLearnt  int
	occs       [][]cref // occurrence lists of inprocessing (subsume.go)
	ignore     cref     // a clause propagation passes over (vivify.go), or noRef

	// The original clauses, exactly as added, one flat list with 0 after
	// each clause: every model is checked against them.
	orig   sat.ClauseList
	maxVar int // the largest external variable seen (NewVar, clauses, assumptions)
	// broken is the error of an AddList that ctx interrupted: the engine
	// lacks some originals, so every later Solve fails with it.
	broken error

	// Proofs (proof.go).
	tracer     Tracer
	nextID     uint64
	hints      []uint64
	unitHints  []uint64
	unitMarked []int32
	extBuf     []sat.Lit

	// pending lists original clauses simplified by AddClause whose
	// derivation waits for the next Solve (addOriginal).
	pending []pendingAdd

	// unsat records that the clauses alone are unsatisfiable.
	unsat bool
	// deferCheck says that the caller checks every model (DeferCheck).
	deferCheck bool

	// Search state.
	sched searchState

	// Assumptions of the current Solve, and the failed ones of the last.
	assumptions []lit
	failed      []sat.Lit

	// stop is set (from another goroutine) when the Solve's context ends.
	stop *atomic.Bool

	// The outcome of the last Solve: it serves Value, Model and Failed.
	ans sat.Answer
	// answered is set by Solve: ans may hold an answer to clear.
	answered bool

	stats Stats

	// Scratch buffers.
	learnt     []lit
	analyzed   []int32 // variables marked seen during analysis
	chain      []int32 // variables whose reasons a derivation used
	minStack   []minFrame
	levelSeen  []int32 // per level: literals of the learnt clause at it (minimize)
	levelPos   []int32 // per level: earliest trail position in the clause
	levels     []int32 // levels touched (to reset levelSeen)
	stamp      []uint32
	stampGen   uint32
	addBuf     []lit
	inBuf      []lit
	coneStack  []int32
	countBuf   []int32
	vivBuf     []lit
	vivDecided []lit
	varBuf     []int32

	// Native pseudo-Boolean constraints (pb.go).
	pb pbState

	// Variable elimination (elim.go, extend.go).
	elim        []bool // per variable: eliminated
	numElim     int
	ext         []extEntry
	extPool     []lit
	assumedEver bool
}

// Analysis marks (Solver.mark).
const (
	markSeen      = 1 << 0 // in the clause being learnt, or resolved
	markPoison    = 1 << 1 // minimisation: cannot be removed
	markRemovable = 1 << 2 // minimisation: implied by the clause
	markUnit      = 1 << 3 // its level-0 unit is in the current hint chain
)

// New returns an empty solver with the default options.
func New() *Solver {
	s, _ := NewWith(DefaultOptions())
	return s
}

// NewWith returns an empty solver with the given options, or an error if
// one is out of range.
func NewWith(opts Options) (*Solver, error) {
	if err := opts.validate(); err != nil {
		return nil, err
	}
	s := &Solver{opts: opts, scoreInc: 1, ignore: noRef}
	s.queue.first, s.queue.last, s.queue.search = -1, -1, -1
	s.sched.init(&s.opts)
	return s, nil
}

// NewVar returns a fresh variable, above every variable the solver has
// seen in clauses and assumptions.
func (s *Solver) NewVar() sat.Var {
	s.clearAnswer()
	s.maxVar++
	s.grow(s.maxVar)
	return sat.Var(s.maxVar)
}

// DeferCheck leaves the check of every model against the original
// clauses to the caller (the sat.CheckDeferrer facet): satsolve solve
// checks it against the file's clauses, the very list the solver shares
// as its originals, so the solver's own check would be the same pass over
// the formula twice.
func (s *Solver) DeferCheck() { s.deferCheck = true }

// clearAnswer forgets the last Solve's answer, once: AddClause and NewVar
// call it every time, and rewriting the answer's pointers costs write
// barriers on every clause while the garbage collector runs.
func (s *Solver) clearAnswer() {
	if s.answered {
		s.ans.Clear()
		s.answered = false
	}
}

// note makes external variable of l known to the solver. It panics on the
// zero literal.
func (s *Solver) note(l sat.Lit) {
	if l == 0 {
		panic("cdcl: zero literal")
	}
	if v := int(l.Var()); v > s.maxVar {
		s.maxVar = v
		s.grow(v)
	}
}

// grow makes room for n variables, initialising the new ones.
func (s *Solver) grow(n int) {
	if n <= s.nvars {
		return
	}
	old := s.nvars
	s.nvars = n
	s.vals = growTo(s.vals, 2*n)
	s.level = growTo(s.level, n)
	s.reason = growTo(s.reason, n)
	s.trailPos = growTo(s.trailPos, n)
	s.mark = growTo(s.mark, n)
	s.lmark = growTo(s.lmark, 2*n)
	s.unitID = growTo(s.unitID, n)
	s.frozen = growTo(s.frozen, n)
	s.elim = growTo(s.elim, n)
	s.saved = growTo(s.saved, n)
	s.target = growTo(s.target, n)
	s.best = growTo(s.best, n)
	s.score = growTo(s.score, n)
	s.watches = growTo(s.watches, 2*n)
	if s.pb.occs != nil {
		s.pb.occs = growTo(s.pb.occs, 2*n)
		s.pb.cache = growTo(s.pb.cache, n)
	}
	s.heap.Grow(n)
	s.queue.grow(n)
	ph := int8(-1)
	if s.opts.Phase == 1 {
		ph = 1
	}
	for x := old; x < n; x++ {
		s.reason[x] = noRef
		s.saved[x] = ph
		s.heap.Push(x, s.score)
		s.queue.enqueue(x)
		s.queue.search = int32(x) // unassigned, at the end: the invariant holds
	}
}

// growTo returns a extended with zero values to length n.
func growTo[T any](a []T, n int) []T {
	if n <= len(a) {
		return a
	}
	if n <= cap(a) {
		return a[:n]
	}
	return append(a, make([]T, n-len(a))...)
}

// AddClause adds a copy of the clause lits. It panics on a zero literal.
func (s *Solver) AddClause(lits ...sat.Lit) {
	s.clearAnswer()
	for _, l := range lits {
		s.note(l)
	}
	mark := s.orig.End()
	s.orig.Add(lits)
	s.addClause(lits, mark)
}

// AddList adds the clauses of l in order, as AddClause would (the
// sat.ListAdder facet). A solver with no clause yet shares l's literals as
// its copy of the originals instead of copying them
// (sat.ClauseList.AddList), so that satsolve solve holds a large formula
// once. If ctx ends first it returns ctx.Err(); the clauses not yet given
// to the engine are then still in the originals every model is checked
// against, so the solver never answers Sat wrongly, and every later Solve
// fails with an error instead of answering.
func (s *Solver) AddList(ctx context.Context, l *sat.ClauseList) error {
	s.clearAnswer()
	if v := int(l.MaxVar()); v > s.maxVar {
		s.maxVar = v
		s.grow(v)
	}
	// The arena grows once, to hold every clause of l with its header and
	// a sixteenth more for the first learnt clauses, instead of doubling
	// step by step as the clauses come (each step a copy, and fresh pages
	// to fault in); units and satisfied clauses leave a little unused.
	n := l.Len()
	s.arena = reserve(s.arena, (hdrSize*n+len(l.Lits())-n)*17/16)
	mark := s.orig.End()
	s.orig.AddList(l)
	if s.tracer == nil && s.numElim == 0 {
		return s.loadPlain(ctx, s.orig.Lits()[mark:])
	}
	i := 0
	for c := range s.orig.Since(mark) {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				s.broken = err
				return err
			}
		}
		s.addClause(c, mark)
		mark += len(c) + 1
		i++
	}
	return nil
}

// addClause adds the clause lits, already in s.orig at mark, to the engine.
func (s *Solver) addClause(lits []sat.Lit, mark int) {
	if s.numElim > 0 {
		for _, l := range lits {
			if x := int(l.Var()) - 1; s.elim[x] {
				s.restore(x)
			}
		}
	}
	id := s.newID()
	s.stats.Original++
	if s.tracer != nil {
		s.tracer.Original(id, lits)
	}
	if s.unsat {
		return
	}
	s.addOriginal(id, lits, mark)
}

// addOriginal simplifies an original clause against the level-0
// assignment (dropping duplicates, false literals, tautologies and
// satisfied clauses) and adds what remains: a unit as a level-0
// assignment, a longer clause to the arena. The solver is at level 0.
//
// A clause that loses literals is a derived clause in the proof, but it is
// not derived here: a derived id handed out between two AddClause calls
// would shift the ids of the originals after it, which must match their
// position in the input (LRAT). The derivation is queued and made by
// flushPending at the start of the next Solve; until then the engine holds
// the shortened clause under the original's id and does not use it.
func (s *Solver) addOriginal(id uint64, ext []sat.Lit, mark int) {
	in := s.inBuf[:0]
	for _, e := range ext {
		in = append(in, fromExt(e))
	}
	s.inBuf = in
	c, changed, drop := s.normalize(in)
	if drop {
		if s.tracer != nil {
			s.tracer.Deleted(id, ext)
		}
		return
	}
	p := pendingAdd{id: id, orig: mark, ref: noRef, unit: noLit}
	p.ref, p.unit = s.addNormalized(c, id)
	if s.tracer != nil && (changed || len(c) == 0) {
		s.pending = append(s.pending, p)
	}
}

// normalize drops duplicates and level-0 false literals from ls into a
// scratch buffer; changed says whether any was dropped, drop that the
// clause is a tautology or satisfied at level 0.
func (s *Solver) normalize(ls []lit) (c []lit, changed, drop bool) {
	c = s.addBuf[:0]
	for _, l := range ls {
		switch {
		case s.vals[l] > 0 || s.lmark[l.not()] != 0:
			drop = true // satisfied at level 0, or a tautology
		case s.vals[l] < 0 || s.lmark[l] != 0:
			changed = true // false at level 0, or a duplicate
			continue
		}
		if drop {
			break
		}
		s.lmark[l] = 1
		c = append(c, l)
	}
	for _, l := range c {
		s.lmark[l] = 0
	}
	s.addBuf = c
	return c, changed, drop
}

// addNormalized adds a normalized clause under id: the empty clause makes
// the solver unsatisfiable, a unit is assigned at level 0, a longer clause
// goes to the arena, unwatched until flushAttach (at the next Solve) watches
// all such clauses at once. It returns the clause or the unit.
func (s *Solver) addNormalized(c []lit, id uint64) (cref, lit) {
	switch len(c) {
	case 0:
		s.unsat = true
	case 1:
		s.unitID[c[0].v()] = id
		s.assign(c[0], 0, noRef)
		return noRef, c[0]
	default:
		ref := s.alloc(c, 0, 0, id)
		if !s.unattached {
			s.unattached, s.attachFrom = true, ref
		}
		return ref, noLit
	}
	return noRef, noLit
}

// addRestored adds back a clause removed by elimination, under its id,
// simplified by the level-0 assignment (the derivation, if any, is made at
// once: restoring happens only in incremental sessions).
func (s *Solver) addRestored(id uint64, ls []lit) {
	in := append(s.inBuf[:0], ls...)
	s.inBuf = in
	c, changed, drop := s.normalize(in)
	if drop {
		if s.tracer != nil {
			s.traceDeleted(id, in)
		}
		return
	}
	if changed && s.tracer != nil {
		for _, l := range in {
			if s.vals[l] < 0 {
				s.unitHint(l.v())
			}
		}
		h := append(s.hints[:0], s.unitHints...)
		h = append(h, id)
		s.hints = h
		nid := s.newID()
		s.traceDerived(nid, c, h)
		s.clearUnitMarks()
		s.traceDeleted(id, in)
		id = nid
	}
	s.addNormalized(c, id)
}

// pendingAdd is an original clause whose simplified form still has to be
// derived in the proof: the original's id and offset in s.orig, and what
// it became (a clause, a unit, or, with neither, the empty clause).
type pendingAdd struct {
	id   uint64
	orig int
	ref  cref
	unit lit
}

// flushPending derives, in input order, the simplified forms of the
// original clauses that AddClause shortened (see addOriginal): hints are
// the units of the literals removed as false, then the original, which is
// then deleted. A clause that became empty ends the refutation.
func (s *Solver) flushPending() {
	for _, p := range s.pending {
		var res []lit
		switch {
		case p.ref != noRef:
			res = s.lits(p.ref)
		case p.unit != noLit:
			res = []lit{p.unit}
		}
		for _, l := range res {
			s.lmark[l] = 1
		}
		var ext []sat.Lit
		for c := range s.orig.Since(p.orig) {
			ext = c
			break
		}
		for _, e := range ext {
			if l := fromExt(e); s.lmark[l] == 0 && s.vals[l] < 0 {
				s.unitHint(l.v())
			}
		}
		for _, l := range res {
			s.lmark[l] = 0
		}
		h := append(s.hints[:0], s.unitHints...)
		h = append(h, p.id)
		s.hints = h
		id := s.newID()
		s.traceDerived(id, res, h)
		s.clearUnitMarks()
		if len(res) > 0 {
			s.tracer.Deleted(p.id, ext)
		}
		switch {
		case p.ref != noRef:
			s.setID(p.ref, id)
		case p.unit != noLit:
			s.unitID[p.unit.v()] = id
		}
	}
	s.pending = s.pending[:0]
}

// Failed returns a subset of the last Solve's assumptions that is
// unsatisfiable together with the clauses, found by analysing the final
// conflict (not necessarily minimal). The last Solve must have returned
// Unsat. An empty result means the clauses are unsatisfiable by themselves.
func (s *Solver) Failed() []sat.Lit { return s.ans.Failed() }

// Value returns the value of l in the model of the last Solve, which must
// have returned Sat.
func (s *Solver) Value(l sat.Lit) bool { return s.ans.Value(l) }

// Model returns a copy of the model of the last Solve, which must have
// returned Sat. It covers every variable of the solver.
func (s *Solver) Model() sat.Assignment { return s.ans.Model() }

// Options returns the solver's options.
func (s *Solver) Options() Options { return s.opts }

// sortInt32By sorts a by key.
func sortInt32By(a []int32, key func(int32) int32) {
	slices.SortFunc(a, func(x, y int32) int { return int(key(x)) - int(key(y)) })
}
