package solve

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/satsolve/satsolve/internal/memlimit"
	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/encode"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
	"github.com/satsolve/satsolve/sat/gini"
)

// TestSATTooLarge: the 2048×2048 puzzle of all "1" clues (an 8 KB file,
// within the size caps) would need 33 million clauses and 5.3 GB in gini;
// SAT refuses it with ErrTooLarge after counting, within 256 MiB of
// address space (issue 18, item 14). A puzzle just inside the limit is
// still solved.
func TestSATTooLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (memory limit): skipped by go test -short; go test ./... runs it")
	}
	if !memlimit.Run(t, 256<<20) {
		return
	}
	_, err := SAT(context.Background(), gini.New(), nonotest.AllOnes(2048), nonogram.Options{})
	if !errors.Is(err, nonogram.ErrTooLarge) {
		t.Fatalf("2048x2048 all ones: error %v, want ErrTooLarge", err)
	}
	small := nonotest.AllOnes(64) // within the limit (encode's TestSATBound)
	if err := encode.CheckSize(small, nil, nonogram.EncodeStarts); err != nil {
		t.Fatalf("64x64 all ones: %v", err)
	}
	res, err := SAT(context.Background(), gini.New(), small, nonogram.Options{})
	if err != nil || len(res.Solutions) != 1 {
		t.Fatalf("64x64 all ones: %v, %d solutions", err, len(res.Solutions))
	}
}

// TestNativeMemory solves the 2048×2048 puzzle of all "1" clues natively
// (4.2 million cells, no probing at that size) within 256 MiB of address
// space beyond the test's start: about 64 bytes per cell (issue 18, item
// 14). Before, the native solver needed over 7.6 GB and found nothing in
// 120 s.
func TestNativeMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (memory measurement): skipped by go test -short; go test ./... runs it")
	}
	if !memlimit.Run(t, 256<<20) {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	p := nonotest.AllOnes(2048)
	res, err := Native(ctx, p, nonogram.Options{})
	if err != nil || len(res.Solutions) != 1 {
		t.Fatalf("2048x2048 all ones: %v, %d solutions", err, len(res.Solutions))
	}
	if err := nonogram.Check(p, res.Solutions[0]); err != nil {
		t.Fatal(err)
	}
}
