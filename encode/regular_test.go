package encode_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/internal/check"
	"github.com/satsolve/satsolve/sat"
)

// allDFAs returns every automaton with the given states and symbols: each
// move to a state or to none, every start, every set of accepting states.
func allDFAs(states, symbols int) []*encode.DFA {
	moves := states * symbols
	total := 1
	for range moves {
		total *= states + 1
	}
	var out []*encode.DFA
	for code := range total {
		next := make([][]int, states)
		c := code
		for q := range next {
			next[q] = make([]int, symbols)
			for a := range next[q] {
				next[q][a] = c%(states+1) - 1
				c /= states + 1
			}
		}
		for start := range states {
			for acc := range 1 << states {
				d := &encode.DFA{States: states, Symbols: symbols, Next: next, Start: start}
				for q := range states {
					if acc>>q&1 == 1 {
						d.Accept = append(d.Accept, q)
					}
				}
				out = append(out, d)
			}
		}
	}
	return out
}

// words calls f with every word of length n over symbols symbols, as the
// digits of a counter (position 0 the least significant).
func words(n, symbols int, f func(w []int)) {
	w := make([]int, n)
	for {
		f(w)
		i := 0
		for i < n && w[i] == symbols-1 {
			w[i] = 0
			i++
		}
		if i == n {
			return
		}
		w[i]++
	}
}

// binary returns a formula with n input variables and the positions of a
// two-symbol word over them: symbol 1 is the variable, symbol 0 its
// negation, so exactly one holds by construction.
func binary(n int) (*sat.Formula, []sat.Var, [][]sat.Lit) {
	f, vars, lits := inputs(n)
	x := make([][]sat.Lit, n)
	for i, l := range lits {
		x[i] = []sat.Lit{l.Not(), l}
	}
	return f, vars, x
}

// wordOf reads the binary word of an assignment of n inputs.
func wordOf(mask uint64, n int) []int {
	w := make([]int, n)
	for i := range w {
		w[i] = int(mask >> i & 1)
	}
	return w
}

// TestRegularEveryBinaryDFA encodes every automaton with one or two states
// over two symbols, on words of length 0 to 4: an assignment of the cells
// extends to a model exactly when the DFA accepts its word, so the model
// count (projected on the inputs) is the number of accepted words; unit
// propagation is arc consistent.
func TestRegularEveryBinaryDFA(t *testing.T) {
	dfas := append(allDFAs(1, 2), allDFAs(2, 2)...)
	for _, d := range dfas {
		for n := 0; n <= 4; n++ {
			f, vars, x := binary(n)
			if err := encode.Regular(f, d, x); err != nil {
				t.Fatal(err)
			}
			holds := func(mask uint64) bool { return d.Accepts(wordOf(mask, n)) }
			want := 0
			words(n, 2, func(w []int) {
				if d.Accepts(w) {
					want++
				}
			})
			got, err := check.Exhaust(f, vars, holds)
			if err != nil {
				t.Fatalf("%+v, n=%d: %v", d, n, err)
			}
			if got != want {
				t.Fatalf("%+v, n=%d: %d models, %d accepted words", d, n, got, want)
			}
			if err := check.CheckAC(f, vars, holds); err != nil {
				t.Fatalf("%+v, n=%d: %v", d, n, err)
			}
		}
	}
}

// TestRegularMutatedDFA shows that the check above catches a wrong
// automaton: each single change of a move or of an accepting state,
// encoded and checked against the original language, fails the check
// exactly when the two languages differ on words of that length.
func TestRegularMutatedDFA(t *testing.T) {
	const n = 3
	for _, d := range allDFAs(2, 2) {
		for _, m := range mutations(d) {
			f, vars, x := binary(n)
			if err := encode.Regular(f, m, x); err != nil {
				t.Fatal(err)
			}
			differ := false
			words(n, 2, func(w []int) { differ = differ || d.Accepts(w) != m.Accepts(w) })
			_, err := check.Exhaust(f, vars, func(mask uint64) bool { return d.Accepts(wordOf(mask, n)) })
			if (err != nil) != differ {
				t.Fatalf("%+v mutated to %+v: languages differ %v, check error %v", d, m, differ, err)
			}
		}
	}
}

// mutations returns d with one move redirected or one state's acceptance
// flipped, each in turn.
func mutations(d *encode.DFA) []*encode.DFA {
	var out []*encode.DFA
	clone := func() *encode.DFA {
		m := *d
		m.Next = make([][]int, len(d.Next))
		for q, row := range d.Next {
			m.Next[q] = append([]int(nil), row...)
		}
		m.Accept = append([]int(nil), d.Accept...)
		return &m
	}
	for q := range d.States {
		for a := range d.Symbols {
			for r := -1; r < d.States; r++ {
				if r != d.Next[q][a] {
					m := clone()
					m.Next[q][a] = r
					out = append(out, m)
				}
			}
		}
		m := clone()
		m.Accept = m.Accept[:0]
		for _, f := range d.Accept {
			if f != q {
				m.Accept = append(m.Accept, f)
			}
		}
		if len(m.Accept) == len(d.Accept) {
			m.Accept = append(m.Accept, q)
		}
		out = append(out, m)
	}
	return out
}

// TestRegularDomains gives positions fewer symbols: a position may be
// fixed (one possible symbol, its literal never read) or have a symbol it
// cannot take (literal 0). Over every two-state binary DFA and random
// domains, the free positions' assignments that extend are exactly those
// whose word, with the fixed symbols, is accepted.
func TestRegularDomains(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n = 4
	for _, d := range allDFAs(2, 2) {
		for range 3 {
			f := &sat.Formula{}
			x := make([][]sat.Lit, n)
			fixed := make([]int, n) // −1 free, else the symbol
			var vars []sat.Var
			for i := range x {
				fixed[i] = rng.IntN(4) - 2 // free half of the time
				if fixed[i] < 0 {
					fixed[i] = -1
					v := f.NewVar()
					vars = append(vars, v)
					x[i] = []sat.Lit{v.Neg(), v.Pos()}
					continue
				}
				x[i] = []sat.Lit{0, 0}
				x[i][fixed[i]] = sat.Lit(1 << 30) // never read
			}
			if err := encode.Regular(f, d, x); err != nil {
				t.Fatal(err)
			}
			for _, c := range f.Clauses {
				for _, l := range c {
					if l == 1<<30 {
						t.Fatalf("a fixed position's literal was written: %v", c)
					}
				}
			}
			holds := func(mask uint64) bool {
				w := make([]int, n)
				k := 0
				for i := range w {
					if w[i] = fixed[i]; w[i] < 0 {
						w[i] = int(mask >> k & 1)
						k++
					}
				}
				return d.Accepts(w)
			}
			if _, err := check.Exhaust(f, vars, holds); err != nil {
				t.Fatalf("%+v, fixed %v: %v", d, fixed, err)
			}
			if err := check.CheckAC(f, vars, holds); err != nil {
				t.Fatalf("%+v, fixed %v: %v", d, fixed, err)
			}
		}
	}
}

// directPositions returns a formula with n positions of symbols literals
// each (the direct encoding of an integer) and the variables in position
// order.
func directPositions(n, symbols int) (*sat.Formula, []sat.Var, [][]sat.Lit) {
	f, vars, lits := inputs(n * symbols)
	x := make([][]sat.Lit, n)
	for i := range x {
		x[i] = lits[i*symbols : (i+1)*symbols]
	}
	return f, vars, x
}

// symbolsOf reads the word of an assignment of direct literals, or false
// when a position does not have exactly one true literal; none reports a
// position with no true literal.
func symbolsOf(mask uint64, n, symbols int) (w []int, ok, none bool) {
	w = make([]int, n)
	ok = true
	for i := range w {
		k := 0
		for a := range symbols {
			if mask>>(i*symbols+a)&1 == 1 {
				w[i] = a
				k++
			}
		}
		ok = ok && k == 1
		none = none || k == 0
	}
	return w, ok, none
}

// TestRegularThreeSymbols checks automata over three symbols, with
// direct literals: with the exactly-one clauses a caller writes, the
// models are the accepted words and propagation is arc consistent;
// without them, an assignment with at most one symbol per position
// extends exactly when every position has one and the word is accepted
// (the encoder's clauses imply at least one symbol, not at most one).
func TestRegularThreeSymbols(t *testing.T) {
	const symbols = 3
	rng := rand.New(rand.NewPCG(5, 6))
	dfas := allDFAs(1, symbols)
	for _, d := range allDFAs(2, symbols) {
		if rng.IntN(8) == 0 {
			dfas = append(dfas, d)
		}
	}
	for _, d := range dfas {
		for n := 0; n <= 2; n++ {
			f, vars, x := directPositions(n, symbols)
			if err := encode.Regular(f, d, x); err != nil {
				t.Fatal(err)
			}
			s := check.Load(f)
			for mask := range uint64(1) << (n * symbols) {
				w, ok, none := symbolsOf(mask, n, symbols)
				if !ok && !none {
					continue // two symbols at a position: the caller's promise broken
				}
				st, err := s.Solve(context.Background(), check.Assume(vars, mask)...)
				if err != nil {
					t.Fatal(err)
				}
				if want := ok && d.Accepts(w); (st == sat.Sat) != want {
					t.Fatalf("%+v, inputs %b: %v, want sat %v", d, mask, st, want)
				}
			}
			for _, p := range x {
				encode.ExactlyOne(f, p, encode.AMOPairwise)
			}
			holds := func(mask uint64) bool {
				w, ok, _ := symbolsOf(mask, n, symbols)
				return ok && d.Accepts(w)
			}
			want := 0
			words(n, symbols, func(w []int) {
				if d.Accepts(w) {
					want++
				}
			})
			if got := exhaust(t, f, vars, holds); got != want {
				t.Fatalf("%+v, n=%d: %d models, %d accepted words", d, n, got, want)
			}
			if err := check.CheckAC(f, vars, holds); err != nil {
				t.Fatalf("%+v, n=%d: %v", d, n, err)
			}
		}
	}
}

// TestRegularThreeStates samples automata with three states over two
// symbols on words of length 5.
func TestRegularThreeStates(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	all := allDFAs(3, 2)
	const n = 5
	for range 300 {
		d := all[rng.IntN(len(all))]
		f, vars, x := binary(n)
		if err := encode.Regular(f, d, x); err != nil {
			t.Fatal(err)
		}
		holds := func(mask uint64) bool { return d.Accepts(wordOf(mask, n)) }
		if _, err := check.Exhaust(f, vars, holds); err != nil {
			t.Fatalf("%+v: %v", d, err)
		}
		if err := check.CheckAC(f, vars, holds); err != nil {
			t.Fatalf("%+v: %v", d, err)
		}
	}
}

// TestRegularSize checks the variables exactly against live states and
// moves counted by brute force over the accepted words, and the clauses
// against the bound 4nQA + 2nQ + nA.
func TestRegularSize(t *testing.T) {
	for _, d := range allDFAs(2, 2) {
		for n := 0; n <= 4; n++ {
			f, _, x := binary(n)
			if err := encode.Regular(f, d, x); err != nil {
				t.Fatal(err)
			}
			// live[i][q]: some accepted word is in q after i symbols.
			live := make([][]bool, n+1)
			for i := range live {
				live[i] = make([]bool, d.States)
			}
			move := map[[3]int]bool{}
			words(n, 2, func(w []int) {
				if !d.Accepts(w) {
					return
				}
				q := d.Start
				live[0][q] = true
				for i, a := range w {
					move[[3]int{i, q, a}] = true
					q = d.Next[q][a]
					live[i+1][q] = true
				}
			})
			wantV := 0
			for i := range live {
				k := 0
				for _, l := range live[i] {
					if l {
						k++
					}
				}
				if k > 1 {
					wantV += k
				}
			}
			wantV += len(move) // no position is fixed: every live move is a variable
			v, c := size(f, n)
			if v != wantV {
				t.Fatalf("%+v, n=%d: %d auxiliary variables, want %d", d, n, v, wantV)
			}
			if q, a := d.States, d.Symbols; c > 4*n*q*a+2*n*q+n*a && c != 1 {
				t.Fatalf("%+v, n=%d: %d clauses, above the bound", d, n, c)
			}
		}
	}
}

func TestRegularErrors(t *testing.T) {
	good := func() *encode.DFA {
		return &encode.DFA{States: 2, Symbols: 2, Next: [][]int{{0, 1}, {1, -1}}, Accept: []int{1}}
	}
	for _, c := range []struct {
		name   string
		mutate func(d *encode.DFA)
		x      [][]sat.Lit
	}{
		{"no states", func(d *encode.DFA) { d.States, d.Next = 0, nil }, nil},
		{"no symbols", func(d *encode.DFA) { d.Symbols = 0 }, nil},
		{"missing row", func(d *encode.DFA) { d.Next = d.Next[:1] }, nil},
		{"short row", func(d *encode.DFA) { d.Next[1] = d.Next[1][:1] }, nil},
		{"move out of range", func(d *encode.DFA) { d.Next[0][1] = 2 }, nil},
		{"move below -1", func(d *encode.DFA) { d.Next[0][1] = -2 }, nil},
		{"start out of range", func(d *encode.DFA) { d.Start = 2 }, nil},
		{"accept out of range", func(d *encode.DFA) { d.Accept = []int{-1} }, nil},
		{"position arity", func(*encode.DFA) {}, [][]sat.Lit{{1}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := good()
			c.mutate(d)
			var f sat.Formula
			if err := encode.Regular(&f, d, c.x); err == nil {
				t.Fatal("no error")
			}
			if f.NumVars != 0 || len(f.Clauses) != 0 {
				t.Fatalf("wrote %d variables and %d clauses", f.NumVars, len(f.Clauses))
			}
		})
	}
	if err := good().Validate(); err != nil {
		t.Fatal(err)
	}
}

// TestRegularNoWord: when no accepted word fits the positions, the
// encoding is the empty clause.
func TestRegularNoWord(t *testing.T) {
	d := &encode.DFA{States: 2, Symbols: 2, Next: [][]int{{-1, 1}, {-1, -1}}, Accept: []int{1}}
	for n, want := range []bool{false, true, false} {
		f, _, x := binary(n)
		if err := encode.Regular(f, d, x); err != nil {
			t.Fatal(err)
		}
		empty := false
		for _, c := range f.Clauses {
			empty = empty || len(c) == 0
		}
		if empty == want {
			t.Fatalf("n=%d: empty clause %v, want satisfiable %v", n, empty, want)
		}
	}
}

// No two adjacent ones in four positions: two states (the last symbol
// read), both accepting. The models, projected on the positions, are the
// 8 accepted words (a Fibonacci number).
func ExampleRegular() {
	d := &encode.DFA{States: 2, Symbols: 2, Next: [][]int{{0, 1}, {0, -1}}, Start: 0, Accept: []int{0, 1}}
	var f sat.Formula
	x := make([][]sat.Lit, 4)
	for i := range x {
		v := f.NewVar()
		x[i] = []sat.Lit{v.Neg(), v.Pos()} // symbol 0, symbol 1
	}
	if err := encode.Regular(&f, d, x); err != nil {
		fmt.Println(err)
	}
	s := check.Load(&f)
	for {
		if st, _ := s.Solve(context.Background()); st != sat.Sat {
			break
		}
		var word []int
		var block []sat.Lit
		for _, p := range x {
			if s.Value(p[1]) {
				word, block = append(word, 1), append(block, p[0])
			} else {
				word, block = append(word, 0), append(block, p[1])
			}
		}
		fmt.Println(word)
		s.AddClause(block...)
	}
	// Unordered output:
	// [0 0 0 0]
	// [0 0 0 1]
	// [0 0 1 0]
	// [0 1 0 0]
	// [1 0 0 0]
	// [0 1 0 1]
	// [1 0 1 0]
	// [1 0 0 1]
}
