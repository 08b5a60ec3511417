package games

import (
	"fmt"
	"iter"
	"strings"
)

// Octal games by code (Guy and Smith 1956; Winning Ways ch. 4).
//
// The code d0.d1d2…dt says what a move may do: remove k tokens from one
// heap (k = 0 only for d0) and leave the rest as nothing (bit 1 of dk, the
// heap had exactly k tokens), as one heap (bit 2, a non-empty remainder),
// or as two non-empty heaps (bit 4). Bits 1 and 2 of d0 would remove
// nothing from an empty heap or pass, so d0 may only be 0 or 4 (ParseOctal
// enforces it): with 4, a heap may be split in two without removing
// anything.

// maxCodeDigits bounds the length of an octal code; longer codes are
// treated as bad input rather than as a request for huge work.
const maxCodeDigits = 64

// Octal is a finite octal game, a value parsed from its code. The zero
// Octal is the game with no moves ("0.0").
type Octal struct {
	digits []uint8 // digits[k] is dk; digits[len-1] ≠ 0 unless the game has no moves
}

// namedCodes are the games the command line accepts by name.
var namedCodes = map[string]string{
	"kayles":         "0.77",
	"dawsons-kayles": "0.07",
	"dawsons-chess":  "0.137",
	"node-kayles":    "0.137",
}

// ParseOctal parses an octal code such as "0.77", ".137", "4.7" or one of
// the names "kayles" (0.77), "dawsons-kayles" (0.07), "dawsons-chess" and
// "node-kayles" (0.137). It returns an error naming the offending
// character for anything else.
func ParseOctal(code string) (Octal, error) {
	s := strings.TrimSpace(code)
	if c, ok := namedCodes[strings.ToLower(s)]; ok {
		s = c
	}
	head, tail, ok := strings.Cut(s, ".")
	if !ok {
		return Octal{}, fmt.Errorf("octal code %q: want d0.d1d2… such as 0.77", code)
	}
	d0 := uint8(0)
	switch head {
	case "", "0":
	case "4":
		d0 = 4
	default:
		return Octal{}, fmt.Errorf("octal code %q: the digit before the point must be 0 or 4 (removing no tokens may only split a heap in two), not %q", code, head)
	}
	if len(tail) > maxCodeDigits {
		return Octal{}, fmt.Errorf("octal code %q: more than %d digits after the point", code, maxCodeDigits)
	}
	digits := []uint8{d0}
	for i, r := range tail {
		if r < '0' || r > '7' {
			return Octal{}, fmt.Errorf("octal code %q: character %d after the point, %q, is not an octal digit", code, i+1, r)
		}
		digits = append(digits, uint8(r-'0'))
	}
	for len(digits) > 1 && digits[len(digits)-1] == 0 {
		digits = digits[:len(digits)-1]
	}
	return Octal{digits: digits}, nil
}

// MustParseOctal is ParseOctal for codes written in programs; it panics on
// a malformed code.
func MustParseOctal(code string) Octal {
	g, err := ParseOctal(code)
	if err != nil {
		panic(err)
	}
	return g
}

// String returns the game's code in canonical form, e.g. "0.77".
func (g Octal) String() string {
	var b strings.Builder
	if len(g.digits) > 0 && g.digits[0] == 4 {
		b.WriteByte('4')
	} else {
		b.WriteByte('0')
	}
	b.WriteByte('.')
	if len(g.digits) <= 1 {
		b.WriteByte('0')
	}
	for _, d := range g.digits[min(1, len(g.digits)):] {
		b.WriteByte('0' + d)
	}
	return b.String()
}

// Span returns t, the largest number of tokens a move may remove (the index
// of the last non-zero digit), which enters the Guy–Smith periodicity
// criterion. It is 0 for a game with no moves or only splits.
func (g Octal) Span() int { return max(len(g.digits)-1, 0) }

// digit returns dk, 0 beyond the code.
func (g Octal) digit(k int) uint8 {
	if k < len(g.digits) {
		return g.digits[k]
	}
	return 0
}

// Split is the result of one move on a single heap: the heap becomes the
// heaps A and B, where 0 stands for "no heap", after Take tokens were
// removed. A ≤ B always.
type Split struct {
	Take, A, B int
}

// Splits yields every move on a heap of n tokens, without repetition, in
// increasing order of Take and then A.
func (g Octal) Splits(n int) iter.Seq[Split] {
	return func(yield func(Split) bool) {
		for k := 0; k < len(g.digits) && k <= n; k++ {
			d, m := g.digits[k], n-k
			if d&1 != 0 && m == 0 && !yield(Split{Take: k}) {
				return
			}
			if d&2 != 0 && m > 0 && !yield(Split{Take: k, B: m}) {
				return
			}
			if d&4 != 0 {
				for a := 1; a <= m/2; a++ {
					if !yield(Split{Take: k, A: a, B: m - a}) {
						return
					}
				}
			}
		}
	}
}

// Dead reports whether a heap of n tokens has no move, so that it can be
// dropped from any sum, in normal and in misère play alike.
func (g Octal) Dead(n int) bool {
	for k := 0; k < len(g.digits) && k <= n; k++ {
		d, m := g.digits[k], n-k
		if d&1 != 0 && m == 0 || d&2 != 0 && m > 0 || d&4 != 0 && m >= 2 {
			return false
		}
	}
	return true
}
