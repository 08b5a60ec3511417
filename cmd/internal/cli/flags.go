package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// errHelp reports that the command line asked for help.
var errHelp = flag.ErrHelp

// newFlagSet returns the flag set of command c, reached by name, with its
// flags registered, and the command's action. Parsing errors are returned,
// never printed.
func newFlagSet(name string, c *Command) (*flag.FlagSet, Action) {
	fs := flag.NewFlagSet(program+" "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs, c.Flags(fs)
}

// FlagSet returns the flag set of command c with its flags registered, as
// the command would parse them; it is for tests and documentation.
func FlagSet(name string, c *Command) *flag.FlagSet {
	fs, _ := newFlagSet(name, c)
	return fs
}

// parseArgs parses the flags of args wherever they stand and returns the
// positional arguments in order. "--" ends the flags; "-" and arguments
// that read as negative numbers ("-5", "-0.5") are positional.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if !isFlag(a) {
			pos = append(pos, a)
			continue
		}
		flags = append(flags, a)
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		f := fs.Lookup(name)
		if f == nil && name != "h" && name != "help" {
			return nil, unknownFlag(fs, name)
		}
		if f == nil || hasValue || isBool(f) {
			continue
		}
		if i+1 == len(args) {
			return nil, fmt.Errorf("flag needs an argument: -%s", name)
		}
		i++
		flags = append(flags, args[i])
	}
	if err := fs.Parse(flags); err != nil {
		return nil, err
	}
	return pos, nil
}

// unknownFlag returns the error for a flag fs does not define, with the
// closest name it does as a suggestion.
func unknownFlag(fs *flag.FlagSet, name string) error {
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	// The flag package's words, which scripts and tests may look for.
	if guess := suggest(name, names); guess != "" {
		return fmt.Errorf("flag provided but not defined: -%s; did you mean %s?", name, dashed(guess))
	}
	return fmt.Errorf("flag provided but not defined: -%s", name)
}

// isFlag reports whether a is a flag rather than a positional argument.
func isFlag(a string) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	c := a[1]
	if c == '-' && len(a) > 2 {
		c = a[2]
	}
	return !(c >= '0' && c <= '9' || c == '.')
}

func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// printUsage prints the usage of leaf command c: its synopsis, its Doc and
// its flags, every line wrapped at helpWidth columns.
func printUsage(out io.Writer, name string, c *Command, fs *flag.FlagSet) {
	w := &wrapWriter{w: out}
	defer w.Flush()
	fmt.Fprintf(w, "usage: %s %s %s\n", program, name, c.Args)
	if c.Summary != "" {
		fmt.Fprintf(w, "\n%s\n", c.Summary)
	}
	if c.Doc != "" {
		fmt.Fprintf(w, "\n%s\n", c.Doc)
	}
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n == 0 {
		return
	}
	fmt.Fprint(w, "\nflags:\n")
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}
