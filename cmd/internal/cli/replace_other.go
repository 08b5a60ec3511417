//go:build !unix

package cli

import (
	"os"
	"os/exec"
	"os/signal"
)

// replaceProcess runs the executable exe with argv, the standard streams
// and the same environment, and exits with its status: where a process
// cannot be replaced, its child stands in for it. Ctrl-C reaches the child
// from the console directly; this process ignores it and waits. It returns
// only when the program could not be run or ended without a status.
func replaceProcess(exe string, argv []string) error {
	cmd := exec.Command(exe, argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	signal.Ignore(os.Interrupt)
	err := cmd.Run()
	if code := cmd.ProcessState.ExitCode(); code >= 0 { // -1 without a ProcessState
		os.Exit(code)
	}
	return err
}
