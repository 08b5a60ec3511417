package encode_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/encode"
)

// TestDomainAgainstSets builds domains from random ranges over −8..8 and
// checks every method against the set of values they cover.
func TestDomainAgainstSets(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		var rs []encode.Range
		in := map[int64]bool{}
		for range r.IntN(4) {
			lo := int64(r.IntN(17) - 8)
			hi := lo + int64(r.IntN(5)) - 1
			rs = append(rs, encode.Range{Lo: lo, Hi: hi})
			for v := lo; v <= hi; v++ {
				in[v] = true
			}
		}
		d := encode.NewDomain(rs...)
		var want []int64
		for v := int64(-12); v <= 12; v++ {
			if in[v] {
				want = append(want, v)
			}
		}
		var got []int64
		for v := range d.Values {
			got = append(got, v)
		}
		if !slices.Equal(got, want) || d.Size() != int64(len(want)) || d.Empty() != (len(want) == 0) {
			t.Fatalf("%v from %v: values %v size %d, want %v", d, rs, got, d.Size(), want)
		}
		if len(want) > 0 && (d.Min() != want[0] || d.Max() != want[len(want)-1]) {
			t.Fatalf("%v: min %d max %d", d, d.Min(), d.Max())
		}
		ranges := d.Ranges()
		for i := 1; i < len(ranges); i++ {
			if ranges[i].Lo <= ranges[i-1].Hi+1 {
				t.Fatalf("%v: ranges %v overlap or touch", d, ranges)
			}
		}
		for v := int64(-12); v <= 12; v++ {
			below := int64(0)
			for _, w := range want {
				if w < v {
					below++
				}
			}
			if d.Contains(v) != in[v] || d.Index(v) != below {
				t.Fatalf("%v: Contains(%d) %v Index %d, want %v %d", d, v, d.Contains(v), d.Index(v), in[v], below)
			}
		}
		for p, w := range want {
			if d.Value(int64(p)) != w {
				t.Fatalf("%v: Value(%d) = %d, want %d", d, p, d.Value(int64(p)), w)
			}
		}
		e := encode.NewDomain(encode.Range{Lo: -3, Hi: 1}, encode.Range{Lo: 4, Hi: 6})
		var inter []int64
		for _, w := range want {
			if e.Contains(w) {
				inter = append(inter, w)
			}
		}
		var gi []int64
		for v := range d.Intersect(e).Values {
			gi = append(gi, v)
		}
		if !slices.Equal(gi, inter) {
			t.Fatalf("%v ∩ %v = %v, want %v", d, e, gi, inter)
		}
		var minus []int64
		for _, w := range want {
			if !e.Contains(w) {
				minus = append(minus, w)
			}
		}
		var gm []int64
		for v := range d.Minus(e).Values {
			gm = append(gm, v)
		}
		if !slices.Equal(gm, minus) {
			t.Fatalf("%v minus %v = %v, want %v", d, e, gm, minus)
		}
		var em []int64
		for v := range e.Minus(d).Values {
			em = append(em, v)
		}
		for _, v := range em {
			if in[v] || !e.Contains(v) {
				t.Fatalf("%v minus %v holds %d", e, d, v)
			}
		}
		if int64(len(em)) != e.Size()-e.Intersect(d).Size() {
			t.Fatalf("%v minus %v = %v", e, d, em)
		}
		if !d.Equal(encode.DomainOf(want...)) {
			t.Fatalf("%v differs from DomainOf(%v)", d, want)
		}
	}
}

func TestDomainString(t *testing.T) {
	for _, c := range []struct {
		d    encode.Domain
		want string
	}{
		{encode.Domain{}, "{}"},
		{encode.RangeDomain(1, 5), "1..5"},
		{encode.DomainOf(1, 3, 5), "{1,3,5}"},
		{encode.NewDomain(encode.Range{Lo: 1, Hi: 3}, encode.Range{Lo: 7, Hi: 7}), "1..3 union {7}"},
	} {
		if got := c.d.String(); got != c.want {
			t.Errorf("%v: got %q, want %q", c.d.Ranges(), got, c.want)
		}
	}
}
