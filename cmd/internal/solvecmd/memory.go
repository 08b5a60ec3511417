package solvecmd

import (
	"context"
	"runtime/debug"

	"github.com/satsolve/satsolve/sat"
)

// Large plain CNF files (issue 18 item 15: peak memory within twice
// minisat's). The reader gives a plain CNF file's clauses as one flat
// sat.ClauseList (satfile.Options.Flat: 4 bytes a literal and 4 a clause,
// against 24 more for each clause's slice header); where it cannot
// (preprocessing, proofs, PB constraints), solve moves them there itself
// when it can (flatten). The backend's engines share the list when they
// can (sat.ListAdder: cdcl, gini, walk and a portfolio of them hold no
// copy of their own) and the final check reads it. The
// collector runs when the heap has grown by a quarter instead of doubling
// (GOGC 25 instead of 100). Measured by benchmarks/membench
// (benchmarks/results/memory.md).

// largeClauses is the number of clauses from which the collector runs
// more often (largeGC).
const largeClauses = 1 << 20

// largeGC is the collector's percentage for large files.
const largeGC = 25

// smallGC is the collector's percentage for the other files, where the
// heap is small next to the machine and the collector's work is CPU time
// the run pays for (100 is Go's default). On the 46 structured corpus
// instances that minisat solves in 10 ms to 1 s, cdcl's CPU time over
// minisat's (geometric mean, one run side by side) was 1.30× and 1.33×
// at 100 (two runs), 1.22× at 200, 1.23× at 400; peak memory on
// bmc-galileo-8 grew from 98 to 107 MB.
const smallGC = 200

// tuneGC sets the collector's percentage by the formula's number of
// clauses (largeGC from largeClauses on, smallGC below) and returns the
// function that restores it.
func tuneGC(clauses int) func() {
	pct := smallGC
	if clauses >= largeClauses {
		pct = largeGC
	}
	old := debug.SetGCPercent(pct)
	return func() { debug.SetGCPercent(old) }
}

// readGC sets the collector's percentage to smallGC for the reading of
// the file (tuneGC then sets it by the formula's size) and returns the
// function that restores it. What the reader holds is live, and the little
// garbage it makes (its growing tables) cannot raise the peak much; at
// Go's default the collector ran during the reading of every file of a
// few hundred kilobytes, its write barriers on every clause.
func readGC() func() {
	old := debug.SetGCPercent(smallGC)
	return func() { debug.SetGCPercent(old) }
}

// flatten replaces the clauses of a formula without PB constraints or
// objective by a flat copy, which it returns; it returns nil and leaves f
// alone otherwise, and when ctx ends first (a look every 2^16 clauses).
// Small formulas are flattened too: one allocation of the exact size,
// which cdcl then shares as its copy of the originals, costs less than
// the backend's own copy grown clause by clause (qg2-07, 68,083 clauses,
// one conflict: 28.5 to 25.0 ms CPU; sudoku16-shnarazk 59.7 to 48.0 ms;
// medians of 11 runs side by side).
func flatten(ctx context.Context, f *sat.Formula) *sat.ClauseList {
	if len(f.PBs) > 0 || f.Objective != nil {
		return nil
	}
	lits := 0
	for _, c := range f.Clauses {
		lits += len(c)
	}
	l := sat.NewClauseList(len(f.Clauses), lits)
	for i, c := range f.Clauses {
		if i%(1<<16) == 0 && ctx.Err() != nil {
			return nil
		}
		l.Add(c)
	}
	f.Clauses = nil
	return l
}
