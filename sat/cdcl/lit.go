package cdcl

// Literals and variables inside the engine.
//
// The engine numbers variables from 0: internal variable x is the external
// variable x+1 (sat.Var). A literal is a uint32 code 2x+s, where s is 1 for
// the negative literal, so a literal's negation is l^1 and per-literal arrays
// (values, watch lists) index by the code directly. This is MiniSat's and
// CaDiCaL's representation; it keeps the hot arrays dense and makes the
// value lookup one load (vals[l]) instead of a sign test and a load.
//
// Invariant: every literal held anywhere in the engine (trail, arena, watch
// lists, scratch buffers) has a variable below s.nvars.

import "github.com/satsolve/satsolve/sat"

// lit is an internal literal code: 2·var + sign (1 = negative).
type lit uint32

// noLit marks "no literal" in fields that may hold none.
const noLit lit = ^lit(0)

// mkLit returns the literal of internal variable x, negative when neg.
func mkLit(x int, neg bool) lit {
	l := lit(x) << 1
	if neg {
		l |= 1
	}
	return l
}

// v returns the internal variable of l.
func (l lit) v() int { return int(l >> 1) }

// not returns the negation of l.
func (l lit) not() lit { return l ^ 1 }

// sign reports whether l is negative.
func (l lit) sign() bool { return l&1 != 0 }

// ext returns l as an external DIMACS-signed literal.
func (l lit) ext() sat.Lit {
	x := sat.Lit(l>>1) + 1
	if l&1 != 0 {
		return -x
	}
	return x
}

// fromExt converts an external literal to its internal code. The caller
// has checked that l is not zero.
func fromExt(l sat.Lit) lit {
	if l < 0 {
		return lit(-l-1)<<1 | 1
	}
	return lit(l-1) << 1
}
