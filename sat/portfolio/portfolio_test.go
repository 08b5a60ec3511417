package portfolio

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat"
)

// fake is a scripted member: it answers status after delay unless cancelled.
type fake struct {
	sat.Formula
	status   sat.Status
	delay    time.Duration
	err      error
	running  *atomic.Int32
	stubborn bool // ignores cancellation, like an engine that cannot be stopped
}

func (f *fake) Solve(ctx context.Context, _ ...sat.Lit) (sat.Status, error) {
	f.running.Add(1)
	defer f.running.Add(-1)
	done := ctx.Done()
	if f.stubborn {
		done = nil
	}
	select {
	case <-time.After(f.delay):
		if f.err != nil {
			return sat.Unknown, f.err
		}
		return f.status, nil
	case <-done:
		return sat.Unknown, ctx.Err()
	}
}
func (f *fake) Value(l sat.Lit) bool  { return l > 0 }
func (f *fake) Model() sat.Assignment { return sat.NewAssignment(f.NumVars) }

func TestFirstAnswerWinsAndLosersAreStopped(t *testing.T) {
	var running atomic.Int32
	slow := &fake{status: sat.Sat, delay: time.Hour, running: &running}
	fast := &fake{status: sat.Unsat, delay: time.Millisecond, running: &running}
	p := New(Member{"slow", slow}, Member{"fast", fast})
	st, err := p.Solve(context.Background(), 3)
	if err != nil || st != sat.Unsat {
		t.Fatalf("got %v, %v; want UNSAT", st, err)
	}
	if p.Winner() != "fast" {
		t.Fatalf("winner %q", p.Winner())
	}
	if n := running.Load(); n != 0 {
		t.Fatalf("%d members still running after Solve returned", n)
	}
	if got := p.Failed(); len(got) != 1 || got[0] != 3 {
		t.Fatalf("Failed = %v, want the assumptions", got)
	}
}

func TestDisagreementIsAnError(t *testing.T) {
	var running atomic.Int32
	a := &fake{status: sat.Sat, running: &running}
	b := &fake{status: sat.Unsat, delay: 5 * time.Millisecond, stubborn: true, running: &running}
	p := New(Member{"a", a}, Member{"b", b})
	st, err := p.Solve(context.Background())
	if err == nil || !strings.Contains(err.Error(), "disagree") || st != sat.Unknown {
		t.Fatalf("got %v, %v; want a disagreement error", st, err)
	}
	if n := running.Load(); n != 0 {
		t.Fatalf("%d members still running", n)
	}
}

func TestAllUnknown(t *testing.T) {
	var running atomic.Int32
	boom := errors.New("boom")
	p := New(Member{"x", &fake{err: boom, running: &running}}, Member{"y", &fake{err: sat.ErrUnknown, running: &running}})
	st, err := p.Solve(context.Background())
	if st != sat.Unknown || !errors.Is(err, boom) || !errors.Is(err, sat.ErrUnknown) {
		t.Fatalf("got %v, %v", st, err)
	}
	if p.Winner() != "" {
		t.Fatal("winner after unknown")
	}
}

func TestCancellation(t *testing.T) {
	var running atomic.Int32
	p := New(Member{"x", &fake{delay: time.Hour, running: &running}}, Member{"y", &fake{delay: time.Hour, running: &running}})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	st, err := p.Solve(ctx)
	if st != sat.Unknown || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, %v", st, err)
	}
}

func TestClausesReachEveryMember(t *testing.T) {
	var running atomic.Int32
	a, b := &fake{running: &running}, &fake{running: &running}
	p := New(Member{"a", a}, Member{"b", b})
	p.AddClause(1, -4)
	if v := p.NewVar(); v != 5 {
		t.Fatalf("NewVar = %v", v)
	}
	for _, f := range []*fake{a, b} {
		if len(f.Clauses) != 1 || f.NumVars != 5 {
			t.Fatalf("member saw %v clauses, %d vars", f.Clauses, f.NumVars)
		}
	}
}

// deferrer is a member that records DeferCheck.
type deferrer struct {
	fake
	deferred bool
}

func (d *deferrer) DeferCheck() { d.deferred = true }

// TestDeferCheck checks that the portfolio's DeferCheck reaches every
// member that can defer its check, and passes over the others.
func TestDeferCheck(t *testing.T) {
	var running atomic.Int32
	a, b := &deferrer{fake: fake{running: &running}}, &fake{running: &running}
	p := New(Member{Name: "a", Solver: a}, Member{Name: "b", Solver: b})
	if !sat.DeferCheck(p) || !a.deferred {
		t.Errorf("DeferCheck: deferrer told %v, want true", a.deferred)
	}
}
