package main

import (
	"container/heap"
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/cube"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/satfile"
)

// cores is the size of the array job the report projects onto.
const cores = 100

// engine is a named solver factory.
type engine struct {
	name string
	new  func() sat.Solver
}

var engines = map[string]engine{
	"gini": {"gini", func() sat.Solver { return gini.New() }},
	"cdcl": {"cdcl", func() sat.Solver { return cdcl.New() }},
}

// report holds the settings and counts of a run.
type report struct {
	ctx      context.Context
	corpus   string
	cubes    int
	timeout  time.Duration
	repeat   int
	backends []engine
	expected map[string]sat.Status
	wrong    int
}

// readManifest returns the expected status of every corpus file.
func readManifest(corpus string) (map[string]sat.Status, error) {
	f, err := os.Open(filepath.Join(corpus, "manifest.csv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, err
	}
	out := map[string]sat.Status{}
	for _, r := range rows[1:] {
		out[r[0]] = map[string]sat.Status{"SAT": sat.Sat, "UNSAT": sat.Unsat}[r[3]]
	}
	return out, nil
}

// solveTimed solves f under the assumptions with a fresh solver, limited to
// r.timeout of CPU, and returns the answer with its CPU time, the load
// included. A model is checked against f and the assumptions.
func (r *report) solveTimed(b engine, f *sat.Formula, assumptions []sat.Lit) (cube.Answer, error) {
	ctx, stop := benchmarks.WithCPULimit(r.ctx, r.timeout, 50*time.Millisecond)
	s := b.new()
	for range f.NumVars {
		s.NewVar()
	}
	for _, c := range f.Clauses {
		s.AddClause(c...)
	}
	st, err := s.Solve(ctx, assumptions...)
	a := cube.Answer{Status: st, Time: stop(), Err: err}
	switch {
	case r.ctx.Err() != nil:
		return a, r.ctx.Err()
	case err != nil:
		a.Status = sat.Unknown
	case st == sat.Sat:
		a.Model = s.Model()
		if err := f.CheckUnder(a.Model, assumptions); err != nil {
			return a, fmt.Errorf("%s: %w: %v", b.name, sat.ErrBadModel, err)
		}
	}
	return a, nil
}

// row is one instance and backend of the report.
type row struct {
	whole        sat.Status
	wholeCPU     time.Duration
	answers      []cube.Answer // sequential, CPU times
	merged       sat.Status
	sum, longest time.Duration
	timedOut     int
	array        time.Duration // cores cores, cubes in order
	pair         time.Duration // 2 cores, cubes in order
	wall1, wall2 time.Duration // best wall time of cubes run -j 1, -j 2
}

func (r *report) run(files []string) error {
	fmt.Println("| instance | expected | backend | whole | split | cubes (refuted) | sum of cubes | sum / whole | longest cube | 2 cores | whole / 2 cores | 100 cores | whole / 100 cores | wall -j 1 | wall -j 2 | -j 1 / -j 2 |")
	fmt.Println("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, file := range files {
		p, err := satfile.ReadFile(filepath.Join(r.corpus, file), satfile.Options{})
		if err != nil {
			return err
		}
		f := p.Formula
		c0 := benchmarks.CPUTime()
		sp, err := cube.Run(r.ctx, f, cube.Options{Cubes: r.cubes})
		if err != nil {
			return err
		}
		split := benchmarks.CPUTime() - c0
		fmt.Fprintf(os.Stderr, "%s: %d cubes, %d refuted in %.2f s\n", file, len(sp.Cubes), len(sp.Refuted), split.Seconds())
		for _, b := range r.backends {
			w, err := r.measure(b, f, sp)
			if err != nil {
				return fmt.Errorf("%s: %w", file, err)
			}
			want := r.expected[file]
			r.checkAgree(file, b.name, want, w)
			total, two := split+w.array, split+w.pair
			fmt.Printf("| %s | %v | %s | %s | %.2f | %d (%d) | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
				file, want, b.name, secs(w.wholeCPU, w.whole == sat.Unknown), split.Seconds(), len(sp.Cubes), len(sp.Refuted),
				secs(w.sum, w.timedOut > 0), ratio(w.sum+split, w.wholeCPU, w.timedOut > 0, w.whole == sat.Unknown),
				secs(w.longest, w.timedOut > 0), secs(two, w.timedOut > 0), ratio(w.wholeCPU, two, w.whole == sat.Unknown, w.timedOut > 0),
				secs(total, w.timedOut > 0), ratio(w.wholeCPU, total, w.whole == sat.Unknown, w.timedOut > 0),
				wallSecs(w.wall1, w.timedOut > 0), wallSecs(w.wall2, w.timedOut > 0), ratio(w.wall1, w.wall2, false, false))
		}
	}
	fmt.Println()
	fmt.Printf("\"whole\": the backend alone on the formula. \"sum of cubes\": every cube solved with a fresh solver, one at a time, loading included; \"sum / whole\" counts the split too, so it is the CPU overhead of cube-and-conquer (below 1: the cubes together are cheaper than the whole). \"2 cores\", \"100 cores\": the split plus the cubes handed out in order to 2 or %d cores, each taking the next cube when free (a job array); for a satisfiable formula it ends with the first satisfiable cube; it can never be less than the split plus the longest cube (plus the fastest satisfiable one, for SAT). \"wall -j N\": satsolve cubes run with N jobs (fresh solver per cube, stopping at the first satisfiable cube), best of %d runs, the runs with one job and with two alternating. > marks a time limit reached.\n", cores, r.repeat)
	return nil
}

// measure solves f whole and cube by cube with backend b.
func (r *report) measure(b engine, f *sat.Formula, sp *cube.Split) (row, error) {
	var w row
	a, err := r.solveTimed(b, f, nil)
	if err != nil {
		return w, err
	}
	w.whole, w.wholeCPU = a.Status, a.Time
	for i, c := range sp.Cubes {
		a, err := r.solveTimed(b, f, c)
		if err != nil {
			return w, err
		}
		a.Index = i
		w.answers = append(w.answers, a)
		w.sum += a.Time
		w.longest = max(w.longest, a.Time)
		if a.Status == sat.Unknown {
			w.timedOut++
		}
	}
	w.array = schedule(w.answers, cores)
	w.pair = schedule(w.answers, 2)
	v, err := cube.Merge(r.ctx, f, sp.Cubes, sp.Refuted, w.answers, cube.MergeOptions{})
	if err != nil {
		return w, err
	}
	w.merged = v.Status
	if w.timedOut > 0 || r.repeat == 0 {
		return w, nil // no wall-clock runs, or they would only time out too
	}
	// The runs with one job and with two alternate, so that a change of
	// the machine's load falls on both alike.
	for range r.repeat {
		for _, jobs := range []int{1, 2} {
			wall, err := r.wallRun(b, f, sp, jobs, w.merged)
			if err != nil {
				return w, err
			}
			best := &w.wall1
			if jobs == 2 {
				best = &w.wall2
			}
			if *best == 0 || wall < *best {
				*best = wall
			}
		}
	}
	return w, nil
}

// wallRun times cube.Conquer with jobs goroutines, as satsolve cubes run
// does, and checks its merged answer against want.
func (r *report) wallRun(b engine, f *sat.Formula, sp *cube.Split, jobs int, want sat.Status) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(r.ctx, benchmarks.WallGuard*time.Duration(len(sp.Cubes)+1)*r.timeout)
	defer cancel()
	start := time.Now()
	answers, err := cube.Conquer(ctx, f, sp.Cubes, cube.ConquerOptions{NewSolver: b.new, Jobs: jobs})
	wall := time.Since(start)
	if err != nil {
		return 0, err
	}
	v, err := cube.Merge(r.ctx, f, sp.Cubes, sp.Refuted, answers, cube.MergeOptions{})
	if err != nil {
		return 0, err
	}
	if v.Status != want {
		return 0, fmt.Errorf("%s -j %d: %v, the sequential cubes gave %v", b.name, jobs, v.Status, want)
	}
	return wall, nil
}

// checkAgree counts a merged or whole answer that contradicts another.
func (r *report) checkAgree(file, backend string, want sat.Status, w row) {
	for _, got := range []sat.Status{w.whole, w.merged} {
		if got != sat.Unknown && want != sat.Unknown && got != want {
			r.wrong++
			fmt.Printf("\n**WRONG: %s on %s answered %v, expected %v**\n\n", backend, file, got, want)
		}
	}
	if w.whole != sat.Unknown && w.merged != sat.Unknown && w.whole != w.merged {
		r.wrong++
		fmt.Printf("\n**DISAGREEMENT: %s on %s: whole %v, cubes %v**\n\n", backend, file, w.whole, w.merged)
	}
}

// schedule returns the time at which n cores, each taking the next cube
// in order when free, are done: when every cube is answered, or, when a
// cube is satisfiable, when the first satisfiable one is.
func schedule(answers []cube.Answer, n int) time.Duration {
	free := make(durHeap, n)
	var end, firstSat time.Duration
	for _, a := range answers {
		t := heap.Pop(&free).(time.Duration)
		finish := t + a.Time
		heap.Push(&free, finish)
		end = max(end, finish)
		if a.Status == sat.Sat && (firstSat == 0 || finish < firstSat) {
			firstSat = finish
		}
	}
	if firstSat > 0 {
		return firstSat
	}
	return end
}

// durHeap is a min-heap of durations.
type durHeap []time.Duration

func (h durHeap) Len() int           { return len(h) }
func (h durHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h durHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *durHeap) Push(x any)        { *h = append(*h, x.(time.Duration)) }
func (h *durHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// secs formats seconds, with ">" for a time limit reached.
func secs(d time.Duration, limited bool) string {
	s := fmt.Sprintf("%.2f", d.Seconds())
	if limited {
		s = ">" + s
	}
	return s
}

// wallSecs formats a wall time: "–" when not measured (-repeat 0), ">"
// when cubes reached the time limit (and the runs were skipped).
func wallSecs(d time.Duration, limited bool) string {
	switch {
	case limited:
		return ">"
	case d == 0:
		return "–"
	}
	return fmt.Sprintf("%.2f", d.Seconds())
}

// ratio formats a/b; aLow and bLow mark a value that is only a lower bound.
func ratio(a, b time.Duration, aLow, bLow bool) string {
	if a <= 0 || b <= 0 || aLow && bLow {
		return "–"
	}
	s := fmt.Sprintf("%.2f", a.Seconds()/b.Seconds())
	switch {
	case aLow:
		return ">" + s
	case bLow:
		return "<" + s
	}
	return s
}
