//go:build unix

package fzncmd

import (
	"runtime"
	"syscall"
)

// peakMB returns the process's peak resident memory in megabytes.
func peakMB() (float64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	if runtime.GOOS == "darwin" {
		return float64(ru.Maxrss) / (1 << 20), true // bytes on macOS
	}
	return float64(ru.Maxrss) / 1024, true // kilobytes elsewhere
}
