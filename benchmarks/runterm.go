package benchmarks

import (
	"context"
	"os"
	"strconv"
	"strings"
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
	rssFile := ""
	if _, err := os.Stat(gnuTime); err == nil {
		f, err := os.CreateTemp("", "satsolve-rss-")
		if err != nil {
			return Run{}, err
		}
		f.Close()
		rssFile = f.Name()
		defer os.Remove(rssFile)
		argv = append([]string{gnuTime, "-q", "-o", rssFile, "-f", "%M"}, argv...)
	}
	// The CPU limit is what counts: on a machine shared with other work
	// a run may take many times its CPU time in wall-clock time.
	r, err := execLimited(ctx, argv, cpuLimit, policy{wall: termWallGuard*cpuLimit + grace + 5*time.Second,
		grace: grace, spareLeader: rssFile != ""})
	if err != nil {
		return r, err
	}
	if rssFile != "" {
		b, _ := os.ReadFile(rssFile)
		if kb, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil {
			r.MaxRSS = kb << 10
		}
	}
	return r, nil
}
