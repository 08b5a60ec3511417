package proof

import (
	"errors"
	"fmt"
	"slices"

	"github.com/satsolve/satsolve/sat"
)

// Tracer is the proof hook of sat/cdcl (its Tracer), which every writer
// here and the Verifier satisfy.
type Tracer interface {
	Original(id uint64, lits []sat.Lit)
	Derived(id uint64, lits []sat.Lit, hints []uint64)
	Deleted(id uint64, lits []sat.Lit)
}

// Verifier is a Tracer that checks an engine's proof as the engine writes
// it, with the LRAT checker: each original clause must be the next clause
// of the formula it was made for (same literals, ids 1, 2, …), each
// derived clause must check by its hints (RUP) against the live clauses,
// each deletion must name a live clause. No proof file is written or
// parsed; memory is the live clauses. The first failure is kept (Err);
// the steps after it are ignored.
type Verifier struct {
	f       *sat.Formula
	c       *lratChecker
	steps   int
	err     error
	refuted bool
}

// NewVerifier returns a Verifier of a refutation of f.
func NewVerifier(f *sat.Formula) *Verifier {
	return &Verifier{f: f, c: &lratChecker{vars: newVarMap()}}
}

func (v *Verifier) fail(format string, args ...any) {
	if v.err == nil {
		v.err = &StepError{File: "the engine's proof", Pos: Pos{Line: v.steps}, Step: v.steps, Msg: fmt.Sprintf(format, args...)}
	}
}

// Original checks that clause id is clause id of the formula.
func (v *Verifier) Original(id uint64, lits []sat.Lit) {
	v.steps++
	if v.err != nil {
		return
	}
	if id == 0 || id > uint64(len(v.f.Clauses)) || !slices.Equal(lits, v.f.Clauses[id-1]) || v.c.table.get(id) != 0 {
		v.fail("original clause %d is %v, not the formula's clause %d", id, sat.Clause(lits), id)
		return
	}
	v.c.add(id, v.c.codes(lits))
}

// Derived checks lemma id by its hints and adds it.
func (v *Verifier) Derived(id uint64, lits []sat.Lit, hints []uint64) {
	v.steps++
	if v.err != nil || v.refuted {
		return
	}
	if id <= uint64(len(v.f.Clauses)) || v.c.table.get(id) != 0 {
		v.fail("lemma id %d is in use", id)
		return
	}
	h := make([]int64, len(hints))
	for i, x := range hints {
		if x > 1<<62 {
			v.fail("lemma %d: hint %d out of range", id, x)
			return
		}
		h[i] = int64(x)
	}
	codes := v.c.codes(lits)
	if err := v.c.check(codes, h); err != nil {
		v.fail("lemma %d %v: %v", id, sat.Clause(lits), err)
		return
	}
	v.c.res.Checked++
	if len(codes) == 0 {
		v.refuted = true
		return
	}
	v.c.add(id, codes)
}

// Deleted removes clause id, which must be alive.
func (v *Verifier) Deleted(id uint64, _ []sat.Lit) {
	v.steps++
	if v.err != nil || v.refuted {
		return
	}
	if !v.c.remove(id) {
		v.fail("deleted clause %d is not alive", id)
	}
}

// ErrNoRefutation is the error of a verifier that saw no empty clause.
var ErrNoRefutation = errors.New("proof: the engine derived no empty clause")

// Err returns nil when every step checked and the empty clause was
// derived, the first failing step otherwise, or ErrNoRefutation.
func (v *Verifier) Err() error {
	if v.err != nil {
		return v.err
	}
	if !v.refuted {
		return ErrNoRefutation
	}
	return nil
}

// Checked is the number of lemmas checked.
func (v *Verifier) Checked() int { return v.c.res.Checked }
