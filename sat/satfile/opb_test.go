package satfile

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// TestOPBLongLine reads constraints on lines far longer than the 64 KiB
// that line-based readers allow.
func TestOPBLongLine(t *testing.T) {
	for _, n := range []int{10_000, 200_000} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			var b strings.Builder
			b.WriteString("* #variable= " + strconv.Itoa(n) + " #constraint= 1\nmin:")
			want := &sat.Formula{NumVars: n}
			pb := sat.PB{Op: sat.Equal, K: 7}
			for i := 1; i <= n; i++ {
				term := sat.Term{Coef: int64(i%9 - 4), Lit: sat.Lit(i)}
				if i%3 == 0 {
					term.Lit = -term.Lit
				}
				pb.Terms = append(pb.Terms, term)
			}
			want.Objective = pb.Terms
			want.PBs = []sat.PB{pb}
			line := pb.String() // sat's own OPB text: "+1 x1 -2 ~x2 … = 7 ;"
			if len(line) <= bufSize {
				t.Fatalf("the constraint line is only %d bytes", len(line))
			}
			b.WriteString(" " + strings.TrimSuffix(line, "= 7 ;") + ";\n" + line + "\n")
			p, err := readString(b.String(), Strict, Auto)
			if err != nil {
				t.Fatal(err)
			}
			if d := sameFormula(want, p.Formula); d != "" {
				t.Fatal(d)
			}
		})
	}
}

func TestOPBDetails(t *testing.T) {
	cases := []struct {
		name, text string
		want       *sat.Formula
	}{
		{"empty objective", "min: ;\n", &sat.Formula{Objective: []sat.Term{}}},
		{"no objective", "+1 x2 >= 1 ;", &sat.Formula{NumVars: 2,
			PBs: []sat.PB{{Terms: []sat.Term{{Coef: 1, Lit: 2}}, Op: sat.AtLeast, K: 1}}}},
		{"empty sum", ">= 1 ;\n", &sat.Formula{PBs: []sat.PB{{Op: sat.AtLeast, K: 1}}}},
		{"tight layout", "min:+1 x1;-2 ~x1>=-2;", &sat.Formula{NumVars: 1,
			Objective: []sat.Term{{Coef: 1, Lit: 1}},
			PBs:       []sat.PB{{Terms: []sat.Term{{Coef: -2, Lit: -1}}, Op: sat.AtLeast, K: -2}}}},
		{"comments between", "* c\n+1 x1\n* inside a constraint\n= 1\n;\n", &sat.Formula{NumVars: 1,
			PBs: []sat.PB{{Terms: []sat.Term{{Coef: 1, Lit: 1}}, Op: sat.Equal, K: 1}}}},
		{"header vars above use", "* #variable= 5 #constraint= 1\n+1 x1 >= 0 ;\n", &sat.Formula{NumVars: 5,
			PBs: []sat.PB{{Terms: []sat.Term{{Coef: 1, Lit: 1}}, Op: sat.AtLeast, K: 0}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := readString(c.text, Tolerant, OPB)
			if err != nil {
				t.Fatal(err)
			}
			if d := sameFormula(c.want, p.Formula); d != "" {
				t.Error(d)
			}
		})
	}
}

func TestOPBErrors(t *testing.T) {
	cases := []struct {
		name, text string
		err        error
		line, col  int
	}{
		{"coefficient attached", "+1x1 >= 1 ;", ErrSyntax, 1, 3},
		{"tilde without x", "+1 ~y1 >= 1 ;", ErrSyntax, 1, 5},
		{"variable beyond MaxVar", "+1 x2147483648 >= 1 ;", ErrTooLarge, 1, 4},
		{"rhs missing", "+1 x1 >= ;", ErrSyntax, 1, 10},
		{"comparison missing", "+1 x1 ;", ErrSyntax, 1, 7},
		{"objective with comparison", "min: +1 x1 >= 1 ;", ErrSyntax, 1, 12},
		{"unknown word", "+1 x1 >= 1 ; foo", ErrSyntax, 1, 14},
		{"header beyond MaxVar", "* #variable= 2147483648 #constraint= 1\n", ErrTooLarge, 1, 1},
		{"header without constraints", "* #variable= 2\n", ErrHeader, 1, 1},
		{"stray character", "+1 x1 >= 1 ; @", ErrSyntax, 1, 14},
		{"sign alone", "+ x1 >= 1 ;", ErrSyntax, 1, 2},
		{"objective sum too large", "min: +2000000000000000000 x1 +2000000000000000000 x2 ;", sat.ErrCoefRange, 1, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := readString(c.text, Tolerant, OPB)
			var pe *ParseError
			if !errors.Is(err, c.err) || !errors.As(err, &pe) {
				t.Fatalf("error %v, want class %v", err, c.err)
			}
			if pe.Line != c.line || pe.Col != c.col {
				t.Errorf("error at %d:%d, want %d:%d (%v)", pe.Line, pe.Col, c.line, c.col, err)
			}
		})
	}
}
