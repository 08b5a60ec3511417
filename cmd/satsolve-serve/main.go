package main

import (
	"os"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/servecmd"
	"github.com/satsolve/satsolve/sat/gophersat"
)

func main() {
	gophersat.ServeIfChild() // when re-executed as an isolated gophersat worker, serve and exit
	os.Exit(cli.MainCommand(servecmd.Command))
}
