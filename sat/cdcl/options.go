package cdcl

// Every tunable of the engine, in one table (CaDiCaL's options.hpp is the
// model): name, default, range and meaning. Options are integers; switches
// are 0/1, ratios are given in per cent or per mille so that the table stays
// integral and printable.
//
// A technique that does not pay on the corpus benchmark stays in the code
// but off by default; its line below says why, with the measurement.

import (
	"fmt"
	"math/bits"
	"sort"
	"strconv"
	"strings"
)

// Options configures a Solver. The zero value is not meaningful; start from
// DefaultOptions and change fields, or use Set by name.
type Options struct {
	// Phase is the initial saved phase of every variable (0 false, 1 true).
	Phase int
	// ScoreDecay is the EVSIDS decay factor in per mille (MiniSat's 0.95).
	ScoreDecay int
	// Stable selects the search modes: 0 focused only, 1 alternate
	// focused and stable, 2 stable only.
	Stable int
	// StableInit is the number of conflicts of the first focused phase.
	StableInit int
	// StableFactor is the growth of the mode phase length, in per cent.
	StableFactor int
	// RestartInt is the least number of conflicts between two restarts in
	// focused mode.
	RestartInt int
	// RestartMargin is how much the fast glue average must exceed the
	// slow one to restart, in per cent (110 = 10% above).
	RestartMargin int
	// EMAFast and EMASlow are the windows of the glue averages, in
	// conflicts (the smoothing factors are 1/EMAFast and 1/EMASlow).
	EMAFast int
	EMASlow int
	// Reluctant is the base interval of the reluctant-doubling (Luby)
	// restarts of stable mode, in conflicts; ReluctantMax caps it.
	Reluctant    int
	ReluctantMax int
	// ReduceInt is the base interval between two reductions of the learnt
	// clauses, in conflicts; the interval grows with the square root of
	// the number of reductions.
	ReduceInt int
	// ReduceTarget is the share of the reduction candidates deleted, in
	// per cent.
	ReduceTarget int
	// ReduceLimit bounds the reducible learnt clauses kept by a reduction
	// to this share of the irredundant clauses, in per cent, growing by
	// 10% a reduction (0: no bound; reduce.go). Off: over the 116
	// structured instances minisat solves in under 1 s it is neutral
	// (CPU against minisat 1.027× without, 1.041× at 33, 1.005× at 100;
	// three rounds side by side), and it costs the hole and adder
	// instances where cdcl wins most (conflicts at 33 / 100: hole9 32,008
	// to 47,404 / 51,786, hole10 148,585 to 182,570 / 188,255,
	// 2bitadd_10 146,398 to 198,748 / unchanged; 2026-11-25).
	ReduceLimit int
	// Tier1 and Tier2 are the glue limits of the core tier (kept forever)
	// and of tier 2 (kept while used).
	Tier1 int
	Tier2 int
	// MinimizeDepth bounds the recursion of learnt-clause minimisation.
	MinimizeDepth int
	// ReuseTrail keeps, at a restart, the decisions that would be made
	// again (0/1).
	ReuseTrail int
	// Rephase is the base interval of rephasing in conflicts (0: never);
	// the k-th rephase comes k·Rephase conflicts after the one before.
	Rephase int
	// BumpReasons also bumps the variables of the reasons of the learnt
	// clause's literals (0/1).
	BumpReasons int
	// Inprocess enables inprocessing rounds (0/1), every InprocessInt·k
	// conflicts (the k-th round).
	Inprocess    int
	InprocessInt int
	// EffortMin is the least step budget of an inprocessing technique
	// in one round, whatever the search ticks since the last round.
	// Preprocess runs one inprocessing round before the first conflict
	// of the first Solve when elimination is allowed there (0/1).
	// Measured together on a development subset of 17 structured
	// instances, minisat side by side in one run (cdcl CPU geomean over
	// minisat's): floor 10^6 without preprocessing (the old default) 1.55×;
	// 10^5 1.25×; 10^5 with preprocessing 1.19×; 2·10^4 with preprocessing
	// 1.11× (a second run: 1.31× at 10^5, 1.61× at 2·10^4 alone, 1.15× at
	// 2·10^4 with preprocessing). The floor of 10^6 made inprocessing a
	// third of short SAT runs (bmc-ibm-12: 3.4 s, 1.2 s at 10^5).
	// Preprocess stays off even so. Until elimination ran to its
	// fixpoint, eliminating before any search turned the dubois XOR
	// chains into longer clauses (dubois100: 573 conflicts without,
	// 27,023 with); now the round refutes them without search. Over the
	// 116 structured instances minisat solves in under 1 s, preprocessing
	// takes cdcl from 1.53× minisat's conflicts (geomean) to 0.94×, but
	// not its CPU time: 1.46× minisat's against 1.16× without (one run
	// side by side, 2026-11-25), since the round costs more than the
	// whole search on the many instances solved in a few milliseconds.
	EffortMin  int
	Preprocess int
	// Subsume enables subsumption and strengthening (0/1) of clauses of
	// at most SubsumeMax literals, with SubsumeEffort per mille of the
	// search ticks.
	Subsume       int
	SubsumeMax    int
	SubsumeEffort int
	// Probe enables failed-literal probing (0/1) with ProbeEffort per
	// mille of the search ticks.
	Probe       int
	ProbeEffort int
	// Vivify enables vivification (0/1) with VivifyEffort per mille of the
	// search ticks.
	Vivify       int
	VivifyEffort int
	// Elim enables bounded variable elimination (0/1) in the first Solve
	// without assumptions, for variables with at most ElimOccMax
	// occurrences of each sign and resolvents of at most ElimClauseMax
	// literals, with ElimEffort per mille of the search ticks.
	Elim          int
	ElimOccMax    int
	ElimClauseMax int
	ElimEffort    int
	// ElimLits also bounds the resolvents' literals by the removed
	// clauses' literals (0/1).
	ElimLits int
	// Chrono enables chronological backtracking (0/1) for jumps longer
	// than ChronoLevels levels.
	Chrono       int
	ChronoLevels int
	// PBClauses expands a PB constraint into clauses when it has at most
	// this many (its minimal covers, pb.go) instead of keeping it
	// natively (0: never).
	PBClauses int
	// PBPhase is the initial phase of the variables of the PB constraints
	// added before the first Solve (0 false, 1 true, 2 as Phase); it is
	// also their phase when rephasing restores the original ones (pb.go).
	PBPhase int
	// Seed seeds the random choices (random rephasing).
	Seed int
}

// optionDef is one line of the option table.
type optionDef struct {
	name     string
	def      int
	min, max int
	field    func(*Options) *int
	doc      string
}

// optionTable lists every option with its default and range.
var optionTable = []optionDef{
	{"phase", 1, 0, 1, func(o *Options) *int { return &o.Phase }, "initial phase (0 false, 1 true)"},
	{"scoredecay", 950, 500, 999, func(o *Options) *int { return &o.ScoreDecay }, "EVSIDS decay factor, per mille"},
	{"stable", 1, 0, 2, func(o *Options) *int { return &o.Stable }, "modes: 0 focused, 1 both, 2 stable"},
	{"stableinit", 1000, 1, 1 << 30, func(o *Options) *int { return &o.StableInit }, "conflicts of the first focused phase"},
	{"stablefactor", 200, 101, 1000, func(o *Options) *int { return &o.StableFactor }, "mode phase growth, per cent"},
	{"restartint", 2, 1, 1 << 20, func(o *Options) *int { return &o.RestartInt }, "least conflicts between focused restarts"},
	{"restartmargin", 110, 100, 200, func(o *Options) *int { return &o.RestartMargin }, "fast/slow glue margin to restart, per cent"},
	{"emafast", 33, 2, 1 << 20, func(o *Options) *int { return &o.EMAFast }, "fast glue average window, conflicts"},
	{"emaslow", 100000, 2, 1 << 30, func(o *Options) *int { return &o.EMASlow }, "slow glue average window, conflicts"},
	{"reluctant", 1024, 1, 1 << 30, func(o *Options) *int { return &o.Reluctant }, "stable restart base interval, conflicts"},
	{"reluctantmax", 1 << 20, 1, 1 << 30, func(o *Options) *int { return &o.ReluctantMax }, "stable restart interval cap, conflicts"},
	{"reduceint", 300, 10, 1 << 20, func(o *Options) *int { return &o.ReduceInt }, "base conflicts between reductions"},
	{"reducetarget", 75, 10, 100, func(o *Options) *int { return &o.ReduceTarget }, "share of candidates deleted, per cent"},
	{"reducelimit", 0, 0, 1 << 20, func(o *Options) *int { return &o.ReduceLimit }, "learnt clauses kept, per cent of the irredundant (0: no bound)"},
	{"tier1", 2, 1, 100, func(o *Options) *int { return &o.Tier1 }, "glue limit of the core tier"},
	{"tier2", 6, 1, 1000, func(o *Options) *int { return &o.Tier2 }, "glue limit of tier 2"},
	{"minimizedepth", 1000, 0, 1 << 20, func(o *Options) *int { return &o.MinimizeDepth }, "recursion bound of minimisation"},
	{"reusetrail", 1, 0, 1, func(o *Options) *int { return &o.ReuseTrail }, "keep decisions a restart would redo (0/1)"},
	{"rephase", 1000, 0, 1 << 30, func(o *Options) *int { return &o.Rephase }, "base conflicts between rephases (0: never)"},
	{"bumpreasons", 1, 0, 1, func(o *Options) *int { return &o.BumpReasons }, "bump reason-side variables too (0/1)"},
	{"inprocess", 1, 0, 1, func(o *Options) *int { return &o.Inprocess }, "inprocessing rounds (0/1)"},
	{"inprocessint", 2000, 1, 1 << 30, func(o *Options) *int { return &o.InprocessInt }, "base conflicts between inprocessing rounds"},
	{"effortmin", 100000, 0, 1 << 30, func(o *Options) *int { return &o.EffortMin }, "least step budget of a technique per round"},
	{"preprocess", 0, 0, 1, func(o *Options) *int { return &o.Preprocess }, "an inprocessing round before the first conflict (0/1)"},
	{"subsume", 1, 0, 1, func(o *Options) *int { return &o.Subsume }, "subsumption and strengthening (0/1)"},
	{"subsumemax", 100, 2, 1 << 20, func(o *Options) *int { return &o.SubsumeMax }, "longest clause subsumption looks at"},
	{"subsumeeffort", 100, 0, 1 << 20, func(o *Options) *int { return &o.SubsumeEffort }, "subsumption effort, per mille of search ticks"},
	{"probe", 1, 0, 1, func(o *Options) *int { return &o.Probe }, "failed-literal probing (0/1)"},
	{"probeeffort", 50, 0, 1 << 20, func(o *Options) *int { return &o.ProbeEffort }, "probing effort, per mille of search ticks"},
	{"vivify", 1, 0, 1, func(o *Options) *int { return &o.Vivify }, "vivification (0/1)"},
	{"vivifyeffort", 100, 0, 1 << 20, func(o *Options) *int { return &o.VivifyEffort }, "vivification effort, per mille of search ticks"},
	{"elim", 1, 0, 1, func(o *Options) *int { return &o.Elim }, "bounded variable elimination (0/1)"},
	{"elimoccmax", 100, 1, 1 << 20, func(o *Options) *int { return &o.ElimOccMax }, "most occurrences of a sign to eliminate"},
	{"elimclausemax", 100, 2, 1 << 20, func(o *Options) *int { return &o.ElimClauseMax }, "longest clause or resolvent in elimination"},
	{"elimeffort", 1000, 0, 1 << 20, func(o *Options) *int { return &o.ElimEffort }, "elimination effort, per mille of search ticks"},
	{"elimlits", 1, 0, 1, func(o *Options) *int { return &o.ElimLits }, "bound resolvent literals too (0/1)"},
	{"chrono", 1, 0, 1, func(o *Options) *int { return &o.Chrono }, "chronological backtracking (0/1)"},
	{"chronolevels", 100, 0, 1 << 30, func(o *Options) *int { return &o.ChronoLevels }, "least jump that backtracks chronologically"},
	{"pbclauses", 8, 0, 1 << 20, func(o *Options) *int { return &o.PBClauses }, "expand a PB constraint with at most this many clauses (0: never)"},
	{"pbphase", 0, 0, 2, func(o *Options) *int { return &o.PBPhase }, "initial phase of PB constraints' variables (0 false, 1 true, 2 as phase)"},
	{"seed", 0, 0, 1 << 30, func(o *Options) *int { return &o.Seed }, "random seed"},
}

// DefaultOptions returns the default of every option.
func DefaultOptions() Options {
	var o Options
	for _, d := range optionTable {
		*d.field(&o) = d.def
	}
	return o
}

// Set sets the option called name to value, which must be within the
// option's range.
func (o *Options) Set(name string, value int) error {
	for _, d := range optionTable {
		if d.name == name {
			if value < d.min || value > d.max {
				return fmt.Errorf("cdcl: option %s=%d out of range [%d, %d]", name, value, d.min, d.max)
			}
			*d.field(o) = value
			return nil
		}
	}
	return fmt.Errorf("cdcl: unknown option %q", name)
}

// Parse sets options from a list "name=value,name=value" (empty: none).
func (o *Options) Parse(list string) error {
	if list == "" {
		return nil
	}
	for _, kv := range strings.Split(list, ",") {
		name, val, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("cdcl: option %q: want name=value", kv)
		}
		n, err := strconv.Atoi(val)
		if err != nil {
			return fmt.Errorf("cdcl: option %s: %v", name, err)
		}
		if err := o.Set(name, n); err != nil {
			return err
		}
	}
	return nil
}

// validate checks every option against its range.
func (o *Options) validate() error {
	for _, d := range optionTable {
		if v := *d.field(o); v < d.min || v > d.max {
			return fmt.Errorf("cdcl: option %s=%d out of range [%d, %d]", d.name, v, d.min, d.max)
		}
	}
	return nil
}

// OptionNames returns the names of all options, sorted.
func OptionNames() []string {
	var out []string
	for _, d := range optionTable {
		out = append(out, d.name)
	}
	sort.Strings(out)
	return out
}

// Usage returns the option table as text: a header, then one line per
// option in the table's order with its name, default, range and meaning
// (bounds that are powers of two from 2^16 up are written 2^k).
func Usage() string {
	rows := [][4]string{{"name", "default", "range", "meaning"}}
	for _, d := range optionTable {
		rows = append(rows, [4]string{d.name, strconv.Itoa(d.def), bound(d.min) + ".." + bound(d.max), d.doc})
	}
	var w [3]int
	for _, r := range rows {
		for i := range w {
			w[i] = max(w[i], len(r[i]))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "%-*s  %*s  %*s  %s\n", w[0], r[0], w[1], r[1], w[2], r[2], r[3])
	}
	return b.String()
}

// bound writes an option's bound, 2^k for the large powers of two.
func bound(v int) string {
	if v >= 1<<16 && v&(v-1) == 0 {
		return fmt.Sprintf("2^%d", bits.TrailingZeros(uint(v)))
	}
	return strconv.Itoa(v)
}
