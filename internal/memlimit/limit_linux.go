package memlimit

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"syscall"
)

const supported = true

// setLimit limits this process's address space to what it has mapped now
// plus budget bytes.
func setLimit(budget int64) error {
	now, err := mapped()
	if err != nil {
		return err
	}
	l := uint64(now + budget)
	return syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: l, Max: l})
}

// mapped returns the process's current address-space size (VmSize).
func mapped() (int64, error) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, err
	}
	_, rest, ok := bytes.Cut(b, []byte("VmSize:"))
	if !ok {
		return 0, fmt.Errorf("no VmSize in /proc/self/status")
	}
	f := bytes.Fields(rest)
	if len(f) < 2 || string(f[1]) != "kB" {
		return 0, fmt.Errorf("unexpected VmSize line in /proc/self/status")
	}
	kb, err := strconv.ParseInt(string(f[0]), 10, 64)
	return kb << 10, err
}
