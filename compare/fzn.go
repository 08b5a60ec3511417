package compare

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/cp"
	"github.com/satsolve/satsolve/cp/fzn"
	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// FlatZinc returns the subject "the FlatZinc model in path": a method per
// integer encoding of cp (auto, order, log, direct), and with linear one
// per integer encoding and linear method ("order+bdd", …; "+native" only
// on a backend that takes PB constraints). Each instance is the model's
// satisfaction problem, its objective left out; every model is decoded and
// checked against the FlatZinc, by cp's Check and by the model's own.
func FlatZinc(ctx context.Context, path string, linear bool) (*Subject, error) {
	m, err := fzn.ReadFile(path, fzn.Options{Context: ctx})
	if err != nil {
		return nil, err
	}
	if _, err := fzn.Translate(ctx, m); err != nil {
		return nil, err
	}
	subj := &Subject{
		What: fmt.Sprintf("%s: %d variables, %d constraints, %s", path, len(m.Vars), len(m.Constraints), m.Solve.Method),
		Task: "find a solution (any objective left out); every model is decoded and checked against the FlatZinc",
	}
	lins := []cp.LinearMethod{cp.LinearAuto}
	if linear {
		lins = cp.LinearMethods()
	}
	for _, enc := range cp.Encodings() {
		for _, lin := range lins {
			name := enc.String()
			if lin != cp.LinearAuto {
				name += "+" + lin.String()
			}
			o := cp.Options{IntEncoding: enc, Linear: lin}
			subj.Methods = append(subj.Methods, Method{Name: name, Instance: func(s sat.Sink) (func(sat.Assignment) error, error) {
				if _, ok := s.(sat.PBAdder); lin == cp.LinearNative && !ok {
					return nil, encode.ErrNotApplicable
				}
				return fzn.Instance(ctx, m, o, s)
			}})
		}
	}
	return subj, nil
}
