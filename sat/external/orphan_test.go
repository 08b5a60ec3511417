package external

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

	"github.com/satsolve/satsolve/sat/internal/proc"
)

// Modes of the test binary run as a helper process by TestNoOrphans.
const (
	helperMode   = "EXTERNAL_TEST_HELPER"
	helperSolver = "EXTERNAL_TEST_SOLVER"
)

func TestMain(m *testing.M) {
	switch os.Getenv(helperMode) {
	case "solve": // a satsolve that runs a solver, killed mid-solve
		s, err := New(os.Getenv(helperSolver))
		if err != nil {
			os.Exit(3)
		}
		s.AddClause(1, 2)
		s.Solve(context.Background())
		os.Exit(0)
	case "start": // the next satsolve: it only starts the package
		if _, err := New(os.Getenv(helperSolver)); err != nil {
			os.Exit(3)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestNoOrphans kills, by SIGKILL, a process in the middle of an external
// solve: the solver must die with it, and the next process that uses the
// package removes the temporary directory it left (issue 18, item 18).
func TestNoOrphans(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the parent-death signal is Linux's")
	}
	dir := t.TempDir()
	tmp := filepath.Join(dir, "tmp")
	pidFile := filepath.Join(dir, "solver.pid")
	script := filepath.Join(dir, "slowsolver")
	if err := os.Mkdir(tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho $$ > "+pidFile+"\nexec sleep 60\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	helper := func(mode string) *exec.Cmd {
		c := exec.Command(os.Args[0], "-test.run=^$")
		c.Env = append(os.Environ(), helperMode+"="+mode, helperSolver+"="+script, "TMPDIR="+tmp)
		return c
	}
	parent := helper("solve")
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	var solver int
	for deadline := time.Now().Add(10 * time.Second); solver == 0; {
		if b, err := os.ReadFile(pidFile); err == nil && strings.HasSuffix(string(b), "\n") {
			solver, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		}
		if time.Now().After(deadline) {
			parent.Process.Kill()
			t.Fatal("the solver did not start")
		}
		time.Sleep(10 * time.Millisecond)
	}
	parent.Process.Signal(syscall.SIGKILL)
	parent.Wait()
	for deadline := time.Now().Add(10 * time.Second); proc.Alive(solver); {
		if time.Now().After(deadline) {
			syscall.Kill(solver, syscall.SIGKILL)
			t.Fatalf("solver %d still alive 10s after satsolve was killed", solver)
		}
		time.Sleep(20 * time.Millisecond)
	}
	left, _ := filepath.Glob(filepath.Join(tmp, "satsolve-external-"+strconv.Itoa(parent.Process.Pid)+"-*"))
	if len(left) != 1 {
		t.Fatalf("the killed process left %v in its temporary directory, want its one solve directory", left)
	}
	if err := helper("start").Run(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(left[0]); !os.IsNotExist(err) {
		t.Errorf("%s survived the next start: %v", left[0], err)
	}
}
