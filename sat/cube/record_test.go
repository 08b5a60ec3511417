package cube

import (
	"strings"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat"
)

func TestRecordAnswer(t *testing.T) {
	cube := []sat.Lit{2, -3}
	cases := []struct {
		json   string
		status sat.Status
	}{
		{`{"cube": 3, "cube_literals": [2, -3], "status": "SATISFIABLE", "model": [-1, 2, -3, 4], "wall_seconds": 1.5}`, sat.Sat},
		{`{"cube": 3, "cube_literals": [2, -3], "status": "UNSATISFIABLE", "wall_seconds": 1, "backend": "gini", "other": "ignored"}`, sat.Unsat},
		{`{"cube": 3, "cube_literals": [2, -3], "status": "UNKNOWN", "reason": "context deadline exceeded"}`, sat.Unknown},
	}
	for _, c := range cases {
		rec, err := ReadRecord(strings.NewReader(c.json))
		if err != nil {
			t.Fatalf("%s: %v", c.json, err)
		}
		a, err := rec.Answer(cube, 4)
		if err != nil {
			t.Fatal(err)
		}
		if a.Index != 3 || a.Status != c.status || a.Time != time.Duration(rec.WallSeconds*float64(time.Second)) {
			t.Fatalf("%s became %+v", c.json, a)
		}
		if c.status == sat.Sat && (!a.Model.Lit(-1) || !a.Model.Lit(2) || !a.Model.Lit(4) || a.Model.Lit(3)) {
			t.Fatalf("model %v", a.Model)
		}
		if c.status == sat.Unknown && a.Err.Error() != "context deadline exceeded" {
			t.Fatalf("reason %v", a.Err)
		}
		// The record of another cube is refused.
		if _, err := rec.Answer([]sat.Lit{2, 3}, 4); err == nil {
			t.Fatal("a record of another cube accepted")
		}
	}
	bad := []string{
		`{"cube": 1, "cube_literals": [1], "status": "SAT"}`,
		`{"cube": -1, "cube_literals": [1], "status": "UNSATISFIABLE"}`,
		`{"cube": 1, "status": "UNSATISFIABLE"}`,
		`{"cube": 1, "cube_literals": [1], "status": "UNSATISFIABLE"`,
		``,
	}
	for _, s := range bad {
		if _, err := ReadRecord(strings.NewReader(s)); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
	rec, err := ReadRecord(strings.NewReader(`{"cube": 0, "cube_literals": [], "status": "SATISFIABLE", "model": [1, -9]}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rec.Answer([]sat.Lit{}, 4); err == nil {
		t.Fatal("a model literal beyond the variables accepted")
	}
}
