// updatemaxprocs=0, as satsolve's (cmd/satsolve/main.go): GOMAXPROCS is
// set once at start-up and not followed afterwards, which spares a
// goroutine and a thread at every start.

//go:debug updatemaxprocs=0

package main

import (
	"os"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/comparecmd"
	"github.com/satsolve/satsolve/sat/gophersat"
)

func main() {
	gophersat.ServeIfChild() // when re-executed as an isolated gophersat worker, serve and exit
	os.Exit(cli.MainCommand(comparecmd.Command))
}
