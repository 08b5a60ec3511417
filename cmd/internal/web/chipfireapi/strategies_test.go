package chipfireapi

import (
	"math/rand/v2"
	"net/http"
	"runtime"
	"testing"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/web"
	"github.com/satsolve/satsolve/cmd/internal/web/webtest"
	"github.com/satsolve/satsolve/models/chipfire"
)

// jobStatus is what GET /api/jobs/{id} answers for a strategies run.
type jobStatus struct {
	ID      string               `json:"id"`
	State   string               `json:"state"`
	Done    int                  `json:"done"`
	Total   int                  `json:"total"`
	Seconds float64              `json:"seconds"`
	Error   string               `json:"error"`
	Result  *chipfire.SweepTable `json:"result"`
}

// waitJob polls a run until it leaves "running".
func waitJob(t *testing.T, poll func() jobStatus) jobStatus {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		st := poll()
		if st.State != "running" {
			return st
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the run did not finish in 60 s")
	return jobStatus{}
}

func TestStrategiesRun(t *testing.T) {
	ts, s := newTestServer(t, web.Options{})
	req := map[string]any{"n": 6, "densities": []float64{0.5, 0.9}, "games": 4, "moves": 50, "seed": 5}
	var started struct {
		ID    string `json:"id"`
		Total int    `json:"total"`
	}
	if st, body := webtest.Post(t, ts, "/api/chipfire/strategies", req, &started); st != http.StatusAccepted || started.Total != 8 {
		t.Fatalf("%d %s", st, body)
	}
	st := waitJob(t, func() jobStatus {
		var js jobStatus
		webtest.Call(t, ts, "GET", "/api/jobs/"+started.ID, nil, &js)
		return js
	})
	if st.State != "done" || st.Done != 8 || st.Error != "" {
		t.Fatalf("%+v", st)
	}
	r := st.Result
	if len(r.Densities) != 2 || len(r.Heuristics) != 9 || len(r.Optimal) != 2 || len(r.Proven) != 2 {
		t.Fatalf("result shape: %+v", r)
	}
	// Recompute the success rates with the model directly, from the seeds
	// the run documents (those of satsolve chipfire strategies).
	for di, p := range r.Densities {
		for k, h := range chipfire.Heuristics() {
			wins := 0
			for i := range 4 {
				stream := uint64(di)<<32 | uint64(i)
				game, _ := chipfire.RandomGame(rand.NewPCG(5, stream), 6, p, -1)
				rng := rand.New(rand.NewPCG(5^0x9e3779b97f4a7c15, stream))
				// The heuristics share one generator per game, in order.
				for _, before := range chipfire.Heuristics()[:k] {
					chipfire.Play(game.Graph, game.Divisor, before, 50, rng)
				}
				if res, _ := chipfire.Play(game.Graph, game.Divisor, h, 50, rng); res.Won {
					wins++
				}
			}
			if got := r.Heuristics[k].Success[di]; got != float64(wins)/4 || r.Heuristics[k].Name != h.String() {
				t.Errorf("p=%v, %s: success %v, recomputed %v", p, h, got, float64(wins)/4)
			}
		}
		if r.Proven[di] != 4 {
			t.Errorf("p=%v: %d of 4 optima proved on 6 vertices", p, r.Proven[di])
		}
		// Every game is winnable, so the fewest moves are at most the
		// moves of any heuristic that won every game.
		for _, h := range r.Heuristics {
			if h.Success[di] == 1 && r.Optimal[di] > h.Moves[di]+1e-9 {
				t.Errorf("p=%v: mean fewest moves %v above %s's %v", p, r.Optimal[di], h.Name, h.Moves[di])
			}
		}
	}
	// Malformed or oversize runs: 400, and no run is registered.
	for _, c := range []struct {
		body any
		want string
	}{
		{map[string]any{"n": 21}, "2 to 20 vertices"},
		{map[string]any{"games": 201}, "1 to 200 games"},
		{map[string]any{"densities": []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 0.15, 0.25}}, "1 to 11"},
		{map[string]any{"densities": []float64{0}}, "density 0"},
		{map[string]any{"games": 150, "densities": []float64{0.2, 0.4, 0.6, 0.8, 1, 0.5, 0.7}}, "at most 1000"},
		{map[string]any{"moves": 5000}, "move limit is 1 to 1000"},
		{`{"n": 5, "speed": 2}`, `unknown field "speed"`},
	} {
		st, body := webtest.Post(t, ts, "/api/chipfire/strategies", c.body, nil)
		webtest.WantError(t, st, body, 400, c.want)
	}
	if n := s.Jobs(); n != 1 {
		t.Errorf("%d runs registered, want only the good one", n)
	}
	code, body := webtest.Call(t, ts, "GET", "/api/jobs/nosuchjob", nil, nil)
	webtest.WantError(t, code, body, 404, `no run "nosuchjob"`)
}

// TestStrategiesBusyAndCancel: a second run while one is in progress is
// refused with 503 and registers nothing; DELETE stops the first, and
// Close leaves no goroutine behind.
func TestStrategiesBusyAndCancel(t *testing.T) {
	before := runtime.NumGoroutine()
	ts, s := newTestServer(t, web.Options{MaxRuns: 1})
	big := map[string]any{"n": 20, "densities": []float64{0.2, 0.3, 0.4, 0.5, 0.6}, "games": 200, "moves": 1000}
	var started struct{ ID string }
	if st, body := webtest.Post(t, ts, "/api/chipfire/strategies", big, &started); st != http.StatusAccepted {
		t.Fatalf("%d %s", st, body)
	}
	st, body := webtest.Post(t, ts, "/api/chipfire/strategies", big, nil)
	webtest.WantError(t, st, body, http.StatusServiceUnavailable, "server busy: 1 strategies run in progress")
	if code, body := webtest.Call(t, ts, "DELETE", "/api/jobs/"+started.ID, nil, nil); code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	js := waitJob(t, func() jobStatus {
		var js jobStatus
		webtest.Call(t, ts, "GET", "/api/jobs/"+started.ID, nil, &js)
		return js
	})
	if js.State != "cancelled" || js.Done >= js.Total {
		t.Errorf("after DELETE: %+v", js)
	}
	// The slot is free again.
	var again struct{ ID string }
	if st, body := webtest.Post(t, ts, "/api/chipfire/strategies", map[string]any{"games": 1, "densities": []float64{0.5}}, &again); st != http.StatusAccepted {
		t.Fatalf("%d %s", st, body)
	}
	ts.Close()
	s.Close()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if after := runtime.NumGoroutine(); after > before {
		t.Errorf("%d goroutines before, %d after Close", before, after)
	}
}
