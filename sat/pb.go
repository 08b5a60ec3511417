package sat

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Term is one weighted literal of a linear pseudo-Boolean expression: Coef
// counts when Lit is true.
type Term struct {
	Coef int64
	Lit  Lit
}

// Op is the comparison of a pseudo-Boolean constraint.
type Op int8

// The comparisons a PB constraint can make.
const (
	AtLeast Op = iota // Σ ≥ K
	AtMost            // Σ ≤ K
	Equal             // Σ = K
)

// String returns ">=", "<=" or "=".
func (o Op) String() string {
	switch o {
	case AtLeast:
		return ">="
	case AtMost:
		return "<="
	case Equal:
		return "="
	}
	return "Op(" + strconv.Itoa(int(o)) + ")"
}

// MaxCoefSum bounds the sum of absolute coefficients (and |K|) of a PB
// constraint or objective, so that every partial sum fits in an int64 with
// room to negate and add. Readers reject larger inputs with a clear error.
const MaxCoefSum = 1 << 61

// PB is the linear pseudo-Boolean constraint Σ Terms  Op  K.
type PB struct {
	Terms []Term
	Op    Op
	K     int64
}

// ErrCoefRange reports coefficients whose sum exceeds MaxCoefSum.
var ErrCoefRange = errors.New("coefficients too large (sum of |coefficients| must stay below 2^61)")

// Validate checks that c has valid literals and coefficients within range.
func (c PB) Validate() error {
	if c.Op != AtLeast && c.Op != AtMost && c.Op != Equal {
		return fmt.Errorf("invalid comparison %v", c.Op)
	}
	if err := ValidateTerms(c.Terms); err != nil {
		return err
	}
	if c.K > MaxCoefSum || c.K < -MaxCoefSum {
		return ErrCoefRange
	}
	return nil
}

// ValidateTerms checks that terms have nonzero literals and that the sum of
// their absolute coefficients stays below MaxCoefSum.
func ValidateTerms(terms []Term) error {
	var sum int64
	for _, t := range terms {
		if t.Lit == 0 {
			return errors.New("zero literal in a pseudo-Boolean term")
		}
		c := t.Coef
		if c < 0 {
			if c < -MaxCoefSum {
				return ErrCoefRange
			}
			c = -c
		}
		if c > MaxCoefSum || sum > MaxCoefSum-c {
			return ErrCoefRange
		}
		sum += c
	}
	return nil
}

// Sum returns Σ Coef·[Lit true under a]. The terms must satisfy
// ValidateTerms, which keeps the sum within int64.
func Sum(terms []Term, a Assignment) int64 {
	var s int64
	for _, t := range terms {
		if a.Lit(t.Lit) {
			s += t.Coef
		}
	}
	return s
}

// Holds reports whether a satisfies c.
func (c PB) Holds(a Assignment) bool {
	s := Sum(c.Terms, a)
	switch c.Op {
	case AtLeast:
		return s >= c.K
	case AtMost:
		return s <= c.K
	default:
		return s == c.K
	}
}

// String returns c in OPB syntax, e.g. "+3 x1 -2 ~x2 >= 1 ;".
func (c PB) String() string {
	var b strings.Builder
	writeTerms(&b, c.Terms)
	fmt.Fprintf(&b, "%s %d ;", c.Op, c.K)
	return b.String()
}

func writeTerms(b *strings.Builder, terms []Term) {
	for _, t := range terms {
		if t.Coef >= 0 {
			b.WriteByte('+')
		}
		b.WriteString(strconv.FormatInt(t.Coef, 10))
		b.WriteByte(' ')
		if t.Lit < 0 {
			b.WriteByte('~')
		}
		b.WriteByte('x')
		b.WriteString(strconv.Itoa(int(t.Lit.Var())))
		b.WriteByte(' ')
	}
}
