package sattest

import (
	"errors"

	"github.com/satsolve/satsolve/sat"
)

// ErrNoPB is returned by Load when a formula has pseudo-Boolean
// constraints and the solver does not take them natively.
var ErrNoPB = errors.New("sattest: formula has pseudo-Boolean constraints and the solver is not a sat.PBAdder")

// Load adds every clause and pseudo-Boolean constraint of f to s. It
// returns ErrNoPB, having added nothing, when f has PB constraints that s
// cannot take. (Like any sink, s then knows only the variables the
// constraints mention.)
func Load(s sat.Solver, f *sat.Formula) error {
	pa, isPB := s.(sat.PBAdder)
	if len(f.PBs) > 0 && !isPB {
		return ErrNoPB
	}
	for _, c := range f.Clauses {
		s.AddClause(c...)
	}
	for _, c := range f.PBs {
		pa.AddPB(c)
	}
	return nil
}
