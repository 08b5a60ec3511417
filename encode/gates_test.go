package encode_test

import (
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/internal/check"
	"github.com/satsolve/satsolve/sat"
)

func TestGates(t *testing.T) {
	type gate struct {
		name          string
		arity         int
		build         func(s sat.Sink, in []sat.Lit) sat.Lit
		eval          func(in []bool) bool
		vars, clauses int
	}
	and := func(in []bool) bool {
		for _, b := range in {
			if !b {
				return false
			}
		}
		return true
	}
	or := func(in []bool) bool {
		for _, b := range in {
			if b {
				return true
			}
		}
		return false
	}
	xor := func(in []bool) bool {
		p := false
		for _, b := range in {
			p = p != b
		}
		return p
	}
	var gates []gate
	for n := 0; n <= 4; n++ {
		gates = append(gates,
			gate{"and", n, func(s sat.Sink, in []sat.Lit) sat.Lit { return encode.And(s, in...) }, and, 1, n + 1},
			gate{"or", n, func(s sat.Sink, in []sat.Lit) sat.Lit { return encode.Or(s, in...) }, or, 1, n + 1})
		xv, xc := n-1, 4*(n-1)
		switch n {
		case 0:
			xv, xc = 1, 1
		case 1:
			xv, xc = 1, 2
		}
		gates = append(gates, gate{"xor", n, func(s sat.Sink, in []sat.Lit) sat.Lit { return encode.Xor(s, in...) }, xor, xv, xc})
	}
	gates = append(gates,
		gate{"equiv", 2, func(s sat.Sink, in []sat.Lit) sat.Lit { return encode.Equiv(s, in[0], in[1]) },
			func(in []bool) bool { return in[0] == in[1] }, 1, 4},
		gate{"ite", 3, func(s sat.Sink, in []sat.Lit) sat.Lit { return encode.ITE(s, in[0], in[1], in[2]) },
			func(in []bool) bool {
				if in[0] {
					return in[1]
				}
				return in[2]
			}, 1, 6},
		// Negated inputs exercise literal polarity.
		gate{"and-neg", 2, func(s sat.Sink, in []sat.Lit) sat.Lit { return encode.And(s, in[0].Not(), in[1]) },
			func(in []bool) bool { return !in[0] && in[1] }, 1, 3},
	)
	for _, g := range gates {
		t.Run(g.name+"/"+string(rune('0'+g.arity)), func(t *testing.T) {
			f, vars, lits := inputs(g.arity)
			y := g.build(f, lits)
			if v, c := size(f, g.arity); v != g.vars || c != g.clauses {
				t.Fatalf("size %d vars %d clauses, want %d and %d", v, c, g.vars, g.clauses)
			}
			// Treat the output as one more input: every assignment of
			// inputs and output extends iff the output is the function.
			all := append(vars, y.Var())
			holds := func(m uint64) bool {
				in := make([]bool, g.arity)
				for i := range in {
					in[i] = m>>i&1 == 1
				}
				out := m>>g.arity&1 == 1
				if y < 0 {
					out = !out
				}
				return out == g.eval(in)
			}
			if n := exhaust(t, f, all, holds); n != 1<<g.arity {
				t.Fatalf("%d input assignments extend, want %d", n, 1<<g.arity)
			}
			if err := check.CheckAC(f, all, holds); err != nil {
				t.Fatal(err)
			}
		})
	}
}
