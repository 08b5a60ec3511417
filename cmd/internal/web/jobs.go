package web

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/satsolve/satsolve/internal/english"
)

// Background jobs: POST to an endpoint that calls StartJob answers 202
// with the job's id, GET /api/jobs/{id} reports its progress and the
// result so far, DELETE stops it. At most Options.MaxRuns run at once,
// each for at most Options.RunTimeout; finished jobs are kept for
// keepJobs, at most maxJobs of them.

const (
	maxJobs  = 32
	keepJobs = 10 * time.Minute
)

// Job describes work to run in the background.
type Job struct {
	// Name says what the job is ("strategies run"), in the busy answer
	// and the log.
	Name string
	// Total is the number of steps the job takes.
	Total int
	// Partial says what the result holds when the job ends early ("the
	// rows above are complete").
	Partial string
	// Run does the work, calling step after each step, until it is done
	// or ctx ends. A non-nil error while ctx is live is an internal
	// error.
	Run func(ctx context.Context, step func()) error
	// Result returns the result so far. It is called while Run runs, and
	// must return a value that Run no longer changes.
	Result func() any
}

// job is a started Job.
type job struct {
	Job
	id     string
	cancel context.CancelFunc

	mu       sync.Mutex
	state    string // running, done, cancelled, timed out, failed
	done     int
	err      string
	started  time.Time
	finished time.Time
}

// jobStatus is what GET /api/jobs/{id} answers.
type jobStatus struct {
	ID      string  `json:"id"`
	State   string  `json:"state"`
	Done    int     `json:"done"`
	Total   int     `json:"total"`
	Seconds float64 `json:"seconds"`
	Error   string  `json:"error,omitempty"`
	Result  any     `json:"result"`
}

func (j *job) status() jobStatus {
	j.mu.Lock()
	defer j.mu.Unlock()
	end := j.finished
	if end.IsZero() {
		end = time.Now()
	}
	return jobStatus{ID: j.id, State: j.state, Done: j.done, Total: j.Total, Seconds: end.Sub(j.started).Seconds(), Error: j.err, Result: j.Result()}
}

// step counts one step done.
func (j *job) step() {
	j.mu.Lock()
	j.done++
	j.mu.Unlock()
}

// jobTable holds the jobs.
type jobTable struct {
	mu      sync.Mutex
	maxRuns int
	jobs    map[string]*job
}

func newJobTable(maxRuns int) *jobTable {
	return &jobTable{maxRuns: maxRuns, jobs: make(map[string]*job)}
}

// add registers j if fewer than maxRuns jobs are in progress, dropping
// finished jobs that are old or beyond the table's size.
func (t *jobTable) add(j *job) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	running := 0
	var finished []*job
	for id, o := range t.jobs {
		o.mu.Lock()
		state, end := o.state, o.finished
		o.mu.Unlock()
		switch {
		case state == "running":
			running++
		case time.Since(end) > keepJobs:
			delete(t.jobs, id)
		default:
			finished = append(finished, o)
		}
	}
	if running >= t.maxRuns {
		return &Error{Status: http.StatusServiceUnavailable, RetryAfter: 5 * time.Second,
			Msg: fmt.Sprintf("server busy: %s in progress (at most %d at once, --max-runs); try again later", english.Count(running, j.Name), t.maxRuns)}
	}
	slices.SortFunc(finished, func(a, b *job) int { return a.finished.Compare(b.finished) })
	for len(t.jobs) >= maxJobs && len(finished) > 0 {
		delete(t.jobs, finished[0].id)
		finished = finished[1:]
	}
	t.jobs[j.id] = j
	return nil
}

func (t *jobTable) get(id string) *job {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.jobs[id]
}

// newJobID returns 16 random hex digits.
func newJobID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// StartJob starts jb in the background, unless MaxRuns jobs are running
// already (a 503, and nothing is registered). The answer is the 202 to
// return from the endpoint: the job's id, total and URL.
func (s *Server) StartJob(jb Job) (any, error) {
	ctx, cancel := context.WithTimeout(s.ctx, s.opts.RunTimeout)
	j := &job{Job: jb, id: newJobID(), cancel: cancel, state: "running", started: time.Now()}
	if err := s.jobs.add(j); err != nil {
		cancel()
		return nil, err
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer cancel()
		err := j.Run(ctx, j.step)
		j.mu.Lock()
		defer j.mu.Unlock()
		j.finished = time.Now()
		switch {
		case err == nil:
			j.state = "done"
		case DeadlineHit(ctx):
			j.state, j.err = "timed out", fmt.Sprintf("timed out: the run did not finish within %v (the server's run limit); %s", s.opts.RunTimeout, j.Partial)
		case ctx.Err() != nil:
			j.state, j.err = "cancelled", "cancelled; "+j.Partial
		default:
			j.state, j.err = "failed", err.Error()
			s.Logf("internal error: %s %s: %v", j.Name, j.id, err)
		}
	}()
	return created{map[string]any{"id": j.id, "total": j.Total, "url": "/api/jobs/" + j.id}}, nil
}

// Jobs returns the number of jobs registered, running or kept.
func (s *Server) Jobs() int {
	s.jobs.mu.Lock()
	defer s.jobs.mu.Unlock()
	return len(s.jobs.jobs)
}

func (s *Server) jobGet(r *http.Request) (any, error) {
	j := s.jobs.get(r.PathValue("id"))
	if j == nil {
		return nil, &Error{Status: http.StatusNotFound, Msg: fmt.Sprintf("no run %q (finished runs are kept for %v)", r.PathValue("id"), keepJobs)}
	}
	return j.status(), nil
}

func (s *Server) jobCancel(r *http.Request) (any, error) {
	j := s.jobs.get(r.PathValue("id"))
	if j == nil {
		return nil, &Error{Status: http.StatusNotFound, Msg: fmt.Sprintf("no run %q", r.PathValue("id"))}
	}
	j.cancel()
	return map[string]string{"id": j.id, "state": "cancelling"}, nil
}
