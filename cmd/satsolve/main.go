package main

import (
	"os"

	"github.com/satsolve/satsolve/cmd/satsolve/internal/checkcmd"
	"github.com/satsolve/satsolve/cmd/satsolve/internal/chipfirecmd"
	"github.com/satsolve/satsolve/cmd/satsolve/internal/cli"
	"github.com/satsolve/satsolve/cmd/satsolve/internal/comparecmd"
	"github.com/satsolve/satsolve/cmd/satsolve/internal/cubecmd"
	"github.com/satsolve/satsolve/cmd/satsolve/internal/decodecmd"
	"github.com/satsolve/satsolve/cmd/satsolve/internal/dobblecmd"
	"github.com/satsolve/satsolve/cmd/satsolve/internal/gamecmd"
	"github.com/satsolve/satsolve/cmd/satsolve/internal/nonogramcmd"
	"github.com/satsolve/satsolve/cmd/satsolve/internal/servecmd"
	"github.com/satsolve/satsolve/cmd/satsolve/internal/solvecmd"
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
	servecmd.Command,
}

func main() {
	gophersat.ServeIfChild() // when re-executed as an isolated gophersat worker, serve and exit
	os.Exit(cli.Main(commands...))
}
