// Package fzncmd is satsolve fzn: it solves a FlatZinc model as a
// MiniZinc solver does (the standard flags -a -n -i -f -p -r -s -t -v,
// the output MiniZinc reads back), and installs satsolve as a MiniZinc
// solver (--install DIR writes the solver configuration and the library).
//
// Every solution passes two checks before it is printed: cp's Check on
// the constraint model, and the FlatZinc model's own (fzn.Model.Check),
// which evaluates every constraint item by its definition. A solution
// that fails either is an internal error, reported on standard error,
// never printed.
//
// Time limits (-t, --timeout), SIGINT and SIGTERM end the search within
// about a second; what was found is printed (the best solution of an
// optimisation, =====UNKNOWN===== when nothing was) and the exit status
// is 0, as MiniZinc expects of a solver that ran out of time.
package fzncmd
