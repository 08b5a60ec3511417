package encode

// Linear sums over integer variables, and absolute values.
//
// A linear constraint Σ cᵢxᵢ op k over integers expands every xᵢ into its
// terms (Int.Terms) and becomes one pseudo-Boolean constraint over the
// literals (LinearPB), encoded by any PB method. For example the
// chip-firing condition D(v) − deg(v)·f_v + Σ_{u~v} f_u ≥ 0 is LinearPB
// with terms {−deg(v), f_v}, {1, f_u}… and bound −D(v). Propagation is
// weaker than bounds consistency even with an arc-consistent PB method:
// the PB over the literals does not know the order chain, so x ≤ 1 for x
// in 0..3 becomes o1 + o2 + o3 ≤ 1, where no single literal is forced
// false.

import (
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

// IntTerm is one weighted integer of a linear expression.
type IntTerm struct {
	Coef int64
	X    *Int
}

// LinearPB returns Σ Coef·X op k as a pseudo-Boolean constraint over the
// integers' literals. The error reports coefficients out of range
// (sat.ErrCoefRange).
func LinearPB(ts []IntTerm, op sat.Op, k int64) (sat.PB, error) {
	var out []sat.Term
	for _, t := range ts {
		xs, c := t.X.Terms()
		cc, ok := mulChecked(t.Coef, c)
		if !ok {
			return sat.PB{}, fmt.Errorf("encode: %w", sat.ErrCoefRange)
		}
		if k, ok = subChecked(k, cc); !ok {
			return sat.PB{}, fmt.Errorf("encode: %w", sat.ErrCoefRange)
		}
		for _, x := range xs {
			a, ok := mulChecked(t.Coef, x.Coef)
			if !ok {
				return sat.PB{}, fmt.Errorf("encode: %w", sat.ErrCoefRange)
			}
			out = append(out, sat.Term{Coef: a, Lit: x.Lit})
		}
	}
	c := sat.PB{Terms: out, Op: op, K: k}
	if err := c.Validate(); err != nil {
		return sat.PB{}, fmt.Errorf("encode: %w", err)
	}
	return c, nil
}

// Linear adds Σ Coef·X op k with the pseudo-Boolean method m. The error
// reports coefficients out of range or ErrNotApplicable.
func Linear(s sat.Sink, ts []IntTerm, op sat.Op, k int64, m PBMethod) error {
	c, err := LinearPB(ts, op, k)
	if err != nil {
		return err
	}
	return PB(s, c, m)
}

// Abs returns |x| as a constant plus a sum of terms, for objectives such
// as Σ|f_v|. For the order and direct encodings, or a domain on one side
// of 0, it needs no new clauses (order: |x| = |v_0| + Σ (|v_p| −
// |v_(p−1)|)·o_p, which telescopes along the true prefix; direct:
// |v_0| + Σ (|v_p| − |v_0|)·d_p; a negative coefficient c·l becomes
// |c|·¬l + c). A log-encoded x whose domain straddles 0 gets a new
// log-encoded y = |x|, linked with the PB method m. The error is
// ErrNotApplicable when that link is needed and m does not apply to s.
func Abs(s sat.Sink, x *Int, m PBMethod) ([]sat.Term, int64, error) {
	ts, c := x.Terms()
	switch {
	case x.lo >= 0:
		return ts, c, nil
	case x.hi <= 0:
		for i := range ts {
			ts[i].Coef = -ts[i].Coef
		}
		return ts, -c, nil
	case x.enc != IntLog:
		abs := func(v int64) int64 { return max(v, -v) }
		c = abs(x.lo)
		out := make([]sat.Term, 0, len(x.bits))
		for j, l := range x.bits {
			var a int64
			if x.enc == IntOrder {
				a = abs(x.dom.Value(int64(j)+1)) - abs(x.dom.Value(int64(j)))
			} else {
				a = abs(x.dom.Value(int64(j))) - abs(x.lo)
			}
			switch {
			case a > 0:
				out = append(out, sat.Term{Coef: a, Lit: l})
			case a < 0:
				out = append(out, sat.Term{Coef: -a, Lit: l.Not()})
				c += a
			}
		}
		return out, c, nil
	}
	if !m.Applies(s) {
		return nil, 0, ErrNotApplicable
	}
	y := NewInt(s, 0, max(-x.lo, x.hi), IntLog)
	pos := x.Ge(s, 0)
	if err := Linear(Guard(s, pos), []IntTerm{{1, y}, {-1, x}}, sat.Equal, 0, m); err != nil {
		return nil, 0, err
	}
	if err := Linear(Guard(s, pos.Not()), []IntTerm{{1, y}, {1, x}}, sat.Equal, 0, m); err != nil {
		return nil, 0, err
	}
	yt, yc := y.Terms()
	return yt, yc, nil
}

func mulChecked(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	p := a * b
	if p/b != a || p > sat.MaxCoefSum || p < -sat.MaxCoefSum {
		return 0, false
	}
	return p, true
}

func subChecked(a, b int64) (int64, bool) {
	d := a - b
	if (b > 0 && d > a) || (b < 0 && d < a) {
		return 0, false
	}
	return d, true
}
