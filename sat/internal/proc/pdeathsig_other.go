//go:build !linux

package proc

import "os/exec"

// DieWithParent does nothing where the system offers no parent-death
// signal: a child may then outlive a parent killed by SIGKILL.
func DieWithParent(cmd *exec.Cmd) {}
