// Package cdcl is satsolve's own SAT solver: conflict-driven clause
// learning in pure Go, behind sat.Solver, sat.FailedAssumer and
// sat.PBAdder (native pseudo-Boolean constraints, pb.go), with a proof hook
// (Tracer) from which DRAT and LRAT proofs are written for clauses.
//
// The engine is shaped like CaDiCaL and Kissat: one technique per file,
// each opening with what it does, why, where it comes from and the
// invariant it keeps. This comment states the state machine and the
// invariants every file may assume.
//
// # Use
//
//	s := cdcl.New()
//	s.AddClause(1, -2)
//	s.AddClause(2)
//	st, err := s.Solve(ctx)           // sat.Sat, model checked
//	st, err = s.Solve(ctx, -1)        // sat.Unsat under the assumption ¬1
//	core := s.Failed()                // [-1]
//
// Options (options.go) tune every heuristic; NewWith takes them.
// Statistics returns counters that the command prints as "c" lines.
//
// # State machine
//
// The public contract is sat.Solver's (IPASIR): AddClause and NewVar in
// any state, Solve(ctx, assumptions...) → Sat | Unsat | Unknown, Value and
// Model after Sat, Failed after Unsat. Inside a Solve the engine cycles
//
//	propagate ─conflict→ analyze (learn, backjump) ─→ propagate
//	    │ no conflict
//	    ↓
//	stop? → Unknown;  restart / mode switch / level-0 simplify / reduce
//	    ↓
//	decide (assumptions first) ─all assigned→ Sat (model checked)
//	                           ─assumption false→ Unsat under assumptions
//
// and a conflict at level 0 makes the clauses unsatisfiable for good (all
// later Solves answer Unsat at once). Every Solve returns at level 0.
//
// # Invariants
//
//   - Trail: s.trail holds the assigned literals in assignment order;
//     s.lim[d] is the trail position where level d+1 starts; levels are
//     non-decreasing along the trail; literals before s.qhead have been
//     propagated.
//   - Values: vals[l] = 1 and vals[l^1] = -1 exactly for the literals l on
//     the trail; level, reason and trailPos of a variable are meaningful
//     only while it is assigned.
//   - Reasons: a literal implied by propagation has its clause as reason,
//     with the implied literal at position 0 (long clauses) or either
//     position (binary clauses), or a PB constraint (pbFlag set), whose
//     clause analysis builds on demand (pbexplain.go); decisions,
//     assumptions and level-0
//     literals have noRef. Level-0 literals lose their reasons right after
//     the propagation that fixed them (their unit clauses take over in
//     proofs), so any clause may be deleted at level 0.
//   - Watches: watch.go. Every live clause has exactly two watches, on its
//     literals 0 and 1; garbage clauses have none once collect has run,
//     and collect runs after every batch of deletions. The one exception
//     is outside Solve: the originals AddClause appended since the last
//     Solve (from attachFrom on) have none until Solve's flushAttach
//     watches them all at once.
//   - Clauses: arena.go. Live clauses have at least two literals, no
//     duplicate variables, and an id that names them in the proof.
//   - Originals: every clause ever added is kept as given in s.orig, every
//     PB constraint in s.pb.orig, and every model is checked against them
//     and the assumptions.
//   - PB constraints: pb.go (normal form, frozen variables) and
//     pbpropagate.go (every slack equals its definition over the trail).
//   - Decision structures: every unassigned variable is in the EVSIDS heap,
//     and every variable after the VMTF search pointer is assigned.
//
// # Proofs
//
// proof.go: every clause added, derived or deleted goes through the
// tracer with a stable id; derived clauses carry LRAT hints. Under
// assumptions the clauses are still reported, but no empty clause is
// derived unless the clauses alone are refuted.
package cdcl
