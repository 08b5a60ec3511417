package backend

import (
	"reflect"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/external"
	"github.com/satsolve/satsolve/sat/portfolio"
)

// TestNoAnswerLeak checks that no adapter's method set offers the
// answer-recording methods of sat.Answer (Sat, Unsat, Clear, Reset): with
// them a program could plant a model the solver never produced and read
// it back through Value. Every engine of the registry is covered, so a new
// one is too.
func TestNoAnswerLeak(t *testing.T) {
	types := map[string]reflect.Type{
		"portfolio": reflect.TypeOf(&portfolio.Solver{}),
		"external":  reflect.TypeOf(&external.Solver{}),
	}
	for _, e := range engines {
		types[e.name] = reflect.TypeOf(e.new())
	}
	for name, typ := range types {
		for _, m := range []string{"Sat", "Unsat", "Clear", "Reset"} {
			if _, ok := typ.MethodByName(m); ok {
				t.Errorf("%s (%v) has method %s: the answer it records can be set from outside", name, typ, m)
			}
		}
		if !typ.Implements(reflect.TypeOf((*sat.Solver)(nil)).Elem()) {
			t.Errorf("%s (%v) is not a sat.Solver", name, typ)
		}
	}
}
