package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
)

// runCompare is satsolve compare FAMILY [flags]: it builds the family's
// subject, measures every method on every backend, and prints the results.
// Usage errors exit with status 2, failures (a wrong model, answers that
// disagree, a backend that fails) with 1.
func runCompare(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) > 0 && slices.Contains([]string{"-h", "-help", "--help"}, args[0]) {
			compareUsage(e.stdout)
			return 0
		}
		compareUsage(e.stderr)
		return exitUsage
	}
	name := args[0]
	fam, ok := compareFamilies[name]
	if !ok {
		fmt.Fprintf(e.stderr, "satsolve compare: unknown family %q (want %s)\n", name, strings.Join(familyNames(), ", "))
		return exitUsage
	}
	fs := newFlags(e, "compare "+name, fam.synopsis+" [flags]")
	var o compareOpts
	o.register(fs)
	build := fam.flags(fs)
	if code := parseFlags(fs, args[1:]); code >= 0 {
		return code
	}
	subj, err := build(fs.Args())
	if err == nil {
		err = o.validate(subj)
	}
	if err != nil {
		if isUsage(err) {
			fmt.Fprintf(e.stderr, "satsolve compare %s: %v\nRun 'satsolve compare %s -h' for the flags.\n", name, err, name)
			return exitUsage
		}
		return e.fail(err)
	}
	res, err := o.measure(ctx, name, subj)
	if err != nil {
		return e.fail(err)
	}
	return o.print(e, res)
}

// validate checks the shared flags and keeps the methods --methods asks for.
func (o *compareOpts) validate(subj *subject) error {
	if o.repeat < 1 {
		return usagef("--repeat must be at least 1, not %d", o.repeat)
	}
	if o.timeout <= 0 {
		return usagef("--timeout must be positive, not %v", o.timeout)
	}
	if o.json && o.csv {
		return usagef("--json and --csv exclude each other")
	}
	if len(o.backends) == 0 {
		o.backends = slices.Clone(defaultCompareBackends)
	}
	for _, b := range o.backends {
		if _, err := newSolver(b); err != nil {
			return usagef("--backend: %v", err)
		}
	}
	if o.methods == "" {
		return nil
	}
	var keep []method
	for _, name := range strings.Split(o.methods, ",") {
		i := slices.IndexFunc(subj.methods, func(m method) bool { return m.name == name })
		if i < 0 {
			return usagef("--methods: unknown method %q (want %s)", name, strings.Join(methodNames(subj), ", "))
		}
		if slices.ContainsFunc(keep, func(m method) bool { return m.name == name }) {
			return usagef("--methods: %s is listed twice", name)
		}
		keep = append(keep, subj.methods[i])
	}
	subj.methods = keep
	return nil
}

func methodNames(subj *subject) []string {
	names := make([]string, len(subj.methods))
	for i, m := range subj.methods {
		names[i] = m.name
	}
	return names
}

func familyNames() []string {
	names := make([]string, 0, len(compareFamilies))
	for n := range compareFamilies {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func compareUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: satsolve compare FAMILY [flags] [args]\n\nEncode one constraint with every applicable method and print, per method,\nits size, encode time and solve time on each backend.\n\nfamilies:")
	for _, n := range familyNames() {
		f := compareFamilies[n]
		fmt.Fprintf(w, "  %-6s %s\n         %s\n", n, f.summary, f.synopsis)
	}
	fmt.Fprintln(w, "\nRun 'satsolve compare FAMILY -h' for a family's flags.")
}
