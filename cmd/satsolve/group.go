package main

import (
	"context"
	"fmt"
	"io"
	"sort"
)

// A group is a command made of subcommands (satsolve dobble check, …):
// it dispatches on its first argument and prints its list of subcommands
// for help, for no argument and for an unknown one.
type group struct {
	name    string             // the command, e.g. "dobble"
	noun    string             // what a subcommand is called: "command", or "game"
	args    string             // the synopsis after the subcommand, e.g. "[flags] FILE"
	subs    map[string]command // the subcommands
	trailer string             // printed after the list, e.g. the file format
}

// run dispatches args to a subcommand. No argument is a usage error (the
// list on standard error); help prints the list on standard output.
func (g group) run(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 {
		g.usage(e.stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		g.usage(e.stdout)
		return 0
	}
	c, ok := g.subs[args[0]]
	if !ok {
		if g.noun == "command" {
			fmt.Fprintf(e.stderr, "satsolve: unknown %s command %q\n", g.name, args[0])
		} else {
			fmt.Fprintf(e.stderr, "satsolve: unknown %s %q\n", g.noun, args[0])
		}
		g.usage(e.stderr)
		return exitUsage
	}
	return c.run(ctx, e, args[1:])
}

// usage prints the synopsis, the subcommands in alphabetical order with
// their summaries, and the trailer.
func (g group) usage(w io.Writer) {
	upper := "COMMAND"
	if g.noun != "command" {
		upper = "GAME"
	}
	if g.name == "" {
		fmt.Fprintf(w, "usage: satsolve %s %s\n\n%ss:\n", upper, g.args, g.noun)
	} else {
		fmt.Fprintf(w, "usage: satsolve %s %s %s\n\n%ss:\n", g.name, upper, g.args, g.noun)
	}
	names := make([]string, 0, len(g.subs))
	width := 0
	for n := range g.subs {
		names = append(names, n)
		width = max(width, len(n))
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-*s %s\n", width+1, n, g.subs[n].summary)
	}
	if g.trailer != "" {
		fmt.Fprintln(w, "\n"+g.trailer)
	}
}
