package main

import (
	"errors"
	"flag"
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

// A compareFamily is a kind of subject satsolve compare can measure: a
// constraint family (card, amo, pb) or a model. It registers its own flags
// and, once they are parsed, builds the subject from them and from the
// positional arguments.
//
// A model family plugs in by adding one entry to compareFamilies whose
// build function returns a subject with one method per encoding the model
// offers: instance writes the whole model into the sink with that encoding
// and returns the model's own checker of decoded solutions; encode may be
// nil, and the size columns then measure the whole instance.
type compareFamily struct {
	// summary is one line for the list of families.
	summary string
	// synopsis shows the family's arguments in its usage line.
	synopsis string
	// flags registers the family's flags on fs and returns the function
	// that builds the subject once fs is parsed. The builder's errors are
	// usage errors (exit status 2) unless it returns a plain error for bad
	// data, such as a malformed input file.
	flags func(fs *flag.FlagSet) func(args []string) (*subject, error)
}

// compareFamilies lists what satsolve compare can measure.
var compareFamilies = map[string]compareFamily{
	"card":   {"a cardinality constraint Σ x op k, with every cardinality method", "--n N --k K (--atmost|--atleast|--exactly)", cardFlags},
	"amo":    {"an at-most-one (or exactly-one) constraint, with every AMO method", "--n N [--exactly-one]", amoFlags},
	"pb":     {"a pseudo-Boolean constraint Σ aᵢxᵢ op K, with every PB method", "--coeffs A,B,... (--le K|--ge K|--eq K)", pbFlags},
	"dobble": {"the incidence model of a Dobble deck (projective plane), with every card, AMO and pair encoding", "--order Q [--lambda L]", dobbleCompareFlags},

	"nonogram": nonogramCompareFamily,
}

// A subject is what compare measures: one constraint or one model instance
// that several methods can encode.
type subject struct {
	// what names the constraint or instance, e.g. "x1 + … + x57 = 8".
	what string
	// task says what every solve decides; it is printed with the results.
	task string
	// inputs is the number of variables that belong to the subject rather
	// than to an encoding; the aux column counts the variables beyond them.
	inputs int
	// methods are the encodings to compare, in display order.
	methods []method
}

// A method is one way to encode a subject.
type method struct {
	name string
	// encode writes the subject alone into s over its inputs, which are
	// fresh variables of s; the size and encode-time columns measure it.
	// When nil, those columns measure instance instead.
	encode func(s sat.Sink, inputs []sat.Lit) error
	// instance writes the solved instance into the fresh sink s and returns
	// a check of its models that tests the plain meaning of the
	// constraints, never through the encoding. The error is
	// encode.ErrNotApplicable when the method cannot write into s.
	instance func(s sat.Sink) (check func(sat.Assignment) error, err error)
}

// usageError is a mistake in the command line (exit status 2).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// usagef returns a usageError.
func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// isUsage reports whether err is a usage error.
func isUsage(err error) bool {
	var u *usageError
	return errors.As(err, &u)
}
