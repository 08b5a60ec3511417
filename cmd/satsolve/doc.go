// Command satsolve solves DIMACS CNF, OPB and WCNF instances with pure-Go
// SAT backends (gini, gophersat, walk), a portfolio of them, or any
// external DIMACS solver, and models combinatorial puzzles as SAT.
//
// Usage:
//
//	satsolve solve [flags] FILE     solve a CNF, OPB or WCNF file ("-" is stdin)
//	satsolve compare FAMILY [flags] encode one constraint with every method, side by side
//	satsolve cube [flags] FILE      split a CNF file into cubes (iCNF, job files)
//	satsolve cubes run|collect      solve cubes here, or merge the results of jobs
//	satsolve help [COMMAND]         describe a command
//
// The puzzle families (dobble, nonogram, chipfire, game) add their own
// commands; "satsolve help" lists every command.
//
// Results go to standard output (SAT-competition "s"/"v" lines, or JSON
// with --json); progress, warnings and errors go to standard error, errors
// as "satsolve: FILE:LINE:COL: message" with exit status 1, mistakes in the
// command line on one line with exit status 2. The exit status of solve is
// the competition's: 10 SAT, 20 UNSAT, 0 UNKNOWN, and 30 when an
// optimisation proved its optimum.
//
// satsolve serve, the web server, is the separate binary satsolve-serve
// (cmd/satsolve-serve), which satsolve runs in its place: net/http would
// bring cgo into satsolve and slow every start of it. So are compare,
// nonogram, chipfire and game (satsolve-compare, satsolve-nonogram,
// satsolve-chipfire, satsolve-game), whose plots, graphs and models would
// weigh on every start too (siblings.go); go install ./cmd/... installs
// them all.
//
// This package only lists the commands. Each family of commands is a
// package under cmd/internal (solvecmd, comparecmd, nonogramcmd,
// dobblecmd, chipfirecmd, gamecmd, cubecmd, …) exporting its
// cli.Commands; cmd/internal/cli holds the descriptor, dispatch, flag
// parsing and the error policy, and cmd/internal/backend turns a
// --backend spec into a solver. Family packages never import each other.
package main
