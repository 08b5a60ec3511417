package proc

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// helperEnv makes the test binary act as a parent that starts a sleeping
// child with Run and waits, to be killed by the test.
const helperEnv = "PROC_TEST_PARENT"

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) == "1" {
		// As Run does, on one locked thread: start, report, wait.
		runtime.LockOSThread()
		cmd := exec.Command("sleep", "60")
		DieWithParent(cmd)
		if err := cmd.Start(); err != nil {
			os.Exit(1)
		}
		os.Stdout.WriteString(strconv.Itoa(cmd.Process.Pid) + "\n")
		cmd.Wait()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestChildDiesWithParent kills a parent that runs a child with Run by
// SIGKILL: the child must die too (issue 18, item 18).
func TestChildDiesWithParent(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the parent-death signal is Linux's")
	}
	if _, err := exec.LookPath("sleep"); err != nil {
		t.Skip("no sleep binary")
	}
	parent := exec.Command(os.Args[0], "-test.run=^$")
	parent.Env = append(os.Environ(), helperEnv+"=1")
	out, err := parent.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		parent.Process.Kill()
		t.Fatalf("reading the child's pid: %v", err)
	}
	child, _ := strconv.Atoi(strings.TrimSpace(line))
	if !Alive(child) {
		t.Fatalf("child %d not running", child)
	}
	parent.Process.Signal(syscall.SIGKILL)
	parent.Wait()
	deadline := time.Now().Add(10 * time.Second)
	for Alive(child) {
		if time.Now().After(deadline) {
			syscall.Kill(child, syscall.SIGKILL)
			t.Fatalf("child %d still alive 10s after its parent was killed", child)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestCleanStale checks which directories go: those of a dead process and
// old ones without a process id; those of live processes, recent ones
// without a process id, other names and files stay.
func TestCleanStale(t *testing.T) {
	dir := t.TempDir()
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Skip("no true binary")
	}
	deadPid := dead.ProcessState.Pid()
	mk := func(name string, age time.Duration) {
		p := filepath.Join(dir, name)
		if err := os.Mkdir(p, 0o700); err != nil {
			t.Fatal(err)
		}
		when := time.Now().Add(-age)
		os.Chtimes(p, when, when)
	}
	self := strconv.Itoa(os.Getpid())
	mk("x-"+strconv.Itoa(deadPid)+"-123", 0)
	mk("x-"+self+"-456", 0)
	mk("x-1-789", 0) // init is alive
	mk("x-oldstyle123", 48*time.Hour)
	mk("x-newstyle456", time.Minute)
	mk("y-"+strconv.Itoa(deadPid)+"-1", 0)
	os.WriteFile(filepath.Join(dir, "x-"+strconv.Itoa(deadPid)+"-file"), nil, 0o600)
	cleanStale(dir, "x", time.Now())
	var left []string
	es, _ := os.ReadDir(dir)
	for _, e := range es {
		left = append(left, e.Name())
	}
	want := []string{"x-" + self + "-456", "x-1-789", "x-" + strconv.Itoa(deadPid) + "-file", "x-newstyle456", "y-" + strconv.Itoa(deadPid) + "-1"}
	for _, w := range want {
		found := false
		for _, l := range left {
			found = found || l == w
		}
		if !found {
			t.Errorf("%s was removed", w)
		}
	}
	if len(left) != len(want) {
		t.Errorf("left %v, want %v", left, want)
	}
}
