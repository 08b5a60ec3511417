package dobble

import "fmt"

// Constructions of projective planes of order q, the full decks of
// q²+q+1 cards with k = q+1 symbols each.
//
// The affine construction: the q² points (x, y) of AG(2, q) are symbols
// x·q + y; the direction of slope m is symbol q² + m and the vertical
// direction is q² + q. Cards are the lines y = m·x + b with their
// direction (q² cards), the verticals x = c with the vertical direction
// (q cards), and the line at infinity holding the q+1 directions. Over
// Z_q this is the folklore Dobble formula; over GF(q) it is the same
// plane, since only field arithmetic is used.
//
// The homogeneous construction: the points of PG(2, q) are the nonzero
// triples whose first nonzero coordinate is 1, numbered (1, a, b) → a·q+b,
// (0, 1, b) → q²+b, (0, 0, 1) → q²+q; the lines are the same triples
// [u, v, w], a line holding the points with u·x + v·y + w·z = 0.
//
// Both are Desarguesian; the tests check that they are isomorphic to
// each other and to the cyclic Singer decks.

// Affine returns the projective plane of order q = F.Order() built by
// completing the affine plane AG(2, q).
func Affine(F *Field) *Deck {
	q := F.q
	var cards [][]int
	for m := range q {
		for b := range q {
			c := make([]int, 0, q+1)
			for x := range q {
				c = append(c, x*q+F.Add(F.Mul(m, x), b))
			}
			cards = append(cards, append(c, q*q+m))
		}
	}
	for x := range q {
		c := make([]int, 0, q+1)
		for y := range q {
			c = append(c, x*q+y)
		}
		cards = append(cards, append(c, q*q+q))
	}
	inf := make([]int, 0, q+1)
	for d := 0; d <= q; d++ {
		inf = append(inf, q*q+d)
	}
	return fromSets(append(cards, inf))
}

// Homogeneous returns PG(2, q), q = F.Order(), from homogeneous
// coordinates.
func Homogeneous(F *Field) *Deck {
	q := F.q
	var pts [][3]int
	for a := range q {
		for b := range q {
			pts = append(pts, [3]int{1, a, b})
		}
	}
	for b := range q {
		pts = append(pts, [3]int{0, 1, b})
	}
	pts = append(pts, [3]int{0, 0, 1})
	cards := make([][]int, len(pts))
	for i, l := range pts {
		for j, p := range pts {
			dot := F.Add(F.Add(F.Mul(l[0], p[0]), F.Mul(l[1], p[1])), F.Mul(l[2], p[2]))
			if dot == 0 {
				cards[i] = append(cards[i], j)
			}
		}
	}
	return fromSets(cards)
}

// singerSets are perfect difference sets D mod q²+q+1 (Singer 1938): every
// nonzero residue is exactly one difference of two elements of D, by order
// q. A slice rather than a map: the linker lays it out, so it costs nothing
// at start-up.
var singerSets = []singerSet{
	{2, []int{0, 1, 3}},
	{3, []int{0, 1, 3, 9}},
	{4, []int{0, 1, 4, 14, 16}},
	{5, []int{0, 1, 3, 8, 12, 18}},
	{7, []int{0, 1, 3, 13, 32, 36, 43, 52}},
	{8, []int{0, 1, 3, 7, 15, 31, 36, 54, 63}},
	{9, []int{0, 1, 3, 9, 27, 49, 56, 61, 77, 81}},
}

// singerSet is a perfect difference set D mod q²+q+1.
type singerSet struct {
	q int
	D []int
}

// SingerOrders returns the orders Singer knows, in increasing order.
func SingerOrders() []int { return []int{2, 3, 4, 5, 7, 8, 9} }

// Singer returns the cyclic projective plane of order q whose cards are
// the translates D + i mod q²+q+1 of a perfect difference set D. The
// error reports an order without a tabulated difference set (see
// SingerOrders).
func Singer(q int) (*Deck, error) {
	for _, s := range singerSets {
		if s.q == q {
			return cyclic(s.D, q*q+q+1), nil
		}
	}
	return nil, fmt.Errorf("no Singer difference set tabulated for order %d", q)
}

// cyclic returns the deck of the v translates of D mod v.
func cyclic(D []int, v int) *Deck {
	cards := make([][]int, v)
	for i := range cards {
		for _, d := range D {
			cards[i] = append(cards[i], (d+i)%v)
		}
	}
	return fromSets(cards)
}

// Plane returns a projective plane of order q for every prime power q up
// to MaxOrder: the affine construction over Z_q for a prime q, the
// homogeneous construction over GF(q) otherwise. For other orders the
// error is a *NoPlaneError saying what is known.
func Plane(q int) (*Deck, error) {
	if v := PlaneVerdict(q); v.Exists != Exists {
		return nil, &NoPlaneError{Order: q, Verdict: v}
	}
	F, err := NewField(q)
	if err != nil {
		return nil, err
	}
	if _, m, _ := primePower(q); m == 1 {
		return Affine(F), nil
	}
	return Homogeneous(F), nil
}
