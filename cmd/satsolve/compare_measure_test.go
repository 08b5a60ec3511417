package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/sattest"
)

// fakeMethod returns a method whose instance adds the clauses and whose
// check is given.
func fakeMethod(name string, clauses [][]sat.Lit, check func(sat.Assignment) error) method {
	return method{
		name:   name,
		encode: func(s sat.Sink, in []sat.Lit) error { return nil },
		instance: func(s sat.Sink) (func(sat.Assignment) error, error) {
			s.NewVar()
			s.NewVar()
			for _, c := range clauses {
				s.AddClause(c...)
			}
			return check, nil
		},
	}
}

func accept(sat.Assignment) error { return nil }

// TestCompareMeasureErrors checks the guards of measure: a model that fails
// the plain check, methods that disagree, and a method that fails to
// encode are errors, never a table.
func TestCompareMeasureErrors(t *testing.T) {
	rejectX1 := func(a sat.Assignment) error {
		if a.Lit(1) {
			return errors.New("x1 is true")
		}
		return nil
	}
	cases := []struct {
		name    string
		methods []method
		want    string
	}{
		{"wrong model", []method{fakeMethod("loose", [][]sat.Lit{{1}}, rejectX1)}, "method loose on gini: wrong model: x1 is true"},
		{"disagreement", []method{
			fakeMethod("sat", [][]sat.Lit{{1, 2}}, accept),
			fakeMethod("unsat", [][]sat.Lit{{1}, {-1}}, accept),
		}, "the answers disagree: sat on gini says SAT, unsat on gini says UNSAT"},
		{"encode failure", []method{{
			name:     "broken",
			encode:   func(sat.Sink, []sat.Lit) error { return sat.ErrCoefRange },
			instance: func(sat.Sink) (func(sat.Assignment) error, error) { return accept, nil },
		}}, "method broken: coefficients too large"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := &compareOpts{backends: []string{"gini"}, repeat: 2, timeout: 10 * time.Second}
			_, err := o.measure(context.Background(), "test", &subject{inputs: 2, methods: tc.methods})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// TestCompareTimeout solves a pigeonhole formula no CDCL solver refutes
// quickly with a short limit: the cell times out, the answer is unknown,
// and the outputs say so.
func TestCompareTimeout(t *testing.T) {
	php := sattest.Pigeonhole(11, 10)
	hard := method{
		name:   "php",
		encode: func(sat.Sink, []sat.Lit) error { return nil },
		instance: func(s sat.Sink) (func(sat.Assignment) error, error) {
			return accept, sattest.Load(s.(sat.Solver), php)
		},
	}
	easy := fakeMethod("easy", nil, accept)
	o := &compareOpts{backends: []string{"gini"}, repeat: 1, timeout: 50 * time.Millisecond}
	c, err := o.measure(context.Background(), "test", &subject{what: "PHP(11,10)", methods: []method{hard, easy}})
	if err != nil {
		t.Fatal(err)
	}
	if cl := c.rows[0].solves[0]; !cl.timedOut || cl.time != never || cl.status != sat.Unknown {
		t.Errorf("php cell %+v, want a timeout", cl)
	}
	if c.answer != sat.Sat {
		t.Errorf("answer %v, want SAT from the easy method", c.answer)
	}
	var table, js bytes.Buffer
	if err := writeCompareTable(&table, c); err != nil {
		t.Fatal(err)
	}
	if _, rows := parseCompareTable(t, table.String()); rows["php"]["gini"] != "timeout" {
		t.Errorf("php row %v, want a timeout cell", rows["php"])
	}
	if err := writeCompareJSON(&js, c); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), `"status": "TIMEOUT",
          "seconds": null`) {
		t.Errorf("JSON does not report the timeout:\n%s", js.String())
	}
}

// TestCompareInterrupt checks that a cancelled command stops with the
// context's error.
func TestCompareInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	o := &compareOpts{backends: []string{"gini"}, repeat: 1, timeout: time.Second}
	_, err := o.measure(ctx, "test", &subject{methods: []method{fakeMethod("any", nil, accept)}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
}

func TestMedian(t *testing.T) {
	cases := []struct {
		name string
		in   []time.Duration
		want time.Duration
	}{
		{"one", []time.Duration{7}, 7},
		{"odd", []time.Duration{9, 1, 5}, 5},
		{"even", []time.Duration{4, 1, 10, 2}, 3},
		{"odd with a timeout", []time.Duration{never, 3, 8}, 8},
		{"half timed out", []time.Duration{never, 3}, never},
		{"most timed out", []time.Duration{never, 3, never}, never},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := median(tc.in); got != tc.want {
				t.Errorf("median = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestShortDuration(t *testing.T) {
	cases := []struct {
		in   time.Duration
		want string
	}{
		{0, "0s"},
		{999, "999ns"},
		{1234567, "1.23ms"},
		{17247797, "17.2ms"},
		{236301276, "236ms"},
		{1447636564, "1.45s"},
		{20001027192, "20s"},
	}
	for _, tc := range cases {
		if got := shortDuration(tc.in); got != tc.want {
			t.Errorf("shortDuration(%d) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
