package proc

import (
	"os/exec"
	"runtime"
)

// Run starts cmd as a child that dies with its parent and waits for it,
// holding the calling goroutine on one thread meanwhile, so that the
// parent-death signal comes only when the program dies.
func Run(cmd *exec.Cmd) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	DieWithParent(cmd)
	return cmd.Run()
}
