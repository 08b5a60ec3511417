package encode_test

// The documented sizes of the cardinality encodings, computed from the
// formulas and recurrences in the essays (not from the encoders).

import (
	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

type sz struct{ vars, clauses int }

func (a sz) plus(b sz) sz { return sz{a.vars + b.vars, a.clauses + b.clauses} }

func dirs(b encode.Bounds) (up, down bool) {
	return b&encode.UpperBounds != 0, b&encode.LowerBounds != 0
}

func seqAtMostSize(n, k int) sz { return sz{(n - 1) * k, 2*n*k + n - 4*k} }
func seqAtLeastSize(n, k int) sz {
	c := k + (n-2)*(2*k-1) + 1
	if k > 1 {
		c++
	}
	return sz{(n - 1) * k, c}
}

// totalizerSize returns the size of a totalizer over m inputs and its
// number of outputs.
func totalizerSize(m, limit int, b encode.Bounds) (sz, int) {
	if m == 1 {
		return sz{}, 1
	}
	sa, la := totalizerSize(m/2, limit, b)
	sb, lb := totalizerSize(m-m/2, limit, b)
	c := min(m, limit)
	up, down := dirs(b)
	s := sa.plus(sb).plus(sz{c, 0})
	for i := 0; i <= la; i++ {
		for j := 0; j <= lb; j++ {
			if up && i+j >= 1 && i+j <= c {
				s.clauses++
			}
			if down && i+j+1 <= c {
				s.clauses++
			}
		}
	}
	return s, c
}

// Batcher's comparator counts (Knuth 5.3.4).
func mergeComparators(p, q int) int {
	switch {
	case p == 0 || q == 0:
		return 0
	case p == 1 && q == 1:
		return 1
	}
	return mergeComparators((p+1)/2, (q+1)/2) + mergeComparators(p/2, q/2) + (p+q-1)/2
}

func sortComparators(n int) int {
	if n <= 1 {
		return 0
	}
	return sortComparators(n/2) + sortComparators(n-n/2) + mergeComparators(n/2, n-n/2)
}

// comparatorSize is the cost of full and half comparators.
func comparatorSize(full, half int, b encode.Bounds) sz {
	up, down := dirs(b)
	s := sz{2*full + half, 0}
	if up {
		s.clauses += 3*full + 2*half
	}
	if down {
		s.clauses += 3*full + half
	}
	return s
}

// demandMerge counts the full and half comparators of the odd-even merge
// of sorted lengths p, q pruned to the top c outputs.
func demandMerge(p, q, c int) (full, half int) {
	c = min(c, p+q)
	switch {
	case c <= 0 || p == 0 || q == 0:
		return 0, 0
	case p == 1 && q == 1:
		if c == 2 {
			return 1, 0
		}
		return 0, 1
	}
	f1, h1 := demandMerge((p+1)/2, (q+1)/2, c/2+1)
	f2, h2 := demandMerge(p/2, q/2, c/2)
	// The final row: ⌊(p+q−1)/2⌋ comparators in the full merge, and the
	// c−1 outputs wanted after the first.
	avail := (p + q - 1) / 2
	r := c - 1
	full, half = min(avail, r/2), 0
	if r%2 == 1 && (r+1)/2 <= avail {
		half = 1
	}
	return f1 + f2 + full, h1 + h2 + half
}

func cardNetComparators(n, c int) (full, half int) {
	if n <= c {
		return sortComparators(n), 0
	}
	f, h := cardNetComparators(n-c, c)
	mf, mh := demandMerge(c, min(c, n-c), c)
	return sortComparators(c) + f + mf, h + mh
}

type modShape struct{ nl, nu int }

func ceilSqrt(n int) int {
	r := 0
	for r*r < n {
		r++
	}
	return r
}

// modTotalizerSize follows the per-node formulas of modtotalizer.go.
func modTotalizerSize(m, limit int, b encode.Bounds) (sz, modShape, int) {
	p := max(2, ceilSqrt(limit))
	qcap := limit/p + 1
	var rec func(m int) (sz, modShape)
	rec = func(m int) (sz, modShape) {
		if m == 1 {
			return sz{}, modShape{1, 0}
		}
		sa, A := rec(m / 2)
		sb, B := rec(m - m/2)
		n := modShape{min(m, p-1), min(m/p, qcap)}
		kappa := 0
		if A.nl+B.nl >= p {
			kappa = 1
		}
		s := sa.plus(sb).plus(sz{n.nl + n.nu + kappa, 0})
		up, down := dirs(b)
		if up {
			over := 0
			for i := 0; i <= A.nl; i++ {
				for j := 0; j <= B.nl; j++ {
					if i+j > p {
						over++
					}
				}
			}
			s.clauses += (A.nl+1)*(B.nl+1) - 1 + over + (A.nu+1)*(B.nu+1) - 1 + kappa*(A.nu+1)*(B.nu+1)
		}
		if down {
			s.clauses += kappa*p + n.nl*(n.nl+1)/2 + kappa*p*n.nl + n.nu*(n.nu+1)/2 + kappa*n.nu*(n.nu-1)/2
		}
		return s, n
	}
	s, shape := rec(m)
	return s, shape, p
}

// cardSize is the documented size of Card(n, op, k) for a proper k.
func cardSize(m encode.CardMethod, n int, op sat.Op, k int) sz {
	if m == encode.CardNative {
		return sz{}
	}
	if m == encode.CardSeqCounter {
		switch op {
		case sat.AtMost:
			return seqAtMostSize(n, k)
		case sat.AtLeast:
			return seqAtLeastSize(n, k)
		}
		le, ge := sz{0, 1}, sz{0, 1} // k = n−1 and k = 1 are single clauses
		if k < n-1 {
			le = seqAtMostSize(n, k)
		}
		if k > 1 {
			ge = seqAtLeastSize(n, k)
		}
		return le.plus(ge)
	}
	limit, b := k+1, encode.UpperBounds
	switch op {
	case sat.AtLeast:
		limit, b = k, encode.LowerBounds
	case sat.Equal:
		b = encode.BothBounds
	}
	asserts := 1
	if op == sat.Equal {
		asserts = 2
	}
	switch m {
	case encode.CardTotalizer:
		s, _ := totalizerSize(n, limit, b)
		return s.plus(sz{0, asserts})
	case encode.CardSortNet:
		return comparatorSize(sortComparators(n), 0, b).plus(sz{0, asserts})
	case encode.CardCardNet:
		f, h := cardNetComparators(n, limit)
		return comparatorSize(f, h, b).plus(sz{0, asserts})
	}
	s, root, p := modTotalizerSize(n, limit, b)
	q, r := k/p, k%p
	if op != sat.AtLeast {
		s.clauses += root.nu - q + max(0, root.nl-r)
	}
	if op != sat.AtMost {
		if q >= 1 {
			s.clauses++
		}
		if r >= 1 {
			s.clauses++
		}
	}
	return s
}
