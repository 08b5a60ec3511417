package chipfireapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"net/http"
	"strings"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/web"
	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/models/chipfire"
	"github.com/satsolve/satsolve/sat"
)

// The dollar game endpoints. A game travels as the JSON game format of
// models/chipfire ({"names": […], "edges": [[u, v], …], "divisor": […]},
// a multi-edge repeated), so a game the server sent can be sent back as
// it is, and a game file can be posted too; answers add what the page
// draws (the layout) and what the player sees (genus, degree, title).

// gameJSON is a game as the server sends it.
type gameJSON struct {
	Names   []string   `json:"names"`
	Edges   [][2]int   `json:"edges"`
	Divisor []int64    `json:"divisor"`
	Genus   int        `json:"genus"`
	Degree  int64      `json:"degree"`
	Layout  [][2]int32 `json:"layout"`
	Title   string     `json:"title"`
	// Level and Borrows describe a level: its number and the greedy
	// borrow count M0 that measures its difficulty.
	Level   int   `json:"level,omitempty"`
	Borrows int64 `json:"borrows,omitempty"`
}

// layoutScale is the resolution of the layout sent: coordinates are
// integers in 0..layoutScale.
const layoutScale = 1000

// newGameJSON describes a game for the page. The layout is seeded by the
// game itself, so the same game is always drawn the same way.
func newGameJSON(g *chipfire.Graph, d chipfire.Divisor, title string) *gameJSON {
	j := &gameJSON{Names: g.Names(), Divisor: d, Genus: g.Genus(), Degree: d.Deg(), Title: title}
	for _, e := range g.Edges() { // a multi-edge repeated
		j.Edges = append(j.Edges, [2]int{e.U, e.V})
	}
	seed := uint64(g.N())*1_000_003 + uint64(g.M())
	for _, e := range g.Edges() {
		seed = seed*31 + uint64(e.U)*7 + uint64(e.V)
	}
	for _, p := range g.Layout(seed) {
		j.Layout = append(j.Layout, [2]int32{int32(math.Round(p.X * layoutScale)), int32(math.Round(p.Y * layoutScale))})
	}
	return j
}

// checkGameSize refuses a game beyond the caps.
func checkGameSize(g *chipfire.Graph, d chipfire.Divisor) error {
	if g.N() > maxGameVertices {
		return web.BadRequest("the game has %d vertices: the server plays games of at most %d vertices", g.N(), maxGameVertices)
	}
	if g.M() > maxGameEdges {
		return web.BadRequest("the game has %d edges: the server plays games of at most %d edges", g.M(), maxGameEdges)
	}
	for v, x := range d {
		if x > maxGameValue || x < -maxGameValue {
			return web.BadRequest("vertex %s has %d dollars: the server plays games with at most %d dollars (or debts) on a vertex", g.Name(v), x, maxGameValue)
		}
	}
	return nil
}

// readGame reads a game in the JSON game format, named "<input>" in errors
// as standard input is on the command line, and checks it against the
// caps. A game needs a divisor.
func readGame(raw json.RawMessage) (*chipfire.Game, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, web.BadRequest(`missing "game": want {"game": {"names": [...], "edges": [[u, v], ...], "divisor": [...]}}`)
	}
	game, err := chipfire.ReadGame(bytes.NewReader(raw), "<input>", chipfire.FormatJSON)
	if err != nil {
		return nil, web.InputError(err)
	}
	if game.Divisor == nil {
		return nil, web.BadRequest("<input>: no divisor: give one in the game")
	}
	return game, checkGameSize(game.Graph, game.Divisor)
}

// gameRequest is the body of the endpoints that analyse a position.
type gameRequest struct {
	Game json.RawMessage `json:"game"`
	// Q is the vertex Dhar's algorithm reduces to (winnable only; default
	// a central vertex).
	Q *int `json:"q,omitempty"`
}

// randomRequest asks for a random game by the seed's rules.
type randomRequest struct {
	N    int     `json:"n"`
	P    float64 `json:"p"`
	Seed uint64  `json:"seed"`
}

func (s api) chipfireRandom(r *http.Request) (any, error) {
	var q randomRequest
	if err := s.Decode(r, &q); err != nil {
		return nil, err
	}
	if q.N < 2 || q.N > maxRandomVertices {
		return nil, web.BadRequest("n = %d: the server draws games of 2 to %d vertices", q.N, maxRandomVertices)
	}
	if !(q.P > 0 && q.P <= 1) {
		return nil, web.BadRequest("p = %v: the edge probability must be in (0, 1]", q.P)
	}
	game, err := chipfire.RandomGame(rand.NewPCG(q.Seed, 0x6a6d), q.N, q.P, -1)
	if err != nil {
		return nil, web.InputError(err)
	}
	return newGameJSON(game.Graph, game.Divisor, fmt.Sprintf("G(%d, %v), seed %d", q.N, q.P, q.Seed)), nil
}

// levelInfo is one line of the list of levels.
type levelInfo struct {
	Level int     `json:"level"`
	N     int     `json:"n"`
	P     float64 `json:"p"`
}

func (s api) chipfireLevels(*http.Request) (any, error) {
	var out []levelInfo
	for k := 1; k <= chipfire.LevelCount; k++ {
		// Drawing the games is left to /api/chipfire/level.
		n, p := chipfire.LevelSize(k)
		out = append(out, levelInfo{Level: k, N: n, P: math.Round(p*100) / 100})
	}
	return map[string]any{"levels": out}, nil
}

func (s api) chipfireLevel(r *http.Request) (any, error) {
	var q struct {
		Level int `json:"level"`
	}
	if err := s.Decode(r, &q); err != nil {
		return nil, err
	}
	l, err := chipfire.NewLevel(q.Level)
	if err != nil {
		return nil, web.InputError(err)
	}
	j := newGameJSON(l.Game.Graph, l.Game.Divisor, fmt.Sprintf("Level %d of %d", l.Number, chipfire.LevelCount))
	j.Level, j.Borrows = l.Number, l.Borrows
	return j, nil
}

// parseRequest is a pasted game file.
type parseRequest struct {
	Text string `json:"text"`
	// Format is auto (default), edges, dot or json.
	Format string `json:"format"`
	// Divisor, when set, replaces the file's divisor ("2,-3,4,-1"), as
	// --divisor does on the command line.
	Divisor string `json:"divisor"`
}

func (s api) chipfireParse(r *http.Request) (any, error) {
	var q parseRequest
	if err := s.Decode(r, &q); err != nil {
		return nil, err
	}
	if q.Format == "" {
		q.Format = "auto"
	}
	f, err := chipfire.ParseFormat(q.Format)
	if err != nil {
		return nil, web.InputError(err)
	}
	game, err := chipfire.ReadGame(strings.NewReader(q.Text), "<input>", f)
	if err != nil {
		return nil, web.InputError(err)
	}
	if strings.TrimSpace(q.Divisor) != "" {
		d, err := chipfire.ParseDivisor(q.Divisor)
		if err == nil {
			err = game.Graph.CheckDivisor(d)
		}
		if err != nil {
			return nil, web.InputError(fmt.Errorf("divisor: %w", err))
		}
		game.Divisor = d
	}
	if game.Divisor == nil {
		return nil, web.BadRequest("<input>: no divisor: give one in the file (edge list: a line \"divisor: 2 -3 4 -1\"; DOT: chips attributes) or in the divisor field")
	}
	if err := checkGameSize(game.Graph, game.Divisor); err != nil {
		return nil, err
	}
	return newGameJSON(game.Graph, game.Divisor, "pasted game"), nil
}

// winnableAnswer is the verdict of Dhar's algorithm.
type winnableAnswer struct {
	Winnable bool `json:"winnable"`
	// Q is the vertex reduced to, Reduced the q-reduced divisor D_q
	// (winnable exactly when D_q(q) ≥ 0), Script the firing script from D
	// to D_q (Script[q] = 0).
	Q       int             `json:"q"`
	Reduced []int64         `json:"reduced"`
	Script  chipfire.Script `json:"script"`
	// Order certifies an unwinnable divisor: the burning order π, with
	// D_q ≤ ν_π (Baker–Norine).
	Order   []int  `json:"order,omitempty"`
	Message string `json:"message"`
}

func (s api) chipfireWinnable(r *http.Request) (any, error) {
	var q gameRequest
	if err := s.Decode(r, &q); err != nil {
		return nil, err
	}
	game, err := readGame(q.Game)
	if err != nil {
		return nil, err
	}
	g, d := game.Graph, game.Divisor
	v := g.Center()
	if q.Q != nil {
		if *q.Q < 0 || *q.Q >= g.N() {
			return nil, web.BadRequest("q = %d: no such vertex (0..%d)", *q.Q, g.N()-1)
		}
		v = *q.Q
	}
	ctx, cancel := s.SolveContext(r)
	defer cancel()
	red, err := chipfire.Reduce(ctx, g, d, v)
	if err != nil {
		if ierr := s.Interrupted(ctx, "Dhar's algorithm"); ierr != nil {
			return nil, ierr
		}
		return nil, err
	}
	a := &winnableAnswer{Winnable: red.Winnable(), Q: v, Reduced: red.Divisor, Script: red.Script}
	if a.Winnable {
		if err := g.CheckWin(d, red.Script); err != nil {
			return nil, fmt.Errorf("Dhar's script does not reach the reduced divisor: %v", err)
		}
		a.Message = fmt.Sprintf("Winnable: reduced to vertex %s by Dhar's algorithm, the divisor has no debt (%s keeps %d).", g.Name(v), g.Name(v), red.Divisor[v])
		return a, nil
	}
	if err := g.CheckCertificate(d, 0, chipfire.Certificate{Order: red.Order, Script: red.Script}); err != nil {
		return nil, fmt.Errorf("Dhar's certificate fails: %v", err)
	}
	a.Order = red.Order
	a.Message = fmt.Sprintf("Not winnable: reduced to vertex %s by Dhar's algorithm, the divisor leaves %s in debt by %d, and the burning order proves no firing can help.", g.Name(v), g.Name(v), -red.Divisor[v])
	return a, nil
}

// plan is a winning script and how it was found.
type plan struct {
	// Unwinnable reports that no script wins (Script is nil).
	Unwinnable bool
	Script     chipfire.Script
	Optimal    bool
	// TimedOut reports that the deadline ended the PB search.
	TimedOut bool
	Method   string
}

// unwinnableMethod is the method of a plan for a position nobody can win.
const unwinnableMethod = "this position cannot be won: Dhar's algorithm proves it (ask \"Winnable?\" for the certificate)"

// plan finds a winning script with the fewest moves: the PB model of
// models/chipfire, proved optimal when it finishes within the solve
// timeout; else the best script it found; else Dhar's script at its
// cheapest shift. Each is labelled, and each is replayed with CheckWin.
func (s api) plan(r *http.Request, g *chipfire.Graph, d chipfire.Divisor) (*plan, error) {
	if d.Effective() {
		return &plan{Script: make(chipfire.Script, g.N()), Optimal: true, Method: "already won: no vertex is in debt"}, nil
	}
	ctx, cancel := s.SolveContext(r)
	defer cancel()
	script, _, err := chipfire.Winnable(ctx, g, d)
	if err != nil {
		if ierr := s.Interrupted(ctx, "Dhar's algorithm"); ierr != nil {
			return nil, ierr
		}
		return nil, err
	}
	if script == nil {
		return &plan{Unwinnable: true, Method: unwinnableMethod}, nil
	}
	dhar := script.Fewest()
	if err := g.CheckWin(d, dhar); err != nil {
		return nil, fmt.Errorf("Dhar's script does not win: %v", err)
	}
	release, err := s.Acquire(r.Context())
	if err != nil {
		return nil, err
	}
	defer release()
	solver := s.opts.NewSolver()
	o := movesOptions(solver, dhar.Moves())
	// The model's scripts lie in −U..U with U = min(B, C) ≤ C, Dhar's
	// cost; B needs the edge connectivity (n − 1 max-flows), itself
	// slow on dense graphs, so the estimate uses C.
	if size := movesModelSize(g, dhar.Moves()); o.PB != encode.PBNative && size > maxMovesModel {
		// Building the model cannot be interrupted: do not start one that
		// would outlast the deadline.
		p := &plan{Script: dhar, Method: fmt.Sprintf("Dhar's script: the fewest-moves model of this game would be too large to build in time (about %d BDD nodes; the server builds at most %d): not proved optimal", size, maxMovesModel)}
		return p, nil
	}
	start := time.Now()
	res, err := chipfire.MinMoves(ctx, g, d, solver, o)
	p := &plan{TimedOut: web.DeadlineHit(ctx)}
	switch {
	case err == nil && res.Optimal:
		p.Script, p.Optimal = res.Script, true
		p.Method = fmt.Sprintf("fewest moves, proved optimal by the PB model (%s, %v)", s.opts.Backend, time.Since(start).Round(time.Millisecond))
	case res.Script != nil && res.Moves < dhar.Moves():
		p.Script = res.Script
		p.Method = fmt.Sprintf("the fewest moves the PB model found before the %v deadline: not proved optimal", s.opts.SolveTimeout)
	case err != nil && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) && ctx.Err() == nil:
		return nil, err
	default:
		p.Script = dhar
		p.Method = fmt.Sprintf("Dhar's script (the PB model did not improve on it within %v): not proved optimal", s.opts.SolveTimeout)
	}
	if err := g.CheckWin(d, p.Script); err != nil {
		return nil, fmt.Errorf("the script does not win: %v", err)
	}
	return p, nil
}

// movesModelSize estimates the BDD nodes of the fewest-moves model of g
// with scripts in −u..u: per vertex, a linear constraint over deg(v) + 1
// integers of ⌈log₂(2u+1)⌉ bits whose partial sums take about
// deg(v)·(2u+1) values, so deg(v)²·(2u+1)·bits nodes. On random games it
// tracks the time to build the model: 0.5 M nodes take about 0.1 s,
// 2.3 M about 0.5 s; a dense 100-vertex game (260 M) took minutes.
func movesModelSize(g *chipfire.Graph, u int64) int64 {
	b := int64(bits.Len64(uint64(2*u + 1)))
	var size int64
	for v := range g.N() {
		dv := int64(g.Degree(v))
		size += dv * dv * (2*u + 1) * b
	}
	return size
}

// movesOptions are the fewest-moves model's options for solver, as the
// command line's defaults pick them: native PB constraints and native
// optimisation when the solver is a PB solver (it has both; cdcl takes PB
// constraints but optimises by search, and BDDs pay more there), else BDDs
// and binary search.
// known caps the model with the cost of a known winning script.
func movesOptions(solver sat.Solver, known int64) chipfire.MovesOptions {
	o := chipfire.MovesOptions{Options: chipfire.DefaultOptions(), Strategy: optimize.Binary, Known: known}
	if optimize.Native.Applies(solver) {
		o.PB = encode.PBNative
		o.Strategy = optimize.Native
	}
	return o
}

// move is one lend or borrow.
type move struct {
	Vertex int    `json:"vertex"`
	Name   string `json:"name"`
	// Action is "lend" or "borrow".
	Action string `json:"action"`
}

// order lists the moves of f, one lend or borrow each, in the order that
// keeps the total debt lowest at each step (the order does not change
// where the script ends; this one is the easiest to follow). nil when f
// has more than maxSteps moves.
func order(g *chipfire.Graph, d chipfire.Divisor, f chipfire.Script) []move {
	if f.Moves() > maxSteps {
		return nil
	}
	cur := append(chipfire.Divisor(nil), d...)
	left := append(chipfire.Script(nil), f...)
	var out []move
	for {
		best, bestDebt := -1, int64(math.MaxInt64)
		for v, k := range left {
			if k == 0 {
				continue
			}
			sign := int64(1)
			if k < 0 {
				sign = -1
			}
			g.Fire(cur, v, sign)
			if debt := totalDebt(cur); debt < bestDebt {
				best, bestDebt = v, debt
			}
			g.Fire(cur, v, -sign)
		}
		if best < 0 {
			return out
		}
		m := move{Vertex: best, Name: g.Name(best), Action: "lend"}
		sign := int64(1)
		if left[best] < 0 {
			m.Action, sign = "borrow", -1
		}
		g.Fire(cur, best, sign)
		left[best] -= sign
		out = append(out, m)
	}
}

// totalDebt returns the sum of the debts of d.
func totalDebt(d chipfire.Divisor) int64 {
	var s int64
	for _, x := range d {
		if x < 0 {
			s -= x
		}
	}
	return s
}

// solveAnswer is a winning script, move by move.
type solveAnswer struct {
	// Winnable is false when no script wins; the other fields are then
	// empty but Method, which says so.
	Winnable bool            `json:"winnable"`
	Script   chipfire.Script `json:"script"`
	Moves    int64           `json:"moves"`
	Optimal  bool            `json:"optimal"`
	TimedOut bool            `json:"timed_out"`
	Method   string          `json:"method"`
	// Steps lists the moves in an order that keeps the debt low (absent
	// beyond 5,000 moves).
	Steps []move `json:"steps"`
}

func (s api) chipfireSolve(r *http.Request) (any, error) {
	var q gameRequest
	if err := s.Decode(r, &q); err != nil {
		return nil, err
	}
	if q.Q != nil {
		return nil, web.BadRequest(`"q" applies to /api/chipfire/winnable only`)
	}
	game, err := readGame(q.Game)
	if err != nil {
		return nil, err
	}
	p, err := s.plan(r, game.Graph, game.Divisor)
	if err != nil {
		return nil, err
	}
	if p.Unwinnable {
		return &solveAnswer{Method: p.Method}, nil
	}
	return &solveAnswer{Winnable: true, Script: p.Script, Moves: p.Script.Moves(), Optimal: p.Optimal, TimedOut: p.TimedOut, Method: p.Method,
		Steps: order(game.Graph, game.Divisor, p.Script)}, nil
}

// hintAnswer is the next move of a winning script.
type hintAnswer struct {
	// Winnable is false when no script wins (no move given).
	Winnable bool `json:"winnable"`
	// Won reports that the position is already won (no move given).
	Won  bool  `json:"won"`
	Move *move `json:"move,omitempty"`
	// MovesLeft is the number of moves of the script, this one included.
	MovesLeft int64  `json:"moves_left"`
	Optimal   bool   `json:"optimal"`
	TimedOut  bool   `json:"timed_out"`
	Method    string `json:"method"`
}

func (s api) chipfireHint(r *http.Request) (any, error) {
	var q gameRequest
	if err := s.Decode(r, &q); err != nil {
		return nil, err
	}
	if q.Q != nil {
		return nil, web.BadRequest(`"q" applies to /api/chipfire/winnable only`)
	}
	game, err := readGame(q.Game)
	if err != nil {
		return nil, err
	}
	g, d := game.Graph, game.Divisor
	p, err := s.plan(r, g, d)
	if err != nil {
		return nil, err
	}
	if p.Unwinnable {
		return &hintAnswer{Method: p.Method}, nil
	}
	a := &hintAnswer{Winnable: true, MovesLeft: p.Script.Moves(), Optimal: p.Optimal, TimedOut: p.TimedOut, Method: p.Method}
	if a.MovesLeft == 0 {
		a.Won = true
		return a, nil
	}
	// Any single move of an optimal script leaves the rest of it optimal
	// for the position it reaches: the move that lowers the debt most.
	steps := order(g, d, p.Script)
	if len(steps) > 0 {
		a.Move = &steps[0]
		return a, nil
	}
	for v, k := range p.Script {
		if k != 0 {
			m := move{Vertex: v, Name: g.Name(v), Action: "lend"}
			if k < 0 {
				m.Action = "borrow"
			}
			a.Move = &m
			break
		}
	}
	return a, nil
}
