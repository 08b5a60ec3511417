package fzn

// The translation of a FlatZinc model into a cp.Model.
//
// Variables first: an alias (var int: y = x) is the same cp variable as
// what it names, so the variables fall into classes (union by the
// aliases, which always name an earlier variable), and each class gets
// one cp variable whose domain is the intersection of its members'
// declared domains, of the element domains of the arrays of variables
// that hold them (array [1..n] of var 1..9: a = [x, y] bounds x and y), of
// the literal a member is assigned, and of the unary constraints that are
// only a domain (set_in(x, S), int_le(x, 5), int_ne(x, 3), …), which are
// then not posted. A variable that ends without a finite domain (var int
// and nothing bounding it) gets ±cp.MaxValue and makes the translation
// Restricted: its answers are then never claimed complete.
//
// Then each constraint item through its builtin (builtins.go), reified as
// its name says (_reif: Iff, _imp: OnlyIf), and the objective.
// Annotations are not used: satsolve's search is the SAT engine's, with no
// variable or value order to follow, and defines_var adds nothing an
// eager encoding could use.

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/cp"
	"github.com/satsolve/satsolve/encode"
)

// A Translation is a FlatZinc model as a cp.Model, with what is needed to
// print its solutions.
type Translation struct {
	// Model is the cp model: its variables, constraints and objective.
	Model *cp.Model
	// Restricted reports that a variable without a finite domain was
	// given ±cp.MaxValue (or a domain was cut to it): an UNSAT answer or
	// an optimum is then not proved for the FlatZinc model.
	Restricted bool
	// Unsupported lists the annotations the translation ignored, by name.
	Ignored []string

	fz    *Model
	rep   []int32 // the class of each FlatZinc variable: its first member
	ints  []cp.IntVar
	bools []cp.BoolVar
}

// translator is the state of Translate.
type translator struct {
	*Translation
	fz   *Model
	m    *cp.Model
	file string
	cur  *Constraint
	err  error
}

// class returns the class of variable i.
func (t *Translation) class(i int) int { return int(t.rep[i]) }

// Translate builds the cp model of m. Its errors are *Error at the item
// at fault: a constraint satsolve does not know (ErrUnsupported), an
// argument of the wrong type (ErrType), a value beyond what cp represents;
// or ctx's error when it ends first (polled every few thousand items).
func Translate(ctx context.Context, m *Model) (*Translation, error) {
	return translate(ctx, m, true)
}

// translate is Translate, with the objective left out unless objective.
func translate(ctx context.Context, m *Model, objective bool) (*Translation, error) {
	t := &translator{Translation: &Translation{fz: m, Model: cp.NewModel()}, fz: m, file: m.File}
	t.m = t.Model
	skip := t.variables()
	if t.err != nil {
		return nil, t.err
	}
	for i := range m.Constraints {
		if i&4095 == 4095 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if skip[i] {
			continue
		}
		t.constraint(&m.Constraints[i])
		if t.err != nil {
			return nil, t.err
		}
	}
	if objective {
		t.objective()
	}
	if t.err != nil {
		return nil, t.err
	}
	if err := t.m.Err(); err != nil {
		return nil, t.errAt(m.Solve.Pos, ErrUnsupported, "%v", err)
	}
	return t.Translation, nil
}

// constraint posts one constraint item.
func (t *translator) constraint(c *Constraint) {
	t.cur = c
	b, mode := lookup(c.Name, len(c.Args))
	switch {
	case b == nil:
		t.failf(ErrUnsupported, "constraint %s with %d arguments is not supported", c.Name, len(c.Args))
		return
	case b.post == nil:
		t.failf(ErrUnsupported, "constraint %s is not supported yet", c.Name)
		return
	}
	posted := b.post(t, c.Args[:b.arity])
	switch mode {
	case modeIff:
		posted.Iff(t.boolVar(c.Args[b.arity]))
	case modeImp:
		posted.OnlyIf(t.boolVar(c.Args[b.arity]))
	}
	if err := t.m.Err(); err != nil && t.err == nil {
		t.failf(ErrUnsupported, "%v", err)
	}
}

// objective sets the model's objective from the solve item.
func (t *translator) objective() {
	s := t.fz.Solve
	if s.Method == Satisfy || s.Objective.Kind != KindVar {
		return // satisfaction, or a constant objective: any solution is optimal
	}
	t.cur = &Constraint{Name: "solve", Pos: s.Pos}
	x := t.intVar(s.Objective)
	if s.Method == Minimize {
		t.m.Minimize(x)
	} else {
		t.m.Maximize(x)
	}
}

// Optimizing reports whether the model asks for an optimum (a solve
// minimize or maximize, even of a constant).
func (t *Translation) Optimizing() bool { return t.fz.Solve.Method != Satisfy }

// Value returns the values of the FlatZinc variables in s, as
// WriteSolution and Check take them.
func (t *Translation) Value(s *cp.Solution) func(i int) int64 {
	return func(i int) int64 {
		c := t.class(i)
		if t.fz.Vars[i].Type == TypeBool {
			if s.Bool(t.bools[c]) {
				return 1
			}
			return 0
		}
		return s.Int(t.ints[c])
	}
}

// OutputVars returns the cp variables of the output variables and arrays:
// two solutions that agree on them print the same.
func (t *Translation) OutputVars() []cp.Var {
	var vs []cp.Var
	seen := map[int]bool{}
	add := func(v Value) {
		if v.Kind != KindVar {
			return
		}
		i := int(v.X)
		c := t.class(i)
		if seen[c] {
			return
		}
		seen[c] = true
		if t.fz.Vars[i].Type == TypeBool {
			vs = append(vs, t.bools[c])
		} else {
			vs = append(vs, t.ints[c])
		}
	}
	for _, o := range t.fz.Output {
		if !o.IsArray {
			add(Value{KindVar, int64(o.Index)})
			continue
		}
		for _, e := range t.fz.Arrays[t.fz.ArrayDecls[o.Index].Array] {
			add(e)
		}
	}
	return vs
}

// variables makes the classes of variables and their cp variables, and
// returns the constraints it took as domains.
func (t *translator) variables() (skip []bool) {
	fz := t.fz
	n := len(fz.Vars)
	t.rep = make([]int32, n)
	dom := make([]IntSet, n) // the domain of each class (at its first member); nil: none
	fixed := make([]int8, n) // a Boolean class fixed false (-1) or true (1)
	for i, v := range fz.Vars {
		t.rep[i] = int32(i)
		d := v.Domain
		switch v.Value.Kind {
		case KindVar:
			t.rep[i] = t.rep[v.Value.X]
		case KindInt:
			d = intersect(d, IntSet{{v.Value.X, v.Value.X}})
		case KindBool:
			fixed[i] = int8(2*v.Value.X - 1)
		}
		c := t.rep[i]
		if v.Type == TypeInt {
			dom[c] = intersect(dom[c], d)
		} else if fixed[i] != 0 && int(c) != i {
			if fixed[c] != 0 && fixed[c] != fixed[i] {
				fixed[i] = 2 // fixed both ways: no solution
			}
			fixed[c] = fixed[i]
		}
	}
	for _, d := range fz.ArrayDecls {
		if !d.IsVar || d.Type != TypeInt || d.Domain == nil {
			continue
		}
		for _, e := range fz.Arrays[d.Array] {
			switch e.Kind {
			case KindVar:
				c := t.rep[e.X]
				dom[c] = intersect(dom[c], d.Domain)
			case KindInt:
				if !d.Domain.Contains(e.X) {
					t.err = t.errAt(d.Pos, ErrType, "array %s holds %d, outside its element domain %s", d.Name, e.X, clip(setText(d.Domain)))
				}
			}
		}
	}
	skip = t.unaryDomains(dom)

	t.ints = make([]cp.IntVar, n)
	t.bools = make([]cp.BoolVar, n)
	for i, v := range fz.Vars {
		if int(t.rep[i]) != i {
			continue
		}
		if v.Type == TypeBool {
			switch fixed[i] {
			case 2: // fixed both true and false
				t.m.BoolClause(nil, nil)
				t.bools[i] = t.m.NewBool(v.Name)
			case -1, 1:
				t.bools[i] = t.m.BoolConst(fixed[i] > 0)
			default:
				t.bools[i] = t.m.NewBool(v.Name)
			}
			continue
		}
		d := dom[i]
		if d == nil || len(d) > 0 && (d.Min() < -cp.MaxValue || d.Max() > cp.MaxValue) {
			t.Restricted = true
			d = intersect(d, IntSet{{-cp.MaxValue, cp.MaxValue}})
		}
		t.ints[i] = t.m.NewIntIn(domainOf(d), v.Name)
	}
	if err := t.m.Err(); err != nil && t.err == nil {
		t.err = t.errAt(Pos{1, 1}, ErrUnsupported, "%v", err)
	}
	return skip
}

// domainOf converts an IntSet to a cp domain.
func domainOf(s IntSet) cp.Domain {
	rs := make([]encode.Range, len(s))
	for i, r := range s {
		rs[i] = encode.Range{Lo: r.Lo, Hi: r.Hi}
	}
	return encode.NewDomain(rs...)
}

// intersect returns a ∩ b, where nil stands for all integers.
func intersect(a, b IntSet) IntSet {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	out := IntSet{}
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		lo, hi := max(a[i].Lo, b[j].Lo), min(a[i].Hi, b[j].Hi)
		if lo <= hi {
			out = append(out, Range{lo, hi})
		}
		if a[i].Hi < b[j].Hi {
			i++
		} else {
			j++
		}
	}
	return out
}

// remove returns s without v.
func remove(s IntSet, v int64) IntSet {
	if s == nil {
		return IntSet{{-1 << 63, v - 1}, {v + 1, 1<<63 - 1}}
	}
	out := IntSet{}
	for _, r := range s {
		if v < r.Lo || v > r.Hi {
			out = append(out, r)
			continue
		}
		if r.Lo < v {
			out = append(out, Range{r.Lo, v - 1})
		}
		if v < r.Hi {
			out = append(out, Range{v + 1, r.Hi})
		}
	}
	return out
}

// unaryDomains applies the constraints that only restrict one integer
// variable's domain, and returns which constraints it applied.
func (t *translator) unaryDomains(dom []IntSet) []bool {
	fz := t.fz
	skip := make([]bool, len(fz.Constraints))
	for ci, c := range fz.Constraints {
		a := c.Args
		isVar := func(v Value) bool { return v.Kind == KindVar && fz.Vars[v.X].Type == TypeInt }
		var x Value
		var s IntSet
		switch {
		case c.Name == "set_in" && len(a) == 2 && isVar(a[0]) && a[1].Kind == KindSet:
			x, s = a[0], fz.Sets[a[1].X]
		case c.Name == "int_le" && len(a) == 2 && isVar(a[0]) && a[1].Kind == KindInt:
			x, s = a[0], IntSet{{-1 << 63, a[1].X}}
		case c.Name == "int_le" && len(a) == 2 && a[0].Kind == KindInt && isVar(a[1]):
			x, s = a[1], IntSet{{a[0].X, 1<<63 - 1}}
		case c.Name == "int_lt" && len(a) == 2 && isVar(a[0]) && a[1].Kind == KindInt && a[1].X > -1<<63:
			x, s = a[0], IntSet{{-1 << 63, a[1].X - 1}}
		case c.Name == "int_lt" && len(a) == 2 && a[0].Kind == KindInt && isVar(a[1]) && a[0].X < 1<<63-1:
			x, s = a[1], IntSet{{a[0].X + 1, 1<<63 - 1}}
		case c.Name == "int_eq" && len(a) == 2 && isVar(a[0]) && a[1].Kind == KindInt:
			x, s = a[0], IntSet{{a[1].X, a[1].X}}
		case c.Name == "int_eq" && len(a) == 2 && a[0].Kind == KindInt && isVar(a[1]):
			x, s = a[1], IntSet{{a[0].X, a[0].X}}
		case c.Name == "int_ne" && len(a) == 2 && (isVar(a[0]) && a[1].Kind == KindInt || a[0].Kind == KindInt && isVar(a[1])):
			x, k := a[0], a[1].X
			if a[0].Kind == KindInt {
				x, k = a[1], a[0].X
			}
			c := t.rep[x.X]
			dom[c] = remove(dom[c], k)
			skip[ci] = true
			continue
		default:
			continue
		}
		cl := t.rep[x.X]
		dom[cl] = intersect(dom[cl], s)
		skip[ci] = true
	}
	return skip
}

// pow posts x^y = z with MiniZinc 2.6's meaning for negative exponents
// (powHolds): cp's IntPow takes 1 div x^−y there, which differs at x = −1,
// so where y can be negative the translation splits on y < 0 and posts
// IntPow only for y ≥ 0. Every part is guarded by g and the constraint
// returned is "g": half reification (int_pow_imp) then guards them all.
func (t *translator) pow(x, y, z cp.IntVar) cp.Constraint {
	m := t.m
	if t.err != nil || m.Err() != nil {
		return cp.Constraint{}
	}
	if d := m.Domain(y); d.Empty() || d.Min() >= 0 {
		return m.IntPow(x, y, z)
	}
	not := func(b cp.BoolVar) cp.BoolVar {
		n := m.NewBool("")
		m.BoolNe(b, n)
		return n
	}
	and := func(a, b cp.BoolVar) cp.BoolVar {
		c := m.NewBool("")
		m.BoolAnd(a, b).Iff(c)
		return c
	}
	g, neg, one := m.NewBool(""), m.NewBool(""), m.NewBool("")
	m.IntLe(y, m.IntConst(-1)).Iff(neg)
	m.IntEq(x, m.IntConst(1)).Iff(one)
	gneg := and(g, neg)
	m.IntPow(x, y, z).OnlyIf(and(g, not(neg)))
	m.IntNe(x, m.IntConst(0)).OnlyIf(gneg)
	m.IntEq(z, m.IntConst(1)).OnlyIf(and(gneg, one))
	m.IntEq(z, m.IntConst(0)).OnlyIf(and(gneg, not(one)))
	return m.BoolEq(g, m.BoolConst(true))
}

// String describes the translation for -v.
func (t *Translation) String() string {
	return fmt.Sprintf("%d integer and %d Boolean variables", t.Model.NumInts(), t.Model.NumBools())
}
