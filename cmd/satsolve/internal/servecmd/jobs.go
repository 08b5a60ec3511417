package servecmd

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	mrand "math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/satsolve/satsolve/models/chipfire"
)

// Strategies runs: the nine play heuristics of models/chipfire (and the
// fewest moves, by the PB model, as the baseline) over N random games per
// edge density, as satsolve chipfire strategies does, but as a job in the
// background: POST starts it and answers 202 with its id, GET
// /api/jobs/{id} reports progress and the rows finished so far, DELETE
// stops it. At most Options.MaxRuns run at once; finished runs are kept
// for keepJobs minutes, at most maxJobs of them.

const (
	maxJobs  = 32
	keepJobs = 10 * time.Minute
)

// runRequest are the parameters of a run; zero fields take the defaults
// of the command line.
type runRequest struct {
	N         int       `json:"n"`
	Densities []float64 `json:"densities"`
	Games     int       `json:"games"`
	Moves     int       `json:"moves"`
	Seed      uint64    `json:"seed"`
	// Optimal asks for the fewest-moves baseline (default true).
	Optimal *bool `json:"optimal"`
}

// validate fills in the defaults and refuses a run beyond the caps.
func (q *runRequest) validate() error {
	if q.N == 0 {
		q.N = 8
	}
	if q.Densities == nil {
		q.Densities = []float64{0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9}
	}
	if q.Games == 0 {
		q.Games = 20
	}
	if q.Moves == 0 {
		q.Moves = 100
	}
	if q.Seed == 0 {
		q.Seed = 1
	}
	if q.Optimal == nil {
		t := true
		q.Optimal = &t
	}
	switch {
	case q.N < 2 || q.N > maxRunVertices:
		return badRequest("n = %d: runs play games of 2 to %d vertices", q.N, maxRunVertices)
	case len(q.Densities) == 0 || len(q.Densities) > maxRunDensities:
		return badRequest("%d densities: a run takes 1 to %d", len(q.Densities), maxRunDensities)
	case q.Games < 1 || q.Games > maxRunGames:
		return badRequest("games = %d: a run plays 1 to %d games per density", q.Games, maxRunGames)
	case q.Moves < 1 || q.Moves > maxRunMoves:
		return badRequest("moves = %d: the move limit is 1 to %d", q.Moves, maxRunMoves)
	case q.Games*len(q.Densities) > maxRunTotal:
		return badRequest("%d games in all: a run plays at most %d", q.Games*len(q.Densities), maxRunTotal)
	}
	for _, p := range q.Densities {
		if !(p > 0 && p <= 1) {
			return badRequest("density %v: edge probabilities must be in (0, 1]", p)
		}
	}
	return nil
}

// runResult is what a run found, one entry per finished density in every
// slice (the fields of satsolve chipfire strategies --json).
type runResult struct {
	N          int             `json:"n"`
	Games      int             `json:"games"`
	MoveLimit  int             `json:"move_limit"`
	Seed       uint64          `json:"seed"`
	Densities  []float64       `json:"densities"`
	Heuristics []heuristicRows `json:"heuristics"`
	// Optimal is the mean fewest moves over the games of each density
	// (the proved optimum, or the best script found in time); Proven
	// counts the games whose optimum was proved. Absent without the
	// baseline.
	Optimal []float64 `json:"optimal_moves,omitempty"`
	Proven  []int     `json:"optimal_proven,omitempty"`
}

// heuristicRows are one heuristic's results: the fraction of games won
// within the move limit, and the mean moves of the games won (0 if none).
type heuristicRows struct {
	Name    string    `json:"name"`
	Success []float64 `json:"success"`
	Moves   []float64 `json:"moves"`
}

// job is one run.
type job struct {
	id     string
	cancel context.CancelFunc

	mu       sync.Mutex
	state    string // running, done, cancelled, timed out, failed
	done     int
	total    int
	result   runResult
	err      string
	started  time.Time
	finished time.Time
}

// jobStatus is what GET /api/jobs/{id} answers.
type jobStatus struct {
	ID      string     `json:"id"`
	State   string     `json:"state"`
	Done    int        `json:"done"`
	Total   int        `json:"total"`
	Seconds float64    `json:"seconds"`
	Error   string     `json:"error,omitempty"`
	Result  *runResult `json:"result"`
}

func (j *job) status() jobStatus {
	j.mu.Lock()
	defer j.mu.Unlock()
	end := j.finished
	if end.IsZero() {
		end = time.Now()
	}
	r := j.result
	r.Densities = slices.Clone(r.Densities)
	r.Heuristics = slices.Clone(r.Heuristics)
	for i := range r.Heuristics {
		r.Heuristics[i].Success = slices.Clone(r.Heuristics[i].Success)
		r.Heuristics[i].Moves = slices.Clone(r.Heuristics[i].Moves)
	}
	r.Optimal, r.Proven = slices.Clone(r.Optimal), slices.Clone(r.Proven)
	return jobStatus{ID: j.id, State: j.state, Done: j.done, Total: j.total, Seconds: end.Sub(j.started).Seconds(), Error: j.err, Result: &r}
}

// jobTable holds the runs.
type jobTable struct {
	mu      sync.Mutex
	maxRuns int
	jobs    map[string]*job
}

func newJobTable(maxRuns int) *jobTable {
	return &jobTable{maxRuns: maxRuns, jobs: make(map[string]*job)}
}

// add registers j if fewer than maxRuns runs are in progress, dropping
// finished runs that are old or beyond the table's size.
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
		return &apiError{Status: http.StatusServiceUnavailable, RetryAfter: 5 * time.Second,
			Msg: fmt.Sprintf("server busy: %d strategies run(s) in progress (at most %d at once, --max-runs); try again later", running, t.maxRuns)}
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

func (s *Server) strategiesStart(r *http.Request) (any, error) {
	var q runRequest
	if err := s.decode(r, &q); err != nil {
		return nil, err
	}
	if err := q.validate(); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(s.ctx, s.opts.RunTimeout)
	j := &job{id: newJobID(), cancel: cancel, state: "running", total: q.Games * len(q.Densities), started: time.Now()}
	j.result = runResult{N: q.N, Games: q.Games, MoveLimit: q.Moves, Seed: q.Seed, Densities: []float64{}}
	for _, h := range chipfire.Heuristics() {
		j.result.Heuristics = append(j.result.Heuristics, heuristicRows{Name: h.String(), Success: []float64{}, Moves: []float64{}})
	}
	if err := s.jobs.add(j); err != nil {
		cancel()
		return nil, err
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer cancel()
		err := s.run(ctx, j, q)
		j.mu.Lock()
		defer j.mu.Unlock()
		j.finished = time.Now()
		switch {
		case err == nil:
			j.state = "done"
		case deadlineHit(ctx):
			j.state, j.err = "timed out", fmt.Sprintf("timed out: the run did not finish within %v (the server's run limit); the rows above are complete", s.opts.RunTimeout)
		case ctx.Err() != nil:
			j.state, j.err = "cancelled", "cancelled; the rows above are complete"
		default:
			j.state, j.err = "failed", err.Error()
			s.logf("internal error: strategies run %s: %v", j.id, err)
		}
	}()
	return created{map[string]any{"id": j.id, "total": j.total, "url": "/api/jobs/" + j.id}}, nil
}

// run plays every heuristic on every game, density by density, and
// publishes each finished density row.
func (s *Server) run(ctx context.Context, j *job, q runRequest) error {
	hs := chipfire.Heuristics()
	for di, p := range q.Densities {
		wins := make([]int, len(hs))
		moves := make([]int, len(hs))
		var optSum int64
		proven := 0
		for i := range q.Games {
			if err := ctx.Err(); err != nil {
				return err
			}
			stream := uint64(di)<<32 | uint64(i)
			game, err := chipfire.RandomGame(mrand.NewPCG(q.Seed, stream), q.N, p, -1)
			if err != nil {
				return fmt.Errorf("p = %v: %w", p, err)
			}
			g, d := game.Graph, game.Divisor
			rng := mrand.New(mrand.NewPCG(q.Seed^0x9e3779b97f4a7c15, stream))
			known := int64(0)
			for k, h := range hs {
				res, err := chipfire.Play(g, d, h, q.Moves, rng)
				if err != nil {
					return err
				}
				if !res.Won {
					continue
				}
				if err := g.CheckWin(d, res.Script); err != nil {
					return fmt.Errorf("heuristic %s claims a win: %v", h, err)
				}
				wins[k]++
				moves[k] += res.Moves
				if c := res.Script.Fewest().Moves(); known == 0 || c < known {
					known = c
				}
			}
			if *q.Optimal {
				best, ok, err := s.fewest(ctx, g, d, known)
				if err != nil {
					return fmt.Errorf("p = %v, game %d: %w", p, i+1, err)
				}
				optSum += best
				if ok {
					proven++
				}
			}
			j.mu.Lock()
			j.done++
			j.mu.Unlock()
		}
		j.mu.Lock()
		r := &j.result
		r.Densities = append(r.Densities, p)
		for k := range hs {
			h := &r.Heuristics[k]
			h.Success = append(h.Success, float64(wins[k])/float64(q.Games))
			mean := 0.0
			if wins[k] > 0 {
				mean = float64(moves[k]) / float64(wins[k])
			}
			h.Moves = append(h.Moves, mean)
		}
		if *q.Optimal {
			r.Optimal = append(r.Optimal, float64(optSum)/float64(q.Games))
			r.Proven = append(r.Proven, proven)
		}
		j.mu.Unlock()
	}
	return nil
}

// fewest returns the fewest moves of a game by the PB model within the
// solve timeout, capped by the best heuristic's (or Dhar's) script, and
// whether it was proved optimal. A game the model cannot finish in time
// counts with the best script known.
func (s *Server) fewest(ctx context.Context, g *chipfire.Graph, d chipfire.Divisor, known int64) (int64, bool, error) {
	script, _, err := chipfire.Winnable(ctx, g, d)
	if err != nil {
		return 0, false, err
	}
	if script == nil {
		return 0, false, fmt.Errorf("internal error: a random game of degree g is unwinnable")
	}
	if c := script.Fewest().Moves(); known == 0 || c < known {
		known = c
	}
	if known == 0 || d.Effective() {
		return 0, true, nil
	}
	gctx, cancel := context.WithTimeout(ctx, s.opts.SolveTimeout)
	defer cancel()
	solver := s.opts.NewSolver()
	o := movesOptions(solver, known)
	res, err := chipfire.MinMoves(gctx, g, d, solver, o)
	switch {
	case err == nil && res.Optimal:
		return res.Moves, true, nil
	case ctx.Err() != nil:
		return 0, false, ctx.Err()
	case gctx.Err() != nil:
		if res.Script != nil && res.Moves < known {
			return res.Moves, false, nil
		}
		return known, false, nil
	case err != nil:
		return 0, false, err
	}
	return res.Moves, false, nil
}

func (s *Server) jobGet(r *http.Request) (any, error) {
	j := s.jobs.get(r.PathValue("id"))
	if j == nil {
		return nil, &apiError{Status: http.StatusNotFound, Msg: fmt.Sprintf("no run %q (finished runs are kept for %v)", r.PathValue("id"), keepJobs)}
	}
	return j.status(), nil
}

func (s *Server) jobCancel(r *http.Request) (any, error) {
	j := s.jobs.get(r.PathValue("id"))
	if j == nil {
		return nil, &apiError{Status: http.StatusNotFound, Msg: fmt.Sprintf("no run %q", r.PathValue("id"))}
	}
	j.cancel()
	return map[string]string{"id": j.id, "state": "cancelling"}, nil
}
