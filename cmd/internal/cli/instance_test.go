package cli

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// TestInstanceWriteStopsAtDeadline: an instance file whose write outlasts
// the command's context stops with the context's error and leaves neither
// the file nor its temporary behind; with a live context it is written.
func TestInstanceWriteStopsAtDeadline(t *testing.T) {
	f := &sat.Formula{}
	for i := 0; i < 200_000; i++ { // several buffers of DIMACS
		v := f.NewVar()
		f.AddClause(v.Pos(), -v.Pos())
	}
	dir := t.TempDir()
	for _, format := range []string{"dimacs", "opb"} {
		path := filepath.Join(dir, "out."+format)
		inst := &Instance{}
		if format == "dimacs" {
			inst.DIMACS = path
		} else {
			inst.OPB = path
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if err := inst.Write(ctx, f, nil); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: Write after the end of ctx = %v, want context.Canceled", format, err)
		}
		if left, _ := os.ReadDir(dir); len(left) != 0 {
			t.Errorf("%s: an interrupted write left %v", format, left)
		}
		if err := inst.Write(context.Background(), f, nil); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if st, err := os.Stat(path); err != nil || st.Size() < 1<<20 {
			t.Errorf("%s: the file was not written whole: %v %v", format, st, err)
		}
		os.Remove(path)
	}
}
