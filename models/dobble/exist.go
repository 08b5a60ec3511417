package dobble

import "fmt"

// Which symmetric designs exist: the arithmetic conditions, the
// Bruck–Ryser–Chowla theorem, and the known answers for planes.
//
// A symmetric 2-(v, k, λ) design (v cards of k symbols out of v, any two
// cards sharing exactly λ symbols) needs k(k−1) = λ(v−1). Bruck–Ryser–
// Chowla (Bruck and Ryser 1949; Chowla and Ryser 1950): if v is even,
// k−λ is a square; if v is odd, z² = (k−λ)x² + (−1)^((v−1)/2)·λ·y² has a
// solution in integers, not all zero. The ternary form is decided by
// Legendre's theorem (a x² + b y² + c z² = 0 with a, b, c squarefree,
// pairwise coprime and not all of one sign is solvable iff −bc, −ca, −ab
// are squares modulo |a|, |b|, |c|). For λ = 1 this is the Bruck–Ryser
// condition on the order q = k−1: q ≡ 1, 2 (mod 4) forces q to be a sum of
// two squares, which excludes 6, 14, 21, 22, ...
//
// Planes exist for every prime power order (PG(2, q)); order 10 is
// impossible (C. W. H. Lam, L. Thiel, S. Swiercz, The non-existence of
// finite projective planes of order 10, Canad. J. Math. 41, 1989); every
// other order that Bruck–Ryser allows (12, 15, 18, 20, ...) is open.

// Existence is what is known about a design.
type Existence uint8

// The answers.
const (
	Unknown    Existence = iota // neither built here nor excluded
	Exists                      // this package builds one
	Impossible                  // excluded by a theorem
)

// String returns "unknown", "exists" or "impossible".
func (e Existence) String() string {
	switch e {
	case Exists:
		return "exists"
	case Impossible:
		return "impossible"
	}
	return "unknown"
}

// Verdict is the answer for a symmetric design with its reason.
type Verdict struct {
	// V is the number of symbols and cards, k(k−1)/λ + 1 (0 when that is
	// not an integer).
	V      int
	Exists Existence
	// Reason is a sentence that justifies the answer.
	Reason string
}

// PlaneVerdict says whether a projective plane of order q exists (a full
// Dobble deck with k = q+1 symbols per card).
func PlaneVerdict(q int) Verdict {
	v := Verdict{V: q*q + q + 1}
	switch {
	case q < 2:
		v.Exists, v.Reason = Impossible, fmt.Sprintf("a projective plane has order at least 2, not %d", q)
	case IsPrimePower(q):
		v.Exists, v.Reason = Exists, fmt.Sprintf("%d is a prime power: PG(2,%d) over GF(%d)", q, q, q)
	case q%4 == 1 || q%4 == 2:
		if !sumOfTwoSquares(q) {
			v.Exists, v.Reason = Impossible, fmt.Sprintf("Bruck–Ryser theorem: %d ≡ %d (mod 4) and is not a sum of two squares", q, q%4)
			break
		}
		fallthrough
	default:
		if q == 10 {
			v.Exists, v.Reason = Impossible, "no plane of order 10 exists (Lam, Thiel and Swiercz 1989, by exhaustive computer search; confirmed by SAT by Bright et al. 2021)"
			break
		}
		v.Exists, v.Reason = Unknown, fmt.Sprintf("the existence of a projective plane of order %d is an open problem: %d is not a prime power and no theorem excludes it", q, q)
	}
	return v
}

// DesignVerdict says whether a symmetric 2-(v, k, λ) design exists, v
// following from k and λ. λ = 1 is PlaneVerdict(k−1). The error reports
// parameters that make no sense (k < 2, λ < 1, λ ≥ k).
func DesignVerdict(k, lambda int) (Verdict, error) {
	if k < 2 || lambda < 1 || lambda >= k {
		return Verdict{}, fmt.Errorf("symmetric design with k=%d, λ=%d: want 1 ≤ λ < k", k, lambda)
	}
	if lambda == 1 {
		return PlaneVerdict(k - 1), nil
	}
	if k*(k-1)%lambda != 0 {
		return Verdict{Exists: Impossible, Reason: fmt.Sprintf("k(k−1) = %d is not a multiple of λ = %d, so k(k−1) = λ(v−1) has no integer v", k*(k-1), lambda)}, nil
	}
	v := Verdict{V: k*(k-1)/lambda + 1}
	if ok, why := bruckRyserChowla(v.V, k, lambda); !ok {
		v.Exists, v.Reason = Impossible, "Bruck–Ryser–Chowla theorem: "+why
		return v, nil
	}
	if _, ok := knownDesign(k, lambda); ok {
		v.Exists, v.Reason = Exists, fmt.Sprintf("a 2-(%d,%d,%d) design is built from a difference set", v.V, k, lambda)
		return v, nil
	}
	v.Reason = fmt.Sprintf("2-(%d,%d,%d) passes the Bruck–Ryser–Chowla test but no construction is tabulated here; try a SAT search", v.V, k, lambda)
	return v, nil
}

// bruckRyserChowla tests the theorem's condition, with the failed clause.
func bruckRyserChowla(v, k, lambda int) (bool, string) {
	n := k - lambda
	if v%2 == 0 {
		if r := isqrt(n); r*r != n {
			return false, fmt.Sprintf("v = %d is even and k−λ = %d is not a square", v, n)
		}
		return true, ""
	}
	sign := 1
	if (v-1)/2%2 == 1 {
		sign = -1
	}
	if !ternarySolvable(int64(n), int64(sign*lambda), -1) {
		return false, fmt.Sprintf("v = %d is odd and z² = %d·x² %+d·y² has no nontrivial integer solution", v, n, sign*lambda)
	}
	return true, ""
}

// ternarySolvable reports whether a x² + b y² + c z² = 0 has an integer
// solution other than (0, 0, 0), by Legendre's theorem after reducing the
// coefficients to squarefree, pairwise coprime ones.
func ternarySolvable(a, b, c int64) bool {
	if a == 0 || b == 0 || c == 0 {
		return true
	}
	for {
		a, b, c = squarefree(a), squarefree(b), squarefree(c)
		// a x² + b y² + c z² with g | a, b (g squarefree) is equivalent to
		// (a/g)X² + (b/g)Y² + (c·g)Z² with X = g·x, Y = g·y, Z = z.
		if g := gcd(a, b); g > 1 {
			a, b, c = a/g, b/g, c*g
		} else if g := gcd(b, c); g > 1 {
			b, c, a = b/g, c/g, a*g
		} else if g := gcd(c, a); g > 1 {
			c, a, b = c/g, a/g, b*g
		} else {
			break
		}
	}
	if (a > 0) == (b > 0) && (b > 0) == (c > 0) {
		return false
	}
	return isSquareMod(-b*c, abs64(a)) && isSquareMod(-c*a, abs64(b)) && isSquareMod(-a*b, abs64(c))
}

// squarefree divides out every square factor of a, keeping its sign.
func squarefree(a int64) int64 {
	for p := int64(2); p*p <= abs64(a); p++ {
		for a%(p*p) == 0 {
			a /= p * p
		}
	}
	return a
}

// isSquareMod reports whether r is a square modulo m ≥ 1.
func isSquareMod(r, m int64) bool {
	r = ((r % m) + m) % m
	for x := range m {
		if x*x%m == r {
			return true
		}
	}
	return false
}

func gcd(a, b int64) int64 {
	a, b = abs64(a), abs64(b)
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

func isqrt(n int) int {
	r := 0
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// sumOfTwoSquares reports whether n = a² + b² for integers a, b.
func sumOfTwoSquares(n int) bool {
	for a := 0; a*a <= n; a++ {
		if b := isqrt(n - a*a); b*b == n-a*a {
			return true
		}
	}
	return false
}
