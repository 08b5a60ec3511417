// Package chipfirecmd is satsolve chipfire: the dollar game (chip-firing
// on graphs) — decide a game natively and by SAT, find the fewest moves,
// compute the rank of a divisor and the gonality of a graph, draw random
// games, compare play heuristics, and play in the terminal.
package chipfirecmd
