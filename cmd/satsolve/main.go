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
	"github.com/satsolve/satsolve/cmd/internal/chipfirecmd"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/comparecmd"
	"github.com/satsolve/satsolve/cmd/internal/cubecmd"
	"github.com/satsolve/satsolve/cmd/internal/decodecmd"
	"github.com/satsolve/satsolve/cmd/internal/dobblecmd"
	"github.com/satsolve/satsolve/cmd/internal/gamecmd"
	"github.com/satsolve/satsolve/cmd/internal/nonogramcmd"
	"github.com/satsolve/satsolve/cmd/internal/solvecmd"
	"github.com/satsolve/satsolve/sat/gophersat"
)

// commands are satsolve's commands, one package each.
var commands = []*cli.Command{
	solvecmd.Command,
	checkcmd.Command,
	comparecmd.Command,
	nonogramcmd.Command,
	dobblecmd.Command,
	chipfirecmd.Command,
	gamecmd.Command,
	decodecmd.Command,
	cubecmd.Cube,
	cubecmd.Cubes,
	serve,
}

// serve is satsolve serve, which the separate binary satsolve-serve
// implements (cmd/satsolve-serve, over internal/servecmd): the server
// needs net/http, and net brings cgo, which would slow every start of
// satsolve by about 1.5 ms of CPU. TestServeStub keeps its summary
// servecmd's.
var serve = &cli.Command{
	Name:    "serve",
	Summary: "the dollar game, nonograms and Dobble decks in the browser, with their JSON API (the separate binary satsolve-serve)",
	Args:    "[flags]",
	Program: "satsolve-serve",
	Install: "go install github.com/satsolve/satsolve/cmd/satsolve-serve@latest (or go install ./cmd/... in a clone)",
}

func main() {
	gophersat.ServeIfChild() // when re-executed as an isolated gophersat worker, serve and exit
	os.Exit(cli.Main(commands...))
}
