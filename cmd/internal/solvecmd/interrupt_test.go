package solvecmd

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The judged differential test of interrupted optimisation (issue 18
// items 1 and 2): random WCNF and OPB instances, each solved by a random
// backend and stopped at a random deadline. Every printed cost must be
// the cost of the printed model recomputed here from the instance (not
// through the reader), the model must satisfy the hard constraints, and
// every run must end within the deadline plus a generous second.

// optInstance is a random optimisation instance held as lists.
type optInstance struct {
	opb   bool
	vars  int
	hard  [][]int // clauses (WCNF) or the literals of "Σ lits ≥ 1"-style PBs
	pbs   []optPB // OPB constraints
	softs [][]int // WCNF soft clauses
	w     []int64 // WCNF soft weights, or OPB objective coefficients
	obj   []int   // OPB objective literals
}

type optPB struct {
	coefs []int64
	lits  []int
	k     int64 // Σ ≥ k
}

func randomLits(r *rand.Rand, vars, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = 1 + r.IntN(vars)
		if r.IntN(2) == 0 {
			out[i] = -out[i]
		}
	}
	return out
}

func randomWCNF(r *rand.Rand) *optInstance {
	in := &optInstance{vars: 40 + r.IntN(100)}
	for range in.vars * (2 + r.IntN(2)) {
		in.hard = append(in.hard, randomLits(r, in.vars, 3))
	}
	maxW := []int64{1, 10, 300}[r.IntN(3)]
	for range in.vars + r.IntN(in.vars) {
		in.softs = append(in.softs, randomLits(r, in.vars, 1+r.IntN(3)))
		in.w = append(in.w, 1+r.Int64N(maxW))
	}
	return in
}

func randomOPB(r *rand.Rand) *optInstance {
	in := &optInstance{opb: true, vars: 30 + r.IntN(60)}
	for range in.vars {
		c := optPB{lits: randomLits(r, in.vars, 3+r.IntN(4))}
		var sum int64
		for range c.lits {
			a := 1 + r.Int64N(5)
			c.coefs = append(c.coefs, a)
			sum += a
		}
		c.k = 1 + r.Int64N(sum/3+1)
		in.pbs = append(in.pbs, c)
	}
	for v := 1; v <= in.vars; v++ {
		l := v
		if r.IntN(2) == 0 {
			l = -v
		}
		in.obj = append(in.obj, l)
		in.w = append(in.w, 1+r.Int64N(50))
	}
	return in
}

// used returns the largest variable that occurs in the instance: a 2022
// WCNF has no header, so a variable in no clause is not in the file and
// the model printed stops at this one.
func (in *optInstance) used() int {
	if in.opb {
		return in.vars // the header declares them all
	}
	m := 0
	for _, cs := range [][][]int{in.hard, in.softs} {
		for _, c := range cs {
			for _, l := range c {
				m = max(m, l, -l)
			}
		}
	}
	return m
}

func (in *optInstance) text() string {
	var b strings.Builder
	lit := func(l int) string {
		if l < 0 {
			return "~x" + strconv.Itoa(-l)
		}
		return "x" + strconv.Itoa(l)
	}
	if in.opb {
		fmt.Fprintf(&b, "* #variable= %d #constraint= %d\nmin:", in.vars, len(in.pbs))
		for i, l := range in.obj {
			fmt.Fprintf(&b, " +%d %s", in.w[i], lit(l))
		}
		b.WriteString(" ;\n")
		for _, c := range in.pbs {
			for i, l := range c.lits {
				fmt.Fprintf(&b, "+%d %s ", c.coefs[i], lit(l))
			}
			fmt.Fprintf(&b, ">= %d ;\n", c.k)
		}
		return b.String()
	}
	for _, c := range in.hard {
		b.WriteString("h " + strings.Trim(fmt.Sprint(c), "[]") + " 0\n")
	}
	for i, c := range in.softs {
		fmt.Fprintf(&b, "%d %s 0\n", in.w[i], strings.Trim(fmt.Sprint(c), "[]"))
	}
	return b.String()
}

// cost checks the model (val[v] for v in 1..vars) against the hard
// constraints and returns its cost, or an error.
func (in *optInstance) cost(val []bool) (int64, error) {
	holds := func(l int) bool {
		if l < 0 {
			return !val[-l]
		}
		return val[l]
	}
	clause := func(c []int) bool {
		for _, l := range c {
			if holds(l) {
				return true
			}
		}
		return false
	}
	for i, c := range in.hard {
		if !clause(c) {
			return 0, fmt.Errorf("hard clause %d %v falsified", i+1, c)
		}
	}
	for i, c := range in.pbs {
		var s int64
		for j, l := range c.lits {
			if holds(l) {
				s += c.coefs[j]
			}
		}
		if s < c.k {
			return 0, fmt.Errorf("constraint %d falsified", i+1)
		}
	}
	var cost int64
	for i, c := range in.softs {
		if !clause(c) {
			cost += in.w[i]
		}
	}
	for i, l := range in.obj {
		if holds(l) {
			cost += in.w[i]
		}
	}
	return cost, nil
}

// parseOptOutput reads the "o", "s" and "v" lines of competition output:
// the WCNF 0/1 string or OPB "x1 -x2" literals.
func parseOptOutput(out string, vars, used int, opb bool) (status string, cost int64, hasCost bool, val []bool, err error) {
	val = make([]bool, vars+1)
	seen := 0
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "o "):
			cost, err = strconv.ParseInt(line[2:], 10, 64)
			hasCost = true
		case strings.HasPrefix(line, "s "):
			status = line[2:]
		case strings.HasPrefix(line, "v ") && !opb:
			bits := strings.TrimSpace(line[2:])
			if len(bits) != used {
				return "", 0, false, nil, fmt.Errorf("v string of %d values, want %d (the largest variable in the file)", len(bits), used)
			}
			for i, c := range bits {
				val[i+1] = c == '1'
			}
			seen = used
		case strings.HasPrefix(line, "v "):
			for _, tok := range strings.Fields(line[2:]) {
				neg := strings.HasPrefix(tok, "-")
				v, e := strconv.Atoi(strings.TrimPrefix(strings.TrimPrefix(tok, "-"), "x"))
				if e != nil || v < 1 || v > vars {
					return "", 0, false, nil, fmt.Errorf("bad v token %q", tok)
				}
				val[v] = !neg
				seen++
			}
		}
		if err != nil {
			return
		}
	}
	if status == "SATISFIABLE" || status == "OPTIMUM FOUND" {
		if seen != used {
			return "", 0, false, nil, fmt.Errorf("model of %d values, want %d", seen, used)
		}
		if !hasCost {
			return "", 0, false, nil, fmt.Errorf("no o line")
		}
	}
	return
}

// The larger run: go test ./cmd/internal/solvecmd -run
// TestInterruptedOptimisation -interrupt.runs 3000 -interrupt.deadline 2s
// -interrupt.seed 7 (about ten minutes on two cores).
var (
	interruptRuns     = flag.Int("interrupt.runs", 320, "TestInterruptedOptimisation: instances, half WCNF, half OPB")
	interruptDeadline = flag.Duration("interrupt.deadline", 100*time.Millisecond, "TestInterruptedOptimisation: largest random deadline")
	interruptSeed     = flag.Uint64("interrupt.seed", 18, "TestInterruptedOptimisation: seed of the instances and deadlines")
)

// TestInterruptedOptimisation runs 320 instances (half WCNF, half OPB) on
// the backends in turn, each with a random deadline of up to 100 ms, two
// at a time (more and longer with the flags above).
func TestInterruptedOptimisation(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (320 interrupted solves): skipped by go test -short; go test ./... runs it")
	}
	runs := *interruptRuns
	const slack = time.Second
	backends := []string{"gini", "gophersat", "walk", "cdcl", "portfolio:gini,walk"}
	dir := t.TempDir()
	if d := os.Getenv("SATSOLVE_KEEP_INSTANCES"); d != "" {
		dir = d
	}
	r := rand.New(rand.NewPCG(*interruptSeed, 1))
	type job struct {
		i        int
		in       *optInstance
		path     string
		backend  string
		deadline time.Duration
		json     bool
	}
	var jobs []job
	for i := range runs {
		in := randomWCNF(r)
		ext := ".wcnf"
		if i%2 == 1 {
			in, ext = randomOPB(r), ".opb"
		}
		path := filepath.Join(dir, strconv.Itoa(i)+ext)
		if err := os.WriteFile(path, []byte(in.text()), 0o644); err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, job{i, in, path, backends[i%len(backends)], time.Millisecond + time.Duration(r.Int64N(int64(*interruptDeadline))), r.IntN(4) == 0})
	}
	var mu sync.Mutex
	interrupted, optimal := 0, 0
	var worst time.Duration
	work := make(chan job)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				args := []string{"--timeout", j.deadline.String(), "--backend", j.backend, j.path}
				if j.json {
					args = append([]string{"--json"}, args...)
				}
				name := fmt.Sprintf("run %d (%s, %s, deadline %v)", j.i, filepath.Base(j.path), j.backend, j.deadline)
				var code int
				var out, errOut string
				var took time.Duration
				// A run that overruns is run again, up to three times in
				// all: on a loaded machine (go test runs packages side
				// by side, land.sh shares it with other work) a
				// scheduling delay does not repeat, while a phase that
				// ignores the deadline does, on every try.
				const tries = 3
				for try := range tries {
					start := time.Now()
					code, out, errOut = runCLI(t, "", append([]string{"solve"}, args...)...)
					took = time.Since(start)
					if took <= j.deadline+slack {
						break
					}
					if try == tries-1 {
						t.Errorf("%s: took %v, %d times over", name, took, tries)
					}
				}
				if code != 0 && code != 10 && code != 20 && code != 30 {
					t.Errorf("%s: exit %d: %s", name, code, errOut)
					continue
				}
				var status string
				var cost int64
				var val []bool
				var err error
				if j.json {
					status, cost, val, err = parseOptJSON(out, j.in.vars, j.in.used())
				} else {
					status, cost, _, val, err = parseOptOutput(out, j.in.vars, j.in.used(), j.in.opb)
				}
				if err != nil {
					t.Errorf("%s: %v in\n%s", name, err, out)
					continue
				}
				mu.Lock()
				worst = max(worst, took-j.deadline)
				switch status {
				case "OPTIMUM FOUND":
					optimal++
				case "SATISFIABLE":
					interrupted++
				}
				mu.Unlock()
				if status != "SATISFIABLE" && status != "OPTIMUM FOUND" {
					continue
				}
				if real, err := j.in.cost(val); err != nil {
					t.Errorf("%s: printed model: %v", name, err)
				} else if real != cost {
					t.Errorf("%s: printed cost %d, the printed model costs %d", name, cost, real)
				}
			}
		}()
	}
	for _, j := range jobs {
		work <- j
	}
	close(work)
	wg.Wait()
	t.Logf("%d runs: %d interrupted with a model, %d optimal; worst overrun %v", runs, interrupted, optimal, worst)
	if interrupted < runs/4 {
		t.Errorf("only %d of %d runs were interrupted with a model: the instances are too easy to test interruption", interrupted, runs)
	}
}

// parseOptJSON reads the --json report: status, cost and model.
func parseOptJSON(out string, vars, used int) (string, int64, []bool, error) {
	var j jsonReport
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		return "", 0, nil, err
	}
	val := make([]bool, vars+1)
	if j.Status != "SATISFIABLE" && j.Status != "OPTIMUM FOUND" {
		return j.Status, 0, val, nil
	}
	if j.Cost == nil || len(j.Model) != used {
		return "", 0, nil, fmt.Errorf("cost %v, %d model literals; want a cost and %d", j.Cost, len(j.Model), used)
	}
	for _, l := range j.Model {
		if l > 0 {
			val[l] = true
		}
	}
	cost, err := j.Cost.Int64()
	return j.Status, cost, val, err
}
