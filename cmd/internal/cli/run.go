package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/satsolve/satsolve/internal/english"
)

// program is the name commands are run as in messages and usage lines.
const program = "satsolve"

// rootTrailer ends the list of commands.
const rootTrailer = "Run 'satsolve COMMAND -h' for a command's flags, 'satsolve version' for the version.\nThe flags every command shares are in docs/cli.md."

// Main runs the command line of the process against cmds, with the standard
// streams, SIGINT and SIGTERM cancelling the command's context (from 20 ms
// after the start, or HoldSignals: see armDelay), and returns the exit
// status.
//
// A command another executable implements (Program) replaces the process
// with it, so that it gets the signals and its exit status is the
// process's.
func Main(cmds ...*Command) int {
	ctx, w := watchSignals(context.Background())
	defer w.stop()
	replace := func(exe string, argv []string) error {
		w.stop() // the signals as this process was given them
		return replaceProcess(exe, argv)
	}
	return dispatch(ctx, cmds, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, replace, w)
}

// MainCommand runs the command line of the process as the arguments of
// command c, as Main does "satsolve NAME ARGS…": it is the main of a
// program that is one command of satsolve (satsolve-serve is satsolve
// serve, satsolve-nonogram satsolve nonogram, found through the Program
// of satsolve's stub), so its usage lines and messages read "satsolve
// NAME". aliased are the commands c's aliases lead to (satsolve nonogram
// compare is satsolve compare nonogram), linked in with it.
func MainCommand(c *Command, aliased ...*Command) int {
	ctx, w := watchSignals(context.Background())
	defer w.stop()
	args := append([]string{c.Name}, os.Args[1:]...)
	cmds := append([]*Command{c}, aliased...)
	return dispatch(ctx, cmds, args, os.Stdin, os.Stdout, os.Stderr, nil, w)
}

// Run runs the command line args (without the program name) against the
// commands cmds and returns the exit status. A command another executable
// implements runs as a child process with the given streams, stopped by
// an interrupt when ctx ends.
func Run(ctx context.Context, cmds []*Command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return dispatch(ctx, cmds, args, stdin, stdout, stderr, nil, nil)
}

// dispatch is Run; replace, when not nil, replaces the process with an
// executable (see runner.replace); w, when not nil, is the process's
// signal watch, until whose arming standard output is held back (see
// outWriter).
func dispatch(ctx context.Context, cmds []*Command, args []string, stdin io.Reader, stdout, stderr io.Writer, replace func(exe string, argv []string) error, w *signalWatch) int {
	root := &Command{Subs: cmds, Args: "[flags] [args]", Doc: rootTrailer}
	out := &outWriter{w: stdout}
	if w != nil {
		w.holdOutput(out)
	}
	env := &Env{Stdin: stdin, Stdout: out, Stderr: &lockedWriter{w: stderr}, Terminal: isTerminal(stderr)}
	r := &runner{root: root, env: env, out: out, replace: replace}
	code := r.run(ctx, nil, root, args)
	out.release()
	if out.err != nil {
		// Whatever the command concluded, its output did not arrive.
		fmt.Fprintf(stderr, "%s: writing standard output: %v\n", program, out.err)
		return ExitError
	}
	return code
}

// runner holds what dispatch needs besides the current command.
type runner struct {
	root *Command
	env  *Env
	// aliases counts the aliases followed, to stop a cycle.
	aliases int
	// out is standard output, which keeps its first write error.
	out *outWriter
	// replace, when not nil, replaces the process with the executable exe
	// run with argv, returning only when that failed; without it a
	// command's Program runs as a child.
	replace func(exe string, argv []string) error
}

// run runs command c, reached by path, with args.
func (r *runner) run(ctx context.Context, path []string, c *Command, args []string) int {
	switch {
	case c.Alias != nil:
		return r.alias(ctx, c, args)
	case c.Program != "":
		return r.external(ctx, path, c, args)
	case c.Subs != nil:
		return r.group(ctx, path, c, args)
	}
	return r.leaf(ctx, path, c, args)
}

// group dispatches args to a command of c. No argument is a usage error
// (the list on standard error); help prints the list on standard output;
// at the top, "help CMD..." prints a command's usage.
func (r *runner) group(ctx context.Context, path []string, c *Command, args []string) int {
	name := strings.Join(path, " ")
	if len(args) == 0 {
		return r.report(ctx, name, Usagef("want a %s: %s", c.noun(), subNames(c)))
	}
	if len(path) == 0 {
		switch args[0] {
		case "version", "-version", "--version":
			printVersion(r.env.Stdout)
			return 0
		}
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		if len(path) == 0 && args[0] == "help" && len(args) > 1 {
			return r.run(ctx, path, c, append(args[1:len(args):len(args)], "-h"))
		}
		r.groupUsage(r.env.Stdout, path, c)
		return 0
	}
	sub := c.sub(args[0])
	if sub == nil && strings.HasPrefix(args[0], "-") {
		return r.report(ctx, name, Usagef("want a %s before the flags: %s", c.noun(), subNames(c)))
	}
	if sub == nil {
		what := c.noun()
		if len(path) > 0 && what == "command" {
			what = name + " command"
		}
		if guess := suggest(args[0], subList(c)); guess != "" {
			return r.report(ctx, name, Usagef("unknown %s %q; did you mean %s?", what, args[0], guess))
		}
		return r.report(ctx, name, Usagef("unknown %s %q (want %s)", what, args[0], subNames(c)))
	}
	return r.run(ctx, append(path[:len(path):len(path)], sub.Name), sub, args[1:])
}

// alias runs the command c stands for.
func (r *runner) alias(ctx context.Context, c *Command, args []string) int {
	r.aliases++
	if r.aliases > 8 {
		fmt.Fprintf(r.env.Stderr, "%s: internal error: alias %v loops\n", program, c.Alias)
		return ExitError
	}
	target := append(c.Alias[:len(c.Alias):len(c.Alias)], args...)
	return r.run(ctx, nil, r.root, target)
}

// groupUsage prints the synopsis of group c, its commands in alphabetical
// order with their summaries, and its Doc.
func (r *runner) groupUsage(out io.Writer, path []string, c *Command) {
	w := &wrapWriter{w: out}
	defer w.Flush()
	upper := strings.ToUpper(c.noun())
	line := strings.Join(append(append([]string{program}, path...), upper), " ")
	fmt.Fprintf(w, "usage: %s %s\n", line, c.Args)
	if len(path) > 0 && c.Summary != "" {
		fmt.Fprintf(w, "\n%s\n", c.Summary)
	}
	fmt.Fprintf(w, "\n%s:\n", english.Plural(c.noun()))
	subs := append([]*Command(nil), c.Subs...)
	sort.Slice(subs, func(i, j int) bool { return subs[i].Name < subs[j].Name })
	width := 0
	for _, s := range subs {
		width = max(width, len(s.Name))
	}
	for _, s := range subs {
		fmt.Fprintf(w, "  %-*s %s\n", width+1, s.Name, s.Summary)
	}
	if c.Doc != "" {
		fmt.Fprintln(w, "\n"+c.Doc)
	}
}

// leaf parses the flags of command c and runs its action.
func (r *runner) leaf(ctx context.Context, path []string, c *Command, args []string) int {
	name := strings.Join(path, " ")
	fs, action := newFlagSet(name, c)
	pos, err := parseArgs(fs, args)
	switch {
	case errors.Is(err, errHelp):
		printUsage(r.env.Stdout, name, c, fs)
		return 0
	case err != nil:
		return r.report(ctx, name, Usagef("%v", err))
	}
	if h := flagHelp(fs); h != "" { // before required: help needs no -k
		fmt.Fprint(r.env.Stdout, h)
		return 0
	}
	if err := required(fs, c.Required); err != nil {
		return r.report(ctx, name, err)
	}
	if v := fs.Lookup("v"); v != nil {
		r.env.Verbose = v.Value.String() == "true"
	}
	// --timeout bounds the whole command, here for every command, so that
	// what stops it is said in the same words everywhere (stop.go).
	if !c.PartTimeout {
		var cancel context.CancelFunc
		ctx, cancel = WithTimeout(ctx, commandTimeout(fs), "--timeout")
		defer cancel()
	}
	return r.report(ctx, name, action(ctx, r.env, pos))
}

// required returns a usage error naming the first flag of names not given
// on the command line.
func required(fs *flag.FlagSet, names []string) error {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	for _, n := range names {
		if !given[n] {
			return Usagef("%s is required", dashed(n))
		}
	}
	return nil
}

// dashed writes a flag name as docs/cli.md does: -k, --backend.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// report prints err as the policy says and returns the exit status; ctx is
// the command's, which says why it stopped if it did.
func (r *runner) report(ctx context.Context, name string, err error) int {
	var st *exitStatus
	switch {
	case err == nil:
		return 0
	case errors.As(err, &st):
		return st.code
	case r.out.err != nil && errors.Is(err, r.out.err):
		return ExitError // Run says it once, as for every lost write
	case IsUsage(err) && name == "":
		fmt.Fprintf(r.env.Stderr, "%s: %v (run '%s help' for usage)\n", program, err, program)
		return ExitUsage
	case IsUsage(err):
		fmt.Fprintf(r.env.Stderr, "%s %s: %v (run '%s %s -h' for usage)\n", program, name, err, program, name)
		return ExitUsage
	}
	if isStop(err) {
		err = Explain(ctx, err)
		var stop *StopError
		if errors.As(err, &stop) && err.Error() == stop.Error() {
			err = fmt.Errorf("stopped: %w", err) // "satsolve: stopped: interrupted"
		}
	}
	fmt.Fprintf(r.env.Stderr, "%s: %v\n", program, err)
	return ExitError
}

// subList returns the names of the commands of group c.
func subList(c *Command) []string {
	names := make([]string, len(c.Subs))
	for i, s := range c.Subs {
		names[i] = s.Name
	}
	return names
}

// subNames lists the commands of group c in alphabetical order: "build,
// check, complete or max".
func subNames(c *Command) string {
	names := subList(c)
	sort.Strings(names)
	return orList(names)
}
