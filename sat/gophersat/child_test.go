package gophersat

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat"
)

// noHookEnv mirrors the constant of main_test.go: a re-executed test
// binary with it set skips ServeIfChild, like a program without the hook.
const noHookEnv = "SATSOLVE_GOPHERSAT_TEST_NO_HOOK"

// misbehave runs the named helper test as the "child" of a solver, with
// the hook skipped, and returns the solver's answer.
func misbehave(t *testing.T, helper string, handshake time.Duration) (sat.Status, error, time.Duration) {
	t.Helper()
	t.Setenv(noHookEnv, "1")
	s := New()
	s.cfg.exe = os.Args[0]
	s.cfg.args = []string{"-test.run=^" + helper + "$"}
	s.cfg.handshake = handshake
	s.AddClause(1, 2)
	start := time.Now()
	st, err := s.Solve(context.Background())
	return st, err, time.Since(start)
}

// TestChildWithoutHook plays the programs that forget ServeIfChild: one
// that prints something else (here a test binary's "PASS"), one that says
// nothing and hangs, one that answers the handshake and then crashes. The
// solver must notice, say why, and not hang.
func TestChildWithoutHook(t *testing.T) {
	t.Run("Talks", func(t *testing.T) {
		st, err, _ := misbehave(t, "TestHelperQuiet", 10*time.Second)
		if st != sat.Unknown || !errors.Is(err, ErrNoHook) || !strings.Contains(err.Error(), "PASS") {
			t.Fatalf("Solve = %v, %v; want UNKNOWN and ErrNoHook quoting the child's output", st, err)
		}
	})
	t.Run("Hangs", func(t *testing.T) {
		st, err, took := misbehave(t, "TestHelperHang", 300*time.Millisecond)
		if st != sat.Unknown || !errors.Is(err, ErrNoHook) {
			t.Fatalf("Solve = %v, %v; want UNKNOWN, ErrNoHook", st, err)
		}
		if took > 20*time.Second {
			t.Fatalf("gave up after %v; the handshake bound is 300ms", took)
		}
	})
	t.Run("Crashes", func(t *testing.T) {
		st, err, _ := misbehave(t, "TestHelperCrash", 10*time.Second)
		if st != sat.Unknown || err == nil || !strings.Contains(err.Error(), "boom") {
			t.Fatalf("Solve = %v, %v; want UNKNOWN with the child's panic message", st, err)
		}
	})
}

// TestChildNeverSpawns: inside a child (marker set), a Child-mode solve
// refuses to start another child instead of recursing.
func TestChildNeverSpawns(t *testing.T) {
	t.Setenv(childEnv, "1")
	s := New()
	s.AddClause(1)
	if st, err := s.Solve(context.Background()); st != sat.Unknown || !errors.Is(err, ErrNested) {
		t.Fatalf("Solve in a child = %v, %v; want UNKNOWN, ErrNested", st, err)
	}
}

// The helpers below do their act only in a child started by
// TestChildWithoutHook; run normally they return at once.

func TestHelperQuiet(t *testing.T) {}

func TestHelperHang(t *testing.T) {
	if os.Getenv(childEnv) != "" {
		time.Sleep(time.Minute) // killed by the parent long before
	}
}

func TestHelperCrash(t *testing.T) {
	if os.Getenv(childEnv) != "" {
		fmt.Print(handshake)
		panic("boom")
	}
}
