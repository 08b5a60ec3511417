package compare

import (
	"fmt"
	"slices"
	"strings"

	"github.com/satsolve/satsolve/sat"
)

// A Subject is what Measure measures: one constraint or one model instance
// that several methods can encode.
type Subject struct {
	// What names the constraint or instance, e.g. "x1 + … + x57 = 8".
	What string
	// Task says what every solve decides; it is printed with the results.
	Task string
	// Inputs is the number of variables that belong to the subject rather
	// than to an encoding; the aux column counts the variables beyond them.
	Inputs int
	// Methods are the encodings to compare, in display order.
	Methods []Method
}

// A Method is one way to encode a subject.
type Method struct {
	Name string
	// Encode writes the subject alone into s over its inputs, which are
	// fresh variables of s; the size and encode-time columns measure it.
	// When nil, those columns measure Instance instead.
	Encode func(s sat.Sink, inputs []sat.Lit) error
	// Instance writes the solved instance into the fresh sink s and
	// returns a check of its models that tests the plain meaning of the
	// constraints, never through the encoding. The error is
	// encode.ErrNotApplicable when the method cannot write into s.
	Instance func(s sat.Sink) (check func(sat.Assignment) error, err error)
}

// MethodNames returns the names of the subject's methods, in order.
func (s *Subject) MethodNames() []string {
	names := make([]string, len(s.Methods))
	for i, m := range s.Methods {
		names[i] = m.Name
	}
	return names
}

// Keep keeps only the methods named, in the order given. An unknown or
// repeated name is an error.
func (s *Subject) Keep(names []string) error {
	var keep []Method
	for _, name := range names {
		i := slices.IndexFunc(s.Methods, func(m Method) bool { return m.Name == name })
		if i < 0 {
			return fmt.Errorf("unknown method %q (want %s)", name, strings.Join(s.MethodNames(), ", "))
		}
		if slices.ContainsFunc(keep, func(m Method) bool { return m.Name == name }) {
			return fmt.Errorf("%s is listed twice", name)
		}
		keep = append(keep, s.Methods[i])
	}
	s.Methods = keep
	return nil
}
