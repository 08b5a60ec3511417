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

// pattern returns the literals that set x's encoding to value v.
func pattern(x *encode.Int, v int64) []sat.Lit {
	lits := x.Lits()
	out := make([]sat.Lit, len(lits))
	for j, l := range lits {
		var on bool
		if x.Encoding() == encode.IntOrder {
			on = v >= x.Lo()+1+int64(j)
		} else {
			on = (v-x.Lo())>>j&1 == 1
		}
		out[j] = l
		if !on {
			out[j] = l.Not()
		}
	}
	return out
}

// decode returns the value a pattern mask of x's literals stands for, and
// whether it is a valid encoding (order: a monotone prefix; log: in range).
func decode(x *encode.Int, mask uint64) (int64, bool) {
	n := len(x.Lits())
	if x.Encoding() == encode.IntOrder {
		ones := bits.OnesCount64(mask)
		return x.Lo() + int64(ones), mask == 1<<ones-1
	}
	v := x.Lo() + int64(mask)
	return v, mask < 1<<n && v <= x.Hi()
}

var domains = [][2]int64{{0, 0}, {2, 2}, {-3, 4}, {0, 5}, {-5, -1}, {1, 8}, {-4, 3}, {0, 7}}

func TestIntDomain(t *testing.T) {
	for _, enc := range encode.IntEncodings() {
		for _, d := range domains {
			t.Run(fmt.Sprintf("%v/%d..%d", enc, d[0], d[1]), func(t *testing.T) {
				var f sat.Formula
				x := encode.NewInt(&f, d[0], d[1], enc)
				w := d[1] - d[0]
				wantV, wantC := int(w), max(0, int(w)-1)
				if enc == encode.IntLog {
					wantV, wantC = bits.Len64(uint64(w)), 0
					for b := 0; b < wantV; b++ {
						if w>>b&1 == 0 {
							wantC++
						}
					}
				}
				if f.NumVars != wantV || len(f.Clauses) != wantC {
					t.Fatalf("size %d vars %d clauses, want %d and %d", f.NumVars, len(f.Clauses), wantV, wantC)
				}
				vars := make([]sat.Var, wantV)
				for i, l := range x.Lits() {
					vars[i] = l.Var()
				}
				if got := exhaust(t, &f, vars, func(m uint64) bool { _, ok := decode(x, m); return ok }); got != int(w)+1 {
					t.Fatalf("%d valid patterns, want %d", got, w+1)
				}
				// Terms and Value agree with the pattern of every value.
				for v := d[0]; v <= d[1]; v++ {
					a := sat.NewAssignment(f.NumVars)
					for _, l := range pattern(x, v) {
						a = a.Set(l)
					}
					if got := x.Value(a); got != v {
						t.Fatalf("Value of pattern %d = %d", v, got)
					}
				}
			})
		}
	}
}

func TestIntComparisons(t *testing.T) {
	for _, enc := range encode.IntEncodings() {
		for _, d := range domains {
			t.Run(fmt.Sprintf("%v/%d..%d", enc, d[0], d[1]), func(t *testing.T) {
				for c := d[0] - 1; c <= d[1]+1; c++ {
					f := &sat.Formula{}
					x := encode.NewInt(f, d[0], d[1], enc)
					lits := map[string]sat.Lit{"ge": x.Ge(f, c), "le": x.Le(f, c), "eq": x.Eq(f, c)}
					truth := map[string]func(v int64) bool{
						"ge": func(v int64) bool { return v >= c },
						"le": func(v int64) bool { return v <= c },
						"eq": func(v int64) bool { return v == c },
					}
					s := check.Load(f)
					for v := d[0]; v <= d[1]; v++ {
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
			t.Run(fmt.Sprintf("%v/%d..%d", enc, d[0], d[1]), func(t *testing.T) {
				f := &sat.Formula{}
				x := encode.NewInt(f, d[0], d[1], enc)
				ts, c, err := encode.Abs(f, x, encode.PBBDD)
				if err != nil {
					t.Fatal(err)
				}
				s := check.Load(f)
				for v := d[0]; v <= d[1]; v++ {
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
