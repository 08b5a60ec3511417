package encode_test

import (
	"errors"
	"fmt"
	"math/bits"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/internal/check"
	"github.com/satsolve/satsolve/sat"
)

// litValue returns the value of literal l under mask over vars.
func litValue(l sat.Lit, vars []sat.Var, mask uint64) bool {
	for i, v := range vars {
		if l.Var() == v {
			return (mask>>i&1 == 1) == l.IsPos()
		}
	}
	panic("literal outside vars")
}

// pattern returns the literals that set x's primary literals to value v.
func pattern(x *encode.Int, v int64) []sat.Lit {
	lits := x.Lits()
	d := x.Domain()
	out := make([]sat.Lit, len(lits))
	for j, l := range lits {
		var on bool
		switch x.Encoding() {
		case encode.IntOrder:
			on = v >= d.Value(int64(j)+1)
		case encode.IntLog:
			on = (v-x.Lo())>>j&1 == 1
		default:
			on = v == d.Value(int64(j))
		}
		out[j] = l
		if !on {
			out[j] = l.Not()
		}
	}
	return out
}

// litVars returns the variables of x's primary literals.
func litVars(x *encode.Int) []sat.Var {
	var vars []sat.Var
	for _, l := range x.Lits() {
		vars = append(vars, l.Var())
	}
	return vars
}

// decode returns the value a mask over the variables of x's primary
// literals stands for, and whether it is a valid encoding (order: a
// monotone prefix; log: in the domain; direct: exactly one).
func decode(x *encode.Int, mask uint64) (int64, bool) {
	lits, vars, d := x.Lits(), litVars(x), x.Domain()
	if len(lits) == 0 {
		return x.Lo(), true
	}
	val := make([]bool, len(lits))
	for j, l := range lits {
		val[j] = litValue(l, vars, mask)
	}
	switch x.Encoding() {
	case encode.IntOrder:
		ones := 0
		for ones < len(val) && val[ones] {
			ones++
		}
		for _, b := range val[ones:] {
			if b {
				return 0, false
			}
		}
		return d.Value(int64(ones)), true
	case encode.IntLog:
		v := x.Lo()
		for j, b := range val {
			if b {
				v += 1 << j
			}
		}
		return v, d.Contains(v)
	}
	at := -1
	for j, b := range val {
		if b {
			if at >= 0 {
				return 0, false
			}
			at = j
		}
	}
	if at < 0 {
		return 0, false
	}
	return d.Value(int64(at)), true
}

var domains = []encode.Domain{
	encode.RangeDomain(0, 0), encode.RangeDomain(2, 2), encode.RangeDomain(-3, 4), encode.RangeDomain(0, 5),
	encode.RangeDomain(-5, -1), encode.RangeDomain(1, 8), encode.RangeDomain(-4, 3), encode.RangeDomain(0, 7),
	encode.DomainOf(1, 3, 5), encode.DomainOf(-7, 0, 2, 9), encode.NewDomain(encode.Range{Lo: -6, Hi: -4}, encode.Range{Lo: 1, Hi: 2}, encode.Range{Lo: 5, Hi: 6}),
	encode.NewDomain(encode.Range{Lo: 0, Hi: 0}, encode.Range{Lo: 3, Hi: 12}), encode.DomainOf(0, 1, 2, 4, 8, 16, 31),
}

// wantSize returns the variables and clauses NewIntIn should make.
func wantSize(d encode.Domain, enc encode.IntEncoding) (int, int, bool) {
	n := int(d.Size())
	switch enc {
	case encode.IntOrder:
		return n - 1, max(0, n-2), true
	case encode.IntDirect:
		switch {
		case n == 1:
			return 0, 0, true
		case n <= 6:
			return n, 1 + n*(n-1)/2, true
		}
		return 2*n - 3, 4*n - 8, true
	}
	w := d.Max() - d.Min()
	v, c := bits.Len64(uint64(w)), 0
	for b := 0; b < v; b++ {
		if w>>b&1 == 0 {
			c++
		}
	}
	return v, c, len(d.Ranges()) == 1
}

func TestIntDomain(t *testing.T) {
	for _, enc := range encode.IntEncodings() {
		for _, d := range domains {
			t.Run(fmt.Sprintf("%v/%v", enc, d), func(t *testing.T) {
				var f sat.Formula
				x := encode.NewIntIn(&f, d, enc)
				wantV, wantC, exact := wantSize(d, enc)
				if f.NumVars != wantV || exact && len(f.Clauses) != wantC {
					t.Fatalf("size %d vars %d clauses, want %d and %d", f.NumVars, len(f.Clauses), wantV, wantC)
				}
				if !exact && len(f.Clauses) > wantC+2*wantV*(len(d.Ranges())-1) {
					t.Fatalf("%d clauses, more than %d for the bound and 2m per hole", len(f.Clauses), wantC+2*wantV*(len(d.Ranges())-1))
				}
				vars := litVars(x)
				if got := exhaust(t, &f, vars, func(m uint64) bool { _, ok := decode(x, m); return ok }); got != int(d.Size()) {
					t.Fatalf("%d valid patterns, want %d", got, d.Size())
				}
				// Terms and Value agree with the pattern of every value.
				for v := range d.Values {
					s := check.Load(&f)
					if st, err := s.Solve(t.Context(), pattern(x, v)...); st != sat.Sat || err != nil {
						t.Fatalf("pattern of %d: %v %v", v, st, err)
					}
					if got := x.Value(s.Model()); got != v {
						t.Fatalf("Value of pattern %d = %d", v, got)
					}
				}
			})
		}
	}
}

// TestIntComparisons checks Ge, Le, Eq and Ne against every value, for
// constants in and around the domain, asked through a guard too (the
// definitions must not be guarded).
func TestIntComparisons(t *testing.T) {
	for _, enc := range encode.IntEncodings() {
		for _, d := range domains {
			t.Run(fmt.Sprintf("%v/%v", enc, d), func(t *testing.T) {
				for c := d.Min() - 1; c <= d.Max()+1; c++ {
					f := &sat.Formula{}
					x := encode.NewIntIn(f, d, enc)
					g := encode.Guard(f, f.NewVar().Pos())
					lits := map[string]sat.Lit{"ge": x.Ge(g, c), "le": x.Le(f, c), "eq": x.Eq(g, c), "ne": encode.Or(f, x.Ne(f, c)...)}
					if x.Ge(f, c) != lits["ge"] || x.Eq(f, c) != lits["eq"] {
						t.Fatal("literals not cached")
					}
					truth := map[string]func(v int64) bool{
						"ge": func(v int64) bool { return v >= c },
						"le": func(v int64) bool { return v <= c },
						"eq": func(v int64) bool { return v == c },
						"ne": func(v int64) bool { return v != c },
					}
					s := check.Load(f)
					for v := range d.Values {
						for name, y := range lits {
							for _, pol := range []bool{true, false} {
								l := y
								if !pol {
									l = y.Not()
								}
								st, err := s.Solve(t.Context(), append(pattern(x, v), l)...)
								if err != nil {
									t.Fatal(err)
								}
								if (st == sat.Sat) != (truth[name](v) == pol) {
									t.Fatalf("x=%d: %s %d with polarity %v: %v", v, name, c, pol, st)
								}
							}
						}
					}
				}
			})
		}
	}
}

// TestLinear checks Σ cᵢxᵢ op k over three integers of mixed encodings,
// for every PB method, against brute force over all bit patterns.
func TestLinear(t *testing.T) {
	type spec struct {
		lo, hi int64
		enc    encode.IntEncoding
		coef   int64
	}
	mixes := [][]spec{
		{{-2, 2, encode.IntOrder, 2}, {0, 3, encode.IntLog, -3}, {-1, 1, encode.IntLog, 1}},
		{{0, 3, encode.IntOrder, 1}, {-2, 1, encode.IntOrder, 1}, {1, 3, encode.IntOrder, -2}},
		{{-3, 2, encode.IntLog, 3}, {0, 2, encode.IntLog, 2}},
		{{-2, 2, encode.IntDirect, 2}, {0, 3, encode.IntOrder, 1}, {1, 3, encode.IntDirect, -1}},
	}
	for mi, mix := range mixes {
		var lo, hi int64
		for _, s := range mix {
			lo += min(s.coef*s.lo, s.coef*s.hi)
			hi += max(s.coef*s.lo, s.coef*s.hi)
		}
		for _, m := range encode.PBMethods() {
			for _, op := range ops {
				t.Run(fmt.Sprintf("mix%d/%v/%v", mi, m, op), func(t *testing.T) {
					for k := lo - 1; k <= hi+1; k++ {
						f := &sat.Formula{}
						var xs []*encode.Int
						var ts []encode.IntTerm
						for _, s := range mix {
							x := encode.NewInt(f, s.lo, s.hi, s.enc)
							xs = append(xs, x)
							ts = append(ts, encode.IntTerm{Coef: s.coef, X: x})
						}
						var vars []sat.Var
						for v := 1; v <= f.NumVars; v++ {
							vars = append(vars, sat.Var(v))
						}
						if err := encode.Linear(f, ts, op, k, m); err != nil {
							t.Fatal(err)
						}
						holds := func(mask uint64) bool {
							var sum int64
							shift := 0
							for i, x := range xs {
								n := len(x.Lits())
								v, ok := decode(x, mask>>shift&(1<<n-1))
								if !ok {
									return false
								}
								sum += mix[i].coef * v
								shift += n
							}
							return holdsOp(sum, op, k)
						}
						exhaust(t, f, vars, holds)
					}
				})
			}
		}
	}
}

// A chip-firing style constraint, D(v) − deg(v)·f_v + Σ_{u~v} f_u ≥ 0,
// for a vertex of degree 3 with D(v) = 1 and f in −1..2.
func TestLinearChipFiring(t *testing.T) {
	f := &sat.Formula{}
	fv := encode.NewInt(f, -1, 2, encode.IntOrder)
	ts := []encode.IntTerm{{Coef: -3, X: fv}}
	for range 3 {
		ts = append(ts, encode.IntTerm{Coef: 1, X: encode.NewInt(f, -1, 2, encode.IntOrder)})
	}
	if err := encode.Linear(f, ts, sat.AtLeast, -1, encode.PBBDD); err != nil {
		t.Fatal(err)
	}
	s := check.Load(f)
	count := 0
	for mask := 0; mask < 4*4*4*4; mask++ {
		var vals [4]int64
		var assume []sat.Lit
		for i := range vals {
			vals[i] = int64(mask>>(2*i)&3) - 1
			assume = append(assume, pattern(ts[i].X, vals[i])...)
		}
		want := 1-3*vals[0]+vals[1]+vals[2]+vals[3] >= 0
		st, err := s.Solve(t.Context(), assume...)
		if err != nil || (st == sat.Sat) != want {
			t.Fatalf("f=%v: %v %v, want sat=%v", vals, st, err, want)
		}
		if want {
			count++
		}
	}
	if count == 0 || count == 256 {
		t.Fatalf("degenerate test: %d of 256 satisfy", count)
	}
}

func TestAbs(t *testing.T) {
	for _, enc := range encode.IntEncodings() {
		for _, d := range domains {
			t.Run(fmt.Sprintf("%v/%v", enc, d), func(t *testing.T) {
				f := &sat.Formula{}
				x := encode.NewIntIn(f, d, enc)
				ts, c, err := encode.Abs(f, x, encode.PBBDD)
				if err != nil {
					t.Fatal(err)
				}
				s := check.Load(f)
				for v := range d.Values {
					st, err := s.Solve(t.Context(), pattern(x, v)...)
					if err != nil || st != sat.Sat {
						t.Fatalf("x=%d: %v %v", v, st, err)
					}
					want := max(v, -v)
					if got := c + sat.Sum(ts, s.Model()); got != want {
						t.Fatalf("|%d| = %d", v, got)
					}
				}
			})
		}
	}
}

func TestLinearOverflow(t *testing.T) {
	f := &sat.Formula{}
	x := encode.NewInt(f, 0, 1<<40, encode.IntLog)
	_, err := encode.LinearPB([]encode.IntTerm{{Coef: 1 << 30, X: x}}, sat.AtMost, 0)
	if !errors.Is(err, sat.ErrCoefRange) {
		t.Fatalf("got %v, want ErrCoefRange", err)
	}
}

// The essay's caveat: the PB over order bits does not know the order
// chain, so x ≤ 1 for x in 0..3 forces no bit by propagation alone,
// although x ≥ 2 is impossible.
func TestLinearPropagationIsWeak(t *testing.T) {
	f := &sat.Formula{}
	x := encode.NewInt(f, 0, 3, encode.IntOrder)
	if err := encode.Linear(f, []encode.IntTerm{{Coef: 1, X: x}}, sat.AtMost, 1, encode.PBBDD); err != nil {
		t.Fatal(err)
	}
	s := check.New()
	for _, c := range f.Clauses {
		s.AddClause(c...)
	}
	val, ok := s.Propagate(nil)
	if !ok {
		t.Fatal("conflict")
	}
	ge2 := x.Ge(f, 2)
	if val[ge2.Var()] != 0 {
		t.Fatalf("x ≥ 2 propagated to %d; update the essay in intvar.go", val[ge2.Var()])
	}
	if st, _ := check.Load(f).Solve(t.Context(), ge2); st != sat.Unsat {
		t.Fatal("x ≥ 2 is satisfiable")
	}
}
