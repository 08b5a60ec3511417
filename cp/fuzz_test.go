package cp

import (
	"slices"
	"testing"

	"github.com/satsolve/satsolve/encode"
)

// bytesReader hands out the fuzzer's bytes, zeros once they run out.
type bytesReader struct{ b []byte }

func (r *bytesReader) next() int {
	if len(r.b) == 0 {
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return int(v)
}

// fuzzModel builds a small model from bytes: up to three integers over
// small domains (holes, negatives), up to two Booleans, and up to three
// constraints of any kind, each plain, half- or fully reified where the
// kind allows.
func fuzzModel(data []byte) (*Model, Encoding) {
	r := &bytesReader{data}
	m := NewModel()
	enc := Encodings()[r.next()%4]
	xs := make([]IntVar, 1+r.next()%3)
	for i := range xs {
		lo := int64(r.next()%7 - 3)
		d := encode.RangeDomain(lo, lo+int64(r.next()%4))
		if r.next()%3 == 0 {
			d = encode.DomainOf(lo, lo+int64(1+r.next()%3), lo+4)
		}
		xs[i] = m.NewIntIn(d, "")
	}
	bs := make([]BoolVar, r.next()%3)
	for i := range bs {
		bs[i] = m.NewBool("")
	}
	x := func() IntVar { return xs[r.next()%len(xs)] }
	coef := func() int64 { return int64(r.next()%5 - 2) }
	b := func() BoolVar {
		if len(bs) == 0 {
			return m.BoolConst(r.next()%2 == 0)
		}
		return bs[r.next()%len(bs)]
	}
	for range 1 + r.next()%3 {
		var c Constraint
		reifiable := true
		switch r.next() % 24 {
		case 0:
			c = m.IntLe(x(), x())
		case 1:
			c = m.IntLt(x(), x())
		case 2:
			c = m.IntEq(x(), x())
		case 3:
			c = m.IntNe(x(), x())
		case 4:
			c = m.IntLinLe([]int64{coef(), coef(), coef()}, []IntVar{x(), x(), x()}, coef())
		case 5:
			c = m.IntLinEq([]int64{coef(), coef()}, []IntVar{x(), x()}, coef())
		case 6:
			c = m.IntLinNe([]int64{coef(), coef(), coef()}, []IntVar{x(), x(), x()}, coef())
		case 7:
			c, reifiable = m.IntTimes(x(), x(), x()), false
		case 8:
			c, reifiable = m.IntDiv(x(), x(), x()), false
		case 9:
			c, reifiable = m.IntMod(x(), x(), x()), false
		case 10:
			c, reifiable = m.IntPow(x(), x(), x()), false
		case 11:
			c, reifiable = m.IntAbs(x(), x()), false
		case 12:
			c, reifiable = m.IntMin(x(), x(), x()), false
		case 13:
			c, reifiable = m.IntMax(x(), x(), x(), x()), false
		case 14:
			c, reifiable = m.IntElement(x(), int64(r.next()%3-1), []int64{coef(), coef(), coef()}, x()), false
		case 15:
			c, reifiable = m.IntVarElement(x(), 1, []IntVar{x(), x()}, x()), false
		case 16:
			c = m.BoolClause([]BoolVar{b()}, []BoolVar{b(), b()})
		case 17:
			c = m.BoolXor(b(), b(), b())
		case 18:
			c = m.BoolLinLe([]int64{coef(), coef()}, []BoolVar{b(), b()}, coef())
		case 19:
			c = m.Bool2Int(b(), x())
		case 20:
			c, reifiable = m.AllDifferent(x(), x(), x()), false
		case 21:
			c, reifiable = m.Table([]IntVar{x(), x()}, [][]int64{{coef(), coef()}, {coef(), coef()}, {coef(), coef()}}), false
		case 22:
			c, reifiable = m.LexLess([]IntVar{x(), x()}, []IntVar{x()}), false
		default:
			c = m.IntIn(x(), encode.DomainOf(coef(), coef()))
		}
		switch r.next() % 3 {
		case 1:
			c.OnlyIf(b())
		case 2:
			if reifiable {
				c.Iff(b())
			}
		}
	}
	return m, enc
}

// FuzzModel compares the solutions SolveAll finds with brute force on
// random small models.
func FuzzModel(f *testing.F) {
	for _, seed := range [][]byte{
		{0, 2, 0, 3, 0, 1, 1, 2, 0, 0},
		{1, 2, 1, 2, 0, 4, 3, 0, 1, 2, 3, 1, 2, 7, 0, 1, 2, 1},
		{2, 1, 2, 0, 1, 1, 9, 2, 3, 0, 1, 2, 8, 0, 1, 2, 2},
		{3, 2, 2, 3, 0, 0, 2, 2, 1, 2, 20, 0, 1, 2, 1, 14, 1, 3, 4, 0, 2},
		{0, 2, 5, 1, 0, 2, 0, 2, 2, 21, 0, 1, 3, 4, 1, 0, 2, 3, 4, 1, 1, 10, 2, 0, 1},
		{1, 1, 3, 3, 1, 2, 2, 16, 0, 1, 0, 2, 17, 1, 0, 0, 1, 19, 1, 0, 2},
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, enc := fuzzModel(data)
		if m.Err() != nil {
			return
		}
		want, ok := brute(m, 20000)
		if !ok {
			return
		}
		got := engine(t, m, Options{IntEncoding: enc, Linear: LinearMethods()[len(data)%len(LinearMethods())]})
		if !slices.Equal(got, want) {
			t.Fatalf("%v encoding: %d solutions, brute force %d\nengine only: %v\nbrute only: %v",
				enc, len(got), len(want), minus(got, want), minus(want, got))
		}
	})
}
