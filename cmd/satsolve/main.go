// updatemaxprocs=0: GOMAXPROCS is set once at start-up, from the CPUs and
// the cgroup's CPU limit, as before Go 1.25, and not followed afterwards.
// Following it starts a goroutine at every start, and with it a thread:
// 0.2-0.25 ms of the 2.5 ms CPU time of satsolve solve on a 20-variable
// file (benchmarks/results/startup.md); a run that outlives a change of
// its container's CPU limit is not what satsolve is for (the server,
// satsolve-serve, keeps Go's default). TestGodebugDefaults checks it.

//go:debug updatemaxprocs=0

package main

import (
	"os"

	"github.com/satsolve/satsolve/cmd/internal/checkcmd"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/cubecmd"
	"github.com/satsolve/satsolve/cmd/internal/decodecmd"
	"github.com/satsolve/satsolve/cmd/internal/dobblecmd"
	"github.com/satsolve/satsolve/cmd/internal/fzncmd"
	"github.com/satsolve/satsolve/cmd/internal/solvecmd"
	"github.com/satsolve/satsolve/sat/gophersat"
)

// commands are satsolve's commands: those on SAT files and dobble, one
// package each, and the stubs of those another executable implements
// (siblings.go).
var commands = []*cli.Command{
	solvecmd.Command,
	checkcmd.Command,
	compare,
	nonogram,
	dobblecmd.Command,
	fzncmd.Command,
	chipfire,
	game,
	decodecmd.Command,
	cubecmd.Cube,
	cubecmd.Cubes,
	serve,
}

func main() {
	gophersat.ServeIfChild() // when re-executed as an isolated gophersat worker, serve and exit
	os.Exit(cli.Main(commands...))
}
