package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// env is what a command may use: its standard streams.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// command is one subcommand of satsolve.
type command struct {
	summary string
	run     func(ctx context.Context, e *env, args []string) int
}

// commands lists the subcommands; each lives in its own file.
var commands = map[string]command{
	"solve":   {"solve a DIMACS CNF, OPB or WCNF file", runSolve},
	"compare": {"encode one constraint with every method and compare sizes and solve times", runCompare},
	"game":    {"impartial games: Nim, octal games, node-Kayles (normal and misère play)", runGame},
	"dobble":  {"Dobble / Spot It! decks: check, build (planes, designs), largest deck, completion", runDobble},

	"nonogram": {"nonograms: solve (uniqueness, counts, pictures), rate, compare encodings", runNonogram},
	"chipfire": {"the dollar game / chip-firing: solve, fewest moves, rank, gonality, random games, heuristics, play", runChipfire},
}

// Exit statuses shared by the commands.
const (
	exitError = 1
	exitUsage = 2
)

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(rest) > 0 {
			if c, ok := commands[rest[0]]; ok {
				return c.run(context.Background(), e, []string{"-h"})
			}
		}
		usage(stdout)
		return 0
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "satsolve: unknown command %q\n", name)
		usage(stderr)
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return c.run(ctx, e, rest)
}

func usage(w io.Writer) {
	group{noun: "command", args: "[flags] [args]", subs: commands,
		trailer: "Run 'satsolve COMMAND -h' for a command's flags."}.usage(w)
}

// newFlags returns a flag set that reports errors instead of exiting.
func newFlags(e *env, name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "usage: satsolve %s %s\n\nflags:\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args, returning the exit status to use when parsing
// ended the command (help or a bad flag) and -1 otherwise.
func parseFlags(fs *flag.FlagSet, args []string) int {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return exitUsage
	}
	return -1
}

// fail prints "satsolve: msg" on standard error and returns exitError.
func (e *env) fail(err error) int {
	fmt.Fprintf(e.stderr, "satsolve: %v\n", err)
	return exitError
}

// warnf prints a warning line on standard error.
func (e *env) warnf(format string, args ...any) {
	fmt.Fprintf(e.stderr, "satsolve: warning: "+format+"\n", args...)
}
