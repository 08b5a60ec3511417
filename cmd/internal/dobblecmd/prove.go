package dobblecmd

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/models/dobble"
	"github.com/satsolve/satsolve/sat"
)

// runProve refutes (or finds) two orthogonal Latin squares of order q =
// k−1 by SAT: a plane of order q would give q−1 of them (Bose 1938), so
// for q ≥ 3 UNSAT proves that no plane of order q exists.
func (o *buildOpts) runProve(ctx context.Context, e *cli.Env) error {
	q := o.k - 1
	if o.lambda != 1 {
		return cli.Usagef("--prove is for planes (λ = 1)")
	}
	if q < 3 {
		return cli.Usagef("--prove needs order k−1 ≥ 3: a plane of order %d needs only %s", q, english.Count(q-1, "Latin square"))
	}
	opt, err := o.molsOptions()
	if err != nil {
		return err
	}
	if o.inst.Requested() {
		f := &sat.Formula{}
		var m *dobble.MOLSModel
		var sel []sat.Lit
		if err := sat.EncodeContext(ctx, f, func(s sat.Sink) error {
			m, sel = dobble.EncodeMOLSCases(s, q, 2, opt)
			return nil
		}); err != nil {
			return err
		}
		return o.writeInstance(ctx, e, f, append(m.Comments(), selectorComments(dobble.MOLSCases(q, 2, opt.Symmetry), sel)...))
	}
	factory, name, err := o.solvers()
	if err != nil {
		return err
	}
	start := time.Now()
	p := e.Progress("dobble build --prove", "searches", jobs(len(dobble.MOLSCases(q, 2, opt.Symmetry)), opt.Together))
	res, err := dobble.SolveMOLS(ctx, counted(p, factory), q, 2, opt)
	p.Done()
	took := time.Since(start)
	if err != nil && res.Status != sat.Unknown {
		return err
	}
	j := buildJSON{K: o.k, Lambda: 1, Order: q, Method: fmt.Sprintf("SAT, 2 orthogonal Latin squares of order %d, %v symmetry breaking", q, opt.Symmetry),
		Status: res.Status.String(), Backend: name(), Cases: res.Cases, Vars: res.Size.Vars, Clauses: res.Size.Clauses, Seconds: took.Seconds(), Squares: res.Squares, Certified: o.certified()}
	var text string
	switch res.Status {
	case sat.Unsat:
		j.Reason = fmt.Sprintf("no two orthogonal Latin squares of order %d exist, and a plane of order %d would give %d of them, so no projective plane of order %d exists", q, q, q-1, q)
		text = fmt.Sprintf("UNSAT: %s (%s, %d cases, %d variables and %d clauses per case, %.2fs)\n", j.Reason, j.Backend, j.Cases, j.Vars, j.Clauses, took.Seconds())
	case sat.Sat:
		j.Reason = fmt.Sprintf("two orthogonal Latin squares of order %d exist, so this route does not decide the plane of order %d (it needs %d)", q, q, q-1)
		text = fmt.Sprintf("SAT: %s (%s, %.2fs):\n%s", j.Reason, j.Backend, took.Seconds(), squaresText(res.Squares))
	default:
		return fmt.Errorf("no answer after %.2fs: %w", took.Seconds(), err)
	}
	if err := o.emit(e, j, func(w io.Writer) error { _, err := io.WriteString(w, text); return err }); err != nil || res.Status != sat.Unsat {
		return err
	}
	return cli.Exit(cli.ExitNo) // no plane of order q: a proved "no"
}

// squaresText prints Latin squares, one row per line, a blank line
// between squares.
func squaresText(squares [][][]int) string {
	var s string
	for i, L := range squares {
		if i > 0 {
			s += "\n"
		}
		for _, row := range L {
			for c, v := range row {
				if c > 0 {
					s += " "
				}
				s += fmt.Sprint(v)
			}
			s += "\n"
		}
	}
	return s
}
