package gophersat_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat/gophersat"
	"github.com/satsolve/satsolve/sat/internal/proc"
	"github.com/satsolve/satsolve/sat/sattest"
)

// solveForever solves a pigeonhole formula no CDCL solver refutes soon,
// in a gophersat child, then exits.
func solveForever() {
	s := gophersat.New()
	if err := sattest.Load(s, sattest.Pigeonhole(14, 13)); err != nil {
		os.Exit(3)
	}
	s.Solve(context.Background())
	os.Exit(0)
}

// TestChildDiesWithProgram kills, by SIGKILL, a program in the middle of a
// gophersat solve: the gophersat child must die too (issue 18, item 18).
func TestChildDiesWithProgram(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the parent-death signal is Linux's")
	}
	prog := exec.Command(os.Args[0], "-test.run=^$")
	prog.Env = append(os.Environ(), orphanEnv+"=1")
	if err := prog.Start(); err != nil {
		t.Fatal(err)
	}
	var child int
	for deadline := time.Now().Add(10 * time.Second); child == 0; {
		child = childOf(prog.Process.Pid)
		if time.Now().After(deadline) {
			prog.Process.Kill()
			t.Fatal("no gophersat child appeared")
		}
		time.Sleep(10 * time.Millisecond)
	}
	prog.Process.Signal(syscall.SIGKILL)
	prog.Wait()
	for deadline := time.Now().Add(10 * time.Second); proc.Alive(child); {
		if time.Now().After(deadline) {
			syscall.Kill(child, syscall.SIGKILL)
			t.Fatalf("gophersat child %d alive 10s after its program was killed", child)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// childOf returns a child process of pid, or 0.
func childOf(pid int) int {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, st := range stats {
		b, err := os.ReadFile(st)
		if err != nil {
			continue
		}
		// "pid (comm) state ppid ...".
		rest := string(b)[strings.LastIndexByte(string(b), ')')+1:]
		f := strings.Fields(rest)
		if len(f) > 1 && f[1] == strconv.Itoa(pid) {
			c, _ := strconv.Atoi(filepath.Base(filepath.Dir(st)))
			return c
		}
	}
	return 0
}
