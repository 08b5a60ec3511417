package encode_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/internal/check"
	"github.com/satsolve/satsolve/sat"
)

// tuplesOf calls yield with every tuple of values of the domains.
func tuplesOf(ds []encode.Domain, yield func([]int64)) {
	v := make([]int64, len(ds))
	var rec func(i int)
	rec = func(i int) {
		if i == len(ds) {
			yield(v)
			return
		}
		for x := range ds[i].Values {
			v[i] = x
			rec(i + 1)
		}
	}
	rec(0)
}

// intsExhaust checks that f is satisfiable under the patterns of the
// integers' values exactly when holds does, over every tuple of values,
// and returns how many tuples hold.
func intsExhaust(t *testing.T, f *sat.Formula, xs []*encode.Int, holds func([]int64) bool) int {
	t.Helper()
	s := check.Load(f)
	ds := make([]encode.Domain, len(xs))
	for i, x := range xs {
		ds[i] = x.Domain()
	}
	count := 0
	tuplesOf(ds, func(v []int64) {
		var assume []sat.Lit
		for i, x := range xs {
			assume = append(assume, pattern(x, v[i])...)
		}
		st, err := s.Solve(t.Context(), assume...)
		if err != nil {
			t.Fatal(err)
		}
		if (st == sat.Sat) != holds(v) {
			t.Fatalf("values %v: solver says %v, constraint holds = %v", v, st, holds(v))
		}
		if st == sat.Sat {
			count++
		}
	})
	return count
}

// newInts creates one integer per domain, with encoding enc.
func newInts(f *sat.Formula, ds []encode.Domain, enc encode.IntEncoding) []*encode.Int {
	xs := make([]*encode.Int, len(ds))
	for i, d := range ds {
		xs[i] = encode.NewIntIn(f, d, enc)
	}
	return xs
}

var smallDomains = []encode.Domain{
	encode.RangeDomain(0, 2), encode.RangeDomain(-1, 2), encode.DomainOf(0, 2, 3), encode.DomainOf(1),
	encode.NewDomain(encode.Range{Lo: -3, Hi: -2}, encode.Range{Lo: 1, Hi: 2}),
}

func TestLeq2(t *testing.T) {
	coefs := [][2]int64{{1, -1}, {2, 3}, {-1, -2}, {-3, 1}, {1, 1}}
	for _, enc := range encode.IntEncodings() {
		for _, dx := range smallDomains {
			for _, dy := range smallDomains {
				for _, c := range coefs {
					for k := int64(-6); k <= 6; k += 3 {
						f := &sat.Formula{}
						xs := newInts(f, []encode.Domain{dx, dy}, enc)
						on := f.NewVar().Pos()
						g := encode.Guard(f, on) // guarded, then asserted
						if err := encode.Leq2(g, c[0], xs[0], c[1], xs[1], k, encode.PBBDD); err != nil {
							t.Fatal(err)
						}
						f.AddClause(on)
						intsExhaust(t, f, xs, func(v []int64) bool { return c[0]*v[0]+c[1]*v[1] <= k })
					}
				}
			}
		}
	}
}

func TestAllDifferent(t *testing.T) {
	sets := [][]encode.Domain{
		{encode.RangeDomain(0, 2), encode.RangeDomain(0, 2), encode.RangeDomain(0, 2)},
		{encode.RangeDomain(0, 3), encode.DomainOf(1, 3), encode.DomainOf(1), encode.RangeDomain(-1, 1)},
		{encode.DomainOf(5), encode.DomainOf(5)},
		{encode.RangeDomain(0, 1), encode.RangeDomain(0, 1), encode.RangeDomain(0, 1)},
		{},
	}
	for _, enc := range encode.IntEncodings() {
		for _, m := range encode.AMOMethods() {
			for si, ds := range sets {
				t.Run(fmt.Sprintf("%v/%v/%d", enc, m, si), func(t *testing.T) {
					f := &sat.Formula{}
					xs := newInts(f, ds, enc)
					encode.AllDifferent(f, xs, m)
					intsExhaust(t, f, xs, func(v []int64) bool {
						c := slices.Clone(v)
						slices.Sort(c)
						return len(slices.Compact(c)) == len(v)
					})
				})
			}
		}
	}
}

func TestTable(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	ds := []encode.Domain{encode.RangeDomain(0, 2), encode.DomainOf(-1, 1, 2), encode.RangeDomain(1, 3)}
	for _, enc := range encode.IntEncodings() {
		for trial := range 30 {
			var tuples [][]int64
			for range r.IntN(12) {
				tuples = append(tuples, []int64{int64(r.IntN(4)), int64(r.IntN(4) - 1), int64(r.IntN(4))})
			}
			f := &sat.Formula{}
			xs := newInts(f, ds, enc)
			before := f.NumVars
			if err := encode.Table(f, xs, tuples); err != nil {
				t.Fatal(err)
			}
			in := map[string]bool{}
			within := 0
			for _, tp := range tuples {
				in[fmt.Sprint(tp)] = true
				if ds[0].Contains(tp[0]) && ds[1].Contains(tp[1]) && ds[2].Contains(tp[2]) {
					within++
				}
			}
			intsExhaust(t, f, xs, func(v []int64) bool { return in[fmt.Sprint(v)] })
			if enc == encode.IntDirect && f.NumVars-before != within {
				t.Fatalf("trial %d: %d selectors for %d tuples in the domains", trial, f.NumVars-before, within)
			}
		}
	}
	f := &sat.Formula{}
	if err := encode.Table(f, newInts(f, ds[:2], encode.IntOrder), [][]int64{{1}}); err == nil {
		t.Fatal("a short tuple accepted")
	}
}

func TestInverse(t *testing.T) {
	cases := []struct {
		f, g           []encode.Domain
		fFirst, gFirst int64
	}{
		{[]encode.Domain{encode.RangeDomain(0, 2), encode.RangeDomain(0, 2), encode.RangeDomain(0, 2)},
			[]encode.Domain{encode.RangeDomain(0, 2), encode.RangeDomain(0, 2), encode.RangeDomain(0, 2)}, 0, 0},
		{[]encode.Domain{encode.RangeDomain(0, 4), encode.DomainOf(1, 3), encode.RangeDomain(2, 3)},
			[]encode.Domain{encode.RangeDomain(1, 3), encode.RangeDomain(0, 3), encode.DomainOf(2)}, 1, 1},
		{[]encode.Domain{encode.RangeDomain(1, 2), encode.RangeDomain(1, 2)},
			[]encode.Domain{encode.RangeDomain(1, 3), encode.RangeDomain(1, 3), encode.RangeDomain(1, 3)}, 1, 1},
	}
	for _, enc := range encode.IntEncodings() {
		for ci, c := range cases {
			f := &sat.Formula{}
			fs, gs := newInts(f, c.f, enc), newInts(f, c.g, enc)
			encode.Inverse(f, fs, c.fFirst, gs, c.gFirst)
			n := intsExhaust(t, f, append(slices.Clone(fs), gs...), func(v []int64) bool {
				fv, gv := v[:len(fs)], v[len(fs):]
				for i, j := range fv {
					k := j - c.gFirst
					if k < 0 || k >= int64(len(gv)) || gv[k] != int64(i)+c.fFirst {
						return false
					}
				}
				for j, i := range gv {
					k := i - c.fFirst
					if k < 0 || k >= int64(len(fv)) || fv[k] != int64(j)+c.gFirst {
						return false
					}
				}
				return true
			})
			if ci == 0 && n != 6 {
				t.Fatalf("%v: %d inverse pairs of 3, want 3! = 6", enc, n)
			}
		}
	}
}

func TestGlobalCardinality(t *testing.T) {
	xd := []encode.Domain{encode.RangeDomain(0, 2), encode.DomainOf(0, 2, 4), encode.RangeDomain(1, 2), encode.DomainOf(2)}
	cover := []int64{2, 0, 3}
	cd := []encode.Domain{encode.RangeDomain(0, 4), encode.RangeDomain(-1, 1), encode.DomainOf(0, 2)}
	count := func(v []int64, c int64) int64 {
		n := int64(0)
		for _, x := range v {
			if x == c {
				n++
			}
		}
		return n
	}
	inCover := func(x int64) bool { return slices.Contains(cover, x) }
	for _, enc := range encode.IntEncodings() {
		for _, closed := range []bool{false, true} {
			f := &sat.Formula{}
			xs := newInts(f, xd, enc)
			cs := newInts(f, cd, enc)
			if err := encode.GlobalCardinality(f, xs, cover, cs, closed); err != nil {
				t.Fatal(err)
			}
			intsExhaust(t, f, append(slices.Clone(xs), cs...), func(v []int64) bool {
				x, c := v[:len(xs)], v[len(xs):]
				for j, cv := range cover {
					if count(x, cv) != c[j] {
						return false
					}
				}
				for _, xv := range x {
					if closed && !inCover(xv) {
						return false
					}
				}
				return true
			})
			for _, m := range []encode.CardMethod{encode.CardSeqCounter, encode.CardTotalizer, encode.CardSortNet} {
				low, up := []int64{1, 0, -1}, []int64{2, 1, 0}
				f := &sat.Formula{}
				xs := newInts(f, xd, enc)
				if err := encode.GlobalCardinalityBounds(f, xs, cover, low, up, closed, m); err != nil {
					t.Fatal(err)
				}
				intsExhaust(t, f, xs, func(x []int64) bool {
					for j, cv := range cover {
						if n := count(x, cv); n < low[j] || n > up[j] {
							return false
						}
					}
					for _, xv := range x {
						if closed && !inCover(xv) {
							return false
						}
					}
					return true
				})
			}
		}
	}
	f := &sat.Formula{}
	if err := encode.GlobalCardinality(f, nil, []int64{1, 1}, newInts(f, cd[:2], encode.IntOrder), false); err == nil {
		t.Fatal("a repeated cover value accepted")
	}
}

// circuitHolds reports whether the successors (numbered from first) form
// one cycle through every node (sub: through the nodes not their own
// successor).
func circuitHolds(v []int64, first int64, sub bool) bool {
	n := len(v)
	in, start := 0, -1
	for i, x := range v {
		if x < first || x >= first+int64(n) {
			return false
		}
		if x-first != int64(i) {
			in++
			start = i
		} else if !sub {
			return false
		}
	}
	if in == 0 {
		return sub || n == 0
	}
	seen := map[int]bool{}
	i := start
	for range in {
		if seen[i] {
			return false
		}
		seen[i] = true
		i = int(v[i] - first)
	}
	return i == start
}

func TestCircuit(t *testing.T) {
	for _, enc := range encode.IntEncodings() {
		for n := 1; n <= 4; n++ {
			for _, sub := range []bool{false, true} {
				for _, first := range []int64{0, 1} {
					ds := make([]encode.Domain, n)
					for i := range ds {
						ds[i] = encode.RangeDomain(first-1, first+int64(n))
					}
					if n == 4 {
						ds[1] = encode.DomainOf(first, first+2, first+3)
					}
					f := &sat.Formula{}
					xs := newInts(f, ds, enc)
					if sub {
						encode.Subcircuit(f, xs, first, encode.AMOLadder)
					} else {
						encode.Circuit(f, xs, first, encode.AMOPairwise)
					}
					got := intsExhaust(t, f, xs, func(v []int64) bool { return circuitHolds(v, first, sub) })
					if !sub && n == 3 && got != 2 {
						t.Fatalf("%v: %d circuits of 3 nodes, want 2", enc, got)
					}
				}
			}
		}
	}
}

func TestLexLeqInts(t *testing.T) {
	lens := [][2]int{{2, 2}, {2, 3}, {3, 2}, {0, 0}, {0, 1}, {1, 0}, {3, 3}}
	for _, enc := range encode.IntEncodings() {
		for _, l := range lens {
			for _, strict := range []bool{false, true} {
				f := &sat.Formula{}
				var ds []encode.Domain
				for i := range l[0] + l[1] {
					ds = append(ds, smallDomains[i%3])
				}
				all := newInts(f, ds, enc)
				xs, ys := all[:l[0]], all[l[0]:]
				if err := encode.LexLeqInts(f, xs, ys, strict, encode.PBBDD); err != nil {
					t.Fatal(err)
				}
				intsExhaust(t, f, all, func(v []int64) bool {
					c := slices.Compare(v[:l[0]], v[l[0]:])
					return c < 0 || c == 0 && !strict
				})
			}
		}
	}
}

// TestTableArcConsistent fixes some integers to values and checks that
// unit propagation removes exactly the values no remaining tuple supports
// (direct encoding: the value literals are the integers' own).
func TestTableArcConsistent(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	ds := []encode.Domain{encode.RangeDomain(0, 2), encode.RangeDomain(0, 2), encode.RangeDomain(0, 3)}
	for range 40 {
		var tuples [][]int64
		for range 1 + r.IntN(10) {
			tuples = append(tuples, []int64{int64(r.IntN(3)), int64(r.IntN(3)), int64(r.IntN(4))})
		}
		f := &sat.Formula{}
		xs := newInts(f, ds, encode.IntDirect)
		if err := encode.Table(f, xs, tuples); err != nil {
			t.Fatal(err)
		}
		s := check.New()
		for range f.NumVars {
			s.NewVar()
		}
		for _, c := range f.Clauses {
			s.AddClause(c...)
		}
		// Fix x0 (and sometimes x1) to each value.
		for v0 := range int64(3) {
			for v1 := int64(-1); v1 < 3; v1++ {
				assume := []sat.Lit{xs[0].Eq(f, v0)}
				fixed := map[int]int64{0: v0}
				if v1 >= 0 {
					assume = append(assume, xs[1].Eq(f, v1))
					fixed[1] = v1
				}
				val, ok := s.Propagate(assume)
				var live []([]int64)
				for _, tp := range tuples {
					match := true
					for i, v := range fixed {
						match = match && tp[i] == v
					}
					if match {
						live = append(live, tp)
					}
				}
				if !ok {
					if len(live) > 0 {
						t.Fatalf("tuples %v, fixed %v: conflict, but %v remain", tuples, fixed, live)
					}
					continue
				}
				if len(live) == 0 {
					t.Fatalf("tuples %v, fixed %v: no tuple left, no conflict", tuples, fixed)
				}
				for i := 1; i < 3; i++ {
					if _, isFixed := fixed[i]; isFixed {
						continue
					}
					for v := range ds[i].Values {
						supported := false
						for _, tp := range live {
							supported = supported || tp[i] == v
						}
						l := xs[i].Eq(f, v)
						gone := val[l.Var()] == -1 && l.IsPos() || val[l.Var()] == 1 && !l.IsPos()
						if gone == supported {
							t.Fatalf("tuples %v, fixed %v: x%d = %d supported %v, removed %v", tuples, fixed, i, v, supported, gone)
						}
					}
				}
			}
		}
	}
}

func TestElement(t *testing.T) {
	idxs := []encode.Domain{encode.RangeDomain(-1, 4), encode.DomainOf(1, 3), encode.DomainOf(2)}
	arrays := [][]int64{{3, -1, 3, 0}, {}, {2}}
	zd := encode.DomainOf(-1, 0, 2, 3, 4)
	for _, enc := range encode.IntEncodings() {
		for _, di := range idxs {
			for _, a := range arrays {
				for _, first := range []int64{0, 1} {
					f := &sat.Formula{}
					xs := newInts(f, []encode.Domain{di, zd}, enc)
					encode.Element(f, xs[0], first, a, xs[1])
					at := func(i int64) (int64, bool) {
						k := i - first
						if k < 0 || k >= int64(len(a)) {
							return 0, false
						}
						return a[k], true
					}
					intsExhaust(t, f, xs, func(v []int64) bool { w, ok := at(v[0]); return ok && w == v[1] })

					// Over integers: x_k in 0..2 or a's value.
					if len(a) > 3 {
						continue
					}
					f = &sat.Formula{}
					ds := []encode.Domain{di, zd}
					for _, w := range a {
						ds = append(ds, encode.NewDomain(encode.Range{Lo: 0, Hi: 2}, encode.Range{Lo: w, Hi: w}))
					}
					all := newInts(f, ds, enc)
					if err := encode.ElementInts(f, all[0], first, all[2:], all[1], encode.PBBDD); err != nil {
						t.Fatal(err)
					}
					intsExhaust(t, f, all, func(v []int64) bool {
						k := v[0] - first
						return k >= 0 && k < int64(len(a)) && v[2+k] == v[1]
					})

					// Over literals.
					f = &sat.Formula{}
					idx := encode.NewIntIn(f, di, enc)
					lits := make([]sat.Lit, len(a))
					for j := range lits {
						lits[j] = f.NewVar().Pos()
					}
					c := f.NewVar().Pos()
					encode.ElementLits(f, idx, first, lits, c)
					s := check.Load(f)
					for i := range di.Values {
						for mask := range 1 << (len(a) + 1) {
							assume := pattern(idx, i)
							for j, l := range append(slices.Clone(lits), c) {
								assume = append(assume, l.Var().Lit(mask>>j&1 == 1))
							}
							k := i - first
							want := k >= 0 && k < int64(len(a)) && (mask>>k&1 == 1) == (mask>>len(a)&1 == 1)
							if st, _ := s.Solve(t.Context(), assume...); (st == sat.Sat) != want {
								t.Fatalf("%v: index %d, literals %b: %v, want sat %v", enc, i, mask, st, want)
							}
						}
					}
				}
			}
		}
	}
}
