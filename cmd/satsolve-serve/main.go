package main

import (
	"os"

	"github.com/satsolve/satsolve/cmd/satsolve/servemain"
	"github.com/satsolve/satsolve/sat/gophersat"
)

func main() {
	gophersat.ServeIfChild() // when re-executed as an isolated gophersat worker, serve and exit
	os.Exit(servemain.Main())
}
