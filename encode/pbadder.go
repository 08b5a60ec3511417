package encode

// The adder network (Eén and Sörensson 2006; Warners 1998).
//
// Sum the weighted inputs in binary and compare the sum with K
// (binary.go). Column b starts with the inputs whose coefficient has bit b
// set; while a column holds three or more bits, a full adder takes three
// and puts their sum bit back into the column and their carry into column
// b+1; two remaining bits take a half adder; the last bit is the sum's bit
// b (an empty column is a constant-false bit). With c_b the bits that
// column b ever holds (inputs plus carries from b−1):
//
//	full adders  F_b = ⌊(c_b − 1)/2⌋ for c_b ≥ 3, else 0
//	half adder   H_b = 1 when c_b ≥ 2 and c_b − 2F_b = 2, else 0
//	carries into column b+1:  F_b + H_b
//
// A full adder is 2 variables and 14 clauses (sum ↔ x⊕y⊕z: 8, carry ↔
// majority: 6), a half adder 2 variables and 7 (sum ↔ x⊕y: 4, carry ↔
// x∧y: 3). Both directions are encoded, so one network serves ≤, ≥ and =
// and the sum bits are functions of the inputs. The comparison adds one
// clause per zero bit of K (≤) or one bit (≥), minus those that constant
// bits make redundant. Size O(n log Σa), the smallest of the PB encodings,
// but unit propagation is not arc-consistent, nor even close: the sum is
// only known once all inputs are.
//
// N. Eén, N. Sörensson, Translating pseudo-Boolean constraints into SAT,
// JSAT 2, 2006, 1–26. J. P. Warners, A linear-time transformation of
// linear inequalities into conjunctive normal form, IPL 68, 1998.

import "github.com/satsolve/satsolve/sat"

// adderSum returns the bits of Σ terms, least significant first (0 for a
// constant-false bit). Coefficients must be positive.
func adderSum(s sat.Sink, terms []sat.Term) []sat.Lit {
	var cols [][]sat.Lit
	for _, t := range terms {
		for b := 0; t.Coef>>b != 0; b++ {
			if t.Coef>>b&1 == 1 {
				for len(cols) <= b {
					cols = append(cols, nil)
				}
				cols[b] = append(cols[b], t.Lit)
			}
		}
	}
	return sumColumns(s, cols)
}

// sumColumns adds up columns of bits (column b weighs 2^b) with full and
// half adders and returns the sum's bits, least significant first (0 for
// a constant-false bit).
func sumColumns(s sat.Sink, cols [][]sat.Lit) []sat.Lit {
	var out []sat.Lit
	for b := 0; b < len(cols); b++ {
		q := cols[b]
		carry := func(c sat.Lit) {
			if b+1 == len(cols) {
				cols = append(cols, nil)
			}
			cols[b+1] = append(cols[b+1], c)
		}
		for len(q) >= 3 {
			sum, c := fullAdder(s, q[0], q[1], q[2])
			q = append(q[3:len(q):len(q)], sum)
			carry(c)
		}
		if len(q) == 2 {
			sum, c := halfAdder(s, q[0], q[1])
			q = []sat.Lit{sum}
			carry(c)
		}
		if len(q) == 1 {
			out = append(out, q[0])
		} else {
			out = append(out, 0)
		}
	}
	return out
}

func fullAdder(s sat.Sink, x, y, z sat.Lit) (sum, carry sat.Lit) {
	sum = s.NewVar().Pos()
	carry = s.NewVar().Pos()
	for mask := 0; mask < 8; mask++ {
		// The clause excluding the assignment mask of x, y, z with the
		// wrong sum bit.
		a, b, c := mask&1 == 1, mask&2 == 2, mask&4 == 4
		odd := a != b != c
		s.AddClause(pick(x, !a), pick(y, !b), pick(z, !c), pick(sum, odd))
	}
	s.AddClause(x.Not(), y.Not(), carry)
	s.AddClause(x.Not(), z.Not(), carry)
	s.AddClause(y.Not(), z.Not(), carry)
	s.AddClause(x, y, carry.Not())
	s.AddClause(x, z, carry.Not())
	s.AddClause(y, z, carry.Not())
	return sum, carry
}

// pick returns l when positive is true, else ¬l.
func pick(l sat.Lit, positive bool) sat.Lit {
	if positive {
		return l
	}
	return l.Not()
}

func halfAdder(s sat.Sink, x, y sat.Lit) (sum, carry sat.Lit) {
	sum = xor2(s, x, y)
	carry = s.NewVar().Pos()
	s.AddClause(carry.Not(), x)
	s.AddClause(carry.Not(), y)
	s.AddClause(carry, x.Not(), y.Not())
	return sum, carry
}
