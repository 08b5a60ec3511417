package servecmd

import (
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/cli/clitest"
)

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestCommand runs satsolve serve on a free loopback port, asks it for a
// page and an API answer, and stops it as Ctrl-C would: exit status 0.
func TestCommand(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var stderr syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- cli.Run(ctx, []*cli.Command{Command}, []string{"serve", "--addr", "127.0.0.1:0", "-v", "--solve-timeout", "2s"},
			strings.NewReader(""), io.Discard, &stderr)
	}()
	var url string
	re := regexp.MustCompile(`serving on (http://127\.0\.0\.1:\d+/)`)
	for start := time.Now(); url == "" && time.Since(start) < 10*time.Second; time.Sleep(10 * time.Millisecond) {
		if m := re.FindStringSubmatch(stderr.String()); m != nil {
			url = m[1]
		}
	}
	if url == "" {
		cancel()
		t.Fatalf("no address announced: %q", stderr.String())
	}
	for _, path := range []string{"dollar", "api/chipfire/levels"} {
		res, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Errorf("%s: %d", path, res.StatusCode)
		}
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit %d: %s", code, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
	if !strings.Contains(stderr.String(), "GET /api/chipfire/levels 200") {
		t.Errorf("-v logs no request: %q", stderr.String())
	}
}

func TestCommandUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "x"}, "want no arguments"},
		{[]string{"serve", "--solve-timeout", "-1s"}, "want a duration of 0 or more, not -1s"},
		{[]string{"serve", "--solve-timeout", "0s"}, "--solve-timeout 0s: want a positive duration"},
		{[]string{"serve", "--max-jobs", "0"}, "--max-jobs 0: want at least 1"},
		{[]string{"serve", "--max-runs", "0"}, "--max-runs 0: want at least 1"},
		{[]string{"serve", "--max-body", "10"}, "--max-body 10: want at least 1024"},
		{[]string{"serve", "--backend", "nosuch"}, `unknown backend "nosuch"`},
		{[]string{"serve", "--for", "-1s"}, "--for -1s: want a duration of 0 or more"},
	} {
		code, _, stderr := clitest.Run(t, []*cli.Command{Command}, "", c.args...)
		if code != cli.ExitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
	// --for stops the server by itself; the address is on standard output.
	code, stdout, stderr := clitest.Run(t, []*cli.Command{Command}, "", "serve", "--addr", "127.0.0.1:0", "--for", "100ms")
	if code != 0 || !regexp.MustCompile(`^http://127\.0\.0\.1:\d+/\n$`).MatchString(stdout) {
		t.Errorf("--for 100ms: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, _, stderr = clitest.Run(t, []*cli.Command{Command}, "", "serve", "--addr", "256.0.0.1:99999")
	if code != cli.ExitError || !strings.Contains(stderr, "satsolve: listen tcp") {
		t.Errorf("a bad address: exit %d, %q", code, stderr)
	}
}
