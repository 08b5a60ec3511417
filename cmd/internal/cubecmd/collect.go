package cubecmd

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/backend"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cube"
)

var collectCommand = &cli.Command{
	Name:    "collect",
	Summary: "merge the result files of a jobs directory (satsolve cube --jobs) into one answer",
	Args:    "[flags] DIR",
	Doc: "Reads DIR/cubes.icnf and every DIR/results/N.json the jobs wrote. Answers\n" +
		"SAT as soon as one cube is satisfiable (its model checked against the\n" +
		"formula), UNSAT only when every cube has an UNSAT result and the cubes\n" +
		"cover every assignment, and otherwise UNKNOWN with the cubes still open\n" +
		"(rerun them with DIR/run-cube.sh N). With --proof, an UNSAT answer also\n" +
		"gets one DRAT certificate of the whole formula, combined from a DRAT proof\n" +
		"per cube (DIR/results/N.drat, e.g. from sat/cdcl) and checked before it is\n" +
		"reported. Exit status: 10 SAT, 20 UNSAT, 0 UNKNOWN.",
	Flags: collectFlags,
}

// collectOpts are the flags of satsolve cubes collect.
type collectOpts struct {
	backend       string
	json, noModel bool
	proof         string
	timeout       time.Duration
}

func collectFlags(fs *flag.FlagSet) cli.Action {
	var o collectOpts
	cli.BackendVar(fs, &o.backend, backend.Default, " for the cover check of cubes that are not a decision tree\n(cubes from another splitter)")
	cli.JSONVar(fs, &o.json, "")
	fs.BoolVar(&o.noModel, "no-model", false, "print no model (it is still checked)")
	cli.StringVar(fs, &o.proof, "proof", ": for UNSAT, combine the cubes' DRAT proofs (DIR/results/N.drat, each refuting the\nformula and its cube) into one DRAT proof of the formula, write it to this file and check it")
	cli.TimeoutVar(fs, &o.timeout, 0, "")
	cli.VerboseVar(fs, nil)
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if err := cli.WantArgs(args, 1, "one DIR"); err != nil {
			return err
		}
		newSolver, _, err := backend.Factory(o.backend)
		if err != nil {
			return cli.Usagef("--backend: %v", err)
		}
		return o.collect(ctx, e, args[0], newSolver)
	}
}

func (o *collectOpts) collect(ctx context.Context, e *cli.Env, dir string, newSolver func() sat.Solver) error {
	x, cubes, err := readCubes(filepath.Join(dir, icnfName))
	if err != nil {
		return err
	}
	answers, err := readResults(e, filepath.Join(dir, resultsName), cubes, x.Formula.NumVars)
	if err != nil {
		return err
	}
	v, err := cube.Merge(ctx, x.Formula, cubes, x.Refuted, answers, cube.MergeOptions{NewSolver: newSolver})
	if err != nil {
		return err
	}
	var cert string
	if o.proof != "" && v.Status == sat.Unsat {
		if cert, err = certify(x.Formula, cubes, x.Refuted, v, filepath.Join(dir, resultsName), o.proof); err != nil {
			return err
		}
	}
	if o.json {
		j := newVerdictJSON(dir, v, answers, len(cubes), x.Formula.NumVars, !o.noModel)
		j.Certificate = cert
		return writeJSON(e, j)
	}
	t := cubeTimes(answers)
	fmt.Fprintf(e.Stdout, "c %s for %s, %s\n", english.Count(len(answers), "result"), english.Count(len(cubes), "cube"), english.Count(len(x.Refuted), "refuted branch"))
	if t.longestCube >= 0 {
		fmt.Fprintf(e.Stdout, "c job times (wall clock, as the jobs measured them): sum %.3f s, longest %.3f s (cube %d)\n", t.sum.Seconds(), t.longest.Seconds(), t.longestCube)
	}
	if cert != "" {
		fmt.Fprintf(e.Stdout, "c %s\n", cert)
	}
	if len(v.Open) > 0 && v.Status == sat.Unknown {
		fmt.Fprintf(e.Stdout, "c open cubes: rerun them with %s N (or the whole runner: answered cubes are skipped)\n", filepath.Join(dir, runName))
	}
	return cli.Exit(printVerdict(e.Stdout, v, len(cubes), x.Formula.NumVars, !o.noModel))
}

// readResults reads the result files of dir, one answer per valid file.
// A file that is not a result of this split is reported and skipped, as
// if its job had not run; files a job is still writing (N.json.part.PID)
// are not results yet.
func readResults(e *cli.Env, dir string, cubes [][]sat.Lit, numVars int) ([]cube.Answer, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(entries))
	for _, d := range entries {
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".json") {
			names = append(names, d.Name())
		}
	}
	sort.Strings(names)
	var answers []cube.Answer
	for _, name := range names {
		path := filepath.Join(dir, name)
		a, err := readResult(path, cubes, numVars)
		if err != nil {
			e.Warnf("%s: %v; not counted", path, err)
			continue
		}
		answers = append(answers, a)
	}
	return answers, nil
}

// readResult reads one result file.
func readResult(path string, cubes [][]sat.Lit, numVars int) (cube.Answer, error) {
	f, err := cli.Open(path)
	if err != nil {
		return cube.Answer{}, err
	}
	defer f.Close()
	rec, err := cube.ReadRecord(f)
	if err != nil {
		return cube.Answer{}, err
	}
	if rec.Cube >= len(cubes) {
		return cube.Answer{}, fmt.Errorf("cube %d, but the split has %d cubes", rec.Cube, len(cubes))
	}
	return rec.Answer(cubes[rec.Cube], numVars)
}
