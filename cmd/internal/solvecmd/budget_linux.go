package solvecmd

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
)

// memoryAvailable returns the memory this process may still use: what its
// address-space limit leaves beyond what it has mapped (the Go runtime
// maps over a GiB before it allocates), when a limit is set, else the
// system's MemAvailable; 0 when neither is known.
func memoryAvailable() int64 {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &l); err == nil && l.Cur != ^uint64(0) && l.Cur < 1<<62 {
		mapped := procField("/proc/self/status", "VmSize:")
		if mapped <= 0 || int64(l.Cur) <= mapped {
			return 0
		}
		return int64(l.Cur) - mapped
	}
	return procField("/proc/meminfo", "MemAvailable:")
}

// procField returns the "NAME: N kB" field of a /proc file in bytes, 0
// when it cannot be read.
func procField(path, name string) int64 {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	_, rest, ok := bytes.Cut(b, []byte(name))
	if !ok {
		return 0
	}
	f := bytes.Fields(rest)
	if len(f) < 2 || string(f[1]) != "kB" {
		return 0
	}
	kb, err := strconv.ParseInt(string(f[0]), 10, 64)
	if err != nil {
		return 0
	}
	return kb << 10
}
