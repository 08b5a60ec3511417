package satfile

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// TestWideOPB: with Options.Wide a constraint over 2^100-size integers is
// kept exactly in BigPBs, one that a common divisor brings within range
// becomes a PB, a sum of small terms beyond 2^61 is a BigPB too, and an
// objective beyond the range is still refused; without Wide all of them
// are errors.
func TestWideOPB(t *testing.T) {
	in := "* #variable= 3 #constraint= 4\n" +
		"+1267650600228229401496703205376 x1 -1267650600228229401496703205376 x2 +1 x3 >= 1;\n" +
		"+2535301200456458802993406410752 x1 +2535301200456458802993406410752 x2 >= 2535301200456458802993406410752 ;\n" +
		"+2305843009213693952 x1 +2305843009213693952 x2 +1 x3 >= 3 ;\n" +
		"+1 x1 +1 x3 >= 1 ;\n"
	p, err := Read(strings.NewReader(in), Options{Format: OPB, Wide: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.BigPBs) != 2 || len(p.Formula.PBs) != 2 {
		t.Fatalf("%d big and %d small constraints, want 2 and 2: %v %v", len(p.BigPBs), len(p.Formula.PBs), p.BigPBs, p.Formula.PBs)
	}
	if got := p.Formula.PBs[0].String(); got != "+1 x1 +1 x2 >= 1 ;" {
		t.Errorf("the divided constraint is %q", got)
	}
	if got := p.BigPBs[0].K.String(); got != "1" || p.BigPBs[0].Terms[1].Coef.Sign() >= 0 {
		t.Errorf("first big constraint %v", p.BigPBs[0])
	}
	a := sat.Assignment{false, true, false, false}
	if err := p.CheckBig(a); err != nil {
		t.Errorf("x1 alone: %v", err)
	}
	if err := p.CheckBig(sat.Assignment{false, false, false, true}); err == nil {
		t.Error("x3 alone satisfies 2^100(x1 − x2) + x3 ≥ 1, but not the third constraint")
	}
	if _, err := Read(strings.NewReader(in), Options{Format: OPB}); !errors.Is(err, sat.ErrCoefRange) {
		t.Errorf("without Wide: %v", err)
	}
	obj := "* #variable= 1 #constraint= 0\nmin: +1267650600228229401496703205376 x1 ;\n"
	if _, err := Read(strings.NewReader(obj), Options{Format: OPB, Wide: true}); !errors.Is(err, sat.ErrCoefRange) {
		t.Errorf("a big objective: %v", err)
	}
	long := "* #variable= 1 #constraint= 1\n+" + strings.Repeat("9", MaxDigits+1) + " x1 >= 1 ;\n"
	if _, err := Read(strings.NewReader(long), Options{Format: OPB, Wide: true}); !errors.Is(err, sat.ErrCoefRange) {
		t.Errorf("%d digits: %v", MaxDigits+1, err)
	}
}

// TestWideWCNF: weights summing beyond 2^61 are refused without Wide and
// read with it; Cost saturates where BigCost is exact.
func TestWideWCNF(t *testing.T) {
	in := "p wcnf 2 3 9223372036854775807\n4611686018427387904 1 0\n4611686018427387904 2 0\n4611686018427387904 -1 -2 0\n"
	if _, err := Read(strings.NewReader(in), Options{Format: WCNF}); !errors.Is(err, sat.ErrCoefRange) {
		t.Fatalf("without Wide: %v", err)
	}
	p, err := Read(strings.NewReader(in), Options{Format: WCNF, Wide: true})
	if err != nil {
		t.Fatal(err)
	}
	none := sat.NewAssignment(p.Formula.NumVars) // falsifies the two units
	if c := p.BigCost(none); c.String() != "9223372036854775808" || p.Cost(none) != math.MaxInt64 {
		t.Fatalf("all false: BigCost %v, Cost %d", c, p.Cost(none))
	}
	one := sat.Assignment{false, true, false, false}
	if c := p.BigCost(one); c.Cmp(big.NewInt(1<<62)) != 0 || p.Cost(one) != 1<<62 {
		t.Fatalf("x1: BigCost %v, Cost %d", c, p.Cost(one))
	}
}

// FuzzReadWide reads arbitrary input as OPB and WCNF with and without
// Options.Wide: a file read without it reads the same with it, with no
// big constraints; one refused without it for its range may be read with
// it, and then every big constraint is truly beyond int64.
func FuzzReadWide(f *testing.F) {
	addCorpusSeeds(f)
	f.Add([]byte("* #variable= 2 #constraint= 1\n+99999999999999999999999 x1 -3 x2 >= -1;\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, format := range []Format{OPB, WCNF} {
			p, err := Read(bytes.NewReader(data), Options{Format: format})
			q, werr := Read(bytes.NewReader(data), Options{Format: format, Wide: true})
			switch {
			case err == nil && werr != nil:
				t.Fatalf("%v: read without Wide, refused with it: %v", format, werr)
			case err == nil:
				if d := sameFormula(p.Formula, q.Formula); d != "" || len(q.BigPBs) > 0 {
					t.Fatalf("%v: Wide reads differently: %s, %d big", format, d, len(q.BigPBs))
				}
			case werr == nil && !errors.Is(err, sat.ErrCoefRange):
				t.Fatalf("%v: refused without Wide (%v), not for its range, but read with it", format, err)
			case werr == nil:
				for _, c := range q.BigPBs {
					if _, ok := c.Small(); ok {
						t.Fatalf("%v: big constraint %v fits int64", format, c)
					}
				}
				for _, c := range q.Formula.PBs {
					if err := c.Validate(); err != nil {
						t.Fatalf("%v: constraint %v: %v", format, c, err)
					}
				}
			}
		}
	})
}
