package encode_test

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// TestBigPBExhaustive encodes random constraints whose coefficients are
// about 2^100 (so no divisor brings them within int64) and checks, under
// every assignment of the inputs, that the clauses have a model exactly
// when the constraint holds.
func TestBigPBExhaustive(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for round := range 300 {
		n := 1 + r.IntN(6)
		base := new(big.Int).Lsh(big.NewInt(1), 100)
		big1 := func(span int64) *big.Int {
			v := new(big.Int).Mul(base, big.NewInt(r.Int64N(2*span+1)-span))
			return v.Add(v, big.NewInt(r.Int64N(1000)-500))
		}
		c := sat.BigPB{Op: ops[r.IntN(3)], K: big1(8)}
		if round%4 == 0 {
			c.K = new(big.Int) // 0: the empty and full sums decide
		}
		f, vars, lits := inputs(n)
		for range n + r.IntN(2) {
			c.Terms = append(c.Terms, sat.BigTerm{Coef: big1(4), Lit: pickLit(lits[r.IntN(n)], r.IntN(2) == 0)})
		}
		if _, ok := c.Small(); ok {
			continue
		}
		if err := encode.BigPB(f, c, encode.PBBDD); err != nil {
			t.Fatal(err)
		}
		holds := func(m uint64) bool {
			a := sat.NewAssignment(f.NumVars)
			for i, v := range vars {
				a[v] = m>>i&1 == 1
			}
			return c.Holds(a)
		}
		exhaust(t, f, vars, holds)
	}
}

func pickLit(l sat.Lit, pos bool) sat.Lit {
	if pos {
		return l
	}
	return l.Not()
}

// TestBigPBSmallPath: a big constraint that a divisor brings within int64
// goes to the method asked for, and a zero literal is refused.
func TestBigPBSmallPath(t *testing.T) {
	g := new(big.Int).Lsh(big.NewInt(3), 90)
	c := sat.BigPB{Op: sat.AtLeast, K: new(big.Int).Mul(g, big.NewInt(2)), Terms: []sat.BigTerm{{Coef: g, Lit: 1}, {Coef: g, Lit: 2}, {Coef: g, Lit: 3}}}
	f := &sat.Formula{NumVars: 3}
	if err := encode.BigPB(f, c, encode.PBNative); err != nil || len(f.PBs) != 1 || f.PBs[0].K != 2 {
		t.Fatalf("%v: %v, %v", c, err, f.PBs)
	}
	c.Terms[0].Lit = 0
	if err := encode.BigPB(f, c, encode.PBAdder); err == nil {
		t.Fatal("a zero literal was accepted")
	}
}
