package compare

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

// Config says how to measure.
type Config struct {
	// Family names the kind of subject in the outputs ("card", "nonogram").
	Family string
	// Backends are the backend specs to solve with, in column order.
	Backends []string
	// NewSolver returns a fresh solver for a backend spec.
	NewSolver func(spec string) (sat.Solver, error)
	// Timeout limits each solve; Repeat is the number of runs per
	// measurement (times are medians).
	Timeout time.Duration
	Repeat  int
	// Cell, when not nil, is called after each method has run on each
	// backend: len(Methods) × len(Backends) calls in all, for progress.
	Cell func()
	// Start, when not nil, is called before each method is encoded
	// (backend "") and before it runs on each backend, for progress.
	Start func(method, backend string)
}

// Comparison is the outcome of Measure.
type Comparison struct {
	Family   string
	Subject  *Subject
	Backends []string
	Repeat   int
	Timeout  time.Duration
	// Answer is the status every definite run agreed on (Unknown if none
	// finished).
	Answer sat.Status
	Rows   []Row
	// Stopped reports that the context ended before every method had run
	// on every backend: Rows then holds the methods measured, the last
	// one possibly in part (its cells from the one that was running on
	// are Stopped), and Measured counts the cells measured.
	Stopped  bool
	Measured int
}

// Cells returns the number of cells of the whole comparison: every method
// of the subject on every backend.
func (c *Comparison) Cells() int { return len(c.Subject.Methods) * len(c.Backends) }

// A Row holds the measurements of one method.
type Row struct {
	Method string
	// Aux, Clauses, Literals and PBs are the size of the method's
	// encoding: variables beyond the subject's inputs, clauses, literals
	// in them, and native pseudo-Boolean constraints.
	Aux, Clauses, Literals, PBs int
	// Encode is the median time to encode into a sat.Formula.
	Encode time.Duration
	// Solves has one cell per backend, in the comparison's order.
	Solves []Cell
}

// A Cell is the outcome of one method on one backend.
type Cell struct {
	// Applies is false when the method cannot write into the backend.
	Applies bool
	// Status is the definite answer of the runs, or Unknown if none gave
	// one.
	Status sat.Status
	// Time is the median solve time, Never when at least half the runs
	// gave no answer.
	Time time.Duration
	// TimedOut reports that a run without an answer hit the time limit
	// (the others gave up by themselves).
	TimedOut bool
	// Stopped reports that the comparison stopped (its context ended)
	// before this cell was measured.
	Stopped bool
}

// Never is the time of a run that gave no answer.
const Never = time.Duration(math.MaxInt64)

// Measure encodes the subject with every method and solves its instance
// on every backend. A wrong model, runs or methods that disagree on the
// answer, and a backend failure are errors. When ctx ends first, Measure
// returns what it measured (Stopped, the rows so far) with ctx's error.
func Measure(ctx context.Context, cfg Config, subj *Subject) (*Comparison, error) {
	if cfg.Repeat < 1 {
		return nil, fmt.Errorf("repeat must be at least 1, not %d", cfg.Repeat)
	}
	c := &Comparison{Family: cfg.Family, Subject: subj, Backends: cfg.Backends, Repeat: cfg.Repeat, Timeout: cfg.Timeout}
	stop := func(r *Row, err error) (*Comparison, error) {
		if r != nil {
			for len(r.Solves) < len(cfg.Backends) {
				r.Solves = append(r.Solves, Cell{Applies: true, Stopped: true})
			}
			c.Rows = append(c.Rows, *r)
		}
		c.Stopped = true
		return c, err
	}
	var first string // the run that set c.Answer
	for _, m := range subj.Methods {
		if cfg.Start != nil {
			cfg.Start(m.Name, "")
		}
		r, err := size(ctx, cfg, subj, m)
		if ctx.Err() != nil {
			return stop(nil, ctx.Err())
		}
		if err != nil {
			return nil, err
		}
		for _, b := range cfg.Backends {
			if cfg.Start != nil {
				cfg.Start(m.Name, b)
			}
			cl, err := solve(ctx, cfg, m, b)
			if ctx.Err() != nil {
				return stop(&r, ctx.Err())
			}
			if err != nil {
				return nil, fmt.Errorf("method %s on %s: %w", m.Name, b, err)
			}
			if cl.Status != sat.Unknown {
				who := m.Name + " on " + b
				if c.Answer == sat.Unknown {
					c.Answer, first = cl.Status, who
				} else if cl.Status != c.Answer {
					return nil, fmt.Errorf("the answers disagree: %s says %v, %s says %v", first, c.Answer, who, cl.Status)
				}
			}
			r.Solves = append(r.Solves, cl)
			c.Measured++
			if cfg.Cell != nil {
				cfg.Cell()
			}
		}
		c.Rows = append(c.Rows, r)
	}
	return c, nil
}

// size encodes the subject with m into fresh formulas, cfg.Repeat times,
// and returns the row with its size and median encode time.
func size(ctx context.Context, cfg Config, subj *Subject, m Method) (Row, error) {
	r := Row{Method: m.Name}
	times := make([]time.Duration, cfg.Repeat)
	for i := range times {
		f := &sat.Formula{}
		in := make([]sat.Lit, subj.Inputs)
		for j := range in {
			in[j] = f.NewVar().Pos()
		}
		var took time.Duration
		err := sat.EncodeContext(ctx, f, func(s sat.Sink) error {
			start := time.Now()
			var err error
			if m.Encode != nil {
				err = m.Encode(s, in)
			} else {
				_, err = m.Instance(s)
			}
			took = time.Since(start)
			return err
		})
		if ctx.Err() != nil {
			return r, ctx.Err()
		}
		times[i] = took
		if err != nil {
			return r, fmt.Errorf("method %s: %w", m.Name, err)
		}
		r.Aux, r.Clauses, r.PBs = f.NumVars-subj.Inputs, len(f.Clauses), len(f.PBs)
		r.Literals = 0
		for _, cl := range f.Clauses {
			r.Literals += len(cl)
		}
	}
	r.Encode = median(times)
	return r, nil
}

// solve runs the method's instance on a fresh solver of the backend,
// cfg.Repeat times, and checks every model.
func solve(ctx context.Context, cfg Config, m Method, backend string) (Cell, error) {
	c := Cell{Applies: true}
	times := make([]time.Duration, cfg.Repeat)
	for i := range times {
		s, err := cfg.NewSolver(backend)
		if err != nil {
			return c, err
		}
		var check func(sat.Assignment) error
		err = sat.EncodeContext(ctx, s, func(sink sat.Sink) error {
			var err error
			check, err = m.Instance(sink)
			return err
		})
		if ctx.Err() != nil {
			return c, ctx.Err()
		}
		if errors.Is(err, encode.ErrNotApplicable) {
			return Cell{}, nil
		}
		if err != nil {
			return c, err
		}
		rctx, cancel := context.WithTimeout(ctx, cfg.Timeout)
		start := time.Now()
		st, err := s.Solve(rctx)
		times[i] = time.Since(start)
		cancel()
		if ctx.Err() != nil {
			return c, ctx.Err()
		}
		switch {
		case st == sat.Unknown && errors.Is(err, context.DeadlineExceeded):
			times[i], c.TimedOut = Never, true
			continue
		case st == sat.Unknown && errors.Is(err, sat.ErrUnknown):
			times[i] = Never
			continue
		case st == sat.Unknown:
			return c, err
		case st == sat.Sat:
			if err := check(s.Model()); err != nil {
				return c, fmt.Errorf("wrong model: %v", err)
			}
		}
		if c.Status != sat.Unknown && c.Status != st {
			return c, fmt.Errorf("runs disagree: %v, then %v", c.Status, st)
		}
		c.Status = st
	}
	c.Time = median(times)
	return c, nil
}

// median returns the median of ds (the mean of the middle two for an even
// count), or Never when a middle value is Never. ds is sorted in place.
func median(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	n := len(ds)
	if n%2 == 1 {
		return ds[n/2]
	}
	a, b := ds[n/2-1], ds[n/2]
	if b == Never {
		return Never
	}
	return a + (b-a)/2
}

// Seconds returns the cell's median time in seconds, or nil when it has
// none (the method does not apply, or no answer within the limit).
func (c Cell) Seconds() *float64 {
	if !c.Applies || c.Stopped || c.Time == Never {
		return nil
	}
	v := c.Time.Seconds()
	return &v
}

// StatusText names a cell's outcome: SAT, UNSAT, UNKNOWN (no answer, the
// solver gave up by itself), TIMEOUT (no answer within the limit), N/A
// (the method does not apply to the backend) or STOPPED (the comparison
// stopped before the cell was measured).
func (c Cell) StatusText() string {
	switch {
	case c.Stopped:
		return "STOPPED"
	case !c.Applies:
		return "N/A"
	case c.Time == Never && c.TimedOut:
		return "TIMEOUT"
	case c.Time == Never:
		return "UNKNOWN"
	}
	return c.Status.String()
}
