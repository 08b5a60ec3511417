package proof

import (
	"context"
	"errors"
	"io"
)

// Options configure the checkers. The zero value is ready to use.
type Options struct {
	// File names the proof in error messages ("proof" when empty).
	File string
	// Progress, when set, is called now and then with how far checking
	// has got (for a progress line on standard error).
	Progress func(Progress)
	// Context, when set, stops a check when it is done: the checker then
	// returns its error (context.Canceled or DeadlineExceeded) within a
	// few thousand steps.
	Context context.Context
	// LRAT, when set, receives from the DRAT checker an LRAT proof of the
	// lemmas it checked, with their hints (as drat-trim's -L does). It
	// costs memory for the hints of every needed lemma.
	LRAT io.Writer
}

// Progress is how far a check has got.
type Progress struct {
	// Phase is "forward" (reading the proof) or "backward" (DRAT:
	// checking the needed lemmas, last first).
	Phase string
	// Steps is the number of steps done in this phase, of Total (0 when
	// not known yet).
	Steps, Total int
}

// progressEvery is how many steps pass between two progress calls.
const progressEvery = 1 << 16

// pollEvery is how many steps pass between two looks at the context.
const pollEvery = 1 << 10

// tick is called at every step n of a phase of total steps (0: unknown):
// it reports progress and returns the context's error, now and then.
func (o *Options) tick(phase string, n, total int) error {
	if n%pollEvery != 0 {
		return nil
	}
	if o.Progress != nil && n%progressEvery == 0 {
		o.Progress(Progress{Phase: phase, Steps: n, Total: total})
	}
	if o.Context != nil {
		return o.Context.Err()
	}
	return nil
}

// Result describes a proof that was read (verified or not).
type Result struct {
	// Binary is set when the proof was binary DRAT.
	Binary bool
	// Additions and Deletions count the steps read.
	Additions, Deletions int
	// MissingDeletions counts deletions of clauses that were not present
	// (ignored, as drat-trim does).
	MissingDeletions int
	// IgnoredDeletions counts (DRAT) deletions of unit clauses and of
	// clauses that are the reason of a top-level assignment, which the
	// DRAT checker ignores (see the package documentation).
	IgnoredDeletions int
	// Checked counts the lemmas checked: every addition for LRAT, the
	// needed ones (the core) for DRAT.
	Checked int
	// RAT counts the lemmas that needed a RAT check.
	RAT int
	// MaxLive is the largest number of clauses alive at once.
	MaxLive int
}

// ErrPB is returned for a formula with pseudo-Boolean constraints: a
// clausal proof refutes clauses only.
var ErrPB = errors.New("proof: the formula has pseudo-Boolean constraints; proofs check CNF only")
