package cube

import (
	"bytes"
	"container/heap"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/satsolve/satsolve/sat"
)

// Options bound the split. At least one of Depth and Cubes must be set.
type Options struct {
	// Depth is the most decisions a cube may hold (0: no limit). Failed
	// literals, which the look-ahead adds to a cube, do not count: a
	// depth of d gives at most 2^d cubes.
	Depth int
	// Cubes is the number of cubes to stop at (0: no limit): the node
	// with the most free variables is split next, until the cubes and
	// open nodes reach Cubes. Refutations found afterwards can leave
	// fewer.
	Cubes int
	// Preselect is how many variables are looked ahead at each node (0:
	// a tenth of the free variables, between 20 and 200).
	Preselect int
	// Progress, when set, is called after every node with the
	// statistics so far.
	Progress func(Stats)
}

// Stats count the splitter's work.
type Stats struct {
	// Nodes is the number of nodes of the decision tree examined.
	Nodes int
	// Lookaheads is the number of literals looked ahead on.
	Lookaheads int
	// Failed is the number of failed literals found.
	Failed int
	// Open is the number of nodes waiting to be examined.
	Open int
	// Cubes and Refuted count the leaves so far.
	Cubes, Refuted int
	// Satisfied counts cubes under which propagation satisfied every
	// clause.
	Satisfied int
	// Duration is the time spent so far.
	Duration time.Duration
	// Stopped reports that the context ended the split early.
	Stopped bool
}

// Split is the outcome of splitting a formula: its cubes and its refuted
// branches, which together partition the assignments (see the package
// documentation).
type Split struct {
	// Cubes are the cubes to solve, in tree order.
	Cubes [][]sat.Lit
	// Refuted are the branches closed by unit propagation, in tree
	// order: the formula and a refuted branch's literals propagate to a
	// conflict. An empty branch means the formula itself is refuted.
	Refuted [][]sat.Lit
	// Model, when not nil, is a model of the formula found while
	// splitting (propagation satisfied every clause under some cube). It
	// has been checked against the formula.
	Model sat.Assignment
	// Stats are the splitter's counts.
	Stats Stats
}

// ErrNoLimit is returned by Run when Options sets neither Depth nor Cubes.
var ErrNoLimit = errors.New("cube: no limit: set Depth or Cubes")

// node is an open node of the decision tree.
type node struct {
	path      []sat.Lit // its literals from the root, decisions and failed-literal negations
	key       []byte    // its position: 0 for the first child, 1 for the second, per literal
	decisions int
	free      int // free variables, as the parent's look-ahead estimated them
}

// leaf is a finished node: a cube or a refuted branch.
type leaf struct {
	path    []sat.Lit
	key     []byte
	refuted bool
}

// splitter holds a running split.
type splitter struct {
	ctx    context.Context
	f      *sat.Formula
	opt    Options
	s      *state
	root   int // trail length of the root (the formula's own implied units)
	open   openHeap
	leaves []leaf
	model  sat.Assignment
	stats  Stats
	start  time.Time

	credit []float64
	cands  []sat.Var
}

// Run splits f into cubes by look-ahead. When ctx is done first, it stops
// splitting and the open nodes become cubes as they are: the result is
// still a partition, with Stats.Stopped set. It returns ErrNoLimit
// without a limit, and an error wrapping sat.ErrBadModel if a model it
// found fails the check (an internal error). f's pseudo-Boolean constraints and objective, if any, are not
// looked at: the split is of its clauses.
func Run(ctx context.Context, f *sat.Formula, opt Options) (*Split, error) {
	if opt.Depth <= 0 && opt.Cubes <= 0 {
		return nil, ErrNoLimit
	}
	sp := &splitter{ctx: ctx, f: f, opt: opt, s: newState(f), start: time.Now()}
	sp.credit = make([]float64, 2*(f.NumVars+1))
	if !sp.s.rootUnits() {
		sp.leaves = append(sp.leaves, leaf{path: []sat.Lit{}, refuted: true})
		return sp.result()
	}
	sp.root = len(sp.s.trail)
	heap.Push(&sp.open, &node{free: f.NumVars - sp.root})
	for sp.open.Len() > 0 {
		if ctx.Err() != nil {
			// Stop: the open nodes become cubes as they are, which
			// keeps the leaves a partition.
			sp.stats.Stopped = true
			for sp.open.Len() > 0 {
				n := heap.Pop(&sp.open).(*node)
				sp.addLeaf(n.path, n.key, false)
			}
			break
		}
		n := heap.Pop(&sp.open).(*node)
		sp.expand(n)
		sp.stats.Nodes++
		if sp.opt.Progress != nil {
			sp.opt.Progress(sp.snapshot())
		}
	}
	return sp.result()
}

// snapshot returns the statistics so far.
func (sp *splitter) snapshot() Stats {
	st := sp.stats
	st.Open = sp.open.Len()
	st.Duration = time.Since(sp.start)
	return st
}

// mayBranch reports whether node n may be split in two.
func (sp *splitter) mayBranch(n *node) bool {
	if sp.opt.Depth > 0 && n.decisions >= sp.opt.Depth {
		return false
	}
	// Splitting n turns one leaf-to-be into two.
	return sp.opt.Cubes <= 0 || sp.stats.Cubes+sp.open.Len()+2 <= sp.opt.Cubes
}

// expand examines node n: it re-establishes n's assignment from the root,
// looks ahead (refuting failed literals), and then closes n as a refuted
// branch or a cube, or splits it on the best variable.
func (sp *splitter) expand(n *node) {
	s := sp.s
	s.undo(sp.root)
	for _, l := range n.path {
		if !s.propagate(l) {
			sp.addLeaf(n.path, n.key, true)
			return
		}
	}
	if s.satisfied() {
		sp.satisfiedLeaf(n)
		return
	}
	best, closed := sp.probe(n)
	switch {
	case closed:
		return
	case best.lit == 0:
		sp.satisfiedLeaf(n)
		return
	case !sp.mayBranch(n):
		sp.addLeaf(n.path, n.key, false)
		return
	}
	for i, l := range []sat.Lit{best.lit, -best.lit} {
		implied := best.pos.implied
		if i == 1 {
			implied = best.neg.implied
		}
		heap.Push(&sp.open, &node{
			path:      append(slices.Clip(n.path), l),
			key:       append(slices.Clip(n.key), byte(i)),
			decisions: n.decisions + 1,
			free:      sp.f.NumVars - len(s.trail) - implied,
		})
	}
}

// choice is the variable a node branches on, with its look-aheads.
type choice struct {
	lit      sat.Lit // the first branch's literal; 0 when there is no choice
	pos, neg look
	score    float64
}

// probe looks ahead on the preselected variables of n's state until no
// literal fails, adding a refuted leaf for each failed literal and its
// negation to n's path. It reports closed when both polarities of a
// variable fail (n is then refuted), and otherwise returns the best
// branching variable of the last round (lit 0 when every clause is
// satisfied).
func (sp *splitter) probe(n *node) (best choice, closed bool) {
	s := sp.s
	for {
		free := 0
		for v := 1; v <= s.nvars; v++ {
			if s.val[v] == 0 {
				free++
			}
		}
		k := sp.opt.Preselect
		if k <= 0 {
			k = autoPreselect(free)
		}
		sp.cands = s.preselect(k, sp.credit, sp.cands)
		best = choice{}
		failed := false
		for _, v := range sp.cands {
			if s.val[v] != 0 {
				continue // set by a failed literal's negation this round
			}
			p, q := s.lookahead(v.Pos()), s.lookahead(v.Neg())
			sp.stats.Lookaheads += 2
			switch {
			case !p.ok && !q.ok:
				sp.stats.Failed += 2
				sp.addLeaf(append(slices.Clip(n.path), v.Pos()), append(slices.Clip(n.key), 0), true)
				sp.addLeaf(append(slices.Clip(n.path), v.Neg()), append(slices.Clip(n.key), 1), true)
				return choice{}, true
			case !p.ok || !q.ok:
				bad := v.Pos()
				if p.ok {
					bad = v.Neg()
				}
				sp.stats.Failed++
				sp.addLeaf(append(slices.Clip(n.path), bad), append(slices.Clip(n.key), 0), true)
				n.path = append(n.path, -bad)
				n.key = append(n.key, 1)
				if !s.propagate(-bad) {
					// Cannot happen: the same state just propagated -bad
					// without conflict. Kept sound regardless.
					sp.addLeaf(n.path, n.key, true)
					return choice{}, true
				}
				failed = true
				best = choice{} // the measures so far are stale
			default:
				sc := mix(p.diff, q.diff)
				if best.lit == 0 || sc > best.score {
					best = choice{lit: v.Pos(), pos: p, neg: q, score: sc}
				}
			}
		}
		if s.satisfied() {
			return choice{}, false
		}
		if !failed {
			return best, false
		}
	}
}

// satisfiedLeaf closes n as a cube under which propagation satisfies every
// clause, keeping the first such model.
func (sp *splitter) satisfiedLeaf(n *node) {
	sp.stats.Satisfied++
	if sp.model == nil && len(sp.f.PBs) == 0 {
		sp.model = sp.s.model()
	}
	sp.addLeaf(n.path, n.key, false)
}

func (sp *splitter) addLeaf(path []sat.Lit, key []byte, refuted bool) {
	if refuted {
		sp.stats.Refuted++
	} else {
		sp.stats.Cubes++
	}
	sp.leaves = append(sp.leaves, leaf{path: slices.Clone(path), key: slices.Clone(key), refuted: refuted})
}

// result sorts the leaves into tree order and returns the split.
func (sp *splitter) result() (*Split, error) {
	slices.SortFunc(sp.leaves, func(a, b leaf) int { return bytes.Compare(a.key, b.key) })
	out := &Split{Stats: sp.snapshot(), Cubes: [][]sat.Lit{}, Refuted: [][]sat.Lit{}}
	for _, l := range sp.leaves {
		if l.refuted {
			out.Refuted = append(out.Refuted, l.path)
		} else {
			out.Cubes = append(out.Cubes, l.path)
		}
	}
	if sp.model != nil {
		if err := sp.f.Check(sp.model); err != nil {
			return nil, fmt.Errorf("%w: the splitter's model: %v", sat.ErrBadModel, err)
		}
		out.Model = sp.model
	}
	return out, nil
}

// openHeap orders open nodes by most free variables first, then by tree
// position, so that the split is deterministic.
type openHeap []*node

func (h openHeap) Len() int { return len(h) }
func (h openHeap) Less(i, j int) bool {
	if h[i].free != h[j].free {
		return h[i].free > h[j].free
	}
	return bytes.Compare(h[i].key, h[j].key) < 0
}
func (h openHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *openHeap) Push(x any)   { *h = append(*h, x.(*node)) }
func (h *openHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
