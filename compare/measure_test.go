package compare

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/sattest"
)

// fakeMethod returns a method whose instance adds the clauses and whose
// check is given.
func fakeMethod(name string, clauses [][]sat.Lit, check func(sat.Assignment) error) Method {
	return Method{
		Name:   name,
		Encode: func(s sat.Sink, in []sat.Lit) error { return nil },
		Instance: func(s sat.Sink) (func(sat.Assignment) error, error) {
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

// testConfig measures on gini alone.
func testConfig(repeat int, timeout time.Duration) Config {
	return Config{
		Family: "test", Backends: []string{"gini"}, Repeat: repeat, Timeout: timeout,
		NewSolver: func(spec string) (sat.Solver, error) {
			if spec != "gini" {
				return nil, fmt.Errorf("no backend %q in the tests", spec)
			}
			return gini.New(), nil
		},
	}
}

// tableRow returns the fields of the table row of method name.
func tableRow(t *testing.T, table, name string) []string {
	t.Helper()
	for _, line := range strings.Split(table, "\n") {
		if f := strings.Fields(line); len(f) > 0 && f[0] == name {
			return f
		}
	}
	t.Fatalf("no row %s in\n%s", name, table)
	return nil
}

// TestCompareMeasureErrors checks the guards of measure: a model that fails
// the plain check, methods that disagree, and a method that fails to
// encode are errors, Never a table.
func TestCompareMeasureErrors(t *testing.T) {
	rejectX1 := func(a sat.Assignment) error {
		if a.Lit(1) {
			return errors.New("x1 is true")
		}
		return nil
	}
	cases := []struct {
		name    string
		methods []Method
		want    string
	}{
		{"wrong model", []Method{fakeMethod("loose", [][]sat.Lit{{1}}, rejectX1)}, "method loose on gini: wrong model: x1 is true"},
		{"disagreement", []Method{
			fakeMethod("sat", [][]sat.Lit{{1, 2}}, accept),
			fakeMethod("unsat", [][]sat.Lit{{1}, {-1}}, accept),
		}, "the answers disagree: sat on gini says SAT, unsat on gini says UNSAT"},
		{"encode failure", []Method{{
			Name:     "broken",
			Encode:   func(sat.Sink, []sat.Lit) error { return sat.ErrCoefRange },
			Instance: func(sat.Sink) (func(sat.Assignment) error, error) { return accept, nil },
		}}, "method broken: coefficients too large"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := testConfig(2, 10*time.Second)
			_, err := Measure(context.Background(), cfg, &Subject{Inputs: 2, Methods: tc.methods})
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
	hard := Method{
		Name:   "php",
		Encode: func(sat.Sink, []sat.Lit) error { return nil },
		Instance: func(s sat.Sink) (func(sat.Assignment) error, error) {
			for range php.NumVars {
				s.NewVar()
			}
			for _, c := range php.Clauses {
				s.AddClause(c...)
			}
			return accept, nil
		},
	}
	easy := fakeMethod("easy", nil, accept)
	c, err := Measure(context.Background(), testConfig(1, 50*time.Millisecond), &Subject{What: "PHP(11,10)", Methods: []Method{hard, easy}})
	if err != nil {
		t.Fatal(err)
	}
	if cl := c.Rows[0].Solves[0]; !cl.TimedOut || cl.Time != Never || cl.Status != sat.Unknown {
		t.Errorf("php cell %+v, want a timeout", cl)
	}
	if c.Answer != sat.Sat {
		t.Errorf("answer %v, want SAT from the easy method", c.Answer)
	}
	var table, js bytes.Buffer
	if err := WriteTable(&table, c); err != nil {
		t.Fatal(err)
	}
	if row := tableRow(t, table.String(), "php"); row[len(row)-1] != "timeout" {
		t.Errorf("php row %v, want a timeout cell", row)
	}
	if err := json.NewEncoder(&js).Encode(c.Report()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), `"status":"TIMEOUT","seconds":null`) {
		t.Errorf("JSON does not report the timeout:\n%s", js.String())
	}
}

// TestCompareInterrupt checks that a cancelled command stops with the
// context's error.
func TestCompareInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Measure(ctx, testConfig(1, time.Second), &Subject{Methods: []Method{fakeMethod("any", nil, accept)}})
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
		{"odd with a timeout", []time.Duration{Never, 3, 8}, 8},
		{"half timed out", []time.Duration{Never, 3}, Never},
		{"most timed out", []time.Duration{Never, 3, Never}, Never},
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
		if got := ShortDuration(tc.in); got != tc.want {
			t.Errorf("ShortDuration(%d) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestIntCheck checks that the check of compare int's instances rejects
// models that break the domain, an edge's ≠ or the sum: the all-false
// assignment (every integer at lo, so every edge broken) and a model of
// another instance.
func TestIntCheck(t *testing.T) {
	c := sat.PB{Terms: []sat.Term{{Coef: 3, Lit: 1}, {Coef: 5, Lit: 2}, {Coef: 7, Lit: 3}}, Op: sat.Equal, K: 22}
	subj, err := Int(c, 0, 4, GraphOptions{Seed: 1, Density: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range subj.Methods {
		f := &sat.Formula{}
		check, err := m.Instance(f)
		if errors.Is(err, encode.ErrNotApplicable) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := check(sat.NewAssignment(f.NumVars)); err == nil {
			t.Errorf("%s: the all-false assignment passes", m.Name)
		}
		if len(f.PBs) > 0 {
			continue // native: gini takes clauses only
		}
		s := gini.New()
		for v := 0; v < f.NumVars; v++ {
			s.NewVar()
		}
		for _, cl := range f.Clauses {
			s.AddClause(cl...)
		}
		if st, err := s.Solve(context.Background()); st != sat.Sat || err != nil {
			t.Fatalf("%s: %v %v (3·x1 + 5·x2 + 7·x3 = 22 has 4,2,0 among others)", m.Name, st, err)
		}
		if err := check(s.Model()); err != nil {
			t.Errorf("%s: a model fails its check: %v", m.Name, err)
		}
	}
}

// TestCompareDeadlineDuringEncoding: the end of ctx stops Measure while
// an encoding or an instance's loading is still running, instead of
// after it (dobble order 7 spends 2.2 s in one encoding). The encoders
// here would write clauses without end; Measure must return the
// deadline.
func TestCompareDeadlineDuringEncoding(t *testing.T) {
	endless := func(s sat.Sink) {
		v := s.NewVar()
		for {
			s.AddClause(v.Pos(), v.Neg())
		}
	}
	for _, stage := range []string{"encode", "instance"} {
		t.Run(stage, func(t *testing.T) {
			m := fakeMethod("slow", nil, accept)
			switch stage {
			case "encode":
				m.Encode = func(s sat.Sink, in []sat.Lit) error { endless(s); return nil }
			case "instance":
				m.Encode = nil // size() encodes through Instance, which runs on there too
				m.Instance = func(s sat.Sink) (func(sat.Assignment) error, error) { endless(s); return accept, nil }
			}
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			done := make(chan error, 1)
			go func() {
				_, err := Measure(ctx, testConfig(1, time.Second), &Subject{Methods: []Method{m}})
				done <- err
			}()
			select {
			case err := <-done:
				if !errors.Is(err, context.DeadlineExceeded) {
					t.Fatalf("Measure = %v, want the deadline", err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("Measure still encodes 10 s after its deadline")
			}
		})
	}
}

// blockingSolver is a solver whose Solve waits for its context to end.
type blockingSolver struct{ sat.Formula }

func (s *blockingSolver) Solve(ctx context.Context, _ ...sat.Lit) (sat.Status, error) {
	<-ctx.Done()
	return sat.Unknown, ctx.Err()
}
func (s *blockingSolver) Value(sat.Lit) bool    { return false }
func (s *blockingSolver) Model() sat.Assignment { return nil }

// TestMeasureStoppedKeepsRows stops a comparison of three methods on two
// backends while the second method runs on the second backend (the
// backend "wait" makes the 4th solver: the one of b on wait; the context
// ends as that solver is made): Measure returns the rows measured — a
// whole, and b with its wait cell stopped — and the context's error; the
// table says it stopped and how far it came.
func TestMeasureStoppedKeepsRows(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	made := 0
	cfg := testConfig(1, time.Minute)
	cfg.Backends = []string{"gini", "wait"}
	cfg.NewSolver = func(spec string) (sat.Solver, error) {
		made++
		if spec == "wait" {
			if made == 4 {
				cancel()
			}
			return &blockingSolver{}, nil
		}
		return gini.New(), nil
	}
	var started []string
	cfg.Start = func(m, b string) { started = append(started, m+"/"+b) }
	subj := &Subject{What: "x", Methods: []Method{fakeMethod("a", [][]sat.Lit{{1}}, accept), fakeMethod("b", [][]sat.Lit{{2}}, accept), fakeMethod("c", nil, accept)}}
	// Let the first "wait" solve finish: it answers nothing before its
	// own limit, which the test sets short.
	cfg.Timeout = 20 * time.Millisecond
	c, err := Measure(ctx, cfg, subj)
	if !errors.Is(err, context.Canceled) || c == nil {
		t.Fatalf("Measure = %v, %v; want the rows so far and context.Canceled", c, err)
	}
	if !c.Stopped || c.Measured != 3 || c.Cells() != 6 || len(c.Rows) != 2 {
		t.Fatalf("stopped %v, %d of %d cells measured, %d rows; want true, 3 of 6, 2", c.Stopped, c.Measured, c.Cells(), len(c.Rows))
	}
	if got := []string{c.Rows[0].Solves[0].StatusText(), c.Rows[0].Solves[1].StatusText(), c.Rows[1].Solves[0].StatusText(), c.Rows[1].Solves[1].StatusText()}; strings.Join(got, " ") != "SAT TIMEOUT SAT STOPPED" {
		t.Errorf("cells %v, want SAT TIMEOUT SAT STOPPED", got)
	}
	if want := "a/ a/gini a/wait b/ b/gini b/wait"; strings.Join(started, " ") != want {
		t.Errorf("Start calls %q, want %q", strings.Join(started, " "), want)
	}
	var table bytes.Buffer
	if err := WriteTable(&table, c); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(table.String(), "stopped: 3 of 6 method × backend runs measured") {
		t.Errorf("the table does not say it stopped:\n%s", table.String())
	}
	if row := tableRow(t, table.String(), "b"); row[len(row)-1] != "stopped" {
		t.Errorf("row b %v, want its last cell stopped", row)
	}
	if r := c.Report(); r.Measured != 3 || r.Cells != 6 || r.Methods[1].Solves[1].Status != "STOPPED" {
		t.Errorf("JSON report: %d of %d measured, b on wait %s", r.Measured, r.Cells, r.Methods[1].Solves[1].Status)
	}
}
