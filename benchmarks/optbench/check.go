package main

// An independent checker of the answers: it reads OPB and WCNF files
// itself, with math/big coefficients, and recomputes every printed
// model's cost from the file. It shares no code with satsolve's reader,
// so a reader bug cannot hide a wrong answer of satsolve's.

import (
	"bufio"
	"fmt"
	"io"
	"math/big"
	"os"
	"strconv"
	"strings"
)

// term is one weighted literal; lit > 0 is x_lit, lit < 0 its negation.
type term struct {
	coef *big.Int
	lit  int
}

// pbc is Σ terms op k with op ">=", "<=" or "=".
type pbc struct {
	terms []term
	op    string
	k     *big.Int
}

// problem is a file as the checker reads it: hard constraints (clauses
// as pbc with unit coefficients and ">= 1"), soft clauses, and an OPB
// objective.
type problem struct {
	wcnf         bool
	vars         int
	hard         []pbc
	softs        [][]int    // WCNF soft clauses
	w            []*big.Int // their weights
	obj          []term     // OPB objective
	hasObjective bool
}

// readProblem reads path (uncompressed) as OPB or WCNF by its extension.
func readProblem(path string) (*problem, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if strings.HasSuffix(path, ".opb") {
		return readOPB(f)
	}
	return readWCNF(f)
}

func readOPB(r io.Reader) (*problem, error) {
	p := &problem{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<30)
	var toks []string
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "*") {
			continue
		}
		line = strings.ReplaceAll(line, ";", " ; ")
		toks = append(toks, strings.Fields(line)...)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	var cur []term
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t == "min:":
			p.hasObjective = true
			cur = nil
			for i++; i < len(toks) && toks[i] != ";"; i += 2 {
				tm, err := opbTerm(toks, i, p)
				if err != nil {
					return nil, err
				}
				cur = append(cur, tm)
			}
			p.obj = cur
			cur = nil
		case t == ">=" || t == "<=" || t == "=":
			if i+2 >= len(toks) || toks[i+2] != ";" {
				return nil, fmt.Errorf("opb: constraint without ';'")
			}
			k, ok := new(big.Int).SetString(toks[i+1], 10)
			if !ok {
				return nil, fmt.Errorf("opb: bad bound %q", toks[i+1])
			}
			p.hard = append(p.hard, pbc{terms: cur, op: t, k: k})
			cur = nil
			i += 2
		default:
			tm, err := opbTerm(toks, i, p)
			if err != nil {
				return nil, err
			}
			cur = append(cur, tm)
			i++
		}
	}
	return p, nil
}

func opbTerm(toks []string, i int, p *problem) (term, error) {
	if i+1 >= len(toks) {
		return term{}, fmt.Errorf("opb: term cut short")
	}
	c, ok := new(big.Int).SetString(strings.TrimPrefix(toks[i], "+"), 10)
	if !ok {
		return term{}, fmt.Errorf("opb: bad coefficient %q", toks[i])
	}
	l := toks[i+1]
	neg := strings.HasPrefix(l, "~")
	v, err := strconv.Atoi(strings.TrimPrefix(strings.TrimPrefix(l, "~"), "x"))
	if err != nil || v < 1 {
		return term{}, fmt.Errorf("opb: bad literal %q", l)
	}
	p.vars = max(p.vars, v)
	if neg {
		v = -v
	}
	return term{coef: c, lit: v}, nil
}

func readWCNF(r io.Reader) (*problem, error) {
	p := &problem{wcnf: true, hasObjective: true}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<30)
	var top *big.Int // nil: no top (every clause soft), or the 2022 format
	var pending []string
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "c") {
			continue
		}
		if strings.HasPrefix(line, "p ") {
			f := strings.Fields(line)
			if len(f) >= 5 {
				top, _ = new(big.Int).SetString(f[4], 10)
			}
			continue
		}
		pending = append(pending, strings.Fields(line)...)
		for {
			end := -1
			for i, t := range pending {
				if t == "0" && i > 0 {
					end = i
					break
				}
			}
			if end < 0 {
				break
			}
			if err := p.clause(pending[:end], top); err != nil {
				return nil, err
			}
			pending = pending[end+1:]
		}
	}
	return p, sc.Err()
}

// clause adds "w l1 … ln" (or "h l1 … ln").
func (p *problem) clause(f []string, top *big.Int) error {
	var lits []int
	for _, t := range f[1:] {
		l, err := strconv.Atoi(t)
		if err != nil || l == 0 {
			return fmt.Errorf("wcnf: bad literal %q", t)
		}
		p.vars = max(p.vars, l, -l)
		lits = append(lits, l)
	}
	if f[0] == "h" {
		p.hard = append(p.hard, clausePB(lits))
		return nil
	}
	w, ok := new(big.Int).SetString(f[0], 10)
	if !ok || w.Sign() <= 0 {
		return fmt.Errorf("wcnf: bad weight %q", f[0])
	}
	if top != nil && w.Cmp(top) >= 0 {
		p.hard = append(p.hard, clausePB(lits))
		return nil
	}
	p.softs, p.w = append(p.softs, lits), append(p.w, w)
	return nil
}

func clausePB(lits []int) pbc {
	c := pbc{op: ">=", k: big.NewInt(1)}
	for _, l := range lits {
		c.terms = append(c.terms, term{coef: big.NewInt(1), lit: l})
	}
	return c
}

func holds(val []bool, l int) bool {
	if l < 0 {
		return !val[-l]
	}
	return val[l]
}

// sum returns Σ terms under val.
func sum(ts []term, val []bool) *big.Int {
	s := new(big.Int)
	for _, t := range ts {
		if holds(val, t.lit) {
			s.Add(s, t.coef)
		}
	}
	return s
}

// check verifies val (val[v] for v in 1..vars) against the hard
// constraints and returns its cost (nil for a file without objective).
func (p *problem) check(val []bool) (*big.Int, error) {
	for i, c := range p.hard {
		s := sum(c.terms, val)
		cmp := s.Cmp(c.k)
		if c.op == ">=" && cmp < 0 || c.op == "<=" && cmp > 0 || c.op == "=" && cmp != 0 {
			return nil, fmt.Errorf("hard constraint %d is violated", i+1)
		}
	}
	if !p.hasObjective {
		return nil, nil
	}
	if !p.wcnf {
		return sum(p.obj, val), nil
	}
	cost := new(big.Int)
	for i, c := range p.softs {
		sat := false
		for _, l := range c {
			if holds(val, l) {
				sat = true
				break
			}
		}
		if !sat {
			cost.Add(cost, p.w[i])
		}
	}
	return cost, nil
}
