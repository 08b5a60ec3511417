package dobble

import (
	"fmt"
	"slices"
)

// Symmetric designs with λ ≥ 2, built by developing a difference set D in
// an abelian group Z_m1 × Z_m2 (every nonzero group element is exactly λ
// differences of D): the cards are the translates D + g, and element
// (i, j) is symbol i·m2 + j. The complete design (all k-subsets of k+1
// symbols, λ = k−1) covers every k.

// diffSet is a difference set with parameters k and λ in Z_m1 × Z_m2.
type diffSet struct {
	k, lambda int
	m1, m2    int
	D         [][2]int
}

// differenceSets holds the tabulated difference sets. A slice rather than a
// map keyed by (k, λ): the linker lays it out, so it costs nothing at
// start-up.
var differenceSets = []diffSet{
	{4, 2, 7, 1, [][2]int{{0, 0}, {1, 0}, {2, 0}, {4, 0}}},                           // {0} ∪ squares mod 7
	{5, 2, 11, 1, [][2]int{{1, 0}, {3, 0}, {4, 0}, {5, 0}, {9, 0}}},                  // squares mod 11 (Paley)
	{6, 2, 4, 4, [][2]int{{0, 1}, {0, 2}, {0, 3}, {1, 0}, {2, 0}, {3, 0}}},           // row and column of a 4×4 torus
	{6, 3, 11, 1, [][2]int{{0, 0}, {2, 0}, {6, 0}, {7, 0}, {8, 0}, {10, 0}}},         // non-squares mod 11 and 0
	{7, 3, 15, 1, [][2]int{{0, 0}, {1, 0}, {2, 0}, {4, 0}, {5, 0}, {8, 0}, {10, 0}}}, // Singer, PG(3,2)
}

// knownDesign returns a tabulated construction of the symmetric design
// with these k and λ ≥ 2.
func knownDesign(k, lambda int) (*Deck, bool) {
	if lambda == k-1 {
		var cards [][]int
		for skip := 0; skip <= k; skip++ {
			var c []int
			for s := 0; s <= k; s++ {
				if s != skip {
					c = append(c, s)
				}
			}
			cards = append(cards, c)
		}
		return fromSets(cards), true
	}
	i := slices.IndexFunc(differenceSets, func(ds diffSet) bool { return ds.k == k && ds.lambda == lambda })
	if i < 0 {
		return nil, false
	}
	ds := differenceSets[i]
	var cards [][]int
	for g1 := range ds.m1 {
		for g2 := range ds.m2 {
			var c []int
			for _, d := range ds.D {
				c = append(c, (d[0]+g1)%ds.m1*ds.m2+(d[1]+g2)%ds.m2)
			}
			cards = append(cards, c)
		}
	}
	return fromSets(cards), true
}

// NoPlaneError reports a design this package cannot build, with what is
// known about it.
type NoPlaneError struct {
	Order   int // the plane's order, or 0 for a design with λ ≥ 2
	K, L    int // k and λ for a design with λ ≥ 2
	Verdict Verdict
}

// Error says why the design cannot be built.
func (e *NoPlaneError) Error() string {
	what := fmt.Sprintf("projective plane of order %d", e.Order)
	if e.Order == 0 {
		what = fmt.Sprintf("symmetric design with k=%d, λ=%d", e.K, e.L)
	}
	if e.Verdict.Exists == Impossible {
		return "no " + what + ": " + e.Verdict.Reason
	}
	return "cannot build a " + what + ": " + e.Verdict.Reason
}

// Design returns a symmetric design with k symbols per card, any two
// cards sharing exactly λ: a projective plane for λ = 1 (see Plane), a
// tabulated one otherwise. The error is a *NoPlaneError saying why there
// is none or what is known, or reports meaningless parameters.
func Design(k, lambda int) (*Deck, error) {
	v, err := DesignVerdict(k, lambda)
	if err != nil {
		return nil, err
	}
	if lambda == 1 {
		return Plane(k - 1)
	}
	if v.Exists == Exists {
		d, _ := knownDesign(k, lambda)
		return d, nil
	}
	return nil, &NoPlaneError{K: k, L: lambda, Verdict: v}
}
