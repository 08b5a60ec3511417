package games

// Periodicity of octal Grundy sequences, by the Guy–Smith criterion.
//
// Octal periodicity theorem (Guy and Smith 1956; Winning Ways, ch. 4): if
// the last non-zero code digit is dt and G(n + p) = G(n) for every n with
// n0 ≤ n < 2·n0 + p + t, then G(n + p) = G(n) for every n ≥ n0. (A heap
// of N + p ≥ 2·n0 + p + t tokens splits into parts of which the larger,
// minus p, is still at least n0, so its options match those of N term by
// term.) Checking the criterion needs G up to 2·n0 + 2p + t − 1, so a
// sequence of length L proves period p with preperiod n0 whenever
// 2·n0 + 2p + t ≤ L.

// Periodicity is a proven eventual period of a Grundy sequence: G(n + Period)
// = G(n) for every n ≥ Preperiod, and Preperiod is the least such start.
type Periodicity struct {
	// Period is the least proven period p.
	Period int
	// Preperiod is n0, the first index from which the sequence repeats.
	// It is one more than the last exception, or 0 without exceptions.
	Preperiod int
	// Cycle holds the periodic values: Cycle[n mod Period] = G(n) for every
	// n ≥ Preperiod.
	Cycle []int
	// Exceptions lists, in increasing order, the n < Preperiod where G(n)
	// differs from the periodic value Cycle[n mod Period].
	Exceptions []int
}

// Periodicity looks for the least period p that the Guy–Smith criterion
// proves from seq = G(0), G(1), …, and reports it with its least preperiod.
// The second result is false when no period is proven within seq; a longer
// sequence may still prove one.
func (g Octal) Periodicity(seq []int) (Periodicity, bool) {
	t, L := g.Span(), len(seq)
	for p := 1; 2*p+t <= L; p++ {
		// n0 = one past the last n with G(n) ≠ G(n+p) in the data.
		n0 := L - p
		for n0 > 0 && seq[n0-1] == seq[n0-1+p] {
			n0--
		}
		if 2*n0+2*p+t > L {
			continue
		}
		per := Periodicity{Period: p, Preperiod: n0, Cycle: make([]int, p)}
		for n := n0; n < n0+p; n++ {
			per.Cycle[n%p] = seq[n]
		}
		for n := 0; n < n0; n++ {
			if seq[n] != per.Cycle[n%p] {
				per.Exceptions = append(per.Exceptions, n)
			}
		}
		return per, true
	}
	return Periodicity{}, false
}
