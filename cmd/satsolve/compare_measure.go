package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// comparison is the outcome of satsolve compare.
type comparison struct {
	family   string
	subject  *subject
	backends []string
	repeat   int
	timeout  time.Duration
	// answer is the status every definite run agreed on (Unknown if none
	// finished).
	answer sat.Status
	rows   []row
}

// A row holds the measurements of one method.
type row struct {
	method string
	// aux, clauses, literals and pbs are the size of the method's
	// encoding: variables beyond the subject's inputs, clauses, literals in
	// them, and native pseudo-Boolean constraints.
	aux, clauses, literals, pbs int
	// encode is the median time to encode into a sat.Formula.
	encode time.Duration
	// solves has one cell per backend, in the comparison's order.
	solves []cell
}

// A cell is the outcome of one method on one backend.
type cell struct {
	// applies is false when the method cannot write into the backend.
	applies bool
	// status is the definite answer of the runs, or Unknown if none gave
	// one.
	status sat.Status
	// time is the median solve time, never when at least half the runs
	// gave no answer.
	time time.Duration
	// timedOut reports that a run without an answer hit the time limit
	// (the others gave up by themselves).
	timedOut bool
}

// never is the time of a run that gave no answer.
const never = time.Duration(math.MaxInt64)

// measure encodes the subject with every method and solves its instance
// on every backend. A wrong model, runs or methods that disagree on the
// answer, and a backend failure are errors.
func (o *compareOpts) measure(ctx context.Context, family string, subj *subject) (*comparison, error) {
	c := &comparison{family: family, subject: subj, backends: o.backends, repeat: o.repeat, timeout: o.timeout}
	var first string // the run that set c.answer
	for _, m := range subj.methods {
		r, err := o.size(subj, m)
		if err != nil {
			return nil, err
		}
		for _, b := range o.backends {
			cl, err := o.solve(ctx, m, b)
			if err != nil {
				return nil, fmt.Errorf("method %s on %s: %w", m.name, b, err)
			}
			if cl.status != sat.Unknown {
				who := m.name + " on " + b
				if c.answer == sat.Unknown {
					c.answer, first = cl.status, who
				} else if cl.status != c.answer {
					return nil, fmt.Errorf("the answers disagree: %s says %v, %s says %v", first, c.answer, who, cl.status)
				}
			}
			r.solves = append(r.solves, cl)
		}
		c.rows = append(c.rows, r)
	}
	return c, nil
}

// size encodes the subject with m into fresh formulas, repeat times, and
// returns the row with its size and median encode time.
func (o *compareOpts) size(subj *subject, m method) (row, error) {
	r := row{method: m.name}
	times := make([]time.Duration, o.repeat)
	for i := range times {
		f := &sat.Formula{}
		in := make([]sat.Lit, subj.inputs)
		for j := range in {
			in[j] = f.NewVar().Pos()
		}
		start := time.Now()
		var err error
		if m.encode != nil {
			err = m.encode(f, in)
		} else {
			_, err = m.instance(f)
		}
		times[i] = time.Since(start)
		if err != nil {
			return r, fmt.Errorf("method %s: %w", m.name, err)
		}
		r.aux, r.clauses, r.pbs = f.NumVars-subj.inputs, len(f.Clauses), len(f.PBs)
		r.literals = 0
		for _, cl := range f.Clauses {
			r.literals += len(cl)
		}
	}
	r.encode = median(times)
	return r, nil
}

// solve runs the method's instance on a fresh solver of the backend,
// repeat times, and checks every model.
func (o *compareOpts) solve(ctx context.Context, m method, backend string) (cell, error) {
	c := cell{applies: true}
	times := make([]time.Duration, o.repeat)
	for i := range times {
		s, err := newSolver(backend)
		if err != nil {
			return c, err
		}
		check, err := m.instance(s)
		if errors.Is(err, encode.ErrNotApplicable) {
			return cell{}, nil
		}
		if err != nil {
			return c, err
		}
		rctx, cancel := context.WithTimeout(ctx, o.timeout)
		start := time.Now()
		st, err := s.Solve(rctx)
		times[i] = time.Since(start)
		cancel()
		if ctx.Err() != nil {
			return c, ctx.Err()
		}
		switch {
		case st == sat.Unknown && errors.Is(err, context.DeadlineExceeded):
			times[i], c.timedOut = never, true
			continue
		case st == sat.Unknown && errors.Is(err, sat.ErrUnknown):
			times[i] = never
			continue
		case st == sat.Unknown:
			return c, err
		case st == sat.Sat:
			if err := check(s.Model()); err != nil {
				return c, fmt.Errorf("wrong model: %v", err)
			}
		}
		if c.status != sat.Unknown && c.status != st {
			return c, fmt.Errorf("runs disagree: %v, then %v", c.status, st)
		}
		c.status = st
	}
	c.time = median(times)
	return c, nil
}

// median returns the median of ds (the mean of the middle two for an even
// count), or never when a middle value is never. ds is sorted in place.
func median(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	n := len(ds)
	if n%2 == 1 {
		return ds[n/2]
	}
	a, b := ds[n/2-1], ds[n/2]
	if b == never {
		return never
	}
	return a + (b-a)/2
}
