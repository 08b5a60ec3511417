package proc

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// TempDir creates a temporary directory named prefix-PID-random in the
// system's temporary directory, so that CleanStale can tell, after a
// crash, whether its process is still alive.
func TempDir(prefix string) (string, error) {
	return os.MkdirTemp("", prefix+"-"+strconv.Itoa(os.Getpid())+"-")
}

// staleAge is how old a directory named without a process id (from before
// TempDir) must be to count as stale.
const staleAge = 24 * time.Hour

// CleanStale removes the directories prefix-PID-* of the system's
// temporary directory whose process no longer runs, and those named
// prefix-* without a process id that are older than a day. It runs once
// per process and prefix; errors are ignored (another process may be
// removing the same directory).
func CleanStale(prefix string) {
	once, _ := cleaned.LoadOrStore(prefix, new(sync.Once))
	once.(*sync.Once).Do(func() { cleanStale(os.TempDir(), prefix, time.Now()) })
}

var cleaned sync.Map // prefix -> *sync.Once

// cleanStale does CleanStale's work in dir, at time now.
func cleanStale(dir, prefix string, now time.Time) {
	matches, _ := filepath.Glob(filepath.Join(dir, prefix+"-*"))
	for _, m := range matches {
		st, err := os.Lstat(m)
		if err != nil || !st.IsDir() {
			continue
		}
		rest := strings.TrimPrefix(filepath.Base(m), prefix+"-")
		pidText, _, hasPid := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		switch {
		case hasPid && err == nil && pid > 0:
			if pid == os.Getpid() || Alive(pid) {
				continue
			}
		case now.Sub(st.ModTime()) < staleAge:
			continue
		}
		os.RemoveAll(m)
	}
}
