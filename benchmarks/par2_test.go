package benchmarks

import (
	"context"
	"testing"
	"time"
)

func TestSummarise(t *testing.T) {
	limit := 10 * time.Second
	outs := []Outcome{
		{Solver: "a", Status: "SAT", CPU: 1 * time.Second},
		{Solver: "a", Status: "UNSAT", CPU: 3 * time.Second},
		{Solver: "a", Status: "TIMEOUT", CPU: 10 * time.Second},
		{Solver: "b", Status: "WRONG", CPU: 1 * time.Second},
		{Solver: "b", Status: "SAT", CPU: 2 * time.Second},
	}
	s := Summarise(outs, limit)
	if len(s) != 2 || s[0].Solver != "a" || s[1].Solver != "b" {
		t.Fatalf("%+v", s)
	}
	a, b := s[0], s[1]
	if a.Solved != 2 || a.Sat != 1 || a.Unsat != 1 || a.Timeouts != 1 || a.PAR2 != 24*time.Second || a.Median != 3*time.Second {
		t.Fatalf("a = %+v", a)
	}
	if b.Solved != 1 || b.Wrong != 1 || b.PAR2 != 22*time.Second || b.Median != 11*time.Second {
		t.Fatalf("b = %+v", b)
	}
}

func TestExecLimitsCPU(t *testing.T) {
	// A busy loop in the shell burns CPU until the limit kills it.
	r, err := Exec(context.Background(), []string{"sh", "-c", "while :; do :; done"}, 300*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if !r.TimedOut || r.CPU < 200*time.Millisecond {
		t.Fatalf("busy loop not stopped by the CPU limit: %+v", r)
	}
	r, err = Exec(context.Background(), []string{"sh", "-c", "echo hi; exit 10"}, time.Second)
	if err != nil || r.TimedOut || r.ExitCode != 10 || string(r.Stdout) != "hi\n" {
		t.Fatalf("%+v %v", r, err)
	}
}
