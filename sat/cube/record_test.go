package cube

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat"
)

func TestRecordRoundTrip(t *testing.T) {
	cube := []sat.Lit{2, -3}
	m := sat.NewAssignment(4).Set(2).Set(4)
	for _, a := range []Answer{
		{Index: 3, Status: sat.Sat, Model: m, Time: 1500 * time.Millisecond},
		{Index: 3, Status: sat.Unsat, Time: time.Second},
		{Index: 3, Status: sat.Unknown, Err: errors.New("context deadline exceeded")},
	} {
		data, err := json.Marshal(NewRecord(a, cube, 4, "gini"))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := ReadRecord(strings.NewReader(string(data)))
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		b, err := rec.Answer(cube, 4)
		if err != nil {
			t.Fatal(err)
		}
		if b.Index != a.Index || b.Status != a.Status || b.Time != a.Time {
			t.Fatalf("%+v became %+v", a, b)
		}
		if a.Status == sat.Sat && (b.Model.Lit(-1) != true || b.Model.Lit(2) != true || b.Model.Lit(4) != true || b.Model.Lit(3)) {
			t.Fatalf("model %v became %v", a.Model, b.Model)
		}
		if a.Status == sat.Unknown && b.Err.Error() != a.Err.Error() {
			t.Fatalf("reason %v became %v", a.Err, b.Err)
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
