//go:build unix

package proc

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// Alive reports whether process pid exists (a zombie counts as dead). The
// orphan tests of the adapters use it to see a child die.
func Alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	if err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	if b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat"); err == nil {
		// "pid (comm) S ...": the state follows the last ')'.
		if i := strings.LastIndexByte(string(b), ')'); i >= 0 && i+2 < len(b) && b[i+2] == 'Z' {
			return false
		}
	}
	return true
}
