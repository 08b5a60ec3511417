package proof

// The DRAT checker works as drat-trim does (Heule, Hunt and Wetzler,
// "Trimming while checking clausal proofs", FMCAD 2013; Wetzler, Heule and
// Hunt, "DRAT-trim", SAT 2014):
//
//   - Forward pass: the proof is streamed once. Every lemma is stored and
//     propagated at the top level (no check yet); deletions are matched to
//     a live clause through a hash of the literal set. The pass stops at
//     the first step after which unit propagation refutes the formula (the
//     steps after it are not read).
//   - Backward pass: the clauses of that conflict are marked, then the
//     steps are undone last to first. A deletion is undone by attaching
//     the clause again; a lemma is detached and, only if it is marked
//     (some later check used it), checked against the clauses alive before
//     it: RUP (unit propagation on its negation reaches a conflict), else
//     RAT on its first literal. Every clause a successful check used is
//     marked in turn, so unneeded lemmas are never checked.
//   - Core-first unit propagation: marked clauses have watch lists of
//     their own, which propagation exhausts before it looks at one literal
//     of the unmarked ones, so that checks reuse the core and it stays
//     small.
//
// Deletions. As drat-trim does, the checker ignores the deletion of a
// clause that is unit under the top-level assignment: a unit clause, or a
// clause with one true literal and all others false (a clause that is, or
// could be, the reason of a top-level literal). Solvers delete such
// satisfied clauses while keeping the literal, and their proofs rely on
// it. drat-trim ignores unit clauses and actual reasons; the rule here
// covers every clause that could be a reason, so that the outcome does not
// depend on the order of propagation. Ignoring a deletion keeps more
// clauses, which is sound (checks are made against the clauses kept). The
// count is in Result.IgnoredDeletions. A deletion of a clause that is not
// alive is ignored and counted in Result.MissingDeletions.
//
// Memory is the formula plus every lemma up to the conflict (the backward
// pass needs them all), one small record per step, and watch lists. The
// top-level trail survives from step to step; detaching a lemma that is
// the reason of a top-level literal unassigns the trail from there. The
// unassigned literals are not propagated again at once (that would cost a
// full propagation per such lemma): a check that fails after that first
// recomputes the top-level assignment from scratch and checks again, so a
// failure is only reported on an exact assignment.

import (
	"fmt"
	"io"

	"github.com/satsolve/satsolve/sat"
)

// clause flags.
const (
	fActive = 1 << iota // alive at the current step
	fCore               // marked: needed by the refutation
	fLemma              // added by the proof (not in the formula)
)

// dclause is a clause of the DRAT checker.
type dclause struct {
	off   int    // first literal in the arena
	n     uint32 // length
	hash  uint32 // hash of the literal set
	next  int32  // next clause in the hash chain (-1: none)
	pivot uint32 // first literal as written (watching reorders the others)
}

// dstep is one recorded step: a lemma added or a clause deleted.
type dstep struct {
	pos int64  // line (text) or byte offset (binary)
	cls uint32 // the clause
	num uint32 // the step's number in the proof (from 1); delFlag for a deletion
}

// maxArena bounds the clause arena: watch entries hold 32-bit offsets.
const maxArena = 1<<32 - 1

// delFlag marks a deletion in dstep.num.
const delFlag = 1 << 31

func (s dstep) del() bool   { return s.num&delFlag != 0 }
func (s dstep) number() int { return int(s.num &^ delFlag) }

// watch is a watch-list entry.
type watch struct {
	ref     uint32 // arena offset of the clause's first literal
	blocker uint32 // a literal of the clause: if true, the clause is satisfied
}

// watch-list kinds for core-first propagation.
const (
	noncore = 0
	core    = 1
)

type dratChecker struct {
	file   string
	binary bool
	vars   *varMap
	arena  []uint32 // per clause: its index, its length, its literals
	cls    []dclause
	flags  []uint8  // per clause: fActive, fCore, fLemma
	units  []uint32 // clauses of length 1
	steps  []dstep

	// top-level and temporary assignment
	val       []int8   // per literal code: 1 true, -1 false
	reason    []int32  // per variable: reason clause + 1 (0: none)
	tpos      []int32  // per variable: trail position
	justified []bool   // per variable: top-level literal whose reasons are marked
	seen      []bool   // per variable, during analysis
	trail     []uint32 // literal codes
	heads     [2]int   // propagation heads of the core and non-core lists
	dirty     bool     // the top-level assignment may lack implied literals
	watches   [2][][]watch
	watched   int // watch entries of alive clauses
	stale     int // watch entries of dead clauses

	// deletion lookup (forward pass)
	buckets []int32
	live    int

	stamp  []uint32 // per literal code
	stampN uint32
	lits   []uint32 // scratch
	toSee  []uint32 // scratch: variables seen in analysis

	// LRAT export
	export *lratExport

	res Result
}

// CheckDRAT checks that the DRAT proof (text or binary, recognised from
// its first bytes) read from r refutes f, by backward checking with
// core-first unit propagation; see the package documentation. It returns
// nil when the proof is verified; a *StepError naming a needed lemma that
// is neither RUP nor RAT (or the end of a proof that does not refute f);
// a *ParseError for a malformed step; another error when reading fails.
func CheckDRAT(f *sat.Formula, r io.Reader, opts Options) (Result, error) {
	c, err := runDRAT(f, r, opts, opts.LRAT != nil)
	if err == nil && opts.LRAT != nil {
		err = c.export.write(c, opts.LRAT)
	}
	return c.res, err
}

// runDRAT checks the proof and returns the checker in its final state;
// with export, it records the hints of every check.
func runDRAT(f *sat.Formula, r io.Reader, opts Options, export bool) (*dratChecker, error) {
	c := &dratChecker{file: opts.File, vars: newVarMap()}
	if len(f.PBs) > 0 {
		return c, ErrPB
	}
	if export {
		c.export = newLRATExport(len(f.Clauses))
	}
	conflict, err := c.forward(f, r, opts)
	if err != nil {
		return c, err
	}
	c.buckets = nil
	return c, c.backward(conflict, opts)
}

// conflictAt says where the forward pass found the formula refuted: after
// step (the number of recorded steps before, 0 for the formula itself),
// at clause cls.
type conflictAt struct {
	step int
	cls  int32
}

// forward reads the formula and the proof up to the first top-level
// conflict and returns it.
func (c *dratChecker) forward(f *sat.Formula, r io.Reader, opts Options) (conflictAt, error) {
	for _, cl := range f.Clauses {
		i := c.newClause(c.codes(cl), false)
		if k := c.attach(i); k >= 0 {
			return conflictAt{0, k}, nil
		}
		if k := c.propagate(); k >= 0 {
			return conflictAt{0, k}, nil
		}
	}
	rd := NewDRATReader(r, opts.File)
	c.binary = rd.Binary()
	c.res.Binary = c.binary
	var last Pos
	read := 0
	for {
		st, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return conflictAt{}, err
		}
		read++
		if read >= delFlag {
			return conflictAt{}, &ParseError{File: opts.File, Pos: st.Pos, Msg: "more than 2^31 steps"}
		}
		last = st.Pos
		if err := opts.tick("forward", read, 0); err != nil {
			return conflictAt{}, err
		}
		lits := c.codes(st.Lits)
		if st.Delete {
			c.res.Deletions++
			i := c.find(lits)
			switch {
			case i < 0:
				c.res.MissingDeletions++
			case c.reasonLike(uint32(i)):
				c.res.IgnoredDeletions++
			default:
				c.unhash(uint32(i))
				c.unwatch(uint32(i))
				c.steps = append(c.steps, dstep{cls: uint32(i), num: uint32(read) | delFlag, pos: c.posValue(st.Pos)})
			}
			continue
		}
		c.res.Additions++
		if len(c.arena)+len(lits)+2 > maxArena {
			return conflictAt{}, &ParseError{File: opts.File, Pos: st.Pos, Msg: "the proof has more literals than the checker can hold (2^32)"}
		}
		i := c.newClause(lits, true)
		c.steps = append(c.steps, dstep{cls: i, num: uint32(read), pos: c.posValue(st.Pos)})
		k := c.attach(i)
		if k < 0 {
			k = c.propagate()
		}
		if k >= 0 {
			return conflictAt{len(c.steps), k}, nil
		}
	}
	return conflictAt{}, &StepError{File: opts.File, Pos: last,
		Msg: "the proof ends without refuting the formula (no conflict by unit propagation; no valid empty clause)"}
}

// posValue packs a step position: the line for text, the offset for binary.
func (c *dratChecker) posValue(p Pos) int64 {
	if c.binary {
		return p.Offset
	}
	return int64(p.Line)
}

// stepPos unpacks the position of recorded step s.
func (c *dratChecker) stepPos(s dstep) Pos {
	if c.binary {
		return Pos{Offset: s.pos}
	}
	return Pos{Line: int(s.pos)}
}

// codes converts lits to literal codes in c.lits, dropping duplicates.
func (c *dratChecker) codes(lits []sat.Lit) []uint32 {
	c.bumpStamp()
	c.lits = c.lits[:0]
	for _, l := range lits {
		x := c.vars.code(l)
		c.grow(x)
		if c.stamp[x] != c.stampN {
			c.stamp[x] = c.stampN
			c.lits = append(c.lits, x)
		}
	}
	return c.lits
}

func (c *dratChecker) bumpStamp() {
	c.stampN++
	if c.stampN == 0 {
		clear(c.stamp)
		c.stampN = 1
	}
}

// grow makes the per-literal and per-variable arrays cover code x.
func (c *dratChecker) grow(x uint32) {
	if int(x|1) < len(c.val) {
		return
	}
	n := max(2*len(c.val), int(x|1)+1, 64)
	c.val = append(c.val, make([]int8, n-len(c.val))...)
	c.stamp = append(c.stamp, make([]uint32, n-len(c.stamp))...)
	for k := range c.watches {
		c.watches[k] = append(c.watches[k], make([][]watch, n-len(c.watches[k]))...)
	}
	nv := n / 2
	c.reason = append(c.reason, make([]int32, nv-len(c.reason))...)
	c.tpos = append(c.tpos, make([]int32, nv-len(c.tpos))...)
	c.justified = append(c.justified, make([]bool, nv-len(c.justified))...)
	c.seen = append(c.seen, make([]bool, nv-len(c.seen))...)
}

// newClause stores a clause with literal codes lits (alive, hashed) and
// returns its index.
func (c *dratChecker) newClause(lits []uint32, lemma bool) uint32 {
	i := uint32(len(c.cls))
	c.arena = append(c.arena, i, uint32(len(lits)))
	cl := dclause{off: len(c.arena), n: uint32(len(lits)), hash: hashLits(lits), next: -1}
	if len(lits) > 0 {
		cl.pivot = lits[0]
	}
	flags := uint8(0)
	if lemma {
		flags = fLemma
	}
	c.arena = append(c.arena, lits...)
	c.cls = append(c.cls, cl)
	c.flags = append(c.flags, flags)
	if len(lits) == 1 {
		c.units = append(c.units, i)
	}
	c.rehash(i)
	return i
}

// litsOf returns the literals of clause i (in watch order).
func (c *dratChecker) litsOf(i uint32) []uint32 {
	cl := &c.cls[i]
	return c.arena[cl.off : cl.off+int(cl.n)]
}

// reasonLike reports whether clause i is unit under the top-level
// assignment: exactly one literal not false, and that one true.
func (c *dratChecker) reasonLike(i uint32) bool {
	open := 0
	for _, x := range c.litsOf(i) {
		switch {
		case c.val[x] > 0:
			open++
		case c.val[x] == 0:
			return false
		}
	}
	return open == 1
}

func (c *dratChecker) errorf(s dstep, format string, args ...any) error {
	return &StepError{File: c.file, Pos: c.stepPos(s), Step: s.number(), Msg: fmt.Sprintf(format, args...)}
}
