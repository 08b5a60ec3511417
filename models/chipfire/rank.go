package chipfire

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// ErrTooLarge is returned by the brute-force searches when they would
// test more divisors than the limit they were given.
var ErrTooLarge = errors.New("too many divisors for brute force")

// BruteRank returns r(D) from the definition: −1 if D is unwinnable,
// otherwise the largest r such that D − E is winnable for every effective
// E of degree r, testing every such E with Dhar's algorithm. It uses no
// theorem about rank (not even Riemann–Roch), so it serves as an oracle.
// The error is ErrTooLarge after limit winnability tests, ctx.Err(), or
// that of Reduce.
func BruteRank(ctx context.Context, g *Graph, d Divisor, limit int) (int, error) {
	if err := g.CheckDivisor(d); err != nil {
		return 0, err
	}
	tests := 0
	winnable := func(x Divisor) (bool, error) {
		if tests++; tests > limit {
			return false, ErrTooLarge
		}
		r, err := Reduce(ctx, g, x, 0)
		return err == nil && r.Winnable(), err
	}
	ok, err := winnable(d)
	if err != nil || !ok {
		return -1, err
	}
	x := make(Divisor, len(d))
	for k := int64(1); ; k++ {
		found := false // some D − E of degree k is unwinnable
		err := effectiveDivisors(len(d), k, func(e Divisor) error {
			for v := range d {
				x[v] = d[v] - e[v]
			}
			ok, err := winnable(x)
			if err == nil && !ok {
				found = true
				return errStop
			}
			return err
		})
		if err != nil && !errors.Is(err, errStop) {
			return 0, err
		}
		if found {
			return int(k - 1), nil
		}
	}
}

// errStop ends an enumeration early.
var errStop = errors.New("stop")

// effectiveDivisors calls visit with every effective divisor of degree k on
// n vertices (the same slice, overwritten), until visit returns an error.
func effectiveDivisors(n int, k int64, visit func(Divisor) error) error {
	e := make(Divisor, n)
	var rec func(v int, left int64) error
	rec = func(v int, left int64) error {
		if v == n-1 {
			e[v] = left
			return visit(e)
		}
		for x := left; x >= 0; x-- {
			e[v] = x
			if err := rec(v+1, left-x); err != nil {
				return err
			}
		}
		return nil
	}
	return rec(0, k)
}

// CoriLeBorgne returns r(D) on the complete graph K_n with the greedy
// algorithm of Cori and Le Borgne ("On computation of Baker and Norine's
// rank on complete graphs", Electron. J. Combin. 23(1), 2016), as Sage
// implements it: q-reduce D at vertex 0, set k = D_q(0) and c = the sorted
// values on the other vertices; while k ≥ 0, count one more rank, let d be
// the first index i ≥ 1 with c[i] = i (n − 1 if none), take d from k and
// rotate c to [c[i]−d for i = d..n−2] ++ [n−1−d] ++ [c[i]+n−d for
// i = 1..d−1]. The error reports a graph that is not a simple complete
// graph, or that of Reduce.
func CoriLeBorgne(ctx context.Context, g *Graph, d Divisor) (int, error) {
	if !g.IsComplete() {
		return 0, errors.New("the Cori–Le Borgne algorithm needs a simple complete graph")
	}
	r, err := Reduce(ctx, g, d, 0)
	if err != nil {
		return 0, err
	}
	n := len(d)
	k := r.Divisor[0]
	if n == 1 {
		return int(max(k, -1)), nil
	}
	c := slices.Clone(r.Divisor[1:])
	slices.Sort(c)
	rank := -1
	for k >= 0 {
		rank++
		dd := n - 1
		for i := 1; i < len(c); i++ {
			if c[i] == int64(i) {
				dd = i
				break
			}
		}
		k -= int64(dd)
		if k < 0 {
			break
		}
		next := make(Divisor, 0, n-1)
		for i := dd; i <= n-2; i++ {
			next = append(next, c[i]-int64(dd))
		}
		next = append(next, int64(n-1-dd))
		for i := 1; i < dd; i++ {
			next = append(next, c[i]+int64(n-dd))
		}
		c = next
	}
	return rank, nil
}

// BruteGonality returns the divisorial gonality of g, the least degree of
// an effective divisor of rank at least 1, and such a divisor, by trying
// every D = v0 + E (E effective) by increasing degree: any divisor of
// rank ≥ 1 is equivalent to one with a dollar on vertex 0. A degree of
// genus + 1 always has rank ≥ 1, which ends the search. The error is
// ErrTooLarge after limit winnability tests, ctx.Err(), or that of
// Reduce.
func BruteGonality(ctx context.Context, g *Graph, limit int) (int, Divisor, error) {
	n := len(g.adj)
	tests := 0
	x := make(Divisor, n)
	rankOne := func(d Divisor) (bool, error) {
		for v := range d {
			if tests++; tests > limit {
				return false, ErrTooLarge
			}
			copy(x, d)
			x[v]--
			r, err := Reduce(ctx, g, x, 0)
			if err != nil || !r.Winnable() {
				return false, err
			}
		}
		return true, nil
	}
	for k := int64(1); ; k++ {
		var found Divisor
		err := effectiveDivisors(n, k-1, func(e Divisor) error {
			d := slices.Clone(e)
			d[0]++
			ok, err := rankOne(d)
			if err == nil && ok {
				found = d
				return errStop
			}
			return err
		})
		if err != nil && !errors.Is(err, errStop) {
			return 0, nil, err
		}
		if found != nil {
			return int(k), found, nil
		}
		if k >= int64(g.Genus())+1 {
			return 0, nil, fmt.Errorf("internal error: no divisor of degree genus+1 = %d has rank ≥ 1", k)
		}
	}
}
