package main

import (
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/satsolve/satsolve/sat"
)

// compareOpts are the flags every family of satsolve compare shares.
type compareOpts struct {
	backends backendList
	timeout  time.Duration
	repeat   int
	methods  string
	json     bool
	csv      bool
	svg      string
}

// defaultCompareBackends are the backends compared when --backend is not
// given: the two pure-Go engines.
var defaultCompareBackends = []string{"gini", "gophersat"}

func (o *compareOpts) register(fs *flag.FlagSet) {
	fs.Var(&o.backends, "backend", "a backend to solve with; repeat the flag for several (default gini and gophersat):\n"+backendHelp)
	fs.DurationVar(&o.timeout, "timeout", 10*time.Second, "time limit of each solve")
	fs.IntVar(&o.repeat, "repeat", 3, "runs per measurement; times are medians")
	fs.StringVar(&o.methods, "methods", "", "comma-separated methods to compare (default: all)")
	fs.BoolVar(&o.json, "json", false, "print the results as one JSON object")
	fs.BoolVar(&o.csv, "csv", false, "print the results as CSV, one row per method and backend")
	fs.StringVar(&o.svg, "svg", "", "also draw the sizes and times as grouped bar charts in this SVG file")
}

// backendList is a repeatable --backend flag.
type backendList []string

func (b *backendList) String() string { return strings.Join(*b, " ") }

func (b *backendList) Set(spec string) error {
	*b = append(*b, spec)
	return nil
}

// graphFlags holds the flags of the random graph card and pb solve with.
type graphFlags struct {
	seed    uint64
	density float64 // negative: the threshold
}

func (g *graphFlags) register(fs *flag.FlagSet) {
	fs.Uint64Var(&g.seed, "seed", 1, "seed of the random graph the constraint is solved with")
	g.density = -1
	fs.Func("density", "edge probability of the random graph, in [0, 1] (default: where one solution is expected)", func(v string) error {
		p, err := strconv.ParseFloat(v, 64)
		if err != nil || !(p >= 0 && p <= 1) {
			return fmt.Errorf("want a probability in [0, 1], not %q", v)
		}
		g.density = p
		return nil
	})
}

// givenFlags returns the names of the flags set on the command line.
func givenFlags(fs *flag.FlagSet) map[string]bool {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	return given
}

// chooseOp returns the comparison whose flag was given; names maps flag
// names to comparisons. Exactly one must have been given.
func chooseOp(given map[string]bool, names map[string]sat.Op) (string, sat.Op, error) {
	var found []string
	for n := range names {
		if given[n] {
			found = append(found, n)
		}
	}
	if len(found) != 1 {
		all := make([]string, 0, len(names))
		for n := range names {
			all = append(all, "--"+n)
		}
		slices.Sort(all)
		return "", 0, usagef("give exactly one of %s", strings.Join(all, ", "))
	}
	return found[0], names[found[0]], nil
}
