package main

import "github.com/satsolve/satsolve/cmd/internal/cli"

// The commands below are separate executables, as git runs git-foo for
// "git foo": satsolve NAME ARGS… replaces its process with satsolve-NAME
// ARGS…, found beside satsolve or on PATH, which reads and answers as
// satsolve NAME always has. satsolve keeps the commands on SAT files
// (solve, check, cube, cubes, decode): each run of it starts a process,
// and on the corpus's many tiny files start-up weighs as much as the
// search. The family commands compare, nonogram, chipfire and game link
// gonum/plot and its fonts, gonum's graphs (DOT) and their models, whose
// initialisers and page faults cost every satsolve solve about 0.55 ms of
// CPU (2.3 → 1.76 ms on a 20-variable file, benchmarks/results/startup.md);
// serve links net/http, which brings cgo (1.5 ms). dobble stays: decode
// links its model anyway, and the command measured no dearer than
// nothing (1.760 ms with it, 1.765 without). TestSiblingStubs keeps each
// stub's name, summary and synopsis its command's; TestSatsolveIsLean
// keeps their packages out of satsolve.

// serve is satsolve serve (cmd/satsolve-serve, over internal/servecmd).
var serve = &cli.Command{
	Name:    "serve",
	Summary: "the dollar game, nonograms and Dobble decks in the browser, with their JSON API (satsolve-serve)",
	Args:    "[flags]",
	Program: "satsolve-serve",
	Install: install("serve"),
}

// compare is satsolve compare (cmd/satsolve-compare, internal/comparecmd).
var compare = sibling("compare", "[flags] [args]",
	"encode one constraint with every method and compare sizes and solve times")

// nonogram is satsolve nonogram (cmd/satsolve-nonogram, internal/nonogramcmd).
var nonogram = sibling("nonogram", "[flags] FILE",
	"nonograms: solve (uniqueness, counts, pictures), rate, compare encodings")

// chipfire is satsolve chipfire (cmd/satsolve-chipfire, internal/chipfirecmd).
var chipfire = sibling("chipfire", "[flags] [args]",
	"the dollar game / chip-firing: solve, fewest moves, rank, gonality, random games, heuristics, play")

// game is satsolve game (cmd/satsolve-game, internal/gamecmd).
var game = sibling("game", "[flags] [args]",
	"impartial games: Nim, octal games, node-Kayles (normal and misère play)")

// sibling returns the stub of command name, which the executable
// satsolve-NAME implements, with the command's synopsis and summary.
func sibling(name, args, summary string) *cli.Command {
	return &cli.Command{Name: name, Summary: summary, Args: args, Program: "satsolve-" + name, Install: install(name)}
}

// install is what installs satsolve-NAME once the module is published, for
// the message when it is found neither beside satsolve nor on PATH (which
// gives go install ./cmd/..., for a checkout, first).
func install(name string) string {
	return "go install github.com/satsolve/satsolve/cmd/satsolve-" + name + "@latest"
}
