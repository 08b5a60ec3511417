package sat_test

import (
	"context"
	"errors"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// TestEncodeContextAborts: an encoder that would write a million clauses
// stops within 4,096 calls of the end of its context, and EncodeContext
// reports the context's error.
func TestEncodeContextAborts(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	f := &sat.Formula{}
	err := sat.EncodeContext(ctx, f, func(s sat.Sink) error {
		v := s.NewVar()
		for i := 0; i < 1_000_000; i++ {
			if i == 10_000 {
				cancel()
			}
			s.AddClause(v.Pos())
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("EncodeContext = %v, want context.Canceled", err)
	}
	if n := len(f.Clauses); n < 10_000 || n > 10_000+4096 {
		t.Errorf("%d clauses written; want the encoding to stop within 4,096 calls of the cancel at 10,000", n)
	}
}

// TestEncodeContextPassesThrough: without cancellation the sink writes
// everything, keeps the PB facet of a PB sink (and only of one), and
// EncodeContext returns encode's own error; other panics are not eaten.
func TestEncodeContextPassesThrough(t *testing.T) {
	f := &sat.Formula{}
	boom := errors.New("boom")
	err := sat.EncodeContext(context.Background(), f, func(s sat.Sink) error {
		if _, ok := s.(sat.PBAdder); !ok {
			t.Error("a Formula takes PB constraints, the wrapped sink does not")
		}
		for i := 0; i < 10_000; i++ {
			s.AddClause(s.NewVar().Pos())
		}
		return boom
	})
	if err != boom {
		t.Errorf("EncodeContext = %v, want encode's error", err)
	}
	if len(f.Clauses) != 10_000 || f.NumVars != 10_000 {
		t.Errorf("%d clauses over %d variables, want 10,000 of each", len(f.Clauses), f.NumVars)
	}
	var plain clauseSink
	sat.EncodeContext(context.Background(), &plain, func(s sat.Sink) error {
		if _, ok := s.(sat.PBAdder); ok {
			t.Error("the wrapped sink claims PB support that its sink lacks")
		}
		return nil
	})
	defer func() {
		if r := recover(); r != "other" {
			t.Errorf("recovered %v, want the encoder's own panic to go on", r)
		}
	}()
	sat.EncodeContext(context.Background(), f, func(s sat.Sink) error { panic("other") })
}

// clauseSink is a sink without the PB facet.
type clauseSink struct{ vars, clauses int }

func (c *clauseSink) NewVar() sat.Var           { c.vars++; return sat.Var(c.vars) }
func (c *clauseSink) AddClause(lits ...sat.Lit) { c.clauses++ }
