// Command satsolve-compare is satsolve compare: encode one constraint with
// every method and compare sizes and solve times.
//
//	satsolve-compare COMMAND [flags] [args]
//
// It is a program of its own, as git runs git-foo for "git foo", so that
// satsolve, which starts at every solve of the corpus's many tiny files,
// does not link what only this command needs (gonum/plot and its fonts,
// gonum's graphs, the model packages: 0.5-0.8 ms of CPU at every start of
// satsolve for the family commands together, benchmarks/results/startup.md).
// "satsolve compare ARGS…" runs it, found beside satsolve or on PATH, in
// place of satsolve's process; its usage lines and messages read "satsolve
// compare" as before. Install every command of the module with
//
//	go install github.com/satsolve/satsolve/cmd/...@latest
//
// The command is cmd/internal/comparecmd.
package main
