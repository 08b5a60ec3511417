package nonogramcmd

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/picture"
)

// title names a puzzle in the output: its number in the file, its name and
// size.
func (s *solved) title() string {
	name := ""
	if s.p.Name != "" {
		name = fmt.Sprintf(" %q", s.p.Name)
	}
	return fmt.Sprintf("puzzle %d%s (%dx%d)", s.number, name, s.p.Width, s.p.Height)
}

// verdict says in words what the solve proved, given the number of
// solutions asked for.
func (s *solved) verdict(limit int) string {
	r := s.res
	n := len(r.Solutions)
	switch r.Verdict() {
	case nonogram.VerdictNone:
		return "no solution"
	case nonogram.VerdictUnique:
		if r.LineSolved {
			return "unique (line-solvable)"
		}
		return "unique"
	case nonogram.VerdictMultiple:
		if r.Exhausted {
			return fmt.Sprintf("multiple solutions: exactly %d", n)
		}
		if limit > 2 {
			return fmt.Sprintf("multiple solutions: at least %d", n)
		}
		return "multiple solutions"
	case nonogram.VerdictSolved:
		if limit < 2 {
			return "solved (uniqueness not checked: use --unique)"
		}
		return fmt.Sprintf("solved; uniqueness unknown: %v after %.2fs", s.err, s.took.Seconds())
	}
	return fmt.Sprintf("unknown: %v after %.2fs", s.err, s.took.Seconds())
}

// goalNote describes the goal image's part in the answer.
func (s *solved) goalNote() string {
	switch s.goal {
	case nonogram.GoalMatches:
		if s.res.Hinted {
			return "the goal image, checked against the clues, was taken as the first solution"
		}
		return "the goal image matches"
	case nonogram.GoalOther:
		return "the goal image satisfies the clues but differs from the solution found: it is another solution"
	case nonogram.GoalInvalid:
		return "the goal image does not satisfy the clues"
	case nonogram.GoalOnly:
		return "no solution was found before the search stopped; the goal image satisfies the clues and is the solution printed"
	}
	return ""
}

// printSolved prints one puzzle's outcome as text.
func printSolved(e *cli.Env, s *solved, limit int, many, pictures bool) {
	w := e.Stdout
	if !pictures {
		cert := ""
		if s.certified >= 0 {
			cert = fmt.Sprintf(", %d UNSAT answers certified", s.certified)
		}
		fmt.Fprintf(w, "%s: %s (%.3fs%s)\n", s.title(), s.verdict(limit), s.took.Seconds(), cert)
		return
	}
	if many {
		fmt.Fprintf(w, "%s\n", s.title())
	}
	for i, g := range s.res.Solutions {
		if len(s.res.Solutions) > 1 {
			fmt.Fprintf(w, "solution %d:\n", i+1)
		}
		fmt.Fprint(w, g)
		if i+1 < len(s.res.Solutions) {
			fmt.Fprintln(w)
		}
	}
	fmt.Fprintln(w, s.verdict(limit))
	if note := s.goalNote(); note != "" {
		fmt.Fprintln(w, note)
	}
	fmt.Fprintf(w, "by %s in %.3fs\n", s.method, s.took.Seconds())
	if s.certified >= 0 {
		fmt.Fprintf(w, "certified: %d UNSAT answers of the SAT solver re-proved by cdcl with checked proofs\n", s.certified)
	}
	if many {
		fmt.Fprintln(w)
	}
}

// summary counts the verdicts of a run over a file: puzzles = solved +
// no solution + unknown, and solved (a solution printed) = unique +
// multiple + uniqueness unknown (the verdict "solved").
type summary struct {
	Puzzles   int     `json:"puzzles"`
	Solved    int     `json:"solved"`
	Unique    int     `json:"unique"`
	Multiple  int     `json:"multiple"`
	Unchecked int     `json:"uniqueness_unknown"`
	None      int     `json:"no_solution"`
	Unknown   int     `json:"unknown"`
	Seconds   float64 `json:"seconds"`
	Slowest   int     `json:"slowest_puzzle,omitempty"`
	SlowSecs  float64 `json:"slowest_seconds,omitempty"`
}

func summarise(all []*solved, total int, took time.Duration) summary {
	sum := summary{Puzzles: total, Seconds: took.Seconds(), Unknown: total - len(all)}
	for _, s := range all {
		switch s.res.Verdict() {
		case nonogram.VerdictUnique:
			sum.Unique++
		case nonogram.VerdictMultiple:
			sum.Multiple++
		case nonogram.VerdictSolved:
			sum.Unchecked++
		case nonogram.VerdictNone:
			sum.None++
		default:
			sum.Unknown++
		}
		if len(s.res.Solutions) > 0 {
			sum.Solved++
		}
		if t := s.took.Seconds(); t > sum.SlowSecs {
			sum.Slowest, sum.SlowSecs = s.number, t
		}
	}
	return sum
}

func (sum summary) text() string {
	var parts []string
	if sum.Unique+sum.Multiple > 0 || sum.Unchecked == 0 {
		parts = append(parts, fmt.Sprintf("%d unique", sum.Unique), fmt.Sprintf("%d multiple", sum.Multiple))
	}
	if sum.Unchecked > 0 {
		parts = append(parts, fmt.Sprintf("%d uniqueness not decided", sum.Unchecked))
	}
	return fmt.Sprintf("%d puzzles in %.2fs (slowest: puzzle %d, %.3fs): %d solved (%s), %d no solution, %d unknown",
		sum.Puzzles, sum.Seconds, sum.Slowest, sum.SlowSecs, sum.Solved, strings.Join(parts, ", "), sum.None, sum.Unknown)
}

// puzzleJSON is one puzzle of the JSON report.
type puzzleJSON struct {
	Number    int        `json:"number"`
	Name      string     `json:"name,omitempty"`
	Width     int        `json:"width"`
	Height    int        `json:"height"`
	Verdict   string     `json:"verdict"`
	Rating    string     `json:"rating,omitempty"`
	Exhausted bool       `json:"exhausted"`
	Goal      string     `json:"goal,omitempty"`
	Hinted    bool       `json:"goal_as_first_solution,omitempty"`
	Solutions [][]string `json:"solutions"`
	Method    string     `json:"method"`
	Seconds   float64    `json:"seconds"`
	Known     int        `json:"cells_known_before_search"`
	Vars      int        `json:"vars,omitempty"`
	Clauses   int        `json:"clauses,omitempty"`
	Error     string     `json:"error,omitempty"`
	// Stopped is why the puzzle's answer is incomplete, as a stable word:
	// "interrupted" or "timeout" (docs/cli.md); Error says it in words.
	Stopped string `json:"stopped,omitempty"`
	// Certified counts the UNSAT answers certified (--certify).
	Certified *int `json:"certified,omitempty"`
}

func toJSON(s *solved, limit int) puzzleJSON {
	j := puzzleJSON{Number: s.number, Name: s.p.Name, Width: s.p.Width, Height: s.p.Height,
		Verdict: s.res.Verdict().String(), Exhausted: s.res.Exhausted, Hinted: s.res.Hinted,
		Method: s.method, Seconds: s.took.Seconds(), Known: s.res.Stats.Known,
		Vars: s.res.Stats.Vars, Clauses: s.res.Stats.Clauses, Solutions: [][]string{}}
	if limit >= 2 {
		j.Rating = s.res.Rating().String()
	}
	if s.goal != nonogram.GoalAbsent {
		j.Goal = s.goal.String()
	}
	for _, g := range s.res.Solutions {
		j.Solutions = append(j.Solutions, g.Rows())
	}
	if s.err != nil {
		j.Error, j.Stopped = s.err.Error(), cli.StopReason(s.err)
	}
	if s.certified >= 0 {
		j.Certified = &s.certified
	}
	return j
}

func writeSolveJSON(e *cli.Env, file string, all []*solved, sum summary, limit int) error {
	doc := struct {
		File    string       `json:"file"`
		Puzzles []puzzleJSON `json:"puzzles"`
		Summary summary      `json:"summary"`
	}{File: file, Puzzles: []puzzleJSON{}, Summary: sum}
	for _, s := range all {
		doc.Puzzles = append(doc.Puzzles, toJSON(s, limit))
	}
	return cli.WriteJSON(e.Stdout, doc)
}

// drawPictures draws the first solution of the one puzzle solved (its
// clues on an empty grid when there is none) into the SVG and PNG files
// asked for.
func drawPictures(svgPath, pngPath string, all []*solved) error {
	if svgPath == "" && pngPath == "" || len(all) == 0 {
		return nil
	}
	s := all[0]
	var g *nonogram.Grid
	if len(s.res.Solutions) > 0 {
		g = s.res.Solutions[0]
	}
	if svgPath != "" {
		if err := cli.WriteFile(svgPath, func(w io.Writer) error { return picture.WriteSVG(w, s.p, g) }); err != nil {
			return err
		}
	}
	if pngPath != "" {
		if err := cli.WriteFile(pngPath, func(w io.Writer) error { return picture.WritePNG(w, s.p, g) }); err != nil {
			return err
		}
	}
	return nil
}
