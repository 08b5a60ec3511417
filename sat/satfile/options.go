package satfile

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

// Mode is how forgiving a reader is; see the package documentation for
// what each mode accepts. Mode implements flag.Value.
type Mode int8

// The reading modes.
const (
	// Tolerant accepts the quirks of real benchmark files, reporting
	// each as a warning. It is the default.
	Tolerant Mode = iota
	// Strict accepts the SAT-competition dialect only.
	Strict
)

// String returns "tolerant" or "strict".
func (m Mode) String() string {
	switch m {
	case Tolerant:
		return "tolerant"
	case Strict:
		return "strict"
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// Set parses "tolerant" or "strict" into m.
func (m *Mode) Set(s string) error {
	for _, c := range []Mode{Tolerant, Strict} {
		if s == c.String() {
			*m = c
			return nil
		}
	}
	return fmt.Errorf("unknown mode %q (want tolerant or strict)", s)
}

// Format is an input format. Format implements flag.Value.
type Format int8

// The formats.
const (
	// Auto asks Read to recognise the format from the input.
	Auto Format = iota
	// CNF is DIMACS CNF ("p cnf").
	CNF
	// OPB is the pseudo-Boolean competition format (PB06/PB07).
	OPB
	// WCNF is weighted MaxSAT, in the pre-2022 ("p wcnf") or the 2022
	// dialect.
	WCNF
)

var formatNames = [...]string{Auto: "auto", CNF: "cnf", OPB: "opb", WCNF: "wcnf"}

// String returns "auto", "cnf", "opb" or "wcnf".
func (f Format) String() string {
	if f >= 0 && int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// Set parses "auto", "cnf", "opb" or "wcnf" into f.
func (f *Format) Set(s string) error {
	for i, n := range formatNames {
		if s == n {
			*f = Format(i)
			return nil
		}
	}
	return fmt.Errorf("unknown format %q (want auto, cnf, opb or wcnf)", s)
}

// Options configure Read.
type Options struct {
	// Mode is Tolerant (the zero value) or Strict.
	Mode Mode
	// Format is the expected format; Auto (the zero value) recognises it.
	Format Format
	// File names the input in errors and warnings; it may be empty.
	File string
	// XZDictCap is the largest dictionary, in bytes, that an xz input may
	// declare (xz allocates it whole); 0 means DefaultXZDictCap. A larger
	// one is refused with ErrXZDict.
	XZDictCap int64
	// MaxLiterals, when positive, bounds the literals of the clauses read
	// (each clause counting one more): an input beyond it is refused with
	// ErrFormulaSize at the clause that crosses it, before it is held.
	// Programs set it from the memory they may use, so that a small
	// compressed file expanding to billions of clauses is an error, not
	// a crash.
	MaxLiterals int
	// Budget, when not nil and MaxLiterals is not positive, gives
	// MaxLiterals on demand: it is called once, when the literals read
	// first pass BudgetFrom, and its answer then bounds the input as
	// MaxLiterals would (not positive: no bound). A program whose bound
	// costs something to work out (satsolve reads /proc/meminfo) pays
	// for it only on inputs of some size.
	Budget func() int
	// Flat asks for a CNF input's clauses as one sat.ClauseList,
	// Problem.Flat, with Formula.Clauses left nil: no slice header per
	// clause (24 bytes each, and pointers for the collector to scan),
	// for a program that hands the clauses on whole (sat.ListAdder).
	// The reader gives Formula.Clauses as usual, and Flat nil, where it
	// rewrites the clauses: WCNF, split clauses (the dubois repair) and
	// renumbered variables (Names).
	Flat bool
	// Context, when not nil, stops the read once it is done: the error is
	// then a *ParseError wrapping Context.Err() at the position reached.
	Context context.Context
	// Wide asks for what lies beyond sat.MaxCoefSum instead of an error:
	// an OPB constraint with larger integers (up to MaxDigits digits)
	// goes to Problem.BigPBs when no common divisor brings it within
	// range (sat.BigPB.Small), and WCNF soft weights may sum beyond it
	// (each weight still below 2^63), which Problem.BigCost measures. A
	// program that sets Wide must add and check Problem.BigPBs and must
	// not sum the objective in int64 (satsolve solve does both). OPB
	// objectives beyond the range are refused either way.
	Wide bool
}

// MaxDigits is the most digits an OPB integer may have with
// Options.Wide: about 2^33, far beyond the 256-bit coefficients of the
// PB Competition, and a bound on what one token may allocate.
const MaxDigits = 10_000

// BudgetFrom is the number of literals (each clause counting one more)
// from which the reader asks Options.Budget for its bound: 2^20, 64 MB
// at what satsolve solve spends per literal.
const BudgetFrom = 1 << 20

// Header is what the input declared about itself.
type Header struct {
	// Present reports whether the input had a header: a "p cnf" or
	// "p wcnf" line, or an OPB "* #variable= … #constraint= …" line. For
	// WCNF it tells the pre-2022 dialect (true) from the 2022 one.
	Present bool
	// Vars is the declared number of variables.
	Vars int
	// Constraints is the declared number of clauses (CNF, WCNF) or
	// constraints (OPB).
	Constraints int
	// Top is the pre-2022 WCNF hard-clause weight; 0 when absent.
	Top int64
}

// Problem is the result of reading an input.
type Problem struct {
	// Format is the format that was read (never Auto).
	Format Format
	// Formula holds the constraints. For WCNF it also holds one
	// relaxation variable per non-unit soft clause, above OrigVars, and
	// the objective.
	Formula *sat.Formula
	// Header is the input's own header.
	Header Header
	// Warnings are the defects that the tolerant mode accepted, in input
	// order; errors.Is classifies each. Strict reading never warns.
	Warnings []*ParseError
	// OrigVars is the number of the input's own variables: 1..OrigVars.
	// It equals Formula.NumVars except for WCNF with relaxation
	// variables.
	OrigVars int

	// Names, when not nil, says that the reader renumbered the input's
	// variables densely because their numbers were beyond reason (see
	// DenseSlack): formula variable v is the input's variable Names[v-1],
	// for v in 1..OrigVars. Name maps a variable back.
	Names []sat.Var

	// Flat, when not nil, holds the clauses in place of Formula.Clauses,
	// in order (Options.Flat).
	Flat *sat.ClauseList

	// BigPBs, only with Options.Wide, holds the OPB constraints whose
	// integers lie beyond sat.MaxCoefSum even after division by their
	// common divisor; they are not in Formula, so the caller adds them
	// (encode.BigPB) and checks them (Problem.CheckBig).
	BigPBs []sat.BigPB

	// relaxed holds, for WCNF, the index in Formula.Clauses of the clause
	// of each relaxation variable OrigVars+1+k, at position k.
	relaxed []int
}
