package chipfire

import (
	"context"
	"errors"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/internal/memlimit"
	"github.com/satsolve/satsolve/sat"
)

// pathGame returns the path on n vertices with chips on every vertex.
func pathGame(t testing.TB, n int, chips int64) (*Graph, Divisor) {
	es := make([]Edge, n-1)
	for v := range es {
		es[v] = Edge{v, v + 1}
	}
	d := make(Divisor, n)
	for v := range d {
		d[v] = chips
	}
	return mustGraph(t, n, es), d
}

// TestSizeEstimateExact checks that on graphs small enough to be sampled
// whole the estimate is the size the encoders write, for both models, both
// integer encodings and the PB methods.
func TestSizeEstimateExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 1))
	for i := range 40 {
		n := 2 + rng.IntN(7)
		g := randomGraph(t, rng, n, rng.IntN(2*n))
		d := RandomDivisor(rng, n, int64(rng.IntN(2*n)), 3)
		o := Options{Int: encode.IntEncodings()[i%2], PB: []encode.PBMethod{encode.PBBDD, encode.PBAdder, encode.PBNative}[i%3], Plain: i%4 == 0}
		for _, moves := range []bool{false, true} {
			f := &pbFormula{}
			o.MaxClauses = 1 // every model is refused, with its estimate
			var err error
			if moves {
				_, err = EncodeMoves(context.Background(), f, g, d, MovesOptions{Options: o})
			} else {
				_, err = EncodeWin(context.Background(), f, g, d, o)
			}
			est := Size{-1, -1} // within the limit of one: checked below
			if err != nil {
				est = estimateOf(t, err)
			}
			o.MaxClauses = 1 << 40
			f = &pbFormula{} // the first call may have written a model of one clause
			if moves {
				_, err = EncodeMoves(context.Background(), f, g, d, MovesOptions{Options: o})
			} else {
				_, err = EncodeWin(context.Background(), f, g, d, o)
			}
			if err != nil {
				t.Fatal(err)
			}
			got := Size{int64(f.NumVars), int64(len(f.Clauses) + len(f.PBs))}
			if est == (Size{-1, -1}) && got.Vars <= 1 && got.Clauses <= 1 {
				continue
			}
			if est != got {
				t.Fatalf("case %d moves=%v %+v: estimate %v, encoded %v", i, moves, o, est, got)
			}
		}
	}
}

// pbFormula is a formula that takes PB constraints natively.
type pbFormula struct{ sat.Formula }

// estimateOf extracts the estimate from an ErrModelTooLarge message.
func estimateOf(t *testing.T, err error) Size {
	t.Helper()
	if !errors.Is(err, ErrModelTooLarge) {
		t.Fatalf("error %v, want ErrModelTooLarge", err)
	}
	m := regexp.MustCompile(`about ([0-9,.]+)( million)? variables and ([0-9,.]+)( million)? clauses`).FindStringSubmatch(err.Error())
	if m == nil {
		t.Fatalf("no estimate in %q", err)
	}
	num := func(s, mill string) int64 {
		if mill != "" {
			t.Fatalf("estimate in millions in %q", err)
		}
		v, _ := strconv.ParseInt(strings.ReplaceAll(s, ",", ""), 10, 64)
		return v
	}
	return Size{num(m[1], m[2]), num(m[3], m[4])}
}

// TestSizeEstimateSampled checks the sampled estimate on a path of 2,000
// vertices against the model written: within 10%.
func TestSizeEstimateSampled(t *testing.T) {
	g, d := pathGame(t, 2000, 1)
	o := DefaultOptions()
	z, err := estimate(context.Background(), g, func(int) int64 { return 0 }, func(int) int64 { return WinBound(g, d) }, Options{Int: o.Int, PB: o.PB, Plain: true}, false,
		func(s sat.Sink, f []*encode.Int, v int) error {
			f[v].Le(s, 0)
			return (&WinModel{g: g}).constrain(s, f, d, v, Options{Int: o.Int, PB: o.PB, Plain: true})
		})
	if err != nil {
		t.Fatal(err)
	}
	var f sat.Formula
	o.Plain, o.MaxClauses = true, 1<<40
	if _, err := EncodeWin(context.Background(), &f, g, d, o); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ est, got int64 }{{z.Vars, int64(f.NumVars)}, {z.Clauses, int64(len(f.Clauses))}} {
		if c.est < c.got*9/10 || c.est > c.got*11/10 {
			t.Errorf("estimate %v, encoded %d variables and %d clauses", z, f.NumVars, len(f.Clauses))
		}
	}
}

// TestEncodeWinRefusesHuge is the regression test for chipfire solve
// building a model of millions of clauses on a 30,000-vertex path, past
// its deadline and out of memory: under a 512 MiB address-space budget
// both encoders refuse it at once, with the estimate.
func TestEncodeWinRefusesHuge(t *testing.T) {
	if !memlimit.Run(t, 512<<20) {
		return
	}
	g, d := pathGame(t, 30000, 1)
	var f sat.Formula
	_, err := EncodeWin(context.Background(), &f, g, d, DefaultOptions())
	if !errors.Is(err, ErrModelTooLarge) || !strings.Contains(err.Error(), "million clauses") {
		t.Fatalf("EncodeWin: %v, want ErrModelTooLarge with the estimate", err)
	}
	_, err = EncodeMoves(context.Background(), &f, g, d, MovesOptions{Options: DefaultOptions()})
	if !errors.Is(err, ErrModelTooLarge) {
		t.Fatalf("EncodeMoves: %v, want ErrModelTooLarge", err)
	}
	if f.NumVars != 0 || len(f.Clauses) != 0 {
		t.Fatalf("the refused models left %d variables and %d clauses in the sink", f.NumVars, len(f.Clauses))
	}
}

// TestEncodeContext checks that the encoders stop when the context ends.
func TestEncodeContext(t *testing.T) {
	g, d := pathGame(t, 3000, 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var f sat.Formula
	if _, err := EncodeWin(ctx, &f, g, d, DefaultOptions()); !errors.Is(err, context.Canceled) {
		t.Errorf("EncodeWin: %v, want context.Canceled", err)
	}
	if _, err := EncodeMoves(ctx, &f, g, d, MovesOptions{Options: DefaultOptions()}); !errors.Is(err, context.Canceled) {
		t.Errorf("EncodeMoves: %v, want context.Canceled", err)
	}
	if _, err := SolveWin(ctx, g, d, nil, DefaultOptions()); !errors.Is(err, context.Canceled) {
		t.Errorf("SolveWin: %v, want context.Canceled", err)
	}
}

// TestWinComments is the regression test for a --dimacs header that
// described f[v] in 0..B while the window model declares f[0] = 0 and
// windows with negative values: every range the comments give must lie
// within the range the header states.
func TestWinComments(t *testing.T) {
	g, d := mustGraph(t, 4, []Edge{{0, 1}, {1, 2}, {2, 3}, {0, 2}}), Divisor{2, -3, 4, -1}
	for _, plain := range []bool{false, true} {
		var f sat.Formula
		o := DefaultOptions()
		o.Plain = plain
		m, err := EncodeWin(context.Background(), &f, g, d, o)
		if err != nil {
			t.Fatal(err)
		}
		cs := m.Comments()
		hr := regexp.MustCompile(`(?:in|within) (-?[0-9]+)\.\.([0-9]+)[ ,]`).FindStringSubmatch(cs[0])
		if hr == nil {
			t.Fatalf("plain=%v: header %q states no range", plain, cs[0])
		}
		hlo, _ := strconv.ParseInt(hr[1], 10, 64)
		hhi, _ := strconv.ParseInt(hr[2], 10, 64)
		if strings.Contains(cs[0], "] = 0)") == plain {
			t.Errorf("plain=%v: header %q", plain, cs[0])
		}
		re := regexp.MustCompile(`^f\[[^]]+\] in (-?[0-9]+)\.\.(-?[0-9]+)`)
		for _, c := range cs[1:] {
			r := re.FindStringSubmatch(c)
			if r == nil {
				t.Fatalf("comment %q", c)
			}
			lo, _ := strconv.ParseInt(r[1], 10, 64)
			hi, _ := strconv.ParseInt(r[2], 10, 64)
			if lo < hlo || hi > hhi {
				t.Errorf("plain=%v: %q outside the header's %d..%d (%q)", plain, c, hlo, hhi, cs[0])
			}
			if !plain && lo < 0 && hlo >= 0 {
				t.Errorf("header %q hides negative values", cs[0])
			}
		}
	}
}

// TestWinnableContext checks that Dhar's algorithm stops at once when its
// context has ended, before the breadth-first searches for the centre
// (seconds on a million vertices): the centre stays uncomputed.
func TestWinnableContext(t *testing.T) {
	g, d := pathGame(t, 100000, 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Winnable(ctx, g, d); !errors.Is(err, context.Canceled) {
		t.Fatalf("Winnable: %v, want context.Canceled", err)
	}
	if g.center.done.Load() {
		t.Fatal("the centre was computed after the context ended")
	}
	if c := g.Center(); c < 49000 || c > 51000 {
		t.Fatalf("centre of the path %d, want about 50000", c)
	}
}
