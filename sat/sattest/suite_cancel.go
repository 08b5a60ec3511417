package sattest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat"
)

const (
	// cancelAfter is how long the suite lets a hard search run before
	// cancelling it.
	cancelAfter = 50 * time.Millisecond
	// cancelBound is the liveness bound on the time between the cancel
	// and Solve's return. It is generous because the machine may be
	// loaded; the latency itself is measured by benchmarks, not here.
	cancelBound = 3 * time.Second
)

// hardHoles returns h such that PHP(h+1, h) is out of reach of the
// backend's search within the tests' patience.
func (h *harness) hardHoles() int {
	if h.opts.Detached {
		return 7
	}
	return 10
}

// guardedPigeonhole returns PHP(holes+1, holes) with every clause guarded
// by ¬sel: hard under the assumption sel, satisfied by propagation under
// ¬sel.
func guardedPigeonhole(holes int) (*sat.Formula, sat.Var) {
	php := Pigeonhole(holes+1, holes)
	sel := sat.Var(php.NumVars + 1)
	f := &sat.Formula{NumVars: int(sel)}
	for _, c := range php.Clauses {
		f.AddClause(append(c, sel.Neg())...)
	}
	return f, sel
}

// interrupt runs call with a context cancelled after delay (or with a
// deadline of delay when deadline is set), and returns call's error and
// how long after the cancel call returned. It fails t if call returned
// before the cancel.
func interrupt(t testing.TB, delay time.Duration, deadline bool, call func(context.Context) error) (error, time.Duration) {
	t.Helper()
	var ctx context.Context
	var cancel context.CancelFunc
	fired := make(chan time.Time, 1)
	if deadline {
		ctx, cancel = context.WithTimeout(context.Background(), delay)
		fired <- time.Now().Add(delay)
	} else {
		ctx, cancel = context.WithCancel(context.Background())
		time.AfterFunc(delay, func() {
			fired <- time.Now()
			cancel()
		})
	}
	defer cancel()
	err := call(ctx)
	if ctx.Err() == nil {
		t.Fatalf("returned before the cancel (error %v): the instance is too easy to test cancellation", err)
	}
	return err, time.Since(<-fired)
}

func testCancel(t *testing.T, h *harness) {
	f, sel := guardedPigeonhole(h.hardHoles())
	m := h.fresh()
	m.load(f)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if st, err := m.s.Solve(ctx, sel.Pos()); st != sat.Unknown || !errors.Is(err, context.Canceled) {
		t.Fatalf("Solve with a cancelled context = %v, %v; want UNKNOWN, context.Canceled", st, err)
	}

	for _, c := range []struct {
		name     string
		deadline bool
		want     error
	}{
		{"Cancel", false, context.Canceled},
		{"Deadline", true, context.DeadlineExceeded},
	} {
		var st sat.Status
		err, late := interrupt(t, cancelAfter, c.deadline, func(ctx context.Context) error {
			var err error
			st, err = m.s.Solve(ctx, sel.Pos())
			return err
		})
		if st != sat.Unknown || !errors.Is(err, c.want) {
			t.Fatalf("%s: Solve = %v, %v; want UNKNOWN, %v", c.name, st, err, c.want)
		}
		if late > cancelBound {
			t.Fatalf("%s: Solve returned %v after the cancel, bound %v", c.name, late, cancelBound)
		}
		// The solver stays usable. (Not a plain Solve: phase saving may
		// well send the search back into the hard branch sel.)
		h.expect(t, m, sat.Sat, sel.Neg())
		as := []sat.Lit{sel.Pos(), PigeonholeVar(0, 0, h.hardHoles()).Pos(), PigeonholeVar(1, 0, h.hardHoles()).Pos()}
		if st, err := h.solve(t, m, as...); st != sat.Unsat {
			t.Fatalf("%s: two pigeons in hole 0 answered %v (%v)", c.name, st, err)
		}
		// A subset of these assumptions may need the whole PHP refutation
		// to verify, so only the subset property is checked here.
		h.checkFailed(t, m, as, false)
	}
}
