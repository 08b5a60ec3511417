package portfolio

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/satsolve/satsolve/sat"
)

// Member is one backend of a portfolio, with the name it is reported by.
type Member struct {
	Name   string
	Solver sat.Solver
}

// Solver is a portfolio of backends behind the sat.Solver interface.
type Solver struct {
	members []Member
	winner  int // index of the member whose answer the last Solve returned, or -1
	last    sat.Status
	assumed []sat.Lit
	// partial records an interrupted AddList: the members' clauses differ.
	partial bool
	// maxVar is the largest variable every member has seen (pb.go).
	maxVar sat.Var
	// pending are the PB constraints the members without native ones
	// have yet to get as clauses (pb.go).
	pending []sat.PB
}

// New returns a portfolio of the given members, which must be fresh
// (no clauses yet) or have received identical clauses. It panics when
// given no member.
func New(members ...Member) *Solver {
	if len(members) == 0 {
		panic("portfolio: no members")
	}
	return &Solver{members: append([]Member(nil), members...), winner: -1}
}

// NewVar allocates the next variable in every member. It panics if the
// members' pools disagree, which means they were given different clauses.
func (p *Solver) NewVar() sat.Var {
	v := p.members[0].Solver.NewVar()
	for _, m := range p.members[1:] {
		if w := m.Solver.NewVar(); w != v {
			panic(fmt.Sprintf("portfolio: member %s allocated variable %d, %s allocated %d", p.members[0].Name, v, m.Name, w))
		}
	}
	p.maxVar = v
	return v
}

// DeferCheck leaves the check of every model to the caller, in every
// member that can (the sat.CheckDeferrer facet); the others check their
// models as before.
func (p *Solver) DeferCheck() {
	for _, m := range p.members {
		sat.DeferCheck(m.Solver)
	}
}

// AddClause adds the clause to every member.
func (p *Solver) AddClause(lits ...sat.Lit) {
	p.note(lits)
	for _, m := range p.members {
		m.Solver.AddClause(lits...)
	}
}

// AddList gives the clauses of l to every member: the sat.ListAdder facet.
// Members that have it share l's literals (one copy of a large formula for
// the whole portfolio, and for the caller's final check), the others take
// the clauses one by one, watching ctx. When ctx ends first the members
// hold different clauses, so every later Solve fails with errPartial.
func (p *Solver) AddList(ctx context.Context, l *sat.ClauseList) error {
	p.maxVar = max(p.maxVar, l.MaxVar())
	for _, m := range p.members {
		if err := sat.AddList(ctx, m.Solver, l); err != nil {
			p.partial = true
			return err
		}
	}
	return nil
}

// note records the variables of lits as seen by every member.
func (p *Solver) note(lits []sat.Lit) {
	for _, l := range lits {
		p.maxVar = max(p.maxVar, l.Var())
	}
}

// errPartial is the error of Solve after an interrupted AddList.
var errPartial = errors.New("portfolio: an interrupted AddList left the members with different clauses")

type answer struct {
	member int
	status sat.Status
	err    error
}

// Solve runs every member and returns the first definite answer.
func (p *Solver) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	p.winner, p.last = -1, sat.Unknown
	p.assumed = append(p.assumed[:0], assumptions...)
	p.note(assumptions)
	if p.partial {
		return sat.Unknown, errPartial
	}
	if len(p.pending) > 0 {
		if err := p.flushPB(ctx); err != nil {
			return sat.Unknown, err
		}
	}
	run, cancel := context.WithCancel(ctx)
	defer cancel()
	answers := make(chan answer, len(p.members))
	var wg sync.WaitGroup
	for i, m := range p.members {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, err := m.Solver.Solve(run, assumptions...)
			answers <- answer{i, st, err}
		}()
	}
	go func() { wg.Wait(); close(answers) }()

	var first *answer
	var errs []error
	for a := range answers {
		switch {
		case a.err == nil && first == nil:
			first = &a
			cancel()
		case a.err == nil && a.status != first.status:
			// Drain the rest before reporting, so no member is left running.
			for range answers {
			}
			return sat.Unknown, fmt.Errorf("backends disagree: %s answered %v, %s answered %v",
				p.members[first.member].Name, first.status, p.members[a.member].Name, a.status)
		case a.err != nil:
			errs = append(errs, fmt.Errorf("%s: %w", p.members[a.member].Name, a.err))
		}
	}
	if first == nil {
		if ctx.Err() != nil {
			return sat.Unknown, ctx.Err()
		}
		return sat.Unknown, errors.Join(errs...)
	}
	p.winner, p.last = first.member, first.status
	return first.status, nil
}

// Winner returns the name of the member whose answer the last Solve
// returned, or "" if it returned Unknown.
func (p *Solver) Winner() string {
	if p.winner < 0 {
		return ""
	}
	return p.members[p.winner].Name
}

// Value returns the value of l in the winning member's model.
func (p *Solver) Value(l sat.Lit) bool { return p.members[p.mustWin(sat.Sat)].Solver.Value(l) }

// Model returns the winning member's model.
func (p *Solver) Model() sat.Assignment { return p.members[p.mustWin(sat.Sat)].Solver.Model() }

// Failed returns the winning member's failed assumptions when it can
// explain them, and otherwise all the assumptions of the last Solve (a
// valid, if not minimal, answer).
func (p *Solver) Failed() []sat.Lit {
	w := p.mustWin(sat.Unsat)
	if f, ok := p.members[w].Solver.(sat.FailedAssumer); ok {
		return f.Failed()
	}
	return append([]sat.Lit(nil), p.assumed...)
}

func (p *Solver) mustWin(want sat.Status) int {
	if p.winner < 0 || p.last != want {
		panic(fmt.Sprintf("portfolio: last Solve did not return %v", want))
	}
	return p.winner
}

// Stats returns the counters of every member that keeps them, each name
// prefixed by the member's ("gini: conflicts"): the sat.Statser facet.
func (p *Solver) Stats() []sat.Stat {
	var out []sat.Stat
	for _, m := range p.members {
		if st, ok := m.Solver.(sat.Statser); ok {
			for _, c := range st.Stats() {
				out = append(out, sat.Stat{Name: m.Name + ": " + c.Name, Value: c.Value})
			}
		}
	}
	return out
}
