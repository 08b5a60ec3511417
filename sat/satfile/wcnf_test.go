package satfile

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// weighted is a soft clause.
type weighted struct {
	w int64
	c sat.Clause
}

// maxsat is a MaxSAT instance held as lists, independently of the reader.
type maxsat struct {
	vars int
	hard []sat.Clause
	soft []weighted
}

// cost returns the weight of the soft clauses a falsifies, and whether a
// satisfies every hard clause.
func (m maxsat) cost(a sat.Assignment) (int64, bool) {
	for _, c := range m.hard {
		if !c.Satisfied(a) {
			return 0, false
		}
	}
	var sum int64
	for _, s := range m.soft {
		if !s.c.Satisfied(a) {
			sum += s.w
		}
	}
	return sum, true
}

// maxUsed returns the largest variable m's clauses mention.
func (m maxsat) maxUsed() int {
	n := 0
	for _, c := range m.hard {
		for _, l := range c {
			n = max(n, int(l.Var()))
		}
	}
	for _, s := range m.soft {
		for _, l := range s.c {
			n = max(n, int(l.Var()))
		}
	}
	return n
}

// text writes m in the given dialect: "old" (p wcnf with top), "notop"
// (p wcnf without top; m must have no hard clauses) or "new" (2022).
func (m maxsat) text(dialect string) string {
	var b strings.Builder
	top := int64(1)
	for _, s := range m.soft {
		top += s.w
	}
	switch dialect {
	case "old":
		b.WriteString("p wcnf " + strconv.Itoa(m.vars) + " " + strconv.Itoa(len(m.hard)+len(m.soft)) + " " + strconv.FormatInt(top, 10) + "\n")
	case "notop":
		b.WriteString("p wcnf " + strconv.Itoa(m.vars) + " " + strconv.Itoa(len(m.soft)) + "\n")
	}
	for _, c := range m.hard {
		if dialect == "new" {
			b.WriteString("h ")
		} else {
			b.WriteString(strconv.FormatInt(top, 10) + " ")
		}
		b.WriteString(c.String() + "\n")
	}
	for _, s := range m.soft {
		b.WriteString(strconv.FormatInt(s.w, 10) + " " + s.c.String() + "\n")
	}
	return b.String()
}

// checkTranslation verifies, over every assignment of m's variables, that
// f (read from m) is satisfiable exactly where the hard clauses hold, and
// that its least objective value over the relaxation variables is then the
// weight of the falsified soft clauses.
func checkTranslation(t *testing.T, m maxsat, p *Problem) {
	t.Helper()
	f := p.Formula
	if p.OrigVars != m.vars {
		t.Fatalf("OrigVars %d, want %d", p.OrigVars, m.vars)
	}
	extra := f.NumVars - m.vars
	if extra > 12 {
		t.Fatalf("%d relaxation variables", extra)
	}
	for x := 0; x < 1<<m.vars; x++ {
		a := sat.NewAssignment(f.NumVars)
		for v := 1; v <= m.vars; v++ {
			a[v] = x>>(v-1)&1 == 1
		}
		want, ok := m.cost(a)
		best, found := int64(0), false
		for r := 0; r < 1<<extra; r++ {
			for k := 0; k < extra; k++ {
				a[m.vars+1+k] = r>>k&1 == 1
			}
			if f.Check(a) != nil {
				continue
			}
			if c := f.Cost(a); !found || c < best {
				best, found = c, true
			}
		}
		if found != ok || ok && best != want {
			t.Fatalf("assignment %b: formula satisfiable %v with least cost %d; want %v with cost %d", x, found, best, ok, want)
		}
		// Cost reads the file's cost whatever the relaxation variables
		// hold (here: the last combination tried), and Improve makes them
		// agree with it, keeping a model a model.
		if c := p.Cost(a); ok && c != want {
			t.Fatalf("assignment %b: Cost %d, want %d", x, c, want)
		}
		for k := 0; k < extra; k++ {
			a[m.vars+1+k] = true
		}
		p.Improve(a)
		if (f.Check(a) == nil) != ok || ok && (f.Cost(a) != want || p.Cost(a) != want) || f.Cost(a) != p.Cost(a) {
			t.Fatalf("assignment %b: improved: model %v (want %v), Formula.Cost %d, Cost %d, want %d", x, f.Check(a) == nil, ok, f.Cost(a), p.Cost(a), want)
		}
	}
}

func TestWCNFTranslationCorpus(t *testing.T) {
	cases := []struct {
		file string
		m    maxsat
	}{
		{"wcnf-old-top.wcnf", maxsat{vars: 3,
			hard: []sat.Clause{{1, 2}, {-3}},
			soft: []weighted{{3, sat.Clause{-1}}, {5, sat.Clause{-2, 3}}}}},
		{"wcnf-old-no-top.wcnf", maxsat{vars: 2,
			soft: []weighted{{4, sat.Clause{1, 2}}, {1, sat.Clause{-1}}}}},
		{"wcnf-2022.wcnf", maxsat{vars: 3,
			hard: []sat.Clause{{1, 2, 3}, {-3, 1}},
			soft: []weighted{{2, sat.Clause{-1, -2}}, {7, sat.Clause{3}}, {1, sat.Clause{}}}}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			p, err := readCorpus(t, "good/"+c.file, Strict)
			if err != nil {
				t.Fatal(err)
			}
			checkTranslation(t, c.m, p)
		})
	}
}

// TestWCNFTranslationRandom checks the translation on random instances in
// every dialect.
func TestWCNFTranslationRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	clause := func(vars int) sat.Clause {
		c := sat.Clause{}
		for range r.IntN(4) {
			l := sat.Lit(1 + r.IntN(vars))
			if r.IntN(2) == 0 {
				l = -l
			}
			c = append(c, l)
		}
		return c
	}
	for i := range 300 {
		dialect := []string{"old", "notop", "new"}[i%3]
		m := maxsat{vars: 1 + r.IntN(4)}
		if dialect != "notop" {
			for range r.IntN(4) {
				m.hard = append(m.hard, clause(m.vars))
			}
		}
		for range r.IntN(6) {
			m.soft = append(m.soft, weighted{1 + r.Int64N(9), clause(m.vars)})
		}
		text := m.text(dialect)
		t.Run(strconv.Itoa(i)+"/"+dialect, func(t *testing.T) {
			p, err := readString(text, Tolerant, WCNF)
			if err != nil {
				t.Fatalf("%v\n%s", err, text)
			}
			// The old dialect's header declares the variables; in the new
			// one only the variables used exist.
			if dialect == "new" {
				m.vars = m.maxUsed()
			}
			checkTranslation(t, m, p)
		})
	}
}
