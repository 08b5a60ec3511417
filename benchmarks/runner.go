package benchmarks

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Run is the outcome of one process run.
type Run struct {
	// CPU is user+sys time of the process and the children it waited for.
	CPU time.Duration
	// Wall is the elapsed time.
	Wall time.Duration
	// TimedOut reports that the CPU limit (or the wall guard) ended the run.
	TimedOut bool
	// ExitCode is the process's exit code, -1 when killed by a signal.
	ExitCode int
	// Stdout is everything the process printed on standard output.
	Stdout []byte
	// Stderr is the tail of what it printed on standard error.
	Stderr []byte
	// MaxRSS is the peak resident set size in bytes: exact from
	// ExecTerm, from the rusage (an overestimate) otherwise.
	MaxRSS int64
}

// WallGuard is how many times the CPU limit a run may take in wall-clock
// time before it is killed anyway.
const WallGuard = 4

// Exec runs argv with the given CPU-time limit, killing its whole process
// group when the group's CPU time passes the limit, or when WallGuard
// times the limit has passed on the clock.
func Exec(ctx context.Context, argv []string, cpuLimit time.Duration) (Run, error) {
	return ExecWall(ctx, argv, cpuLimit, WallGuard*cpuLimit+5*time.Second)
}

// ExecWall is Exec with the wall-clock guard given: a benchmark that runs
// on a machine loaded far beyond its cores (each process getting a tenth
// of one) sets it high enough that the CPU limit decides.
func ExecWall(ctx context.Context, argv []string, cpuLimit, wallLimit time.Duration) (Run, error) {
	return execLimited(ctx, argv, cpuLimit, policy{wall: wallLimit})
}

// policy is how execLimited ends a run that reaches its limit.
type policy struct {
	// wall is the wall-clock time after which the group is killed.
	wall time.Duration
	// grace, when positive, makes the CPU limit send SIGTERM first and
	// SIGKILL only grace later.
	grace time.Duration
	// spareLeader spares the group's leader (a wrapper that reports on
	// its child) the SIGTERM.
	spareLeader bool
}

// execLimited runs argv in a process group of its own, polling the
// group's CPU time, and ends it at cpuLimit as p says.
func execLimited(ctx context.Context, argv []string, cpuLimit time.Duration, p policy) (Run, error) {
	var r Run
	ctx, cancel := context.WithTimeout(ctx, p.wall)
	defer cancel()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return r, err
	}
	pid := cmd.Process.Pid
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	poll := 100 * time.Millisecond
	if p.grace > 0 {
		poll = 50 * time.Millisecond
	}
	tick := time.NewTicker(poll)
	defer tick.Stop()
	var waitErr error
	// polled is the group's CPU time at the last tick: it counts children
	// that a killed leader never waited for, which its rusage leaves out.
	var polled time.Duration
	var termAt time.Time
	limit := func() {
		r.TimedOut = true
		if p.grace <= 0 {
			syscall.Kill(-pid, syscall.SIGKILL)
			return
		}
		if !termAt.IsZero() {
			return
		}
		termAt = time.Now()
		if !p.spareLeader {
			syscall.Kill(-pid, syscall.SIGTERM)
			return
		}
		for _, q := range groupPIDs(pid) {
			if q != pid {
				syscall.Kill(q, syscall.SIGTERM)
			}
		}
	}
loop:
	for {
		select {
		case waitErr = <-done:
			break loop
		case <-ctx.Done():
			r.TimedOut = true
			syscall.Kill(-pid, syscall.SIGKILL)
		case <-tick.C:
			// After a kill the group's time drops to what is left of it:
			// keep the largest seen.
			if polled = max(polled, groupCPU(pid)); polled > cpuLimit {
				limit()
			}
			if !termAt.IsZero() && time.Since(termAt) > p.grace {
				syscall.Kill(-pid, syscall.SIGKILL)
			}
		}
	}
	// Reap anything the leader left behind in its group.
	syscall.Kill(-pid, syscall.SIGKILL)
	r.Wall = time.Since(start)
	r.CPU = max(cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime(), polled)
	r.ExitCode = cmd.ProcessState.ExitCode()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.MaxRSS = ru.Maxrss << 10
	}
	r.Stdout = stdout.Bytes()
	r.Stderr = tail(stderr.Bytes(), 2000)
	if p.grace <= 0 && r.CPU > cpuLimit {
		r.TimedOut = true
	}
	var exitErr *exec.ExitError
	if waitErr != nil && !errors.As(waitErr, &exitErr) {
		return r, waitErr
	}
	return r, nil
}

func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}

// clockTick is the unit of /proc/PID/stat times (sysconf(_SC_CLK_TCK), 100
// on Linux).
const clockTick = 10 * time.Millisecond

// groupPIDs returns the live processes of process group pgid.
func groupPIDs(pgid int) []int {
	var out []int
	forGroup(pgid, func(pid int, _ []string) { out = append(out, pid) })
	return out
}

// groupCPU sums the CPU time of every live process in process group pgid,
// read from /proc.
func groupCPU(pgid int) time.Duration {
	var total time.Duration
	forGroup(pgid, func(_ int, f []string) {
		ut, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		total += time.Duration(ut+st) * clockTick
	})
	return total
}

// forGroup calls fn with the pid and the /proc/PID/stat fields from the
// state on (field 3) of every live process in process group pgid.
func forGroup(pgid int, fn func(pid int, fields []string)) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// The command name may hold spaces; fields start after its ')'.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		// f[0] is field 3 (state); pgrp is field 5, utime 14, stime 15.
		if len(f) < 13 {
			continue
		}
		if pg, _ := strconv.Atoi(f[2]); pg != pgid {
			continue
		}
		fn(pid, f)
	}
}
