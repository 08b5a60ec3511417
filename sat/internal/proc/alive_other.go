//go:build !unix

package proc

// Alive cannot tell here: every process counts as alive, so only the
// directories without a process id are cleaned, by age.
func Alive(pid int) bool { return true }
