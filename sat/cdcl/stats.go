package cdcl

// Statistics, printed by the command as "c" comment lines the way MiniSat
// and CaDiCaL print theirs.

import (
	"fmt"
	"io"
	"time"

	"github.com/satsolve/satsolve/sat"
)

// Stats counts what the solver did, over its whole life (all Solve calls).
type Stats struct {
	Solves              uint64        // Solve calls
	Conflicts           uint64        // conflicts analysed
	Decisions           uint64        // decisions, assumptions included
	Propagations        uint64        // literals propagated
	Ticks               uint64        // long clauses visited during propagation
	Restarts            uint64        // restarts
	Chrono              uint64        // chronological backtracks
	ReusedLevels        uint64        // decision levels kept by restarts
	Rephases            uint64        // rephases
	ModeSwitches        uint64        // switches between focused and stable mode
	Reductions          uint64        // learnt-clause reductions
	Collections         uint64        // arena compactions
	Original            uint64        // AddClause calls
	Learnt              uint64        // learnt or derived redundant clauses added
	LearntUnits         uint64        // learnt unit clauses
	LearntBinary        uint64        // learnt binary clauses
	Deleted             uint64        // redundant clauses deleted
	LearntLits          uint64        // literals in learnt clauses before minimisation
	MinimizedLits       uint64        // literals in learnt clauses after minimisation
	GlueUpdates         uint64        // learnt clauses whose glue was lowered on use
	Simplifications     uint64        // level-0 simplification rounds
	Strengthened        uint64        // clauses shortened by level-0 literals
	ProbeRounds         uint64        // probing rounds
	Probed              uint64        // literals probed
	FailedLiterals      uint64        // failed literals found
	VivifyRounds        uint64        // vivification rounds
	Vivified            uint64        // clauses shortened by vivification
	Eliminated          uint64        // variables eliminated
	ElimRounds          uint64        // elimination rounds
	Resolvents          uint64        // resolvents added by elimination
	Restored            uint64        // eliminated variables restored
	Inprocessings       uint64        // inprocessing rounds
	SubsumeRounds       uint64        // subsumption rounds
	Subsumed            uint64        // clauses deleted as subsumed
	SubsumeStrengthened uint64        // clauses strengthened by self-subsumption
	OriginalPB          uint64        // AddPB calls
	PBConstraints       uint64        // PB constraints kept natively (an = counts twice)
	PBClauses           uint64        // clauses PB constraints were turned into (pb.go)
	PBUnits             uint64        // literals AddPB fixed at level 0
	PBImplied           uint64        // literals implied by PB constraints
	PBConflicts         uint64        // conflicts on PB constraints
	ProofDerived        uint64        // clauses reported to the tracer as derived
	ProofDeleted        uint64        // clauses reported to the tracer as deleted
	Irredundant         int           // irredundant clauses alive now (length ≥ 2)
	Redundant           int           // learnt clauses alive now (length ≥ 2)
	SearchTime          time.Duration // time spent in Solve
	InprocessTime       time.Duration // time spent in inprocessing
}

// Statistics returns the solver's counters.
func (s *Solver) Statistics() Stats {
	st := s.stats
	st.Irredundant, st.Redundant = s.numIrred, s.numLearnt
	return st
}

// WriteTo writes the statistics as "c name: value" lines.
func (st Stats) WriteTo(w io.Writer) (int64, error) {
	secs := st.SearchTime.Seconds()
	per := func(n uint64) string {
		if secs <= 0 {
			return ""
		}
		return fmt.Sprintf("  (%.0f/s)", float64(n)/secs)
	}
	minimized := 0.0
	if st.LearntLits > 0 {
		minimized = 100 * (1 - float64(st.MinimizedLits)/float64(st.LearntLits))
	}
	lines := []string{
		fmt.Sprintf("c solves:        %d", st.Solves),
		fmt.Sprintf("c conflicts:     %d%s", st.Conflicts, per(st.Conflicts)),
		fmt.Sprintf("c decisions:     %d%s", st.Decisions, per(st.Decisions)),
		fmt.Sprintf("c propagations:  %d%s", st.Propagations, per(st.Propagations)),
		fmt.Sprintf("c ticks:         %d%s", st.Ticks, per(st.Ticks)),
		fmt.Sprintf("c restarts:      %d", st.Restarts),
		fmt.Sprintf("c chronological: %d backtracks", st.Chrono),
		fmt.Sprintf("c reused levels: %d", st.ReusedLevels),
		fmt.Sprintf("c rephases:      %d", st.Rephases),
		fmt.Sprintf("c mode switches: %d", st.ModeSwitches),
		fmt.Sprintf("c reductions:    %d", st.Reductions),
		fmt.Sprintf("c learnt:        %d  (units %d, binary %d)", st.Learnt, st.LearntUnits, st.LearntBinary),
		fmt.Sprintf("c deleted:       %d", st.Deleted),
		fmt.Sprintf("c clauses now:   %d irredundant, %d redundant", st.Irredundant, st.Redundant),
		fmt.Sprintf("c minimized:     %.1f%% of learnt literals", minimized),
		fmt.Sprintf("c inprocessings: %d", st.Inprocessings),
		fmt.Sprintf("c subsumed:      %d  (strengthened %d, rounds %d)", st.Subsumed, st.SubsumeStrengthened, st.SubsumeRounds),
		fmt.Sprintf("c probed:        %d  (failed %d, rounds %d)", st.Probed, st.FailedLiterals, st.ProbeRounds),
		fmt.Sprintf("c vivified:      %d  (rounds %d)", st.Vivified, st.VivifyRounds),
		fmt.Sprintf("c eliminated:    %d variables  (%d resolvents, %d rounds, %d restored)", st.Eliminated, st.Resolvents, st.ElimRounds, st.Restored),
		fmt.Sprintf("c inprocessing:  %.3f s", st.InprocessTime.Seconds()),
		fmt.Sprintf("c search time:   %.3f s", secs),
	}
	if st.OriginalPB > 0 {
		lines = append(lines[:len(lines)-2:len(lines)-2],
			fmt.Sprintf("c pb:            %d constraints  (%d native, %d clauses, %d units)", st.OriginalPB, st.PBConstraints, st.PBClauses, st.PBUnits),
			fmt.Sprintf("c pb implied:    %d  (conflicts %d)", st.PBImplied, st.PBConflicts),
			lines[len(lines)-2], lines[len(lines)-1])
	}
	var n int64
	for _, l := range lines {
		k, err := fmt.Fprintln(w, l)
		n += int64(k)
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// Stats returns the main counters under their common names: the
// sat.Statser facet, which satsolve solve -v prints.
func (s *Solver) Stats() []sat.Stat {
	st := s.stats
	ms := func(d time.Duration) int64 { return d.Milliseconds() }
	return []sat.Stat{
		{Name: "solves", Value: int64(st.Solves)},
		{Name: "conflicts", Value: int64(st.Conflicts)},
		{Name: "decisions", Value: int64(st.Decisions)},
		{Name: "propagations", Value: int64(st.Propagations)},
		{Name: "restarts", Value: int64(st.Restarts)},
		{Name: "reused levels", Value: int64(st.ReusedLevels)},
		{Name: "chronological backtracks", Value: int64(st.Chrono)},
		{Name: "mode switches", Value: int64(st.ModeSwitches)},
		{Name: "rephases", Value: int64(st.Rephases)},
		{Name: "reductions", Value: int64(st.Reductions)},
		{Name: "learnt clauses", Value: int64(st.Learnt)},
		{Name: "learnt units", Value: int64(st.LearntUnits)},
		{Name: "learnt binary clauses", Value: int64(st.LearntBinary)},
		{Name: "deleted clauses", Value: int64(st.Deleted)},
		{Name: "learnt literals", Value: int64(st.LearntLits)},
		{Name: "minimized literals", Value: int64(st.LearntLits - st.MinimizedLits)},
		{Name: "inprocessing rounds", Value: int64(st.Inprocessings)},
		{Name: "failed literals", Value: int64(st.FailedLiterals)},
		{Name: "subsumed clauses", Value: int64(st.Subsumed)},
		{Name: "strengthened clauses", Value: int64(st.SubsumeStrengthened + st.Strengthened)},
		{Name: "vivified clauses", Value: int64(st.Vivified)},
		{Name: "eliminated variables", Value: int64(st.Eliminated)},
		{Name: "restored variables", Value: int64(st.Restored)},
		{Name: "PB constraints", Value: int64(st.OriginalPB)},
		{Name: "PB constraints native", Value: int64(st.PBConstraints)},
		{Name: "PB clauses", Value: int64(st.PBClauses)},
		{Name: "PB implied", Value: int64(st.PBImplied)},
		{Name: "PB conflicts", Value: int64(st.PBConflicts)},
		{Name: "inprocessing ms", Value: ms(st.InprocessTime)},
		{Name: "search ms", Value: ms(st.SearchTime)},
	}
}
