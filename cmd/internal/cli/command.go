package cli

import (
	"context"
	"flag"
)

// A Command is one command of satsolve, or a group of them.
//
// A leaf command sets Flags; a group sets Subs instead. Alias makes the
// command another name for a command elsewhere in the tree, Program a
// command another executable implements.
type Command struct {
	// Name is the word that selects the command, e.g. "solve".
	Name string
	// Summary is one line for the list of commands.
	Summary string
	// Args is the synopsis after the command's path in its usage line,
	// e.g. "[flags] FILE".
	Args string
	// Doc is printed after the usage line by -h: for a group, after the
	// list of its commands (a note on file formats, say).
	Doc string

	// Flags registers the command's flags on fs and returns the Action
	// that runs the command once they are parsed. It must not do any other
	// work: the help and the flag-vocabulary test call it to list the
	// flags.
	Flags func(fs *flag.FlagSet) Action
	// Required names the flags the command cannot run without (without
	// dashes): a command line that lacks one is a usage error, "-k is
	// required", before the Action runs.
	Required []string
	// PartTimeout says that the command's --timeout bounds each part of
	// its work (chipfire play: each hint), which the command applies with
	// WithTimeout, rather than the whole command, which the frame bounds
	// by --timeout otherwise.
	PartTimeout bool

	// Subs are the commands of a group, selected by the next argument.
	Subs []*Command
	// Noun is what a group calls its commands in messages and usage
	// ("game", "family"); "command" when empty.
	Noun string

	// Alias, when set, is the path of the command this one stands for,
	// from the top ("compare", "nonogram"): the arguments are passed on to
	// it. It lets a family offer a command another package implements
	// without importing it.
	Alias []string

	// Program, when set, names the separate executable that implements
	// the command, as git runs git-foo for "git foo": the command's
	// arguments go to it unparsed, with the standard streams, and its exit
	// status is the command's. It is looked for beside the running
	// executable, then on PATH; when it is found in neither, the message
	// names go install ./cmd/... (from a checkout), go run ./cmd/PROGRAM
	// under go run, and Install, what installs it once the module is
	// published. It keeps out of satsolve what only that command needs
	// (serve's net/http, which brings cgo).
	Program string
	Install string
}

// An Action runs a command with its positional arguments, the flags being
// parsed. It writes its results on e.Stdout and returns nil, an error (see
// the package comment for how each kind is reported), or Exit(code).
type Action func(ctx context.Context, e *Env, args []string) error

// noun returns what the group calls its commands.
func (c *Command) noun() string {
	if c.Noun == "" {
		return "command"
	}
	return c.Noun
}

// sub returns the command of group c named name, or nil.
func (c *Command) sub(name string) *Command {
	for _, s := range c.Subs {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// Walk calls fn for every command of the tree under cmds, depth first, with
// its path from the top ("chipfire", "solve").
func Walk(cmds []*Command, fn func(path []string, c *Command)) {
	var walk func(path []string, c *Command)
	walk = func(path []string, c *Command) {
		p := append(path[:len(path):len(path)], c.Name)
		fn(p, c)
		for _, s := range c.Subs {
			walk(p, s)
		}
	}
	for _, c := range cmds {
		walk(nil, c)
	}
}
