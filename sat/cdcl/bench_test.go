package cdcl_test

import (
	"context"
	"flag"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/satfile"
	"github.com/satsolve/satsolve/sat/sattest"
)

var (
	benchFiles = flag.String("cdcl.files", "", "comma-separated CNF files for BenchmarkFiles")
	benchOpts  = flag.String("cdcl.opts", "", "semicolon-separated option sets (name=value,...) for BenchmarkFiles; empty set = defaults")
)

// BenchmarkSolve measures whole solves of generated instances on a fresh
// solver, named instance/options.
func BenchmarkSolve(b *testing.B) {
	planted, _ := sattest.PlantedKSAT(1, 200, 840, 3)
	insts := []struct {
		name string
		f    *sat.Formula
	}{
		{"php8", sattest.Pigeonhole(9, 8)},
		{"rand150", sattest.RandomKSAT(7, 150, 639, 3)},
		{"planted200", planted},
	}
	for _, in := range insts {
		for _, os := range []string{"default", "stable=0", "stable=2"} {
			o := cdcl.DefaultOptions()
			if os != "default" {
				if err := o.Parse(os); err != nil {
					b.Fatal(err)
				}
			}
			b.Run(in.name+"/"+os, func(b *testing.B) {
				for b.Loop() {
					s, _ := cdcl.NewWith(o)
					_ = sattest.Load(s, in.f)
					if st, err := s.Solve(context.Background()); st == sat.Unknown {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkFiles solves the CNF files named by -cdcl.files under each
// option set of -cdcl.opts, as sub-benchmarks file/options, reporting
// conflicts per solve. Example:
//
//	go test -run '^$' -bench Files -benchtime 1x ./sat/cdcl \
//	    -cdcl.files hole9.cnf,qg3-09.cnf -cdcl.opts ';stable=0'
func BenchmarkFiles(b *testing.B) {
	if *benchFiles == "" {
		b.Skip("no -cdcl.files")
	}
	for _, path := range strings.Split(*benchFiles, ",") {
		p, err := satfile.ReadFile(path, satfile.Options{Format: satfile.CNF})
		if err != nil {
			b.Fatal(err)
		}
		for _, set := range strings.Split(*benchOpts, ";") {
			o := cdcl.DefaultOptions()
			if err := o.Parse(set); err != nil {
				b.Fatal(err)
			}
			name := set
			if name == "" {
				name = "default"
			}
			b.Run(filepath.Base(path)+"/"+name, func(b *testing.B) {
				var conflicts uint64
				for b.Loop() {
					s, _ := cdcl.NewWith(o)
					_ = sattest.Load(s, p.Formula)
					if st, err := s.Solve(context.Background()); st == sat.Unknown {
						b.Fatal(err)
					}
					conflicts += s.Statistics().Conflicts
				}
				b.ReportMetric(float64(conflicts)/float64(b.N), "conflicts")
			})
		}
	}
}

// BenchmarkCancelLatency cancels a hard solve (PHP(11,10) under a
// selector, after 10ms) and reports the time from the cancel to Solve's
// return: cancel-µs (mean) and worst-cancel-µs. The target is ≤ 10 ms.
func BenchmarkCancelLatency(b *testing.B) {
	php := sattest.Pigeonhole(11, 10)
	sel := sat.Var(php.NumVars + 1)
	s := cdcl.New()
	for _, c := range php.Clauses {
		s.AddClause(append(c, sel.Neg())...)
	}
	var total, worst time.Duration
	for range b.N {
		ctx, cancel := context.WithCancel(context.Background())
		fired := make(chan time.Time, 1)
		time.AfterFunc(10*time.Millisecond, func() {
			fired <- time.Now()
			cancel()
		})
		if st, _ := s.Solve(ctx, sel.Pos()); st != sat.Unknown {
			b.Fatal("solved before the cancel:", st)
		}
		lat := time.Since(<-fired)
		total += lat
		worst = max(worst, lat)
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N), "cancel-µs")
	b.ReportMetric(float64(worst.Microseconds()), "worst-cancel-µs")
}
