package encode

// Finite sets of integers: the domains of integer variables.
//
// A Domain is a sorted list of disjoint, non-adjacent ranges, so a range
// lo..hi is one range and a set with holes ({1, 3, 5}, 1..3 ∪ 7..9) is
// several. Positions number the values from 0 (the smallest) to Size−1;
// Index and Value convert between positions and values in time
// logarithmic in the number of ranges, so domains of 2^40 values cost no
// more than their ranges.

import (
	"fmt"
	"slices"
	"strings"
)

// Range is the integers Lo..Hi (empty when Lo > Hi).
type Range struct{ Lo, Hi int64 }

// Domain is a finite set of integers. The zero Domain is empty. Domains
// are values: no method changes one.
type Domain struct {
	rs    []Range // sorted, disjoint, non-adjacent, none empty
	start []int64 // start[i]: the position of rs[i].Lo
	size  int64
}

// MaxDomainSpan bounds Max−Min of a domain so that every count and
// position fits an int64 with room to spare, as for NewInt.
const MaxDomainSpan = maxDomain

// NewDomain returns the union of the ranges (empty ones are ignored).
func NewDomain(rs ...Range) Domain {
	var in []Range
	for _, r := range rs {
		if r.Lo <= r.Hi {
			in = append(in, r)
		}
	}
	slices.SortFunc(in, func(a, b Range) int {
		switch {
		case a.Lo < b.Lo:
			return -1
		case a.Lo > b.Lo:
			return 1
		}
		return 0
	})
	var out []Range
	for _, r := range in {
		if n := len(out); n > 0 && (r.Lo <= out[n-1].Hi || r.Lo-1 == out[n-1].Hi) {
			out[n-1].Hi = max(out[n-1].Hi, r.Hi)
			continue
		}
		out = append(out, r)
	}
	d := Domain{rs: out, start: make([]int64, len(out))}
	for i, r := range out {
		d.start[i] = d.size
		d.size += r.Hi - r.Lo + 1
	}
	return d
}

// RangeDomain returns the domain lo..hi.
func RangeDomain(lo, hi int64) Domain { return NewDomain(Range{lo, hi}) }

// DomainOf returns the set of the given values.
func DomainOf(values ...int64) Domain {
	rs := make([]Range, len(values))
	for i, v := range values {
		rs[i] = Range{v, v}
	}
	return NewDomain(rs...)
}

// Size returns the number of values. It may be wrong (overflowed) for a
// domain whose span exceeds MaxDomainSpan, which nothing here encodes.
func (d Domain) Size() int64 { return d.size }

// Empty reports whether the domain has no values.
func (d Domain) Empty() bool { return d.size == 0 }

// Min returns the smallest value; it panics on an empty domain.
func (d Domain) Min() int64 { return d.rs[0].Lo }

// Max returns the largest value; it panics on an empty domain.
func (d Domain) Max() int64 { return d.rs[len(d.rs)-1].Hi }

// Ranges returns a copy of the domain's ranges, in increasing order.
func (d Domain) Ranges() []Range { return slices.Clone(d.rs) }

// Contains reports whether v is in the domain.
func (d Domain) Contains(v int64) bool {
	i := d.find(v)
	return i >= 0 && d.rs[i].Hi >= v
}

// find returns the index of the last range whose Lo is at most v, or −1.
func (d Domain) find(v int64) int {
	i, _ := slices.BinarySearchFunc(d.rs, v, func(r Range, v int64) int {
		if r.Lo <= v {
			return -1
		}
		return 1
	})
	return i - 1
}

// Index returns the number of values below v: the position of v if it is
// in the domain, else the position of the next value above it (Size if
// none).
func (d Domain) Index(v int64) int64 {
	i := d.find(v)
	if i < 0 {
		return 0
	}
	if r := d.rs[i]; v <= r.Hi {
		return d.start[i] + v - r.Lo
	}
	return d.start[i] + d.rs[i].Hi - d.rs[i].Lo + 1
}

// Value returns the value at position p (0 ≤ p < Size).
func (d Domain) Value(p int64) int64 {
	if p < 0 || p >= d.size {
		panic(fmt.Sprintf("encode: position %d outside a domain of %d values", p, d.size))
	}
	i, found := slices.BinarySearch(d.start, p)
	if !found {
		i--
	}
	return d.rs[i].Lo + p - d.start[i]
}

// Values calls yield with every value in increasing order until it
// returns false.
func (d Domain) Values(yield func(int64) bool) {
	for _, r := range d.rs {
		for v := r.Lo; ; v++ {
			if !yield(v) {
				return
			}
			if v == r.Hi {
				break
			}
		}
	}
}

// Intersect returns the values in both domains.
func (d Domain) Intersect(e Domain) Domain {
	var out []Range
	i, j := 0, 0
	for i < len(d.rs) && j < len(e.rs) {
		lo, hi := max(d.rs[i].Lo, e.rs[j].Lo), min(d.rs[i].Hi, e.rs[j].Hi)
		if lo <= hi {
			out = append(out, Range{lo, hi})
		}
		if d.rs[i].Hi < e.rs[j].Hi {
			i++
		} else {
			j++
		}
	}
	return NewDomain(out...)
}

// Minus returns the values of d that are not in e.
func (d Domain) Minus(e Domain) Domain {
	var out []Range
	j := 0
	for _, r := range d.rs {
		lo := r.Lo
		for j < len(e.rs) && e.rs[j].Hi < lo {
			j++
		}
		for k := j; k < len(e.rs) && e.rs[k].Lo <= r.Hi; k++ {
			if e.rs[k].Lo > lo {
				out = append(out, Range{lo, e.rs[k].Lo - 1})
			}
			if e.rs[k].Hi >= r.Hi {
				lo = r.Hi + 1
				break
			}
			lo = e.rs[k].Hi + 1
		}
		if lo <= r.Hi {
			out = append(out, Range{lo, r.Hi})
		}
	}
	return NewDomain(out...)
}

// Equal reports whether the two domains hold the same values.
func (d Domain) Equal(e Domain) bool { return slices.Equal(d.rs, e.rs) }

// String returns the domain as MiniZinc writes sets: "1..5", "{1,3,5}",
// "1..3 union 7..9", "{}".
func (d Domain) String() string {
	if d.size == 0 {
		return "{}"
	}
	single := true
	for _, r := range d.rs {
		single = single && r.Lo == r.Hi
	}
	var b strings.Builder
	if single {
		b.WriteByte('{')
		for i, r := range d.rs {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprint(&b, r.Lo)
		}
		b.WriteByte('}')
		return b.String()
	}
	for i, r := range d.rs {
		if i > 0 {
			b.WriteString(" union ")
		}
		if r.Lo == r.Hi {
			fmt.Fprintf(&b, "{%d}", r.Lo)
		} else {
			fmt.Fprintf(&b, "%d..%d", r.Lo, r.Hi)
		}
	}
	return b.String()
}
