package encode_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/internal/check"
	"github.com/satsolve/satsolve/sat"
)

func roundTrip[M fmt.Stringer](t *testing.T, all []M, parse func(string) (M, error), want []string) {
	t.Helper()
	if len(all) != len(want) {
		t.Fatalf("%d methods, want %d", len(all), len(want))
	}
	for i, m := range all {
		if m.String() != want[i] {
			t.Errorf("method %d is %q, want %q", i, m, want[i])
		}
		got, err := parse(want[i])
		if err != nil || got.String() != want[i] {
			t.Errorf("parse %q = %v, %v", want[i], got, err)
		}
	}
	if _, err := parse("no-such-method"); err == nil {
		t.Error("parse accepted an unknown name")
	}
	if _, err := parse(""); err == nil {
		t.Error("parse accepted the empty name")
	}
}

func TestMethodNames(t *testing.T) {
	t.Run("amo", func(t *testing.T) {
		roundTrip(t, encode.AMOMethods(), encode.ParseAMOMethod,
			[]string{"pairwise", "ladder", "commander", "binary", "bimander", "product"})
	})
	t.Run("card", func(t *testing.T) {
		roundTrip(t, encode.CardMethods(), encode.ParseCardMethod,
			[]string{"seqcounter", "totalizer", "sortnet", "cardnet", "modtotalizer", "native"})
	})
	t.Run("pb", func(t *testing.T) {
		roundTrip(t, encode.PBMethods(), encode.ParsePBMethod,
			[]string{"bdd", "swc", "adder", "gte", "native"})
	})
	t.Run("int", func(t *testing.T) {
		roundTrip(t, encode.IntEncodings(), encode.ParseIntEncoding, []string{"order", "log", "direct"})
	})
	if s := encode.CardMethod(99).String(); s != "CardMethod(99)" {
		t.Errorf("out-of-range String = %q", s)
	}
}

func TestApplies(t *testing.T) {
	clausesOnly := check.New() // a sink without native PB
	withPB := &sat.Formula{}
	for _, m := range encode.CardMethods() {
		if got, want := m.Applies(clausesOnly), m != encode.CardNative; got != want {
			t.Errorf("%v.Applies(clauses only) = %v", m, got)
		}
		if !m.Applies(withPB) {
			t.Errorf("%v.Applies(Formula) = false", m)
		}
	}
	for _, m := range encode.PBMethods() {
		if got, want := m.Applies(clausesOnly), m != encode.PBNative; got != want {
			t.Errorf("%v.Applies(clauses only) = %v", m, got)
		}
	}
	lits := []sat.Lit{1, 2, 3}
	clausesOnly.NewVar()
	if err := encode.AtMost(clausesOnly, lits, 1, encode.CardNative); !errors.Is(err, encode.ErrNotApplicable) {
		t.Errorf("native cardinality on a clause sink: %v", err)
	}
	c := sat.PB{Terms: []sat.Term{{Coef: 2, Lit: 1}, {Coef: 1, Lit: 2}}, Op: sat.AtMost, K: 2}
	if err := encode.PB(clausesOnly, c, encode.PBNative); !errors.Is(err, encode.ErrNotApplicable) {
		t.Errorf("native PB on a clause sink: %v", err)
	}
	for _, m := range encode.CardMethods() {
		if _, err := encode.NewCounter(withPB, lits, 2, encode.BothBounds, m); (err == nil) != m.Incremental() {
			t.Errorf("NewCounter with %v: %v", m, err)
		}
	}
}

func TestMisusePanics(t *testing.T) {
	f := &sat.Formula{}
	cases := map[string]func(){
		"zero literal AMO":   func() { encode.AtMostOne(f, []sat.Lit{1, 0}, encode.AMOPairwise) },
		"zero literal card":  func() { _ = encode.AtMost(f, []sat.Lit{0, 1, 2}, 1, encode.CardTotalizer) },
		"zero literal gate":  func() { encode.And(f, 1, 0) },
		"zero literal guard": func() { encode.Guard(f, 0) },
		"unknown AMO":        func() { encode.AtMostOne(f, []sat.Lit{1, 2}, encode.AMOMethod(42)) },
		"unknown card":       func() { _ = encode.AtMost(f, []sat.Lit{1, 2}, 1, encode.CardMethod(42)) },
		"unknown PB":         func() { _ = encode.PB(f, sat.PB{}, encode.PBMethod(42)) },
		"lex lengths":        func() { encode.LexLeq(f, []sat.Lit{1}, []sat.Lit{2, 3}) },
		"empty domain":       func() { encode.NewInt(f, 3, 2, encode.IntOrder) },
		"counter beyond limit": func() {
			c, _ := encode.NewCounter(f, []sat.Lit{1, 2, 3, 4}, 2, encode.UpperBounds, encode.CardTotalizer)
			c.AtMost(2)
		},
		"counter wrong direction": func() {
			c, _ := encode.NewCounter(f, []sat.Lit{1, 2, 3, 4}, 2, encode.UpperBounds, encode.CardTotalizer)
			c.AtLeast(1)
		},
	}
	for name, fn := range cases {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Fatal("no panic")
				}
			}()
			fn()
		})
	}
}
