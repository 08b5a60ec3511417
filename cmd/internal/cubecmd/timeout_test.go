package cubecmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat/cube"
	"github.com/satsolve/satsolve/sat/satfile"
	"github.com/satsolve/satsolve/sat/sattest"
)

// overrun is how long past --timeout a command may take (the project's
// "about a second", with room for a loaded machine).
const overrun = 2 * time.Second

// TestTimeouts checks that --timeout stops satsolve cube and satsolve
// cubes run within about a second of the limit: the split keeps its open
// nodes as cubes (a valid split), and cubes run answers UNKNOWN, naming
// the cubes without an answer.
func TestTimeouts(t *testing.T) {
	dir := t.TempDir()
	hole := filepath.Join(dir, "hole12.cnf")
	if err := os.WriteFile(hole, []byte(cnfText(t, sattest.Pigeonhole(13, 12))), 0o644); err != nil {
		t.Fatal(err)
	}
	icnf := filepath.Join(dir, "hole12.icnf")
	limit := 300 * time.Millisecond
	start := time.Now()
	code, _, errOut := runCLI(t, "cube", "--timeout", limit.String(), "--cubes", "1000000", "-o", icnf, hole)
	if took := time.Since(start); code != 0 || took > limit+overrun || !strings.Contains(errOut, "the split stopped (time limit (--timeout 300ms) reached)") {
		t.Fatalf("cube --timeout %v: exit %d after %v\n%s", limit, code, took, errOut)
	}
	x, err := satfile.ReadICNFFile(icnf)
	if err != nil {
		t.Fatal(err)
	}
	if err := cube.CheckPartition(cubeLits(x), x.Refuted); err != nil || len(x.Cubes) < 2 {
		t.Fatalf("the split stopped by --timeout (%d cubes) is not a partition: %v", len(x.Cubes), err)
	}
	if code, out, errOut := runCLI(t, "cubes", "run", "--backend", "gini", "--timeout", "1ns", icnf); code != 0 || !strings.Contains(out, "s UNKNOWN") {
		t.Fatalf("cubes run --timeout 1ns: exit %d\n%s%s", code, out, errOut)
	}

	icnf = filepath.Join(dir, "hole12-8.icnf")
	if code, _, errOut := runCLI(t, "cube", "--cubes", "8", "-o", icnf, hole); code != 0 {
		t.Fatalf("cube: exit %d %s", code, errOut)
	}
	limit = time.Second
	for _, backend := range []string{"gini", "cdcl"} {
		start := time.Now()
		code, out, errOut := runCLI(t, "cubes", "run", "-j", "2", "--backend", backend, "--timeout", limit.String(), icnf)
		took := time.Since(start)
		if code != 0 || !strings.Contains(out, "s UNKNOWN") || !strings.Contains(out, "have no answer") {
			t.Fatalf("%s: cubes run --timeout %v: exit %d\n%s%s", backend, limit, code, out, errOut)
		}
		if took > limit+overrun {
			t.Errorf("%s: cubes run --timeout %v took %v", backend, limit, took)
		}
	}
}
