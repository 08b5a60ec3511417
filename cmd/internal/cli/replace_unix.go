//go:build unix

package cli

import (
	"os"
	"syscall"
)

// replaceProcess replaces this process with the executable exe run with
// argv and the same environment: the same process id, so the program gets
// every signal sent to this one and its exit status is the one seen. It
// returns only when that failed.
func replaceProcess(exe string, argv []string) error {
	return syscall.Exec(exe, argv, os.Environ())
}
