package benchmarks

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// gnuTime is the program that measures a run's peak memory.
const gnuTime = "/usr/bin/time"

// termWallGuard is how many times its CPU limit an ExecTerm run may take
// in wall-clock time before it is killed.
const termWallGuard = 20

// ExecTerm runs argv with a CPU-time limit as an anytime solver expects
// it: when the process group's CPU time passes cpuLimit, the group gets
// SIGTERM (MaxSAT and PB solvers then print their best model, as under
// the evaluations' runners), and SIGKILL grace later if it is still
// there. Run.TimedOut reports that the limit was reached; Run.MaxRSS is
// the peak resident set of the process, in bytes. The whole output is
// kept: the model is on it.
//
// The peak is measured by GNU time (/usr/bin/time) wrapped around argv,
// which then leads the group and is spared the SIGTERM: a child's rusage
// counts the resident set of the process it was forked from (Go forks
// with CLONE_VM, so the child's peak starts at the caller's), while time
// is a few hundred kilobytes. Without /usr/bin/time, MaxRSS is that of
// the rusage, an overestimate for small runs.
func ExecTerm(ctx context.Context, argv []string, cpuLimit, grace time.Duration) (Run, error) {
	var r Run
	rssFile := ""
	if _, err := os.Stat(gnuTime); err == nil {
		f, err := os.CreateTemp("", "satsolve-rss-")
		if err != nil {
			return r, err
		}
		f.Close()
		rssFile = f.Name()
		defer os.Remove(rssFile)
		argv = append([]string{gnuTime, "-q", "-o", rssFile, "-f", "%M"}, argv...)
	}
	// The CPU limit is what counts: on a machine shared with other work
	// a run may take many times its CPU time in wall-clock time.
	ctx, cancel := context.WithTimeout(ctx, termWallGuard*cpuLimit+grace+5*time.Second)
	defer cancel()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return r, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	var waitErr error
	var polled time.Duration
	var termAt time.Time
	term := func() {
		if termAt.IsZero() {
			r.TimedOut = true
			termAt = time.Now()
			if rssFile == "" {
				syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
				return
			}
			for _, pid := range groupPIDs(cmd.Process.Pid) {
				if pid != cmd.Process.Pid {
					syscall.Kill(pid, syscall.SIGTERM)
				}
			}
		}
	}
loop:
	for {
		select {
		case waitErr = <-done:
			break loop
		case <-ctx.Done():
			term()
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		case <-tick.C:
			if polled = max(polled, groupCPU(cmd.Process.Pid)); polled > cpuLimit {
				term()
			}
			if !termAt.IsZero() && time.Since(termAt) > grace {
				syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			}
		}
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	r.Wall = time.Since(start)
	r.CPU = max(cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime(), polled)
	r.ExitCode = cmd.ProcessState.ExitCode()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.MaxRSS = ru.Maxrss << 10
	}
	if rssFile != "" {
		b, _ := os.ReadFile(rssFile)
		if kb, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil {
			r.MaxRSS = kb << 10
		}
	}
	r.Stdout = stdout.Bytes()
	r.Stderr = tail(stderr.Bytes(), 2000)
	var exitErr *exec.ExitError
	if waitErr != nil && !errors.As(waitErr, &exitErr) {
		return r, waitErr
	}
	return r, nil
}
