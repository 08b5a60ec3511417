package main

import (
	"os"
	"os/exec"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// maxInitAllocs bounds the allocations of each of this module's package
// initialisers. Every run of satsolve pays for every package's init, also
// on a 20-variable file, where start-up decides the CPU ratio to a C
// solver: tables and compiled expressions a command needs are built on
// first use (sync.OnceValue), not at init. Before this bound decodecmd's
// regular expressions alone took 918 allocations at every start.
const maxInitAllocs = 64

// initLine is a line of GODEBUG=inittrace=1: package, bytes, allocations.
var initLine = regexp.MustCompile(`(?m)^init (\S+) @\S+ ms, \S+ ms clock, (\d+) bytes, (\d+) allocs$`)

// TestStartupInitsAreLight runs this test binary as satsolve version with
// the runtime's init trace and checks every package of this module against
// maxInitAllocs (allocation counts are exact, unlike times).
func TestStartupInitsAreLight(t *testing.T) {
	cmd := exec.Command(os.Args[0], "version")
	cmd.Env = append(os.Environ(), asOwnBinary+"=1", "GODEBUG=inittrace=1")
	b, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("satsolve version: %v\n%s", err, b)
	}
	module := regexp.MustCompile(`^github\.com/satsolve/satsolve(/|$)`)
	ours := 0
	for _, m := range initLine.FindAllStringSubmatch(string(b), -1) {
		// The main package's init here is this test binary's (its tests'
		// fixtures), not satsolve's.
		if !module.MatchString(m[1]) || m[1] == "github.com/satsolve/satsolve/cmd/satsolve" {
			continue
		}
		ours++
		if n, _ := strconv.Atoi(m[3]); n > maxInitAllocs {
			t.Errorf("package %s allocates %d times (%s bytes) at init, more than %d: build its tables on first use", m[1], n, m[2], maxInitAllocs)
		}
	}
	if ours == 0 {
		t.Fatalf("no init trace of this module's packages in:\n%s", b)
	}
}

// TestGodebugDefaults checks the runtime settings main.go's //go:debug
// directives give the satsolve binary, as the build records them.
func TestGodebugDefaults(t *testing.T) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		t.Fatal("no build information")
	}
	for _, s := range info.Settings {
		if s.Key == "DefaultGODEBUG" {
			if !slices.Contains(strings.Split(s.Value, ","), "updatemaxprocs=0") {
				t.Errorf("DefaultGODEBUG %q lacks updatemaxprocs=0", s.Value)
			}
			return
		}
	}
	t.Errorf("no DefaultGODEBUG in the build settings %v", info.Settings)
}
