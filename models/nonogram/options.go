package nonogram

import "fmt"

// Options control a solve. The zero value finds one solution with the
// block-start encoding after line solving.
type Options struct {
	// Limit is the number of solutions wanted: the search stops once it
	// has found Limit solutions. Values below 1 mean 1; 2 decides
	// uniqueness.
	Limit int
	// Encoding selects the SAT encoding (solve.SAT only).
	Encoding Encoding
	// Presolve selects the native deduction run before encoding (solve.SAT
	// only).
	Presolve Presolve
	// NoProbe turns probing off in the native search, leaving line solving
	// and backtracking (solve.Native only).
	NoProbe bool
	// Hint is a grid expected to be a solution, typically the puzzle's
	// goal image. When set, it must pass Check (else the solve fails) and
	// becomes the first solution without search; when more solutions are
	// wanted, they are looked for first in windows around it (the neighbourhood search, internal/search),
	// then globally.
	Hint *Grid
}

// Wanted returns the number of solutions wanted: Limit, at least 1.
func (o Options) Wanted() int { return max(o.Limit, 1) }

// Encoding selects the SAT encoding of the lines.
type Encoding uint8

// The encodings; package encode (starts.go, dfa.go) describes them.
const (
	EncodeStarts Encoding = iota // order-encoded block starts channelled to cells
	EncodeDFA                    // one automaton per line with state variables
)

var encodingNames = [...]string{"starts", "dfa"}

// String returns the encoding's flag name: "starts" or "dfa".
func (e Encoding) String() string {
	if int(e) < len(encodingNames) {
		return encodingNames[e]
	}
	return fmt.Sprintf("Encoding(%d)", e)
}

// Encodings returns every encoding, in declaration order.
func Encodings() []Encoding { return []Encoding{EncodeStarts, EncodeDFA} }

// ParseEncoding returns the encoding whose String is name.
func ParseEncoding(name string) (Encoding, error) {
	for _, e := range Encodings() {
		if e.String() == name {
			return e, nil
		}
	}
	return 0, fmt.Errorf("unknown nonogram encoding %q (want starts or dfa)", name)
}

// Presolve selects the native deduction solve.SAT runs before encoding.
type Presolve uint8

// The pre-passes. Each is sound: it fixes only cells that have the same
// colour in every solution.
const (
	PresolveLine  Presolve = iota // line solving to a fixpoint (the default)
	PresolveNone                  // nothing: encode the bare clues
	PresolveProbe                 // line solving, then probing to a fixpoint
)

var presolveNames = [...]string{"line", "none", "probe"}

// String returns the pre-pass's flag name: "line", "none" or "probe".
func (p Presolve) String() string {
	if int(p) < len(presolveNames) {
		return presolveNames[p]
	}
	return fmt.Sprintf("Presolve(%d)", p)
}

// Presolves returns every pre-pass, in declaration order.
func Presolves() []Presolve { return []Presolve{PresolveLine, PresolveNone, PresolveProbe} }

// ParsePresolve returns the pre-pass whose String is name.
func ParsePresolve(name string) (Presolve, error) {
	for _, p := range Presolves() {
		if p.String() == name {
			return p, nil
		}
	}
	return 0, fmt.Errorf("unknown nonogram pre-pass %q (want line, none or probe)", name)
}
