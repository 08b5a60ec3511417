package solvecmd

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// liveLines reads the "o" and "c lower bound" lines of competition output
// in order, and the final status.
func liveLines(out string) (costs, lbs []int64, status string, err error) {
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "o "):
			c, e := strconv.ParseInt(line[2:], 10, 64)
			if e != nil {
				return nil, nil, "", e
			}
			costs = append(costs, c)
		case strings.HasPrefix(line, "c lower bound "):
			lb, e := strconv.ParseInt(line[len("c lower bound "):], 10, 64)
			if e != nil {
				return nil, nil, "", e
			}
			lbs = append(lbs, lb)
		case strings.HasPrefix(line, "s "):
			status = line[2:]
		}
	}
	return costs, lbs, status, nil
}

// TestOptimisationOutput solves random WCNF and OPB instances with every
// strategy and checks the anytime output: "o" lines strictly decreasing,
// the last one the cost of the printed model recomputed here from the
// instance, "c lower bound" lines strictly increasing and never above
// it, the last one equal to it when the optimum is claimed, and the same
// cost and lower bound in the --json report.
func TestOptimisationOutput(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 1))
	dir := t.TempDir()
	rounds := 12
	if testing.Short() {
		rounds = 4
	}
	for i := range rounds {
		in, ext := shrink(randomWCNF(r), 25), ".wcnf"
		if i%2 == 1 {
			in, ext = shrink(randomOPB(r), 25), ".opb"
		}
		path := filepath.Join(dir, strconv.Itoa(i)+ext)
		if err := os.WriteFile(path, []byte(in.text()), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, opt := range []string{"auto", "core", "core-boosted", "linear", "binary"} {
			name := fmt.Sprintf("%s --opt %s", filepath.Base(path), opt)
			code, out, errs := runCLI(t, "", "solve", "--opt", opt, path)
			if code != 30 {
				t.Fatalf("%s: exit %d, %s", name, code, errs)
			}
			costs, lbs, status, err := liveLines(out)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			_, cost, _, val, err := parseOptOutput(out, in.vars, in.used(), in.opb)
			if err != nil {
				t.Fatalf("%s: %v in\n%s", name, err, out)
			}
			real, err := in.cost(val)
			if err != nil || real != cost || costs[len(costs)-1] != cost {
				t.Fatalf("%s: printed cost %d (o lines %v), the model costs %d (%v)", name, cost, costs, real, err)
			}
			for k := 1; k < len(costs); k++ {
				if costs[k] >= costs[k-1] {
					t.Fatalf("%s: o lines %v", name, costs)
				}
			}
			for k, lb := range lbs {
				if lb > cost || k > 0 && lb <= lbs[k-1] {
					t.Fatalf("%s: lower bounds %v, optimum %d", name, lbs, cost)
				}
			}
			if status != "OPTIMUM FOUND" || cost != 0 && (len(lbs) == 0 || lbs[len(lbs)-1] != cost) {
				t.Fatalf("%s: %s, lower bounds %v, cost %d\n%s\n%s", name, status, lbs, cost, out, in.text())
			}
			code, out, errs = runCLI(t, "", "solve", "--json", "--opt", opt, path)
			var j jsonReport
			if err := json.Unmarshal([]byte(out), &j); err != nil || code != 30 {
				t.Fatalf("%s --json: exit %d, %v, %s", name, code, err, errs)
			}
			if j.Cost == nil || j.Cost.String() != strconv.FormatInt(cost, 10) || j.LowerBound == nil || *j.LowerBound != cost || !j.Optimal {
				t.Fatalf("%s --json: cost %v lower bound %v optimal %v, want %d", name, j.Cost, j.LowerBound, j.Optimal, cost)
			}
		}
	}
}

// shrink keeps the constraints of in over its first n variables, and
// the objective terms over them: a smaller instance of the same kind.
func shrink(in *optInstance, n int) *optInstance {
	within := func(ls []int) bool {
		for _, l := range ls {
			if l > n || -l > n {
				return false
			}
		}
		return true
	}
	out := &optInstance{opb: in.opb, vars: n}
	for _, c := range in.hard {
		if within(c) {
			out.hard = append(out.hard, c)
		}
	}
	for _, c := range in.pbs {
		if within(c.lits) {
			out.pbs = append(out.pbs, c)
		}
	}
	for i, c := range in.softs {
		if within(c) {
			out.softs, out.w = append(out.softs, c), append(out.w, in.w[i])
		}
	}
	for i, l := range in.obj {
		if within([]int{l}) {
			out.obj, out.w = append(out.obj, l), append(out.w, in.w[i])
		}
	}
	return out
}

// TestChoosePB: a cardinality constraint keeps its BDD; one over many
// diverse coefficients, whose BDD is far larger than its adder network,
// gets the adder network; both within the budget.
func TestChoosePB(t *testing.T) {
	card := sat.PB{Op: sat.AtMost, K: 5}
	for v := 1; v <= 30; v++ {
		card.Terms = append(card.Terms, sat.Term{Coef: 1, Lit: sat.Var(v).Pos()})
	}
	m, size, err := choosePB(context.Background(), card, 1<<30)
	if err != nil || m != encode.PBBDD || size == 0 {
		t.Fatalf("cardinality: %v %d %v, want a BDD", m, size, err)
	}
	r := rand.New(rand.NewPCG(2, 3))
	diverse := sat.PB{Op: sat.AtMost}
	for v := 1; v <= 60; v++ {
		diverse.Terms = append(diverse.Terms, sat.Term{Coef: 1 + r.Int64N(1<<30), Lit: sat.Var(v).Pos()})
		diverse.K += diverse.Terms[v-1].Coef / 2
	}
	m, size, err = choosePB(context.Background(), diverse, 1<<30)
	_, adder, _ := encode.PBSize(context.Background(), diverse, encode.PBAdder, 0)
	if err != nil || m != encode.PBAdder || size != adder {
		t.Fatalf("diverse: %v %d %v, want the adder network of %d clauses", m, size, err, adder)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := choosePB(ctx, diverse, 1<<30); err == nil {
		t.Fatal("a cancelled context did not stop the measurement")
	}
}

// TestDiverseOPB solves OPB instances whose constraints have diverse
// large coefficients (so that the adder network replaces their BDDs) and
// checks each optimum against enumeration.
func TestDiverseOPB(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 5))
	dir := t.TempDir()
	for i := range 6 {
		in := &optInstance{opb: true, vars: 12}
		for range 4 {
			c := optPB{lits: randomLits(r, in.vars, 10)}
			var sum int64
			for range c.lits {
				a := 1 + r.Int64N(1<<28)
				c.coefs = append(c.coefs, a)
				sum += a
			}
			c.k = sum / 3
			in.pbs = append(in.pbs, c)
		}
		for v := 1; v <= in.vars; v++ {
			in.obj = append(in.obj, v)
			in.w = append(in.w, 1+r.Int64N(1000))
		}
		best := int64(-1)
		val := make([]bool, in.vars+1)
		for m := 0; m < 1<<in.vars; m++ {
			for v := 1; v <= in.vars; v++ {
				val[v] = m>>(v-1)&1 == 1
			}
			if c, err := in.cost(val); err == nil && (best < 0 || c < best) {
				best = c
			}
		}
		path := filepath.Join(dir, strconv.Itoa(i)+".opb")
		if err := os.WriteFile(path, []byte(in.text()), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := runCLI(t, "", "solve", "--backend", "cdcl", path)
		if best < 0 {
			if code != 20 {
				t.Fatalf("%d: exit %d, want UNSAT: %s %s", i, code, out, errs)
			}
			continue
		}
		if code != 30 || !strings.Contains(out, fmt.Sprintf("o %d\n", best)) {
			t.Fatalf("%d: exit %d, want the optimum %d: %s %s", i, code, best, out, errs)
		}
	}
}

// TestPBBudgetRefused: PB constraints whose encodings do not fit the
// clause budget are refused with a message naming the way out, before
// anything is encoded; within the budget they are encoded.
func TestPBBudgetRefused(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 7))
	c := sat.PB{Op: sat.AtMost}
	for v := 1; v <= 40; v++ {
		c.Terms = append(c.Terms, sat.Term{Coef: 1 + r.Int64N(1<<30), Lit: sat.Var(v).Pos()})
		c.K += c.Terms[v-1].Coef / 2
	}
	_, adder, _ := encode.PBSize(context.Background(), c, encode.PBAdder, 0)
	o := &solveOpts{pb: "auto", pbBudget: adder - 1}
	f := &sat.Formula{}
	err := o.encodePBs(context.Background(), countingSink{f}, []sat.PB{c})
	if err == nil || !strings.Contains(err.Error(), "native PB constraints") || len(f.Clauses) != 0 {
		t.Fatalf("budget %d below the adder's %d: %v, %d clauses written", adder-1, adder, err, len(f.Clauses))
	}
	o.pbBudget = adder
	if err := o.encodePBs(context.Background(), countingSink{f}, []sat.PB{c}); err != nil || int64(len(f.Clauses)) != adder {
		t.Fatalf("budget %d: %v, %d clauses written", adder, err, len(f.Clauses))
	}
}

// countingSink is a sat.Solver over a formula that takes no native PB
// constraints, for encodePBs (which never solves).
type countingSink struct{ f *sat.Formula }

func (c countingSink) NewVar() sat.Var           { return c.f.NewVar() }
func (c countingSink) AddClause(lits ...sat.Lit) { c.f.AddClause(lits...) }

func (countingSink) Solve(context.Context, ...sat.Lit) (sat.Status, error) { panic("no solve") }
func (countingSink) Value(sat.Lit) bool                                    { panic("no value") }
func (countingSink) Model() sat.Assignment                                 { panic("no model") }

// TestBigNumbers solves random instances beyond int64 end to end: OPB
// constraints over 2^100-size coefficients (decision, against
// enumeration in exact arithmetic), and WCNF files with soft weights
// near 2^62 summing beyond int64, whose printed optimum must be the exact
// cost of the printed model, recomputed here with math/big.
func TestBigNumbers(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	dir := t.TempDir()
	unit := new(big.Int).Lsh(big.NewInt(1), 100)
	for i := range 10 {
		const n = 8
		type bigc struct {
			coefs []*big.Int
			lits  []int
			k     *big.Int
		}
		var cs []bigc
		var b strings.Builder
		fmt.Fprintf(&b, "* #variable= %d #constraint= 3\n", n)
		for range 3 {
			c := bigc{k: new(big.Int).Mul(unit, big.NewInt(r.Int64N(5)-1))}
			for _, l := range randomLits(r, n, 4) {
				a := new(big.Int).Mul(unit, big.NewInt(r.Int64N(7)-3))
				a.Add(a, big.NewInt(r.Int64N(100)))
				c.coefs, c.lits = append(c.coefs, a), append(c.lits, l)
				lit := "x" + strconv.Itoa(l)
				if l < 0 {
					lit = "~x" + strconv.Itoa(-l)
				}
				fmt.Fprintf(&b, "%+d %s ", a, lit)
			}
			fmt.Fprintf(&b, ">= %d ;\n", c.k)
			cs = append(cs, c)
		}
		sat1 := false
		for m := 0; m < 1<<n && !sat1; m++ {
			all := true
			for _, c := range cs {
				s := new(big.Int)
				for j, l := range c.lits {
					v := m>>(max(l, -l)-1)&1 == 1
					if v == (l > 0) {
						s.Add(s, c.coefs[j])
					}
				}
				all = all && s.Cmp(c.k) >= 0
			}
			sat1 = all
		}
		path := filepath.Join(dir, fmt.Sprintf("big%d.opb", i))
		os.WriteFile(path, []byte(b.String()), 0o644)
		code, out, errs := runCLI(t, "", "solve", path)
		if want := map[bool]int{true: 10, false: 20}[sat1]; code != want {
			t.Fatalf("%s: exit %d, want %d: %s %s\n%s", path, code, want, out, errs, b.String())
		}
	}
	for i := range 10 {
		var b strings.Builder
		type soft struct {
			w    *big.Int
			lits []int
		}
		var hard [][]int
		var softs []soft
		const n = 7
		for range 6 {
			c := randomLits(r, n, 3)
			hard = append(hard, c)
			fmt.Fprintf(&b, "h %s 0\n", strings.Trim(fmt.Sprint(c), "[]"))
		}
		for j := range 10 {
			w := big.NewInt(1 + r.Int64N(1000))
			if j < 3 {
				w.SetInt64(1<<62 + r.Int64N(1<<60))
			}
			c := randomLits(r, n, 1+r.IntN(2))
			softs = append(softs, soft{w, c})
			fmt.Fprintf(&b, "%v %s 0\n", w, strings.Trim(fmt.Sprint(c), "[]"))
		}
		holds := func(val []bool, c []int) bool {
			for _, l := range c {
				if val[max(l, -l)] == (l > 0) {
					return true
				}
			}
			return false
		}
		cost := func(val []bool) *big.Int {
			for _, c := range hard {
				if !holds(val, c) {
					return nil
				}
			}
			s := new(big.Int)
			for _, sc := range softs {
				if !holds(val, sc.lits) {
					s.Add(s, sc.w)
				}
			}
			return s
		}
		var best *big.Int
		val := make([]bool, n+1)
		for m := 0; m < 1<<n; m++ {
			for v := 1; v <= n; v++ {
				val[v] = m>>(v-1)&1 == 1
			}
			if c := cost(val); c != nil && (best == nil || c.Cmp(best) < 0) {
				best = c
			}
		}
		path := filepath.Join(dir, fmt.Sprintf("big%d.wcnf", i))
		os.WriteFile(path, []byte(b.String()), 0o644)
		code, out, errs := runCLI(t, "", "solve", path)
		if best == nil {
			if code != 20 {
				t.Fatalf("%s: exit %d, want UNSAT: %s %s", path, code, out, errs)
			}
			continue
		}
		if code != 30 {
			t.Fatalf("%s: exit %d, want the optimum %v: %s %s\n%s", path, code, best, out, errs, b.String())
		}
		var printed *big.Int
		for _, line := range strings.Split(out, "\n") {
			if o, ok := strings.CutPrefix(line, "o "); ok {
				printed, _ = new(big.Int).SetString(o, 10)
			}
			if v, ok := strings.CutPrefix(line, "v "); ok {
				for j, ch := range v {
					val[j+1] = ch == '1'
				}
			}
		}
		if got := cost(val); printed == nil || got == nil || got.Cmp(printed) != 0 || got.Cmp(best) != 0 {
			t.Fatalf("%s: printed %v, the printed model costs %v, the optimum is %v", path, printed, got, best)
		}
	}
}
