package cubecmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/backend"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cube"
)

// Cubes is satsolve cubes: the commands that solve and merge cubes.
var Cubes = &cli.Command{
	Name:    "cubes",
	Summary: "solve the cubes of an iCNF file here (run) or merge job results (collect)",
	Args:    "[args]",
	Subs:    []*cli.Command{runCommand, collectCommand},
}

var runCommand = &cli.Command{
	Name:    "run",
	Summary: "solve every cube of an iCNF file on this machine and merge the answers",
	Args:    "[flags] FILE.icnf",
	Doc: "Prints one line per cube as it finishes (\"c cube N STATUS SECONDS\"), the sum\n" +
		"and the longest of the cube times, then the answer for the whole formula:\n" +
		"SAT with a model checked against it, UNSAT only when every cube is\n" +
		"unsatisfiable and the cubes cover every assignment. The first\n" +
		"satisfiable cube stops the others (--all solves them all).\n" +
		"Exit status: 10 SAT, 20 UNSAT, 0 UNKNOWN.",
	Flags: runFlags,
}

// runOpts are the flags of satsolve cubes run.
type runOpts struct {
	jobs                 int
	backend              string
	timeout              time.Duration
	incremental, all     bool
	json, noModel, verbo bool
}

func runFlags(fs *flag.FlagSet) cli.Action {
	var o runOpts
	cli.IntVar(fs, &o.jobs, "j", runtime.GOMAXPROCS(0), ": cubes")
	cli.BackendVar(fs, &o.backend, backend.Default, "")
	cli.TimeoutVar(fs, &o.timeout, 0, "; unfinished cubes are UNKNOWN")
	fs.BoolVar(&o.incremental, "incremental", false, "one solver per job for all its cubes (keeps what it learnt); default: a fresh solver per cube, as on a cluster")
	cli.BoolVar(fs, &o.all, "all", ": solve every cube, even after a satisfiable one")
	cli.JSONVar(fs, &o.json, " (per-cube answers and times included)")
	fs.BoolVar(&o.noModel, "no-model", false, "print no model (it is still checked)")
	cli.VerboseVar(fs, &o.verbo)
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if err := cli.WantArgs(args, 1, "one FILE.icnf"); err != nil {
			return err
		}
		if o.jobs < 1 {
			return cli.Usagef("-j must be at least 1")
		}
		newSolver, _, err := backend.Factory(o.backend)
		if err != nil {
			return cli.Usagef("--backend: %v", err)
		}
		return o.run(ctx, e, args[0], newSolver)
	}
}

func (o *runOpts) run(ctx context.Context, e *cli.Env, path string, newSolver func() sat.Solver) error {
	start := time.Now()
	x, cubes, err := readCubes(path)
	if err != nil {
		return err
	}
	f := x.Formula
	done := 0
	answers, err := cube.Conquer(ctx, f, cubes, cube.ConquerOptions{
		NewSolver: newSolver, Jobs: o.jobs, Incremental: o.incremental, All: o.all,
		Done: func(a cube.Answer) {
			done++
			if !o.json {
				st, _ := statusLine(a.Status)
				if errors.Is(a.Err, cube.ErrSkipped) {
					st = "STOPPED"
				}
				fmt.Fprintf(e.Stdout, "c cube %d %s %.3f s\n", a.Index, st, a.Time.Seconds())
			}
			if o.verbo {
				e.Notef("%d of %s done in %.1f s", done, english.Count(len(cubes), "cube"), time.Since(start).Seconds())
			}
		},
	})
	if err != nil {
		return err
	}
	v, err := cube.Merge(ctx, f, cubes, x.Refuted, answers, cube.MergeOptions{NewSolver: newSolver})
	if err != nil {
		return err
	}
	for i := range answers {
		answers[i].Err = cli.Explain(ctx, answers[i].Err)
	}
	if stop := cli.Stopped(ctx); stop != nil && v.Status == sat.Unknown {
		v.Reason = fmt.Sprintf("%v: %s", stop, v.Reason)
	}
	wall := time.Since(start)
	if o.json {
		j := newVerdictJSON(path, v, answers, len(cubes), f.NumVars, !o.noModel)
		if stop := cli.Stopped(ctx); stop != nil && v.Status == sat.Unknown {
			j.Stopped = stop.Reason
		}
		j.Backend, j.Jobs, j.WallSeconds = o.backend, o.jobs, wall.Seconds()
		return writeJSON(e, j)
	}
	t := cubeTimes(answers)
	fmt.Fprintf(e.Stdout, "c %d of %s answered on %s (%s), %d stopped after a satisfiable cube; %s; wall %.3f s\n",
		t.answered, english.Count(len(cubes), "cube"), english.Count(o.jobs, "job"), o.backend, t.stopped, english.Count(len(x.Refuted), "refuted branch"), wall.Seconds())
	if t.longestCube >= 0 {
		fmt.Fprintf(e.Stdout, "c cube times: sum %.3f s, longest %.3f s (cube %d), which bounds the wall time on any number of cores\n",
			t.sum.Seconds(), t.longest.Seconds(), t.longestCube)
	}
	return cli.Exit(printVerdict(e.Stdout, v, len(cubes), f.NumVars, !o.noModel))
}
