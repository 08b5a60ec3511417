package web_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/web"
	"github.com/satsolve/satsolve/cmd/internal/web/webtest"
)

// countJob counts to total, a step every tick, publishing the count as
// its result, until ctx ends.
func countJob(total int, tick time.Duration) web.Job {
	var mu sync.Mutex
	n := 0
	return web.Job{
		Name: "count", Total: total, Partial: "the count is right so far",
		Run: func(ctx context.Context, step func()) error {
			for range total {
				select {
				case <-ctx.Done():
					return ctx.Err()
				case <-time.After(tick):
				}
				mu.Lock()
				n++
				mu.Unlock()
				step()
			}
			return nil
		},
		Result: func() any {
			mu.Lock()
			defer mu.Unlock()
			return n
		},
	}
}

// jobStatus is what GET /api/jobs/{id} answers for a countJob.
type jobStatus struct {
	ID     string `json:"id"`
	State  string `json:"state"`
	Done   int    `json:"done"`
	Total  int    `json:"total"`
	Error  string `json:"error"`
	Result int    `json:"result"`
}

// waitJob polls a job until it leaves "running".
func waitJob(t *testing.T, ts *httptest.Server, id string) jobStatus {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		var js jobStatus
		webtest.Call(t, ts, "GET", "/api/jobs/"+id, nil, &js)
		if js.State != "running" {
			return js
		}
	}
	t.Fatal("the job did not finish in 10 s")
	return jobStatus{}
}

// TestJobs: a job runs to the end with its progress and result; a second
// one while one runs is refused with 503 and registers nothing; DELETE
// and the run limit stop a job, saying what its result holds; Close
// leaves no goroutine behind.
func TestJobs(t *testing.T) {
	before := runtime.NumGoroutine()
	s := web.New(web.Options{MaxRuns: 1, RunTimeout: 300 * time.Millisecond})
	start := func(j web.Job) {
		s.API("POST /test/"+j.Name, func(*http.Request) (any, error) { return s.StartJob(j) })
	}
	short, long := countJob(5, time.Millisecond), countJob(1000, 10*time.Millisecond)
	long.Name = "long"
	start(short)
	start(long)
	ts := webtest.Start(t, s)
	var started struct {
		ID, URL string
		Total   int
	}
	if st, body := webtest.Post(t, ts, "/test/count", nil, &started); st != http.StatusAccepted || started.Total != 5 || started.URL != "/api/jobs/"+started.ID {
		t.Fatalf("%d %s", st, body)
	}
	if js := waitJob(t, ts, started.ID); js.State != "done" || js.Done != 5 || js.Result != 5 || js.Error != "" {
		t.Errorf("%+v", js)
	}

	if st, body := webtest.Post(t, ts, "/test/long", nil, &started); st != http.StatusAccepted {
		t.Fatalf("%d %s", st, body)
	}
	st, body := webtest.Post(t, ts, "/test/count", nil, nil)
	webtest.WantError(t, st, body, http.StatusServiceUnavailable, "server busy: 1 count in progress (at most 1 at once, --max-runs)")
	if n := s.Jobs(); n != 2 {
		t.Errorf("%d jobs registered, want the two started", n)
	}
	if code, body := webtest.Call(t, ts, "DELETE", "/api/jobs/"+started.ID, nil, nil); code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	if js := waitJob(t, ts, started.ID); js.State != "cancelled" || js.Error != "cancelled; the count is right so far" || js.Done != js.Result || js.Done >= js.Total {
		t.Errorf("after DELETE: %+v", js)
	}

	webtest.Post(t, ts, "/test/long", nil, &started)
	if js := waitJob(t, ts, started.ID); js.State != "timed out" || js.Error != "timed out: the run did not finish within 300ms (the server's run limit); the count is right so far" {
		t.Errorf("at the run limit: %+v", js)
	}
	code, body := webtest.Call(t, ts, "GET", "/api/jobs/nosuchjob", nil, nil)
	webtest.WantError(t, code, body, 404, `no run "nosuchjob"`)
	code, body = webtest.Call(t, ts, "DELETE", "/api/jobs/nosuchjob", nil, nil)
	webtest.WantError(t, code, body, 404, `no run "nosuchjob"`)

	// Close stops a running job and waits for it.
	webtest.Post(t, ts, "/test/long", nil, &started)
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
