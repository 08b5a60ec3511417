package games

import (
	"fmt"
	"strconv"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// The size of the cross-check's encodings, before they are built.
//
// The kernel encoding has |V| variables, |E| + |V| clauses and 2|E| + |V|
// + |E| literals; the one-hot Grundy encoding (grundyenc.go) grows with
// the square of the out-degrees: position p of out-degree d gets d + 1
// value literals and an exactly-one over them, min(d(p), d(q)) + 1 binary
// clauses per move p → q, and per value v = 1..d a ladder variable, two
// binary clauses and a clause of 1 + |{q : d(q) ≥ v − 1}| literals. The
// counts below follow the encoders clause by clause (TestEncodingSize
// compares them with what the encoders write), so the cross-check can
// refuse a graph whose encoding would not fit in memory before it writes a
// clause: a single Kayles heap of 40 has a game graph of 44,000 positions
// and a million moves, and its Grundy encoding some 28 million clauses,
// which took the process past 4 GB and out of memory.

// ErrEncodingTooLarge is wrapped by the error of a cross-check whose
// encodings would exceed the limit given.
var ErrEncodingTooLarge = fmt.Errorf("SAT encoding too large")

// KernelSize returns the size of EncodeKernel's clauses for gg.
func KernelSize(gg *GameGraph) Size {
	moves := gg.NumMoves()
	n := len(gg.Moves)
	return Size{Vars: n, Clauses: moves + n, Literals: 3*moves + n}
}

// GrundySize returns the size of EncodeGrundy's clauses for gg with the
// at-most-one method amo.
func GrundySize(gg *GameGraph, amo encode.AMOMethod) Size {
	one := map[int]Size{} // exactly-one over k literals, by k
	var z Size
	for _, succ := range gg.Moves {
		d := len(succ)
		z.Vars += d + 1
		eo, ok := one[d+1]
		if !ok {
			eo = exactlyOneSize(d+1, amo)
			one[d+1] = eo
		}
		z.add(eo)
		for _, q := range succ {
			k := min(d, len(gg.Moves[q])) + 1
			z.Clauses += k
			z.Literals += 2 * k
		}
		for v := d; v >= 1; v-- {
			// g → ge, ge_{v+1} → ge (not at the top), and the clause of
			// the options that have the value v − 1.
			z.Vars++
			z.Clauses += 3
			z.Literals += 2 + 2 + 1
			if v == d {
				z.Clauses--
				z.Literals -= 2
			}
			for _, q := range succ {
				if v-1 <= len(gg.Moves[q]) {
					z.Literals++
				}
			}
		}
	}
	return z
}

// exactlyOneSize counts what encode.ExactlyOne writes over k literals.
func exactlyOneSize(k int, amo encode.AMOMethod) Size {
	var c sizeSink
	lits := make([]sat.Lit, k)
	for i := range lits {
		lits[i] = c.NewVar().Pos()
	}
	c.size = Size{}
	encode.ExactlyOne(&c, lits, amo)
	return c.size
}

// add adds o to z.
func (z *Size) add(o Size) {
	z.Vars += o.Vars
	z.Clauses += o.Clauses
	z.Literals += o.Literals
}

// sizeSink counts variables, clauses and literals and keeps nothing.
type sizeSink struct {
	size Size
	next sat.Var
}

func (c *sizeSink) NewVar() sat.Var {
	c.size.Vars++
	c.next++
	return c.next
}

func (c *sizeSink) AddClause(lits ...sat.Lit) {
	c.size.Clauses++
	c.size.Literals += len(lits)
}

// CheckCrossSize returns an error wrapping ErrEncodingTooLarge, with the
// sizes, when the larger of the two encodings CrossCheck writes for gg
// (each goes to its own solver) would have more than maxClauses clauses or
// variables; maxClauses ≤ 0 means no limit. what names the graph in the
// message.
func CheckCrossSize(what string, gg *GameGraph, amo encode.AMOMethod, maxClauses int64) error {
	if maxClauses <= 0 {
		return nil
	}
	z := KernelSize(gg)
	if gz := GrundySize(gg, amo); gz.Clauses > z.Clauses {
		z = gz
	}
	return checkSize(what, gg, z, maxClauses)
}

// checkSize returns ErrEncodingTooLarge, with the sizes, when an encoding
// of size z would have more than limit clauses or variables (limit ≤ 0:
// no limit).
func checkSize(what string, gg *GameGraph, z Size, limit int64) error {
	if limit <= 0 || (int64(z.Clauses) <= limit && int64(z.Vars) <= limit) {
		return nil
	}
	return fmt.Errorf("%w: %s (%s positions, %s moves) would take %s variables and %s clauses with %s literals, about %s of memory, beyond the limit of %s clauses",
		ErrEncodingTooLarge, what, count(len(gg.Moves)), count(gg.NumMoves()), count(z.Vars), count(z.Clauses), count(z.Literals), bytesIEC(z.memory()), count(int(limit)))
}

// memory estimates the peak memory of a process that cross-checks an
// encoding of size z: 100 bytes per clause, 20 per literal and 64 per
// variable match the peak resident sizes of game grundy kayles N
// --cross-check with cdcl (N = 25, 30, 35: 110, 379 and 1,322 MB measured,
// 103, 404 and 1,400 estimated), the Go heap's headroom included.
func (z Size) memory() int64 {
	return 100*int64(z.Clauses) + 20*int64(z.Literals) + 64*int64(z.Vars)
}

// count formats n for people: 812, 45583, 8.6 million.
func count(n int) string {
	if n < 1_000_000 {
		return strconv.Itoa(n)
	}
	return fmt.Sprintf("%.1f million", float64(n)/1e6)
}

// bytesIEC formats a byte count: 850 MB, 3.1 GB.
func bytesIEC(b int64) string {
	if b >= 1<<30 {
		return fmt.Sprintf("%.1f GB", float64(b)/(1<<30))
	}
	return fmt.Sprintf("%d MB", (b+1<<20-1)>>20)
}
