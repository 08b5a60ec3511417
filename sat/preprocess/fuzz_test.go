package preprocess

import (
	"context"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// decodeFuzz builds a formula and options from fuzz bytes:
//
//	byte 0: number of variables, 1 + b%12
//	byte 1: techniques (zero: Default)
//	byte 2: frozen variables 1..8, one bit each
//	byte 3: budget (0: default, else b steps) and, in its top bits, clause
//	        limit and growth
//	rest:   literals; a zero byte closes a clause, any other byte b is
//	        variable 1+(b>>1)%n, negative when b is odd
func decodeFuzz(data []byte) (*sat.Formula, Options) {
	for len(data) < 4 {
		data = append(data, 0)
	}
	n := 1 + int(data[0])%12
	f := &sat.Formula{NumVars: n}
	opts := Options{Techniques: Technique(data[1]) & Default}
	for v := 1; v <= 8; v++ {
		if data[2]>>(v-1)&1 == 1 && v <= n {
			opts.Frozen = append(opts.Frozen, sat.Var(v))
		}
	}
	if b := data[3] & 0x3f; b != 0 {
		opts.Budget = int64(b) * 7
	}
	if data[3]&0x40 != 0 {
		opts.ClauseLimit = 3
	}
	if data[3]&0x80 != 0 {
		opts.Grow = 2
	}
	var c []sat.Lit
	for _, b := range data[4:] {
		if b == 0 {
			f.AddClause(c...)
			c = c[:0]
			continue
		}
		v := sat.Var(1 + int(b>>1)%n)
		c = append(c, v.Lit(b&1 == 0))
	}
	if len(c) > 0 {
		f.AddClause(c...)
	}
	return f, opts
}

// FuzzSimplify checks the oracle's properties on formulas built from the
// fuzz input. Run it with: go test -fuzz=FuzzSimplify ./sat/preprocess
func FuzzSimplify(f *testing.F) {
	f.Add([]byte{3, 0, 0, 0, 2, 4, 0, 3, 4, 0, 5, 6, 0})
	f.Add([]byte{5, 0xff, 1, 0, 2, 5, 0, 3, 4, 0, 2, 3, 0, 6, 8, 10})
	f.Add([]byte{4, 16, 0, 0, 2, 5, 0, 3, 4, 0, 4, 7, 0, 6, 5})
	f.Add([]byte{12, 8, 0x0f, 0x80, 2, 4, 6, 0, 3, 8, 10, 0, 5, 7, 0, 9, 11, 13, 0, 12, 14, 16})
	f.Add([]byte{2, 0, 0, 1, 2, 0, 3, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 400 {
			return
		}
		formula, opts := decodeFuzz(data)
		if msg := checkSimplify(context.Background(), formula, opts); msg != "" {
			t.Fatalf("%s\nformula (%d vars): %v\noptions: %+v", msg, formula.NumVars, formula.Clauses, opts)
		}
	})
}
