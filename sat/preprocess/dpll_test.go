package preprocess

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// dpll is a small complete solver for the medium-sized differential test:
// Davis–Putnam–Logemann–Loveland with unit propagation, branching on the
// an unassigned literal of a shortest open clause. It is test code,
// independent of everything in the package.
type dpll struct {
	clauses []sat.Clause
	val     []int8 // per variable: 0 unassigned, ±1
}

// solve returns a model of clauses over n variables under the units, or
// nil when there is none.
func solveDPLL(clauses []sat.Clause, n int, units []sat.Lit) sat.Assignment {
	d := &dpll{clauses: clauses, val: make([]int8, n+1)}
	for _, u := range units {
		if !d.set(u) {
			return nil
		}
	}
	if !d.search() {
		return nil
	}
	m := sat.NewAssignment(n)
	for v := 1; v <= n; v++ {
		m[v] = d.val[v] > 0
	}
	return m
}

func (d *dpll) value(l sat.Lit) int8 {
	x := d.val[l.Var()]
	if l < 0 {
		return -x
	}
	return x
}

// set makes l true, reporting false when it is already false.
func (d *dpll) set(l sat.Lit) bool {
	switch d.value(l) {
	case -1:
		return false
	case 0:
		if l > 0 {
			d.val[l.Var()] = 1
		} else {
			d.val[-l] = -1
		}
	}
	return true
}

func (d *dpll) search() bool {
	saved := append([]int8(nil), d.val...)
	for { // unit propagation to a fixpoint
		changed := false
		var branch sat.Lit
		best := 1 << 30
		for _, c := range d.clauses {
			open, satisfied := 0, false
			var last sat.Lit
			for _, l := range c {
				switch d.value(l) {
				case 1:
					satisfied = true
				case 0:
					open++
					last = l
				}
			}
			if satisfied {
				continue
			}
			switch open {
			case 0:
				copy(d.val, saved)
				return false
			case 1:
				d.set(last)
				changed = true
			default:
				if open < best {
					best, branch = open, last
				}
			}
		}
		if changed {
			continue
		}
		if branch == 0 {
			return true
		}
		for _, l := range []sat.Lit{branch, -branch} {
			inner := append([]int8(nil), d.val...)
			d.set(l)
			if d.search() {
				return true
			}
			copy(d.val, inner)
		}
		copy(d.val, saved)
		return false
	}
}

// TestMediumDifferential checks formulas of 20 to 70 variables, too large
// for enumeration, with the DPLL solver: the simplified formula must agree
// with the original on satisfiability, also under random assignments to
// the frozen variables, and every model found must extend to a model of
// the original.
func TestMediumDifferential(t *testing.T) {
	count := 150
	if testing.Short() {
		count = 40
	}
	r := rand.New(rand.NewPCG(11, 13))
	type spec struct {
		style int
		ratio float64
	}
	specs := []spec{{styleRandom3, 4.0}, {styleRandom3, 4.4}, {styleStructure, 1.8}, {styleBinary, 1.0}, {styleMixed, 2.5}, {styleCircuit, 0.9}}
	sats, unsats := 0, 0
	for i := range count {
		sp := specs[i%len(specs)]
		n := 20 + r.IntN(51)
		spread := []int{1, 64}[r.IntN(2)]
		f := genFormula(r, n, int(sp.ratio*float64(n)), sp.style, spread)
		opts := genOptions(r, f, spread)
		opts.Budget = []int64{0, 0, 0, 50, 2000}[r.IntN(5)]
		res, err := Simplify(context.Background(), f, opts)
		if err != nil {
			t.Fatal(err)
		}
		if msg := checkShape(res); msg != "" {
			t.Fatal(msg)
		}
		want := solveDPLL(f.Clauses, f.NumVars, nil)
		got := solveDPLL(res.Formula.Clauses, f.NumVars, nil)
		if (want == nil) != (got == nil) || res.Status == sat.Unsat && want != nil || res.Status == sat.Sat && want == nil {
			t.Fatalf("case %d: original SAT=%v, simplified SAT=%v, status %v\n%v\nopts %+v", i, want != nil, got != nil, res.Status, f.Clauses, opts)
		}
		if want == nil {
			unsats++
			continue
		}
		sats++
		if err := f.Check(res.Extend(got)); err != nil {
			t.Fatalf("case %d: extended model fails: %v", i, err)
		}
		for range 4 { // random assignments to the frozen variables
			var units []sat.Lit
			for _, v := range opts.Frozen {
				units = append(units, v.Lit(r.IntN(2) == 0))
			}
			w := solveDPLL(f.Clauses, f.NumVars, units)
			g := solveDPLL(res.Formula.Clauses, f.NumVars, units)
			if (w == nil) != (g == nil) {
				t.Fatalf("case %d: under %v the original SAT=%v, simplified SAT=%v", i, units, w != nil, g != nil)
			}
			if g != nil {
				e := res.Extend(g)
				if err := f.CheckUnder(e, units); err != nil {
					t.Fatalf("case %d: extended model under %v fails: %v", i, units, err)
				}
			}
		}
	}
	if sats == 0 || unsats == 0 {
		t.Errorf("drew %d satisfiable and %d unsatisfiable formulas; want both", sats, unsats)
	}
}
