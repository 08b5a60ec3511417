package sat

// Assignment gives a truth value to variables: a[v] is the value of variable
// v. Index 0 is unused. Variables beyond the end of the slice read false,
// which matches the SAT competition's partial models (an unlisted variable is
// "don't care": a model that satisfies every clause with its listed literals
// still does with the rest set false).
type Assignment []bool

// NewAssignment returns an all-false assignment for variables 1..numVars.
func NewAssignment(numVars int) Assignment { return make(Assignment, numVars+1) }

// Lit returns the value of literal l under a.
func (a Assignment) Lit(l Lit) bool {
	v := l.Var()
	if int(v) >= len(a) {
		return l < 0
	}
	return a[v] == (l > 0)
}

// Set makes l true, growing a when needed, and returns the assignment.
func (a Assignment) Set(l Lit) Assignment {
	v := int(l.Var())
	for len(a) <= v {
		a = append(a, false)
	}
	a[v] = l > 0
	return a
}

// NumVars returns the largest variable a covers.
func (a Assignment) NumVars() int {
	if len(a) == 0 {
		return 0
	}
	return len(a) - 1
}

// Lits returns the literals true under a for variables 1..n, in order.
func (a Assignment) Lits(n int) []Lit {
	out := make([]Lit, 0, n)
	for v := Var(1); int(v) <= n; v++ {
		out = append(out, v.Lit(a.Lit(v.Pos())))
	}
	return out
}
