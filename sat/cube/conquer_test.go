package cube

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/satfile"
	"github.com/satsolve/satsolve/sat/sattest"
)

func newGini() sat.Solver { return gini.New() }

// whole solves f without cubes, as the reference answer.
func whole(t *testing.T, f *sat.Formula) sat.Status {
	t.Helper()
	s := gini.New()
	load(s, f)
	st, err := s.Solve(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// conquerAndMerge splits f into about n cubes, solves them on two jobs and
// merges, checking the verdict against want and the invariants of a
// verdict.
func conquerAndMerge(t *testing.T, name string, f *sat.Formula, n int, want sat.Status, opt ConquerOptions) {
	t.Helper()
	ctx := context.Background()
	sp, err := Run(ctx, f, Options{Cubes: n})
	if err != nil {
		t.Fatal(err)
	}
	opt.NewSolver = newGini
	answers, err := Conquer(ctx, f, sp.Cubes, opt)
	if err != nil {
		t.Fatal(err)
	}
	v, err := Merge(ctx, f, sp.Cubes, sp.Refuted, answers, MergeOptions{})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if v.Status != want {
		t.Fatalf("%s: merged %v (%s), the whole formula is %v", name, v.Status, v.Reason, want)
	}
	switch want {
	case sat.Unsat:
		// Every cube unsatisfiable, every other branch refuted.
		if v.Unsat != len(sp.Cubes) || v.Refuted != len(sp.Refuted) || v.Cover != "decision tree" {
			t.Fatalf("%s: %d of %d cubes unsat, %d of %d refuted, cover %q", name, v.Unsat, len(sp.Cubes), v.Refuted, len(sp.Refuted), v.Cover)
		}
		for _, a := range answers {
			if a.Status != sat.Unsat {
				t.Fatalf("%s: cube %d is %v", name, a.Index, a.Status)
			}
		}
	case sat.Sat:
		if err := f.Check(v.Model); err != nil {
			t.Fatalf("%s: merged model fails: %v", name, err)
		}
		if !opt.All {
			for _, a := range answers {
				if a.Status == sat.Unknown && !errors.Is(a.Err, ErrSkipped) {
					t.Fatalf("%s: cube %d unknown for %v", name, a.Index, a.Err)
				}
			}
		}
	}
	t.Logf("%s: %d cubes, %d refuted: %v", name, len(sp.Cubes), len(sp.Refuted), v.Status)
}

// TestConquerCorpus splits hard corpus instances and random 3-SAT into
// cubes, solves the cubes on two jobs and requires the whole formula's
// answer.
func TestConquerCorpus(t *testing.T) {
	files := map[string]sat.Status{
		"../../testdata/cubes/hole8.cnf":                       sat.Unsat,
		"../../testdata/cubes/qg4-08.cnf.xz":                   sat.Unsat,
		"../../testdata/cubes/satch-prime65537.cnf.xz":         sat.Unsat,
		"../../testdata/cnf/crafted-satch/satch-prime1849.cnf": sat.Sat,
	}
	for path, want := range files {
		p, err := satfile.ReadFile(path, satfile.Options{})
		if err != nil {
			t.Fatal(err)
		}
		conquerAndMerge(t, filepath.Base(path), p.Formula, 32, want, ConquerOptions{Jobs: 2})
	}
	for seed := uint64(1); seed <= 6; seed++ {
		f := sattest.RandomKSAT(seed, 120, 511, 3) // ratio 4.26
		want := whole(t, f)
		name := fmt.Sprintf("random seed %d", seed)
		conquerAndMerge(t, name, f, 16, want, ConquerOptions{Jobs: 2, Incremental: seed%2 == 0})
	}
	f, _ := sattest.PlantedKSAT(9, 150, 600, 3)
	conquerAndMerge(t, "planted", f, 16, sat.Sat, ConquerOptions{Jobs: 2, All: true})
}

func TestConquerStopsAndCancels(t *testing.T) {
	// Every cube of a formula without clauses is satisfiable: the first
	// answer stops the rest.
	f := &sat.Formula{NumVars: 12}
	var cubes [][]sat.Lit
	for v := sat.Var(1); v <= 12; v++ {
		cubes = append(cubes, []sat.Lit{v.Pos()})
	}
	answers, err := Conquer(context.Background(), f, cubes, ConquerOptions{NewSolver: newGini, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if answers[0].Status != sat.Sat {
		t.Fatalf("first cube %+v", answers[0])
	}
	skipped := 0
	for _, a := range answers {
		if a.Status == sat.Unknown && errors.Is(a.Err, ErrSkipped) {
			skipped++
		}
	}
	if skipped < len(cubes)-2 {
		t.Fatalf("only %d cubes skipped after the first SAT: %+v", skipped, answers)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	answers, _ = Conquer(ctx, f, cubes, ConquerOptions{NewSolver: newGini})
	for _, a := range answers {
		if a.Status != sat.Unknown || !errors.Is(a.Err, context.Canceled) {
			t.Fatalf("cancelled run: %+v", a)
		}
	}
	if _, err := Conquer(context.Background(), f, cubes, ConquerOptions{}); err == nil {
		t.Fatal("no NewSolver accepted")
	}
}

// brokenSat answers Sat with a model of its own choosing.
type brokenSat struct{ sat.Solver }

func (brokenSat) Solve(context.Context, ...sat.Lit) (sat.Status, error) { return sat.Sat, nil }
func (brokenSat) Model() sat.Assignment                                 { return sat.NewAssignment(3) }

// TestMergeRejects checks that Merge concludes nothing it cannot show.
func TestMergeRejects(t *testing.T) {
	ctx := context.Background()
	f := sattest.Pigeonhole(6, 5)
	sp, err := Run(ctx, f, Options{Depth: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(sp.Cubes) == 0 {
		t.Fatal("no cubes")
	}
	unsat := make([]Answer, len(sp.Cubes))
	for i := range unsat {
		unsat[i] = Answer{Index: i, Status: sat.Unsat}
	}
	if v, err := Merge(ctx, f, sp.Cubes, sp.Refuted, unsat, MergeOptions{}); err != nil || v.Status != sat.Unsat {
		t.Fatalf("all cubes unsat: %+v %v", v, err)
	}
	// A missing answer leaves the formula open.
	if v, _ := Merge(ctx, f, sp.Cubes, sp.Refuted, unsat[1:], MergeOptions{}); v.Status != sat.Unknown || len(v.Open) != 1 || v.Open[0] != 0 {
		t.Fatalf("missing answer: %+v", v)
	}
	// So does a cube dropped from the list (a gap in the tree), unless
	// a solver shows the remaining ones still cover every model.
	v, _ := Merge(ctx, f, sp.Cubes[1:], sp.Refuted, reindex(unsat[1:]), MergeOptions{})
	if v.Status != sat.Unknown || v.Reason == "" {
		t.Fatalf("gap: %+v", v)
	}
	// PHP(6,5) has no model, so any cubes cover its models: the solver
	// check proves it.
	v, _ = Merge(ctx, f, sp.Cubes[1:], sp.Refuted, reindex(unsat[1:]), MergeOptions{NewSolver: newGini})
	if v.Status != sat.Unsat || v.Cover != "solver" {
		t.Fatalf("solver cover: %+v", v)
	}
	// A branch called refuted that propagation does not refute.
	if v, _ := Merge(ctx, f, sp.Cubes, append(sp.Refuted, []sat.Lit{1}), unsat, MergeOptions{}); v.Status != sat.Unknown {
		t.Fatalf("bogus refuted branch: %+v", v)
	}
	// A model that fails the formula is an error, never SAT.
	bad := append([]Answer(nil), unsat...)
	bad[0] = Answer{Index: 0, Status: sat.Sat, Model: sat.NewAssignment(f.NumVars)}
	if _, err := Merge(ctx, f, sp.Cubes, sp.Refuted, bad, MergeOptions{}); !errors.Is(err, sat.ErrBadModel) {
		t.Fatalf("bad model: %v", err)
	}
	// Cubes that leave a model out: the cover check finds it.
	g := sattest.RandomKSAT(1, 10, 20, 3)
	m, ok := sattest.NewOracle(g).Model()
	if !ok {
		t.Fatal("want a satisfiable formula")
	}
	var other []sat.Lit
	for v := sat.Var(1); v <= 3; v++ {
		other = append(other, v.Lit(!m[v]))
	}
	cubes := [][]sat.Lit{other}
	v, err = Merge(ctx, g, cubes, nil, []Answer{{Index: 0, Status: sat.Unsat}}, MergeOptions{NewSolver: newGini})
	if err != nil || v.Status != sat.Sat || g.Check(v.Model) != nil {
		t.Fatalf("uncovered model: %+v %v", v, err)
	}
	// A broken solver's model is caught by the cover check too.
	_, err = Merge(ctx, g, cubes, nil, []Answer{{Index: 0, Status: sat.Unsat}},
		MergeOptions{NewSolver: func() sat.Solver { return brokenSat{gini.New()} }})
	if !errors.Is(err, sat.ErrBadModel) {
		t.Fatalf("broken solver: %v", err)
	}
}

// reindex numbers answers from 0 in order.
func reindex(as []Answer) []Answer {
	out := append([]Answer(nil), as...)
	for i := range out {
		out[i].Index = i
	}
	return out
}
