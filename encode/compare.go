package encode

// Comparing two integers: a·x + b·y ≤ k.
//
// When neither integer is log-encoded this is the order ladder (Tamura et
// al. 2009): walking the values u of the smaller domain, one clause
//
//	x ≥ u → b·y ≤ k − a·u     (a > 0, u upwards)
//	x ≤ u → b·y ≤ k − a·u     (a < 0, u downwards)
//
// where b·y ≤ c is the literal y ≤ ⌊c/b⌋ (b > 0) or y ≥ ⌈c/b⌉ (b < 0).
// Along the walk both sides strengthen, so a clause whose conclusion
// equals the one before is implied and skipped, and a premise or
// conclusion that the domains decide is folded (a true conclusion drops
// the clause, a true premise makes it a unit). At most min(|D_x|, |D_y|)
// binary clauses and no variable; unit propagation is bounds-consistent
// (each bound of one side forces the matching bound of the other). A
// log-encoded integer makes it one pseudo-Boolean constraint over the
// literals, encoded with the given method.
//
// Exact: for x = u the clause of u (or the earlier one that implies it)
// gives exactly b·y ≤ k − a·u.

import (
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

// Leq2 adds a·x + b·y ≤ k (see the file comment). a and b must not be
// zero. The error reports coefficients out of range or, for the PB
// fallback, ErrNotApplicable.
func Leq2(s sat.Sink, a int64, x *Int, b int64, y *Int, k int64, m PBMethod) error {
	if a == 0 || b == 0 {
		panic("encode: Leq2 with a zero coefficient")
	}
	if x.enc == IntLog && x.dom.size > 1 || y.enc == IntLog && y.dom.size > 1 {
		return Linear(s, []IntTerm{{a, x}, {b, y}}, sat.AtMost, k, m)
	}
	if _, ok := mulChecked(a, max(-x.lo, x.hi)); !ok {
		return fmt.Errorf("encode: %w", sat.ErrCoefRange)
	}
	if _, ok := mulChecked(b, max(-y.lo, y.hi)); !ok {
		return fmt.Errorf("encode: %w", sat.ErrCoefRange)
	}
	if x.dom.size > y.dom.size {
		a, x, b, y = b, y, a, x
	}
	vals := make([]int64, 0, x.dom.size)
	for u := range x.dom.Values {
		vals = append(vals, u)
	}
	if a < 0 {
		for i, j := 0, len(vals)-1; i < j; i, j = i+1, j-1 {
			vals[i], vals[j] = vals[j], vals[i]
		}
	}
	var last part
	first := true
	for _, u := range vals {
		var prem, concl part
		if a > 0 {
			prem = x.geP(s, u)
		} else {
			prem = x.leP(s, u)
		}
		if r := k - a*u; b > 0 {
			concl = y.leP(s, floorDiv(r, b))
		} else {
			concl = y.geP(s, ceilDiv(r, b))
		}
		if concl == partTrue || !first && concl == last {
			continue
		}
		first, last = false, concl
		emit(s, prem.not(), concl)
	}
	return nil
}

// geP returns x ≥ v as a part: a constant when the domain decides it.
func (x *Int) geP(s sat.Sink, v int64) part {
	switch {
	case v <= x.lo:
		return partTrue
	case v > x.hi:
		return partFalse
	}
	return part{l: x.Ge(s, v)}
}

// leP returns x ≤ v as a part.
func (x *Int) leP(s sat.Sink, v int64) part {
	if v >= x.hi {
		return partTrue
	}
	return x.geP(s, v+1).not()
}

// eqP returns x = v as a part.
func (x *Int) eqP(s sat.Sink, v int64) part {
	switch {
	case !x.dom.Contains(v):
		return partFalse
	case x.dom.size == 1:
		return partTrue
	}
	return part{l: x.Eq(s, v)}
}

// floorDiv returns ⌊a/b⌋ for b ≠ 0.
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// ceilDiv returns ⌈a/b⌉ for b ≠ 0.
func ceilDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) == (b < 0) {
		q++
	}
	return q
}
