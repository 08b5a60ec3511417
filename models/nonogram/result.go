package nonogram

import (
	"fmt"
	"time"
)

// Stats describe the work a solve did.
type Stats struct {
	// Known is the number of cells fixed before search or encoding.
	Known int
	// Vars and Clauses measure the SAT encoding (solve.SAT only).
	Vars, Clauses int
	// Solves counts SAT calls (solve.SAT only).
	Solves int
	// LineSolves counts runs of the line solver, Probes the cells probed,
	// Nodes the search nodes (branches taken plus one).
	LineSolves, Probes, Nodes int64
	// Fails counts the search nodes whose probing ended in a
	// contradiction (the backtracks of Wu et al. 2013).
	Fails int64
	// Restarts counts the native search's restarts (internal/search).
	Restarts int
	// Presolve, Encode and Search split the time spent.
	Presolve, Encode, Search time.Duration
}

// Result is the outcome of a solve.
type Result struct {
	// Solutions holds the solutions found, each a complete grid that has
	// passed Check, all distinct.
	Solutions []*Grid
	// Exhausted reports that the search space was covered: the puzzle has
	// exactly len(Solutions) solutions. It is false when the search
	// stopped at the limit or was interrupted.
	Exhausted bool
	// LineSolved reports that line solving alone (no probing, no search)
	// completed the grid; the solution is then unique.
	LineSolved bool
	// Hinted reports that Solutions[0] is Options.Hint, found without
	// search.
	Hinted bool
	// BySAT reports that solve.Portfolio handed the puzzle to SAT (the
	// native budget ran out first).
	BySAT bool
	// Stats describe the work done.
	Stats Stats
}

// Verdict is what a solve proved about the number of solutions.
type Verdict uint8

// The verdicts.
const (
	VerdictUnknown  Verdict = iota // interrupted before any solution was found
	VerdictNone                    // no solution
	VerdictUnique                  // exactly one solution
	VerdictMultiple                // at least two solutions
	VerdictSolved                  // one solution found; whether it is unique was not decided (a limit of 1, or interrupted)
)

var verdictNames = [...]string{"unknown", "no solution", "unique", "multiple", "solved"}

// String returns "unknown", "no solution", "unique", "multiple" or
// "solved".
func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", v)
}

// Verdict returns what the result proves about the number of solutions.
func (r *Result) Verdict() Verdict {
	switch {
	case len(r.Solutions) >= 2:
		return VerdictMultiple
	case r.Exhausted && len(r.Solutions) == 1:
		return VerdictUnique
	case r.Exhausted:
		return VerdictNone
	case len(r.Solutions) == 1:
		return VerdictSolved
	}
	return VerdictUnknown
}

// Rating is the difficulty category puzzle authors ask for.
type Rating uint8

// The ratings.
const (
	RatingUnknown      Rating = iota // the solve did not decide uniqueness
	RatingLineSolvable               // line solving alone finishes the puzzle
	RatingNeedsSearch                // unique, but line solving stalls
	RatingMultiple                   // at least two solutions
	RatingNone                       // no solution
)

var ratingNames = [...]string{"unknown", "line-solvable", "needs search", "multiple solutions", "no solution"}

// String returns the rating as printed by "satsolve nonogram rate".
func (r Rating) String() string {
	if int(r) < len(ratingNames) {
		return ratingNames[r]
	}
	return fmt.Sprintf("Rating(%d)", r)
}

// Rating classifies the puzzle from a solve with a limit of at least 2.
func (r *Result) Rating() Rating {
	switch r.Verdict() {
	case VerdictMultiple:
		return RatingMultiple
	case VerdictNone:
		return RatingNone
	case VerdictUnique:
		if r.LineSolved {
			return RatingLineSolvable
		}
		return RatingNeedsSearch
	}
	return RatingUnknown
}

// GoalStatus says how a puzzle's goal image relates to a result.
type GoalStatus uint8

// The goal statuses.
const (
	GoalAbsent  GoalStatus = iota // the puzzle has no goal image
	GoalMatches                   // the goal is one of the solutions found
	GoalOther                     // the goal satisfies the clues but is not among the solutions found: another solution
	GoalInvalid                   // the goal breaks the clues
	GoalOnly                      // the search found no solution before it stopped; the goal satisfies the clues and is the one solution known
)

var goalNames = [...]string{"absent", "matches", "other solution", "invalid", "only solution known"}

// String names the status.
func (g GoalStatus) String() string {
	if int(g) < len(goalNames) {
		return goalNames[g]
	}
	return fmt.Sprintf("GoalStatus(%d)", g)
}

// AddGoal compares the puzzle's goal image with the solutions of r. A goal
// that satisfies the clues but differs from every solution found is one
// more solution: AddGoal appends it to r.Solutions and returns GoalOther
// (the verdict becomes "multiple"), or GoalOnly when r holds no solution
// (the search stopped first; the verdict becomes "solved").
// For GoalInvalid the error says which line the goal breaks. A goal that
// satisfies the clues although r claims to have found every solution
// without it means a solver is wrong: the error wraps ErrBadSolution.
func (r *Result) AddGoal(p *Puzzle) (GoalStatus, error) {
	if p.Goal == nil {
		return GoalAbsent, nil
	}
	if err := Check(p, p.Goal); err != nil {
		return GoalInvalid, fmt.Errorf("the goal image does not satisfy the clues: %w", err)
	}
	for _, s := range r.Solutions {
		if s.Equal(p.Goal) {
			return GoalMatches, nil
		}
	}
	if r.Exhausted {
		return GoalOther, fmt.Errorf("%w: the goal image satisfies the clues but the search missed it", ErrBadSolution)
	}
	r.Solutions = append(r.Solutions, p.Goal.Clone())
	if len(r.Solutions) == 1 {
		return GoalOnly, nil
	}
	return GoalOther, nil
}
