package preprocess

import (
	"strings"

	"github.com/satsolve/satsolve/sat"
)

// Technique is a set of simplification techniques, combined with |.
type Technique uint16

// The techniques. Top-level unit propagation and the removal of duplicate
// literals and tautologies always run, whatever the set says.
const (
	// Units is top-level unit propagation with duplicate-literal and
	// tautology removal; it is part of every set.
	Units Technique = 1 << iota
	// Subsumption removes clauses that contain another clause.
	Subsumption
	// Strengthening is self-subsuming resolution: it drops a literal
	// from a clause when the rest is implied by resolution.
	Strengthening
	// Elimination is bounded variable elimination by clause
	// distribution, including pure literals.
	Elimination
	// Equivalence substitutes equivalent literals, found as strongly
	// connected components of the binary implication graph.
	Equivalence
	// Gates lets elimination use AND/OR gate definitions to skip
	// redundant resolvents.
	Gates
)

// Default is the set used when Options.Techniques is zero.
const Default = Units | Subsumption | Strengthening | Elimination | Equivalence | Gates

// String lists the techniques of t, e.g. "units+subsumption".
func (t Technique) String() string {
	names := []string{"units", "subsumption", "strengthening", "elimination", "equivalence", "gates"}
	var parts []string
	for i, name := range names {
		if t&(1<<i) != 0 {
			parts = append(parts, name)
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "+")
}

// DefaultClauseLimit is the longest resolvent elimination accepts when
// Options.ClauseLimit is zero (MiniSat's -cl-lim).
const DefaultClauseLimit = 20

// DefaultBudget is the work budget, in steps, used when Options.Budget is
// zero. A step is roughly one literal visited; the default keeps
// preprocessing well under a second on formulas of a few hundred thousand
// clauses.
const DefaultBudget = 100_000_000

// Options tune Simplify. The zero value asks for the defaults.
type Options struct {
	// Techniques selects what runs; zero means Default.
	Techniques Technique
	// Frozen lists variables that must survive: they are never
	// eliminated or substituted, and the simplified formula constrains
	// them exactly as the original does (for every assignment to the
	// frozen variables, the simplified formula is satisfiable under it
	// iff the original is). Freeze assumption variables, variables read
	// from the model, and variables of clauses to be added later.
	// Variables of pseudo-Boolean constraints and of the objective are
	// frozen automatically.
	Frozen []sat.Var
	// ClauseLimit bounds the length of resolvents; a variable whose
	// elimination needs a longer one is kept. Zero means
	// DefaultClauseLimit, a negative value means no limit.
	ClauseLimit int
	// Grow is how many more clauses than it removes an elimination may
	// add (SatELite and MiniSat use 0).
	Grow int
	// Budget bounds the work in steps; when it runs out, Simplify
	// stops and returns what it has done, which is still correct. The
	// first subsumption pass over all clauses may use at most half of
	// it. Zero means DefaultBudget, a negative value means no limit.
	Budget int64
}
