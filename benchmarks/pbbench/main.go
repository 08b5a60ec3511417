// Command pbbench measures cdcl's native pseudo-Boolean constraints on the
// OPB files of the optimisation corpus against their clausification, every
// configuration side by side in one interleaved run, and prints a Markdown
// report:
//
//	go run ./benchmarks/pbbench [-corpus ../shared/corpus/opt] [-limit 10s]
//	    [-configs native,bdd] [-filter REGEXP] [-shard i/n]
//
// A configuration is METHOD[/BOUND][@BACKEND]: METHOD is how the file's
// PB constraints reach the backend (native, or an encoding of encode: bdd,
// swc, adder, gte; bdd is what satsolve solve did for cdcl before cdcl
// took PB constraints), BOUND the method of the objective's bound
// (encode/optimize's default unless given; native adds a guarded native
// constraint per bound), BACKEND cdcl (the default) or cdcl:OPTIONS with
// colons between the options (cdcl:pbclauses=0), or portfolio: cdcl and
// walk racing, satsolve solve's default backend, which clausifies for
// walk. -configs separates configurations by semicolons. Each file is solved once per configuration, in a
// child process of its own (so that its peak RSS is its own), the
// configurations taking turns file by file. The child loads the file,
// adds the constraints, and then decides it (a file without objective) or
// minimises its objective by linear SAT-UNSAT search (encode/optimize,
// its default bound), within -limit of CPU time. Reported per file:
// CPU seconds to the first model, the improving models found, the
// outcome (OPT proved, UNSAT, SAT with the best cost, or none), and the
// peak RSS; summed up: files with a model, decision files solved, optima
// proved, and the geometric means of time to first model and RSS over
// the files where every configuration found one.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/pprof"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/portfolio"
	"github.com/satsolve/satsolve/sat/satfile"
	"github.com/satsolve/satsolve/sat/walk"
)

// result is what a child reports.
type result struct {
	Load   float64 `json:"load"`   // CPU seconds to read the file and add it
	First  float64 `json:"first"`  // CPU seconds to the first model, -1 for none
	Models int     `json:"models"` // models found (each improving on the last)
	Status string  `json:"status"` // OPT, UNSAT, SAT, SATDEC (decision file), none
	Cost   int64   `json:"cost"`   // best cost found
	CPU    float64 `json:"cpu"`    // CPU seconds in all
	RSS    int64   `json:"rss"`    // peak RSS, KiB
	Err    string  `json:"err,omitempty"`
}

func main() {
	child := flag.String("child", "", "internal: solve this file and print the result as JSON")
	corpus := flag.String("corpus", "../shared/corpus/opt", "corpus directory")
	limit := flag.Duration("limit", 10*time.Second, "CPU-time limit per run")
	configs := flag.String("configs", "native;bdd", "semicolon-separated configurations METHOD[@BACKEND]")
	config := flag.String("config", "", "internal: the child's configuration")
	filter := flag.String("filter", "", "only files whose name matches this regular expression")
	profile := flag.String("cpuprofile", "", "with -child: write a CPU profile here")
	shard := benchmarks.ShardFlag()
	flag.Parse()
	if *child != "" && *profile != "" {
		f, err := os.Create(*profile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "pbbench:", err)
			os.Exit(1)
		}
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	if *child != "" {
		r := solve(*child, *config, *limit)
		json.NewEncoder(os.Stdout).Encode(r)
		return
	}
	if err := run(*corpus, strings.Split(*configs, ";"), *limit, *filter, *shard); err != nil {
		fmt.Fprintln(os.Stderr, "pbbench:", err)
		os.Exit(1)
	}
}

// run measures every OPB file of the corpus under every configuration.
func run(corpus string, configs []string, limit time.Duration, filter string, shard benchmarks.Shard) error {
	re, err := regexp.Compile(filter)
	if err != nil {
		return err
	}
	files, err := filepath.Glob(filepath.Join(corpus, "*"))
	if err != nil {
		return err
	}
	var keep []string
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".xz")
		if strings.HasSuffix(name, ".opb") && re.MatchString(name) {
			keep = append(keep, f)
		}
	}
	files = benchmarks.Select(shard, keep)
	self, err := os.Executable()
	if err != nil {
		return err
	}
	fmt.Printf("# Native PB constraints in cdcl against clausification\n\n")
	fmt.Printf("%s; %d OPB files of %s, CPU limit %v per run, one run per file and configuration, configurations interleaved file by file. Times are CPU seconds.\n\n", time.Now().Format("2006-01-02"), len(files), corpus, limit)
	fmt.Print(shard.Note())
	res := make([][]result, len(files))
	fmt.Printf("| file | %s |\n|---|%s\n", strings.Join(configs, " | "), strings.Repeat("---|", len(configs)))
	for i, f := range files {
		res[i] = make([]result, len(configs))
		cells := make([]string, len(configs))
		for j, c := range configs {
			res[i][j] = runChild(self, f, c, limit)
			cells[j] = res[i][j].cell()
		}
		fmt.Printf("| %s | %s |\n", strings.TrimSuffix(filepath.Base(f), ".xz"), strings.Join(cells, " | "))
	}
	fmt.Printf("\nCell: first model s / models found / outcome / peak RSS MiB (load s).\n\n")
	summary(files, configs, res)
	return nil
}

// runChild solves one file in a child process.
func runChild(self, file, config string, limit time.Duration) result {
	ctx, cancel := context.WithTimeout(context.Background(), benchmarks.WallGuard*limit+30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, self, "-child", file, "-config", config, "-limit", limit.String())
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	var r result
	if err != nil && len(out) == 0 {
		r = result{First: -1, Status: "none", Err: err.Error()}
	} else if err := json.Unmarshal(out, &r); err != nil {
		r = result{First: -1, Status: "none", Err: "bad child output: " + err.Error()}
	}
	if cmd.ProcessState != nil {
		r.RSS = cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss
	}
	return r
}

func (r result) cell() string {
	if r.Err != "" {
		return "error: " + r.Err
	}
	first := "–"
	if r.First >= 0 {
		first = fmt.Sprintf("%.3f", r.First)
	}
	out := r.Status
	if r.Status == "OPT" || r.Status == "SAT" {
		out = fmt.Sprintf("%s %d", r.Status, r.Cost)
	}
	return fmt.Sprintf("%s / %d / %s / %d (%.2f)", first, r.Models, out, r.RSS>>10, r.Load)
}

// summary prints the totals per configuration.
func summary(files []string, configs []string, res [][]result) {
	fmt.Printf("| | %s |\n|---|%s\n", strings.Join(configs, " | "), strings.Repeat("---|", len(configs)))
	row := func(name string, f func(j int) string) {
		cells := make([]string, len(configs))
		for j := range configs {
			cells[j] = f(j)
		}
		fmt.Printf("| %s | %s |\n", name, strings.Join(cells, " | "))
	}
	count := func(j int, ok func(result) bool) string {
		n := 0
		for i := range files {
			if ok(res[i][j]) {
				n++
			}
		}
		return fmt.Sprint(n)
	}
	row("files with a model", func(j int) string { return count(j, func(r result) bool { return r.First >= 0 }) })
	row("decision files solved", func(j int) string {
		return count(j, func(r result) bool { return r.Status == "SATDEC" || r.Status == "UNSAT" })
	})
	row("optima proved", func(j int) string { return count(j, func(r result) bool { return r.Status == "OPT" }) })
	row("models found", func(j int) string {
		n := 0
		for i := range files {
			n += res[i][j].Models
		}
		return fmt.Sprint(n)
	})
	// Geometric means over the files where every configuration found a
	// model (first model) or ran at all (RSS).
	geo := func(val func(result) float64, all func(result) bool) func(int) string {
		return func(j int) string {
			var sum float64
			n := 0
			for i := range files {
				every := true
				for k := range configs {
					every = every && all(res[i][k])
				}
				if every {
					sum += math.Log(max(val(res[i][j]), 1e-3))
					n++
				}
			}
			if n == 0 {
				return "–"
			}
			return fmt.Sprintf("%.3g (%d files)", math.Exp(sum/float64(n)), n)
		}
	}
	row("first model s, geomean", geo(func(r result) float64 { return r.First }, func(r result) bool { return r.First >= 0 }))
	row("peak RSS MiB, geomean", geo(func(r result) float64 { return float64(r.RSS) / 1024 }, func(r result) bool { return r.Err == "" }))
	row("peak RSS MiB, largest", func(j int) string {
		var rss []int64
		for i := range files {
			rss = append(rss, res[i][j].RSS>>10)
		}
		sort.Slice(rss, func(a, b int) bool { return rss[a] > rss[b] })
		return fmt.Sprint(rss[0])
	})
}

// solve is the child: it solves file under config within limit.
func solve(file, config string, limit time.Duration) (r result) {
	r = result{First: -1, Status: "none"}
	ctx, stop := benchmarks.WithCPULimit(context.Background(), limit, 10*time.Millisecond)
	defer func() { r.CPU = stop().Seconds() }()
	c0 := benchmarks.CPUTime()
	since := func() float64 { return (benchmarks.CPUTime() - c0).Seconds() }
	method, spec, ok := strings.Cut(config, "@")
	if !ok {
		spec = "cdcl"
	}
	method, boundName, ok := strings.Cut(method, "/")
	bound := optimize.DefaultBound
	m, err := encode.ParsePBMethod(method)
	if err == nil && ok {
		bound, err = encode.ParsePBMethod(boundName)
	}
	if err != nil {
		r.Err = err.Error()
		return r
	}
	s, err := newSolver(spec)
	if err != nil {
		r.Err = err.Error()
		return r
	}
	p, err := satfile.ReadFile(file, satfile.Options{Format: satfile.OPB, Context: ctx})
	if err != nil {
		r.Err = err.Error()
		return r
	}
	f := p.Formula
	for range f.NumVars {
		s.NewVar()
	}
	for _, c := range f.Clauses {
		s.AddClause(c...)
	}
	err = sat.EncodeContext(ctx, s, func(sink sat.Sink) error {
		for _, c := range f.PBs {
			if err := encode.PB(sink, c, m); err != nil {
				return err
			}
		}
		return nil
	})
	r.Load = since()
	if err != nil {
		if ctx.Err() == nil {
			r.Err = err.Error()
		}
		return r
	}
	if f.Objective == nil {
		st, _ := s.Solve(ctx)
		switch st {
		case sat.Sat:
			r.First, r.Models, r.Status = since(), 1, "SATDEC"
			if err := f.Check(s.Model()); err != nil {
				r.Err = err.Error()
			}
		case sat.Unsat:
			r.Status = "UNSAT"
		}
		return r
	}
	improve := func(a sat.Assignment) {
		if r.First < 0 {
			r.First = since()
		}
		r.Models++
	}
	opt, _ := optimize.MinimizeWith(ctx, s, f.Objective, optimize.Options{Strategy: optimize.LinearSatUnsat, Bound: bound, Improve: improve})
	switch {
	case opt.Status == sat.Unsat:
		r.Status = "UNSAT"
	case opt.Status == sat.Sat:
		r.Status, r.Cost = "SAT", opt.Cost
		if opt.Optimal {
			r.Status = "OPT"
		}
		if err := f.Check(opt.Model); err != nil || f.Cost(opt.Model) != opt.Cost {
			r.Err = fmt.Sprintf("model fails or costs %d, not %d: %v", f.Cost(opt.Model), opt.Cost, err)
		}
	}
	return r
}

// newSolver returns the backend of a configuration: cdcl[:OPTIONS] or
// portfolio (cdcl and walk).
func newSolver(spec string) (sat.Solver, error) {
	if spec == "portfolio" {
		return portfolio.New(portfolio.Member{Name: "cdcl", Solver: cdcl.New()}, portfolio.Member{Name: "walk", Solver: walk.New()}), nil
	}
	name, opts, _ := strings.Cut(spec, ":")
	if name != "cdcl" {
		return nil, fmt.Errorf("unknown backend %q (want cdcl[:OPTIONS] or portfolio)", spec)
	}
	o := cdcl.DefaultOptions()
	if err := o.Parse(strings.ReplaceAll(opts, ":", ",")); err != nil {
		return nil, err
	}
	return cdcl.NewWith(o)
}
