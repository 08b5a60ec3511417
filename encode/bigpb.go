package encode

// Pseudo-Boolean constraints beyond int64: the adder network over
// math/big coefficients.
//
// A constraint whose coefficients reach 128 or 256 bits (PB Competition
// files have them) cannot be a sat.PB. When dividing by the greatest
// common divisor brings it within range (sat.BigPB.Small), it is encoded
// as any PB; otherwise by the adder network of pbadder.go, whose columns
// need only the coefficients' bits and whose comparison (binary.go) only
// K's, so both work on big.Int unchanged: O(n·B) clauses for B-bit
// coefficients. Normalisation is pb.go's, in big arithmetic: terms merged
// per variable, a negative a·x written |a|·¬x with K grown by |a|.
// Propagation is the adder's (not arc-consistent); the answers are exact.

import (
	"fmt"
	"math/big"
	"sort"

	"github.com/satsolve/satsolve/sat"
)

// BigPB adds clauses enforcing c: with method m when c.Small gives an
// equivalent sat.PB, else with the adder network over big coefficients.
// The error reports a zero literal, an invalid comparison, or
// ErrNotApplicable.
func BigPB(s sat.Sink, c sat.BigPB, m PBMethod) error {
	for _, t := range c.Terms {
		if t.Lit == 0 || t.Coef == nil {
			return fmt.Errorf("encode: zero literal or missing coefficient in a pseudo-Boolean term")
		}
	}
	if c.Op != sat.AtLeast && c.Op != sat.AtMost && c.Op != sat.Equal || c.K == nil {
		return fmt.Errorf("encode: invalid big constraint %v", c.Op)
	}
	if pb, ok := c.Small(); ok {
		return PB(s, pb, m)
	}
	coef := map[sat.Var]*big.Int{}
	k := new(big.Int).Set(c.K)
	for _, t := range c.Terms {
		v := t.Lit.Var()
		if coef[v] == nil {
			coef[v] = new(big.Int)
		}
		if t.Lit > 0 {
			coef[v].Add(coef[v], t.Coef)
		} else {
			coef[v].Sub(coef[v], t.Coef)
			k.Sub(k, t.Coef)
		}
	}
	vars := make([]sat.Var, 0, len(coef))
	for v := range coef {
		vars = append(vars, v)
	}
	sort.Slice(vars, func(i, j int) bool { return vars[i] < vars[j] })
	var cols [][]sat.Lit
	for _, v := range vars {
		a, l := coef[v], v.Pos()
		if a.Sign() < 0 {
			k.Sub(k, a)
			a, l = new(big.Int).Neg(a), l.Not()
		}
		for b := 0; b < a.BitLen(); b++ {
			if a.Bit(b) == 1 {
				for len(cols) <= b {
					cols = append(cols, nil)
				}
				cols[b] = append(cols[b], l)
			}
		}
	}
	bits := sumColumns(s, cols)
	kbit := func(b int) bool { return k.Bit(b) == 1 }
	max := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(len(bits))), big.NewInt(1))
	if c.Op != sat.AtLeast { // ≤ K
		switch {
		case k.Sign() < 0:
			s.AddClause()
		case k.Cmp(max) < 0:
			binAtMostBits(s, bits, kbit)
		}
	}
	if c.Op != sat.AtMost { // ≥ K
		switch {
		case k.Cmp(max) > 0:
			s.AddClause()
		case k.Sign() > 0:
			binAtLeastBits(s, bits, kbit)
		}
	}
	return nil
}
