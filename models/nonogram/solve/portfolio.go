package solve

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/encode"
	"github.com/satsolve/satsolve/models/nonogram/internal/search"
	"github.com/satsolve/satsolve/sat"
)

// PortfolioWork is the native solver's first turn in Portfolio,
// counted in line solves (cache hits included): about 0.25 CPU-s of
// probing on a 25×25 tournament puzzle, above what the native search
// needs on all but a few per cent of the tournament puzzles. It serves
// when more than one solution is wanted on puzzles the learning search
// does not take (lines of more than 64 cells, or without probing).
const PortfolioWork = 2_000_000

// PortfolioWorkFirst is the native solver's first turn when one solution
// is wanted (Options.Limit ≤ 1, the tournament rule). The native search
// restarts on Luby budgets, which cut the heavy tail of finding a
// solution, while SAT's strength is refutation (proofs of uniqueness, as
// on webpbn-06574). On the tournament sets, one solution each, a first
// turn of 2 M line solves let SAT turns cost the portfolio 7–10% over the
// native search alone (TAAI 2011 16.0 against 14.5 CPU-s, ICGA 2023 15.8
// against 14.4); with 8 M it matched it (14.5 and 14.7). It is also the
// first turn when the learning search takes turns on the native side
// (more than one solution wanted, useLearning): the learning search does
// the refutations that SAT's turns were for, and with uniqueness on the
// tournament sets a first turn of 2 M cost the portfolio 15 and 16% over
// the native search alone (TAAI 2011 15.3 against 13.2 CPU-s, ICGA 2023
// 15.1 against 13.1), 8 M 0 and 6% (13.2 and 14.0).
const PortfolioWorkFirst = 8_000_000

// Portfolio solves p by the native solver and the SAT solver s
// (fresh, as in SAT) taking turns, never running at once: the native
// search first, for work line solves (cache hits included; when work ≤
// 0, PortfolioWorkFirst if one solution is wanted or the learning search
// takes turns, else PortfolioWork);
// then SAT for as long as that turn took
// (wall clock, so that the two share the machine alike under any load);
// then the native search again where it paused, for twice the work, and
// SAT again, resumed, for as long; and so on until one of them has the
// answer. SAT encodes the puzzle once, with the cells the native search
// settled at its root (line solving and fully probing: cells every
// solution shares) fixed, and blocks every solution either side found
// before each turn; the native search counts SAT's solutions as its own.
// The CPU time is thus at most about twice the faster solver's, and the
// native search's alone when it finishes within its first turn. When
// more than one solution is wanted on a puzzle whose lines all fit a
// word, the native side is Native's: the probing and the learning
// searches in turns (portfolioLearning), their line solves together
// counting towards the native turn; the learning search proves
// uniqueness where probing is slow (webpbn-06574: 0.15 CPU-s before,
// when SAT's turn did it, 0.0025 now).
//
// Every solution is checked against the clues; counts and uniqueness are
// exact as with either solver alone. Result.BySAT reports that SAT gave
// the answer. o.Encoding is the SAT side's encoding; o.Presolve is not
// used (the native root is the pre-pass). When the SAT model would exceed
// encode.MaxLiterals, the native search goes on alone.
func Portfolio(ctx context.Context, s sat.Solver, p *nonogram.Puzzle, o nonogram.Options, work int64) (*nonogram.Result, error) {
	if work <= 0 {
		work = PortfolioWork
		if o.Wanted() == 1 || useLearning(p, o) {
			work = PortfolioWorkFirst
		}
	}
	if useLearning(p, o) {
		return portfolioLearning(ctx, s, p, o, work)
	}
	pt := &portfolio{ctx: ctx, s: s, p: p, o: o, res: &nonogram.Result{}, turn: work,
		paused: make(chan *search.Search), resume: make(chan int64)}
	var nres *nonogram.Result
	var nerr error
	go func() {
		defer close(pt.paused)
		nres, nerr = search.Solve(ctx, p, o, work, func(ns *search.Search) int64 {
			pt.paused <- ns
			return <-pt.resume
		})
	}()
	start := time.Now()
	for ns := range pt.paused {
		more := pt.satTurn(ns, time.Since(start))
		start = time.Now()
		pt.resume <- more
	}
	// The native search has returned (by itself, or stopped by a turn
	// that returned 0).
	return pt.finish(nres, nerr)
}

// portfolioLearning is Portfolio when the learning search takes
// turns with the probing search (useLearning: more than one solution
// wanted): the native side runs solveLearning's schedule, and SAT's turns
// come between its turns, each once the two native searches together
// have run the native side's turn of line solves since the last.
func portfolioLearning(ctx context.Context, s sat.Solver, p *nonogram.Puzzle, o nonogram.Options, work int64) (*nonogram.Result, error) {
	pt := &portfolio{ctx: ctx, s: s, p: p, o: o, res: &nonogram.Result{}, turn: work}
	next := work
	start := time.Now()
	res, err := solveLearningWith(ctx, p, o, func(ns *search.Search, done int64) bool {
		if done < next {
			return true
		}
		more := pt.satTurn(ns, time.Since(start))
		start = time.Now()
		next = done + more
		return more > 0
	})
	return pt.finish(res, err)
}

// finish returns the portfolio's result from the native side's result
// res and error err, with SAT's statistics, and SAT's verdict when SAT
// settled the puzzle.
func (pt *portfolio) finish(res *nonogram.Result, nerr error) (*nonogram.Result, error) {
	res.Stats.Vars, res.Stats.Clauses, res.Stats.Solves, res.Stats.Encode = pt.res.Stats.Vars, pt.res.Stats.Clauses, pt.res.Stats.Solves, pt.res.Stats.Encode
	if !pt.done {
		return res, nerr
	}
	res.BySAT = true
	res.Exhausted = pt.res.Exhausted
	if pt.err != nil {
		return res, pt.err
	}
	if nerr != nil && !errors.Is(nerr, search.ErrBudget) {
		return res, nerr
	}
	return res, nil
}

// satTurn, when not zero, replaces the length of SAT's turns (tests).
var satTurn time.Duration

// portfolio is the SAT side of Portfolio.
type portfolio struct {
	ctx    context.Context
	s      sat.Solver
	p      *nonogram.Puzzle
	o      nonogram.Options
	res    *nonogram.Result // SAT's statistics and verdict
	turn   int64            // the native search's last turn, line solves
	x      *encode.Encoded
	noSAT  bool // the model is too large: the native search goes on alone
	done   bool // SAT settled the puzzle (or failed): the native search stops
	err    error
	paused chan *search.Search
	resume chan int64

	blocked int // how many of the search's known solutions SAT has blocked
}

// satTurn runs SAT for about d while the native search ns is paused, and
// returns the native search's next turn (0: stop).
func (pt *portfolio) satTurn(ns *search.Search, d time.Duration) int64 {
	if pt.noSAT {
		return 1 << 62
	}
	if pt.x == nil {
		known := ns.Root
		if known == nil {
			// The root's probing is still under way (depth 1): what
			// it fixed so far holds in every solution too.
			known = LineSolve(pt.p)
			if ns.Depth <= 1 {
				known = ns.B.Grid()
			}
		}
		if err := encode.CheckSize(pt.p, known, pt.o.Encoding); err != nil {
			pt.noSAT = true
			return 1 << 62
		}
		t := time.Now()
		pt.x = encode.Encode(pt.s, pt.p, known, pt.o.Encoding)
		pt.res.Stats.Vars, pt.res.Stats.Clauses = pt.x.Size()
		pt.res.Stats.Encode = time.Since(t)
	}
	for ; pt.blocked < len(ns.Known); pt.blocked++ {
		if !pt.x.Block(pt.s, ns.Known[pt.blocked]) {
			// No cell was open: the root's cells are the only solution.
			pt.done, pt.res.Exhausted = true, true
			return 0
		}
	}
	if satTurn != 0 {
		d = satTurn
	}
	ctx, cancel := context.WithTimeout(pt.ctx, d)
	defer cancel()
	for len(ns.Known) < ns.Limit {
		pt.res.Stats.Solves++
		st, err := pt.s.Solve(ctx)
		switch {
		case st != sat.Sat && st != sat.Unsat && pt.ctx.Err() == nil && ctx.Err() != nil:
			pt.turn *= 2
			return pt.turn // SAT's turn is over
		case err != nil:
			if errors.Is(err, sat.ErrBadModel) {
				err = fmt.Errorf("%w: %v", nonogram.ErrBadSolution, err)
			}
			pt.done, pt.err = true, err
			return 0
		case st == sat.Unsat:
			pt.done, pt.res.Exhausted = true, true
			return 0
		case st != sat.Sat:
			pt.done, pt.err = true, fmt.Errorf("SAT solver answered %v", st)
			return 0
		}
		g := pt.x.Decode(pt.s.Value)
		if err := nonogram.Check(pt.p, g); err != nil {
			pt.done, pt.err = true, fmt.Errorf("%w: %s encoding: %v", nonogram.ErrBadSolution, pt.o.Encoding, err)
			return 0
		}
		for _, h := range ns.Known {
			if h.Equal(g) {
				pt.done, pt.err = true, fmt.Errorf("%w: the solver repeated a blocked solution", nonogram.ErrBadSolution)
				return 0
			}
		}
		ns.Known = append(ns.Known, g)
		pt.blocked++
		if len(ns.Known) >= ns.Limit || !pt.x.Block(pt.s, g) {
			pt.done, pt.res.Exhausted = true, len(ns.Known) < ns.Limit
			return 0
		}
	}
	pt.done = true
	return 0
}
