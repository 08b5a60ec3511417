package servemain

import (
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/servecmd"
)

// Main runs satsolve serve with the process's arguments (flags only, as
// after "satsolve serve") and returns the exit status.
func Main() int {
	return cli.MainCommand(servecmd.Command)
}
