// Package backend turns a --backend spec into a sat.Solver: it is the one
// registry of the solvers the commands can use, so a new engine is one
// line in registry.go and every command offers it.
//
// A spec is an engine name (cdcl, gini, gophersat, walk, …), "portfolio"
// (gini and gophersat racing), "portfolio:A,B,…" (any engines racing), or
// "external:NAME" (a DIMACS solver binary on PATH). cdcl also takes
// options from sat/cdcl's table: "cdcl:NAME=V:NAME=V"; "cdcl:help" names
// no backend but asks for that table (OptionsHelp), which the command
// frame prints instead of running the command.
package backend
