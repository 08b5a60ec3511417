package dobble

import (
	"fmt"
	"strconv"
	"strings"
)

// Finite fields GF(p^m) for the plane constructions.
//
// An element is an integer 0..q−1 whose base-p digits, least significant
// first, are the coefficients of a polynomial of degree below m. Addition
// is digit-wise mod p; multiplication multiplies the polynomials and
// reduces them modulo a monic polynomial f of degree m. Z_p[x]/(f) is a
// field exactly when f is irreducible, and a finite ring is a field
// exactly when every nonzero element has an inverse, so FieldWith checks
// the inverses instead of trusting f: x²+1 over GF(2) is rejected because
// x+1 has none. Addition and multiplication are tabulated (q² entries
// each), so q is capped at MaxOrder.

// MaxOrder is the largest field, and so the largest plane order, this
// package builds.
const MaxOrder = 128

// Field is a finite field GF(q), q = p^m, with tabulated operations.
type Field struct {
	p, m, q  int
	poly     []int // monic, coefficients from x⁰ to x^m
	add, mul []int32
	inv, neg []int32
}

// primePower returns p and m with q = p^m, p prime, m ≥ 1, or ok=false.
func primePower(q int) (p, m int, ok bool) {
	if q < 2 {
		return 0, 0, false
	}
	for p = 2; p*p <= q; p++ {
		if q%p == 0 {
			break
		}
	}
	if q%p != 0 || p*p > q {
		p = q // q is prime
	}
	for m = 0; q > 1; m++ {
		if q%p != 0 {
			return 0, 0, false
		}
		q /= p
	}
	return p, m, true
}

// IsPrimePower reports whether q = p^m for a prime p and m ≥ 1.
func IsPrimePower(q int) bool {
	_, _, ok := primePower(q)
	return ok
}

// NewField returns GF(q), built with the first monic irreducible
// polynomial of degree m over GF(p) in the order of their coefficient
// digits (x² + x + 1 for q = 4, x² + 1 for q = 9). The error reports a q
// that is not a prime power or exceeds MaxOrder.
func NewField(q int) (*Field, error) {
	p, m, ok := primePower(q)
	if !ok {
		return nil, fmt.Errorf("GF(%d): %d is not a prime power", q, q)
	}
	if q > MaxOrder {
		return nil, fmt.Errorf("GF(%d): order above %d", q, MaxOrder)
	}
	// The monic polynomials of degree m are x^m + (the digits of c).
	for c := 0; c < q; c++ {
		poly := make([]int, m+1)
		for i, d := 0, c; i < m; i, d = i+1, d/p {
			poly[i] = d % p
		}
		poly[m] = 1
		if f, err := FieldWith(p, poly); err == nil {
			return f, nil
		}
	}
	panic("dobble: no irreducible polynomial of degree " + strconv.Itoa(m)) // impossible: one exists for every degree
}

// FieldWith returns Z_p[x]/(f) for the monic polynomial f, given by its
// coefficients from x⁰ up, after checking that it is a field. The error
// reports a p that is not prime, an f that is not monic of degree ≥ 1 with
// coefficients in 0..p−1, an order above MaxOrder, or a nonzero element
// without an inverse (f is reducible).
func FieldWith(p int, f []int) (*Field, error) {
	if pp, m, ok := primePower(p); !ok || m != 1 || pp != p {
		return nil, fmt.Errorf("characteristic %d is not a prime", p)
	}
	m := len(f) - 1
	if m < 1 || f[m] != 1 {
		return nil, fmt.Errorf("modulus %v is not a monic polynomial of degree ≥ 1", f)
	}
	q := 1
	for range m {
		q *= p
		if q > MaxOrder {
			return nil, fmt.Errorf("GF(%d^%d): order above %d", p, m, MaxOrder)
		}
	}
	for _, c := range f {
		if c < 0 || c >= p {
			return nil, fmt.Errorf("coefficient %d of %v outside 0..%d", c, f, p-1)
		}
	}
	F := &Field{p: p, m: m, q: q, poly: append([]int(nil), f...)}
	F.add = make([]int32, q*q)
	F.mul = make([]int32, q*q)
	for a := range q {
		for b := range q {
			F.add[a*q+b] = int32(F.polyAdd(a, b))
			F.mul[a*q+b] = int32(F.polyMul(a, b))
		}
	}
	F.inv = make([]int32, q)
	F.neg = make([]int32, q)
	for a := range q {
		for b := range q {
			if F.add[a*q+b] == 0 {
				F.neg[a] = int32(b)
			}
			if a != 0 && F.mul[a*q+b] == 1 {
				F.inv[a] = int32(b)
			}
		}
		if a != 0 && F.inv[a] == 0 {
			return nil, fmt.Errorf("%s is not irreducible over GF(%d): %s has no inverse", F.PolyString(), p, F.ElemString(a))
		}
	}
	return F, nil
}

// digits returns the coefficients of element a, from x⁰ up.
func (F *Field) digits(a int) []int {
	d := make([]int, F.m)
	for i := range d {
		d[i] = a % F.p
		a /= F.p
	}
	return d
}

func (F *Field) undigits(d []int) int {
	a := 0
	for i := F.m - 1; i >= 0; i-- {
		a = a*F.p + d[i]
	}
	return a
}

func (F *Field) polyAdd(a, b int) int {
	x, y := F.digits(a), F.digits(b)
	for i := range x {
		x[i] = (x[i] + y[i]) % F.p
	}
	return F.undigits(x)
}

func (F *Field) polyMul(a, b int) int {
	x, y := F.digits(a), F.digits(b)
	prod := make([]int, 2*F.m-1)
	for i, xi := range x {
		for j, yj := range y {
			prod[i+j] = (prod[i+j] + xi*yj) % F.p
		}
	}
	// Reduce: x^m ≡ −(f_0 + … + f_{m−1} x^{m−1}).
	for d := len(prod) - 1; d >= F.m; d-- {
		c := prod[d]
		if c == 0 {
			continue
		}
		prod[d] = 0
		for i := 0; i < F.m; i++ {
			prod[d-F.m+i] = ((prod[d-F.m+i]-c*F.poly[i])%F.p + F.p) % F.p
		}
	}
	return F.undigits(prod[:F.m])
}

// Order returns q.
func (F *Field) Order() int { return F.q }

// Char returns the characteristic p.
func (F *Field) Char() int { return F.p }

// Add returns a + b.
func (F *Field) Add(a, b int) int { return int(F.add[a*F.q+b]) }

// Sub returns a − b.
func (F *Field) Sub(a, b int) int { return int(F.add[a*F.q+int(F.neg[b])]) }

// Mul returns a · b.
func (F *Field) Mul(a, b int) int { return int(F.mul[a*F.q+b]) }

// Neg returns −a.
func (F *Field) Neg(a int) int { return int(F.neg[a]) }

// Inv returns a⁻¹. It panics when a is 0.
func (F *Field) Inv(a int) int {
	if a == 0 {
		panic("dobble: inverse of zero")
	}
	return int(F.inv[a])
}

// PolyString returns the modulus, e.g. "x^2+x+1".
func (F *Field) PolyString() string { return polyString(F.poly) }

// ElemString returns element a as a polynomial in x, e.g. "x+1".
func (F *Field) ElemString(a int) string {
	if a == 0 {
		return "0"
	}
	return polyString(F.digits(a))
}

func polyString(c []int) string {
	var terms []string
	for i := len(c) - 1; i >= 0; i-- {
		if c[i] == 0 {
			continue
		}
		coef := ""
		if c[i] != 1 || i == 0 {
			coef = strconv.Itoa(c[i])
		}
		switch i {
		case 0:
			terms = append(terms, coef)
		case 1:
			terms = append(terms, coef+"x")
		default:
			terms = append(terms, coef+"x^"+strconv.Itoa(i))
		}
	}
	return strings.Join(terms, "+")
}
