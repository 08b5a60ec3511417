package cubecmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/backend"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cube"
	"github.com/satsolve/satsolve/sat/satfile"
)

// defaultCubes is the split's size when neither --depth nor --cubes is
// given: enough to keep a hundred cores busy, and about a second of
// look-ahead on the corpus's larger instances.
const defaultCubes = 100

// Cube is satsolve cube.
var Cube = &cli.Command{
	Name:    "cube",
	Summary: "split a CNF file into cubes by look-ahead (iCNF), optionally as a directory of jobs",
	Args:    "[flags] FILE",
	Doc: "Writes iCNF (\"p inccnf\", the clauses, one \"a ... 0\" line per cube, and\n" +
		"\"c refuted ... 0\" lines for the branches propagation closed) to -o FILE or\n" +
		"standard output. --jobs DIR writes DIR/cubes.icnf, DIR/run-cube.sh (solves\n" +
		"one cube into DIR/results/N.json), DIR/parallel.sh (GNU parallel),\n" +
		"DIR/slurm.sh (a job array) and DIR/job.yaml (a Kubernetes indexed Job);\n" +
		"'satsolve cubes collect DIR' merges the results. docs/distributed.md has\n" +
		"the commands.",
	Flags: cubeFlags,
}

// cubeOpts are the flags of satsolve cube.
type cubeOpts struct {
	depth, cubes, preselect int
	out, jobs               string
	backend                 string
	jobTimeout              time.Duration
	timeout                 time.Duration
	json, verbose           bool
	jobProofs               bool
}

func cubeFlags(fs *flag.FlagSet) cli.Action {
	var o cubeOpts
	fs.IntVar(&o.depth, "depth", 0, "at most this many decisions per cube (0: no limit)")
	fs.IntVar(&o.cubes, "cubes", 0, fmt.Sprintf("stop at about this many cubes (0: no limit; %d when --depth is not given either)", defaultCubes))
	fs.IntVar(&o.preselect, "preselect", 0, "variables looked ahead at each node (0: a tenth of the free ones, 20 to 200)")
	cli.OutputVar(fs, &o.out, ": the iCNF (default: standard output, unless --jobs)")
	fs.StringVar(&o.jobs, "jobs", "", "write a directory of jobs (cubes.icnf, run-cube.sh, parallel.sh, slurm.sh, job.yaml); it must not exist or be empty")
	cli.BackendVar(fs, &o.backend, backend.Default, " of the jobs written")
	fs.DurationVar(&o.jobTimeout, "job-timeout", 0, "the jobs' time limit per cube (0: none); a cube that runs out is UNKNOWN")
	fs.BoolVar(&o.jobProofs, "job-proofs", false, "the jobs also write a DRAT proof of every UNSAT cube (results/N.drat), which\n'satsolve cubes collect --proof' combines; the jobs' backend is then "+backend.ProofEngine)
	cli.TimeoutVar(fs, &o.timeout, 0, ": the split stops and the open nodes become cubes as they are")
	cli.JSONVar(fs, &o.json, ": a summary (with -o or --jobs)")
	cli.VerboseVar(fs, &o.verbose)
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if err := cli.WantArgs(args, 1, "one FILE"); err != nil {
			return err
		}
		if o.depth < 0 || o.cubes < 0 || o.preselect < 0 {
			return cli.Usagef("--depth, --cubes and --preselect must not be negative")
		}
		if o.json && o.out == "" && o.jobs == "" {
			return cli.Usagef("--json prints a summary: give -o FILE or --jobs DIR for the cubes")
		}
		if o.jobProofs {
			if o.jobs == "" {
				return cli.Usagef("--job-proofs needs --jobs DIR")
			}
			set := false
			fs.Visit(func(f *flag.Flag) { set = set || f.Name == "backend" })
			switch {
			case !set:
				o.backend = backend.ProofEngine
			case !backend.Proves(o.backend):
				return cli.Usagef("--job-proofs: backend %s cannot write proofs; only %s can (--backend %[2]s)", o.backend, backend.ProofEngine)
			}
		}
		if _, err := backend.New(o.backend); err != nil {
			return cli.Usagef("--backend: %v", err)
		}
		if o.depth == 0 && o.cubes == 0 {
			o.cubes = defaultCubes
		}
		return o.run(ctx, e, args[0])
	}
}

func (o *cubeOpts) run(ctx context.Context, e *cli.Env, path string) error {
	f, err := readCNF(e, path)
	if err != nil {
		return err
	}
	if o.jobs != "" {
		if err := checkJobsDir(o.jobs); err != nil {
			return err
		}
	}
	opt := cube.Options{Depth: o.depth, Cubes: o.cubes, Preselect: o.preselect}
	if o.verbose {
		var last time.Time
		opt.Progress = func(st cube.Stats) {
			if time.Since(last) >= 2*time.Second {
				last = time.Now()
				e.Notef("splitting: %d nodes, %d cubes, %d refuted, %d open, %.1f s", st.Nodes, st.Cubes, st.Refuted, st.Open, st.Duration.Seconds())
			}
		}
	}
	sp, err := cube.Run(ctx, f, opt)
	if err != nil {
		return err
	}
	st := sp.Stats
	if st.Stopped {
		e.Warnf("the split stopped (%v); its open nodes are cubes as they are", cli.Explain(ctx, ctx.Err()))
	}
	e.Notef("%s and %s from %s (%s, %s) in %.2f s",
		english.Count(len(sp.Cubes), "cube"), english.Count(len(sp.Refuted), "refuted branch"), english.Count(st.Nodes, "node"),
		english.Count(st.Lookaheads, "look-ahead"), english.Count(st.Failed, "failed literal"), st.Duration.Seconds())
	switch {
	case len(sp.Cubes) == 0:
		e.Notef("every branch is refuted by propagation: the formula is unsatisfiable ('satsolve cubes run' confirms it)")
	case sp.Model != nil:
		e.Notef("propagation satisfied every clause under %d of the cubes: the formula is satisfiable", st.Satisfied)
	}
	x := toICNF(f, sp)
	comments := []string{
		fmt.Sprintf("satsolve cube %s: %s, %s (%s)", path, english.Count(len(sp.Cubes), "cube"), english.Count(len(sp.Refuted), "refuted branch"), o.limits()),
	}
	write := func(w io.Writer) error { return satfile.WriteICNF(w, x, comments...) }
	if o.out != "" {
		if err := cli.WriteFile(o.out, write); err != nil {
			return err
		}
	}
	if o.jobs != "" {
		if err := writeJobs(o.jobs, jobSpec{cubes: len(sp.Cubes), backend: o.backend, timeout: o.jobTimeout, proofs: o.jobProofs}, write); err != nil {
			return err
		}
		if len(sp.Cubes) == 0 {
			e.Notef("%s holds no job to run: 'satsolve cubes collect %[1]s' answers from the refuted branches alone", o.jobs)
		} else {
			e.Notef("jobs in %s: run them with 'sh %[1]s/parallel.sh', '(cd %[1]s && sbatch slurm.sh)' or 'kubectl apply -f %[1]s/job.yaml', then 'satsolve cubes collect %[1]s'", o.jobs)
		}
	}
	if o.out == "" && o.jobs == "" {
		return write(e.Stdout)
	}
	if o.json {
		return cli.WriteJSON(e.Stdout, splitSummary{
			File: path, Variables: f.NumVars, Clauses: len(f.Clauses),
			Cubes: len(sp.Cubes), Refuted: len(sp.Refuted), Satisfied: st.Satisfied,
			Nodes: st.Nodes, Lookaheads: st.Lookaheads, Failed: st.Failed, Stopped: st.Stopped,
			Seconds: st.Duration.Seconds(), Output: o.out, Jobs: o.jobs,
		})
	}
	return nil
}

// limits describes the split's limits for the iCNF header.
func (o *cubeOpts) limits() string {
	s := ""
	if o.depth > 0 {
		s = fmt.Sprintf("--depth %d", o.depth)
	}
	if o.cubes > 0 {
		if s != "" {
			s += " "
		}
		s += fmt.Sprintf("--cubes %d", o.cubes)
	}
	return s
}

// splitSummary is the --json output of satsolve cube.
type splitSummary struct {
	File       string  `json:"file"`
	Variables  int     `json:"variables"`
	Clauses    int     `json:"clauses"`
	Cubes      int     `json:"cubes"`
	Refuted    int     `json:"refuted"`
	Satisfied  int     `json:"satisfied"`
	Nodes      int     `json:"nodes"`
	Lookaheads int     `json:"lookaheads"`
	Failed     int     `json:"failed_literals"`
	Stopped    bool    `json:"stopped,omitempty"`
	Seconds    float64 `json:"seconds"`
	Output     string  `json:"output,omitempty"`
	Jobs       string  `json:"jobs,omitempty"`
}

// readCNF reads a CNF file ("-": standard input), printing the reader's
// warnings; other formats are refused.
func readCNF(e *cli.Env, path string) (*sat.Formula, error) {
	var p *satfile.Problem
	var err error
	if path == "-" {
		p, err = satfile.Read(e.Stdin, satfile.Options{File: "<stdin>"})
	} else {
		p, err = satfile.ReadFile(path, satfile.Options{})
	}
	if err != nil {
		return nil, err
	}
	for i, w := range p.Warnings {
		if i == 10 {
			e.Warnf("%d more warnings", len(p.Warnings)-10)
			break
		}
		e.Warnf("%v", w)
	}
	if p.Format != satfile.CNF {
		return nil, fmt.Errorf("%s: cube splits CNF; this is %v", path, p.Format)
	}
	return p.Formula, nil
}

// toICNF returns the split as iCNF: every cube after all the clauses.
func toICNF(f *sat.Formula, sp *cube.Split) *satfile.ICNF {
	x := &satfile.ICNF{Formula: f, Refuted: sp.Refuted}
	for _, c := range sp.Cubes {
		x.Cubes = append(x.Cubes, satfile.ICube{Lits: c, Clauses: len(f.Clauses)})
	}
	return x
}

// errNotCNC reports an iCNF file whose cubes do not all follow every
// clause, which cube-and-conquer needs.
var errNotCNC = errors.New("cube-and-conquer needs every cube line after all the clauses")
