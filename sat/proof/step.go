package proof

import (
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

// Pos is where a proof step starts: a line number in a text proof, a byte
// offset in a binary one.
type Pos struct {
	// Line is the 1-based line of a text proof; 0 for a binary proof.
	Line int
	// Offset is the 0-based byte offset of a binary step (unused in text).
	Offset int64
}

// String returns "LINE" for text and "byte OFFSET" for binary positions.
func (p Pos) String() string {
	if p.Line > 0 {
		return fmt.Sprint(p.Line)
	}
	return fmt.Sprintf("byte %d", p.Offset)
}

// Step is one step of a proof as read. Readers reuse its slices: they are
// valid until the next call to Next.
type Step struct {
	// Delete is set for a deletion step.
	Delete bool
	// ID is the clause id of an LRAT addition (and the id heading an LRAT
	// deletion line); 0 in DRAT.
	ID uint64
	// Lits are the literals of a DRAT addition or deletion or of an LRAT
	// addition; the empty clause has none.
	Lits []sat.Lit
	// Hints are the hints of an LRAT addition: clause ids, a negative one
	// opening the hint group of a RAT candidate.
	Hints []int64
	// IDs are the clause ids an LRAT deletion removes.
	IDs []uint64
	// Pos is where the step starts.
	Pos Pos
}

// where formats file and position as FILE:LINE or FILE: byte OFFSET.
func where(file string, p Pos) string {
	if file == "" {
		file = "proof"
	}
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d", file, p.Line)
	}
	return fmt.Sprintf("%s: byte %d", file, p.Offset)
}

// ParseError reports a malformed proof step.
type ParseError struct {
	// File names the proof ("proof" when unnamed).
	File string
	// Pos is where the defect is.
	Pos Pos
	// Msg says what is wrong.
	Msg string
}

func (e *ParseError) Error() string { return where(e.File, e.Pos) + ": " + e.Msg }

// StepError reports a well-formed proof that does not check: the step
// that fails (for the DRAT checker, a needed lemma; for the LRAT checker,
// the first failing step), or the end of a proof that refutes nothing.
type StepError struct {
	// File names the proof ("proof" when unnamed).
	File string
	// Pos is where the failing step starts (at the end of the proof when
	// it does not derive the empty clause).
	Pos Pos
	// Step is the 1-based number of the step among the proof's steps
	// (additions and deletions, comments not counted); 0 at the end.
	Step int
	// Msg says why the step fails.
	Msg string
}

func (e *StepError) Error() string {
	if e.Step > 0 {
		return fmt.Sprintf("%s: step %d: %s", where(e.File, e.Pos), e.Step, e.Msg)
	}
	return where(e.File, e.Pos) + ": " + e.Msg
}
