package servecmd

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/web"
	"github.com/satsolve/satsolve/cmd/internal/web/webtest"
	"github.com/satsolve/satsolve/models/chipfire"
)

// The load test: many clients on loopback sending a mix of page, API and
// malformed requests for a while; every answer is checked, the latency
// percentiles are reported, and the goroutines are counted before the
// server starts and after it stops. go test runs a short version; the
// full one is
//
//	go test -run TestLoad -load.duration 30s -v ./cmd/internal/servecmd
var (
	loadDuration = flag.Duration("load.duration", 2*time.Second, "how long TestLoad sends requests")
	loadClients  = flag.Int("load.clients", 200, "concurrent clients of TestLoad")
)

// loadCase is one kind of request with the check of its answer.
type loadCase struct {
	name   string
	method string
	path   string
	body   func(i int) string
	check  func(status int, body []byte) error
}

// The answers the load test reads, with the fields it checks (as a client
// of the API would read them).
type (
	loadGame struct {
		Names   []string   `json:"names"`
		Edges   [][2]int   `json:"edges"`
		Divisor []int64    `json:"divisor"`
		Genus   int        `json:"genus"`
		Degree  int64      `json:"degree"`
		Layout  [][2]int32 `json:"layout"`
	}
	loadWinnable struct {
		Winnable bool    `json:"winnable"`
		Q        int     `json:"q"`
		Reduced  []int64 `json:"reduced"`
	}
	loadHint struct {
		Move *struct {
			Name   string `json:"name"`
			Action string `json:"action"`
		} `json:"move"`
		MovesLeft int64 `json:"moves_left"`
		Optimal   bool  `json:"optimal"`
	}
	loadNonogram struct {
		Solutions [][]string `json:"solutions"`
		Verdict   string     `json:"verdict"`
	}
	loadDeck struct {
		Cards [][]int `json:"cards"`
		K     int     `json:"k"`
		OK    bool    `json:"ok"`
		Total int     `json:"total"`
	}
)

// loadCases builds the mix. The expected answers are computed here, from
// the models, not taken from the server.
func loadCases(t *testing.T) []loadCase {
	cp := webtest.ReadTestdata(t, "chipfire/good/cp.txt")
	cpGame := `{"game": {"names": ["A", "B", "C", "E"], "edges": [[0, 1], [0, 2], [0, 3], [0, 3], [1, 2], [2, 3]], "divisor": [2, -3, 4, -1]}}`
	demo := webtest.ReadTestdata(t, "nonogram/webpbn-00001.non")
	demoJSON, _ := json.Marshal(map[string]string{"text": demo})
	cpJSON, _ := json.Marshal(map[string]string{"text": cp})
	cpRead, err := chipfire.ReadGame(strings.NewReader(cp), "cp", chipfire.FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	cpReduced, err := chipfire.Reduce(context.Background(), cpRead.Graph, cpRead.Divisor, 0) // the expected q-reduced divisor
	if err != nil {
		t.Fatal(err)
	}
	const demoSolution = ".##..|.##.#|..#.#|.###.|#.#..|#.#..|..##.|.#.#.|.#.##|##..."
	fixed := func(s string) func(int) string { return func(int) string { return s } }
	status := func(want, got int, body []byte) error {
		if got != want {
			return fmt.Errorf("status %d, want %d: %.200s", got, want, body)
		}
		return nil
	}
	return []loadCase{
		{"page", "GET", "/dollar", nil, func(st int, b []byte) error {
			if err := status(200, st, b); err != nil {
				return err
			}
			if !bytes.Contains(b, []byte("<title>The dollar game")) {
				return fmt.Errorf("not the dollar page")
			}
			return nil
		}},
		{"script", "GET", "/static/dollar.js", nil, func(st int, b []byte) error {
			if err := status(200, st, b); err != nil {
				return err
			}
			if !bytes.Contains(b, []byte("export")) && !bytes.Contains(b, []byte("import")) {
				return fmt.Errorf("not the script")
			}
			return nil
		}},
		{"levels", "GET", "/api/chipfire/levels", nil, func(st int, b []byte) error {
			var a struct{ Levels []struct{ Level int } }
			if err := decodeOK(st, b, &a); err != nil {
				return err
			}
			if len(a.Levels) != 24 {
				return fmt.Errorf("%d levels", len(a.Levels))
			}
			return nil
		}},
		{"random", "POST", "/api/chipfire/random", func(i int) string { return fmt.Sprintf(`{"n": 10, "p": 0.4, "seed": %d}`, i) }, func(st int, b []byte) error {
			var g loadGame
			if err := decodeOK(st, b, &g); err != nil {
				return err
			}
			if len(g.Names) != 10 || len(g.Layout) != 10 || g.Degree != int64(g.Genus) || g.Genus != len(g.Edges)-10+1 {
				return fmt.Errorf("not a 10-vertex game of degree g: %.200s", b)
			}
			return nil
		}},
		{"parse", "POST", "/api/chipfire/parse", fixed(string(cpJSON)), func(st int, b []byte) error {
			var g loadGame
			if err := decodeOK(st, b, &g); err != nil {
				return err
			}
			if !slices.Equal(g.Divisor, []int64{2, -3, 4, -1}) || len(g.Edges) != 6 {
				return fmt.Errorf("cp.txt read as %v, %d edges", g.Divisor, len(g.Edges))
			}
			return nil
		}},
		{"winnable", "POST", "/api/chipfire/winnable", fixed(strings.Replace(cpGame, "}}", `}, "q": 0}`, 1)), func(st int, b []byte) error {
			var a loadWinnable
			if err := decodeOK(st, b, &a); err != nil {
				return err
			}
			if !a.Winnable || a.Q != 0 || !slices.Equal(a.Reduced, cpReduced.Divisor) {
				return fmt.Errorf("%+v", a)
			}
			return nil
		}},
		{"hint", "POST", "/api/chipfire/hint", fixed(cpGame), func(st int, b []byte) error {
			var a loadHint
			if err := decodeOK(st, b, &a); err != nil {
				return err
			}
			// The optimum is 2 moves: B borrows, C lends.
			if a.Move == nil || !a.Optimal || a.MovesLeft != 2 ||
				!(a.Move.Name == "B" && a.Move.Action == "borrow" || a.Move.Name == "C" && a.Move.Action == "lend") {
				return fmt.Errorf("%+v", a)
			}
			return nil
		}},
		{"nonogram", "POST", "/api/nonogram/solve", fixed(string(demoJSON)), func(st int, b []byte) error {
			var a loadNonogram
			if err := decodeOK(st, b, &a); err != nil {
				return err
			}
			if a.Verdict != "unique" || len(a.Solutions) != 1 || strings.Join(a.Solutions[0], "|") != demoSolution {
				return fmt.Errorf("%s %v", a.Verdict, a.Solutions)
			}
			return nil
		}},
		{"dobble", "POST", "/api/dobble/build", fixed(`{"order": 5}`), func(st int, b []byte) error {
			var a loadDeck
			if err := decodeOK(st, b, &a); err != nil {
				return err
			}
			if len(a.Cards) != 31 || a.K != 6 {
				return fmt.Errorf("%d cards of %d", len(a.Cards), a.K)
			}
			return nil
		}},
		{"deck", "POST", "/api/dobble/check", fixed(`{"text": "a b c\na b d\nc d e\n"}`), func(st int, b []byte) error {
			var a loadDeck
			if err := decodeOK(st, b, &a); err != nil {
				return err
			}
			if a.OK || a.Total != 1 {
				return fmt.Errorf("%+v", a)
			}
			return nil
		}},
		{"malformed", "POST", "/api/chipfire/solve", fixed(`{"game": {"edges": [[0, 0]], "divisor": [1]}}`), func(st int, b []byte) error {
			if err := status(400, st, b); err != nil {
				return err
			}
			if !bytes.Contains(b, []byte(`"error":"\u003cinput\u003e`)) && !bytes.Contains(b, []byte(`"error":"<input>`)) {
				return fmt.Errorf("%s", b)
			}
			return nil
		}},
	}
}

// decodeOK checks a 200 and decodes the answer.
func decodeOK(st int, b []byte, v any) error {
	if st != 200 {
		return fmt.Errorf("status %d: %.200s", st, b)
	}
	return json.Unmarshal(b, v)
}

func TestLoad(t *testing.T) {
	cases := loadCases(t)
	runtime.GC()
	before := runtime.NumGoroutine()

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- web.Serve(ctx, ln, NewHandler(web.Options{})) }()
	base := "http://" + ln.Addr().String()
	tr := &http.Transport{MaxIdleConnsPerHost: *loadClients, MaxIdleConns: *loadClients}
	client := &http.Client{Transport: tr, Timeout: 60 * time.Second}

	type sample struct {
		kind int
		d    time.Duration
	}
	var (
		mu       sync.Mutex
		samples  []sample
		failures []string
		failed   int
	)
	end := time.Now().Add(*loadDuration)
	var wg sync.WaitGroup
	for c := range *loadClients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []sample
			for i := c; time.Now().Before(end); i += *loadClients {
				k := i % len(cases)
				lc := cases[k]
				var body io.Reader
				if lc.body != nil {
					body = strings.NewReader(lc.body(i))
				}
				req, _ := http.NewRequest(lc.method, base+lc.path, body)
				start := time.Now()
				res, err := client.Do(req)
				var data []byte
				if err == nil {
					data, err = io.ReadAll(res.Body)
					res.Body.Close()
				}
				d := time.Since(start)
				if err == nil {
					err = lc.check(res.StatusCode, data)
				}
				if err != nil {
					mu.Lock()
					failed++
					if len(failures) < 10 {
						failures = append(failures, lc.name+": "+err.Error())
					}
					mu.Unlock()
				}
				mine = append(mine, sample{k, d})
			}
			mu.Lock()
			samples = append(samples, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := *loadDuration

	tr.CloseIdleConnections()
	stop()
	if err := <-served; err != nil {
		t.Errorf("Serve: %v", err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	after := runtime.NumGoroutine()

	pct := func(ds []time.Duration, p float64) time.Duration {
		if len(ds) == 0 {
			return 0
		}
		slices.Sort(ds)
		return ds[min(len(ds)-1, int(p*float64(len(ds))))]
	}
	all := make([]time.Duration, 0, len(samples))
	byKind := make([][]time.Duration, len(cases))
	for _, s := range samples {
		all = append(all, s.d)
		byKind[s.kind] = append(byKind[s.kind], s.d)
	}
	t.Logf("%d clients, %v: %d requests (%.0f/s), %d wrong; latency p50 %v, p99 %v, max %v; goroutines %d before, %d after",
		*loadClients, elapsed, len(all), float64(len(all))/elapsed.Seconds(), failed,
		pct(all, 0.5).Round(time.Microsecond), pct(all, 0.99).Round(time.Microsecond), pct(all, 1).Round(time.Microsecond), before, after)
	for k, lc := range cases {
		t.Logf("  %-9s %6d requests, p50 %9v, p99 %9v", lc.name, len(byKind[k]),
			pct(byKind[k], 0.5).Round(time.Microsecond), pct(byKind[k], 0.99).Round(time.Microsecond))
	}
	for _, f := range failures {
		t.Error(f)
	}
	if failed > 0 {
		t.Errorf("%d of %d answers wrong", failed, len(all))
	}
	if after > before {
		t.Errorf("goroutine leak: %d before the server started, %d after it stopped", before, after)
	}
	if len(all) < *loadClients {
		t.Errorf("only %d requests in %v", len(all), elapsed)
	}
}
