// Package restart holds the Luby sequence (1, 1, 2, 1, 1, 2, 4, …), by
// which both native searches scale their restarts: the probing search's
// node budgets (internal/search) and the learning search's conflict
// budgets (internal/learn). It imports nothing.
//
// M. Luby, A. Sinclair, D. Zuckerman, Optimal speedup of Las Vegas
// algorithms, Information Processing Letters 47(4), 1993.
package restart
