package cli

import (
	"flag"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/backend"
)

// A Term is a flag name of the shared vocabulary: wherever a command has a
// flag of that name, the flag means Meaning (its help begins with it) and
// its value is of one of Kinds. The vocabulary test in cmd/satsolve walks
// every command's flags and holds them to this table; docs/cli.md is
// written from it.
type Term struct {
	// Name is the flag's name, without dashes.
	Name string
	// Arg names the flag's argument in docs ("SPEC", "D"), empty for a
	// switch.
	Arg string
	// Meaning begins the help of every flag of that name.
	Meaning string
	// Kinds are the allowed types of the flag's value, as fmt's %T
	// writes them ("*cli.BackendValue", "*flag.boolValue").
	Kinds []string
}

// Value kinds of the standard flag package, for Kinds.
const (
	kindBool   = "*flag.boolValue"
	kindInt    = "*flag.intValue"
	kindInt64  = "*flag.int64Value"
	kindUint64 = "*flag.uint64Value"
	kindString = "*flag.stringValue"
	kindEnum   = "*cli.EnumValue"
)

// Vocabulary is the shared flag vocabulary, in the order docs/cli.md lists
// it. A flag name used by several commands either appears here or has the
// same type and help everywhere; a name here means the same thing
// everywhere.
var Vocabulary = []Term{
	// What every command that solves has.
	{"backend", "SPEC", "SAT backend", []string{"*cli.BackendValue", "*cli.BackendsValue"}},
	{"timeout", "D", "give up after this long (0: no limit)", []string{"*cli.DurationValue"}},
	{"solve-timeout", "D", "time limit of each solve", []string{"*cli.DurationValue"}},
	{"json", "", "print one JSON document on standard output instead of text", []string{kindBool}},
	{"v", "", "report progress and statistics on standard error", []string{kindBool}},

	// Input and output.
	{"format", "NAME", "input format of FILE", []string{"*satfile.Format", "*nonogram.Format", kindEnum}},
	{"o", "FILE", "write the result to FILE (atomically) instead of standard output", []string{"*cli.OutputValue"}},
	{"dimacs", "FILE", "write the encoded instance as DIMACS CNF to FILE instead of solving", []string{kindString}},
	{"opb", "FILE", "write the encoded instance as OPB to FILE instead of solving", []string{kindString}},
	{"svg", "FILE", "draw the result as an SVG picture into FILE", []string{kindString}},
	{"png", "FILE", "draw the result as a PNG picture into FILE", []string{kindString}},
	{"index", "N", "use only puzzle number N (from 1) of a file holding several", []string{kindInt}},
	{"proof", "FILE", "write a proof of unsatisfiability to FILE", []string{kindString}},
	{"proof-format", "NAME", "proof format", []string{"*proof.Format"}},

	// How to solve.
	{"native", "", "solve with the native algorithm instead of SAT", []string{kindBool}},
	{"sat", "", "solve with the SAT model only", []string{kindBool}},
	{"cross-check", "", "also compute the answer through the SAT encodings and check it against the native one", []string{kindBool}},
	{"encoding", "NAME", "SAT encoding of the model", []string{kindEnum}},
	{"card", "METHOD", "cardinality encoding", []string{kindEnum}},
	{"amo", "METHOD", "at-most-one encoding", []string{kindEnum}},
	{"pb", "METHOD", "encoding of linear (pseudo-Boolean) constraints", []string{kindEnum}},
	{"int", "NAME", "integer encoding", []string{kindEnum}},
	{"opt", "STRATEGY", "optimisation strategy", []string{kindEnum}},
	{"symmetry", "NAME", "symmetry breaking", []string{kindEnum}},
	{"certify", "", "certify every UNSAT answer by a checked proof", []string{kindBool}},
	{"j", "N", "how many to solve at once", []string{kindInt}},
	{"all", "", "go on after the first answer", []string{kindBool}},

	// Instances drawn at random and their parameters.
	{"seed", "S", "random seed: the same seed gives the same instance", []string{kindUint64}},
	{"n", "N", "size of the instance", []string{kindInt}},
	{"density", "P", "edge probability p of the random graph G(n, p)", []string{"*cli.ProbabilityValue"}},
	{"k", "K", "symbols per card", []string{kindInt}},
	{"lambda", "L", "symbols any two cards share (λ)", []string{kindInt}},
	{"misere", "", "misère play (the player who cannot move wins)", []string{kindBool}},
}

// term returns the vocabulary entry of name; it panics for a name not in
// the vocabulary, a programming error the tests catch.
func term(name string) Term {
	for _, t := range Vocabulary {
		if t.Name == name {
			return t
		}
	}
	panic("cli: " + name + " is not in the flag vocabulary")
}

// usage returns the help of flag name: its meaning, then detail.
func usage(name, detail string) string {
	return term(name).Meaning + detail
}

// The functions below register the vocabulary's flags, in the manner of
// the flag package's XxxVar: the value goes to *p, detail follows the
// term's meaning in the help.

// BackendVar registers --backend with default def.
func BackendVar(fs *flag.FlagSet, p *string, def, detail string) {
	*p = def
	fs.Var(&BackendValue{p: p}, "backend", usage("backend", detail+": "+backend.Help()))
}

// BackendsVar registers a repeatable --backend.
func BackendsVar(fs *flag.FlagSet, p *[]string, detail string) {
	fs.Var(&BackendsValue{p: p}, "backend", usage("backend", detail+": "+backend.Help()))
}

// TimeoutVar registers --timeout with default def.
func TimeoutVar(fs *flag.FlagSet, p *time.Duration, def time.Duration, detail string) {
	*p = def
	fs.Var(&DurationValue{p: p}, "timeout", usage("timeout", detail))
}

// SolveTimeoutVar registers --solve-timeout with default def.
func SolveTimeoutVar(fs *flag.FlagSet, p *time.Duration, def time.Duration, detail string) {
	*p = def
	fs.Var(&DurationValue{p: p}, "solve-timeout", usage("solve-timeout", detail))
}

// JSONVar registers --json.
func JSONVar(fs *flag.FlagSet, p *bool, detail string) {
	fs.BoolVar(p, "json", false, usage("json", detail))
}

// VerboseVar registers -v; p may be nil when the command reads only
// Env.Verbose, which the dispatcher sets from it.
func VerboseVar(fs *flag.FlagSet, p *bool) {
	if p == nil {
		p = new(bool)
	}
	fs.BoolVar(p, "v", false, usage("v", ""))
}

// OutputVar registers -o.
func OutputVar(fs *flag.FlagSet, p *string, detail string) {
	fs.Var(&OutputValue{p: p}, "o", usage("o", detail))
}

// EnumVar registers the vocabulary flag name, whose value is a word check
// accepts.
func EnumVar(fs *flag.FlagSet, p *string, name, def, detail string, check func(string) error) {
	Enum(fs, p, name, def, usage(name, detail), check)
}

// BoolVar registers the vocabulary switch name.
func BoolVar(fs *flag.FlagSet, p *bool, name, detail string) {
	fs.BoolVar(p, name, false, usage(name, detail))
}

// IntVar registers the vocabulary integer flag name.
func IntVar(fs *flag.FlagSet, p *int, name string, def int, detail string) {
	fs.IntVar(p, name, def, usage(name, detail))
}

// StringVar registers the vocabulary flag name with a free-form argument
// (a file name).
func StringVar(fs *flag.FlagSet, p *string, name, detail string) {
	fs.StringVar(p, name, "", usage(name, detail))
}

// Var registers the vocabulary flag name with a typed value of a
// library's (an input format, a proof format).
func Var(fs *flag.FlagSet, v flag.Value, name, detail string) {
	fs.Var(v, name, usage(name, detail))
}

// SeedVar registers --seed with default 1.
func SeedVar(fs *flag.FlagSet, p *uint64, detail string) {
	fs.Uint64Var(p, "seed", 1, usage("seed", detail))
}

// DensityVar registers --density; with def < 0 it starts unset.
func DensityVar(fs *flag.FlagSet, p *ProbabilityValue, def float64, detail string) {
	if def >= 0 {
		p.P, p.Given = def, true
	}
	fs.Var(p, "density", usage("density", detail))
}

// FormatVar registers --format with a typed value of the family's reader.
func FormatVar(fs *flag.FlagSet, v flag.Value, detail string) {
	fs.Var(v, "format", usage("format", detail))
}
