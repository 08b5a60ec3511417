package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// external runs command c, which the separate executable c.Program
// implements, with args as they are: in place of this process when the
// runner replaces, else as a child.
func (r *runner) external(ctx context.Context, path []string, c *Command, args []string) int {
	name := strings.Join(path, " ")
	exe, err := findProgram(c.Program)
	if err != nil {
		self, _ := os.Executable()
		fmt.Fprintf(r.env.Stderr, "%s %s: %s\n", program, name, missingHint(self, c, args, err))
		return ExitUsage
	}
	if r.replace != nil {
		r.out.release() // what is held goes out before the process becomes another
		err := r.replace(exe, append([]string{exe}, args...))
		fmt.Fprintf(r.env.Stderr, "%s %s: running %s: %v\n", program, name, exe, err)
		return ExitError
	}
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = r.env.Stdin, r.env.Stdout, r.env.Stderr
	// An interrupt, as Ctrl-C would give the program, lets it finish
	// cleanly (a server its requests in flight); a kill after a while.
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 10 * time.Second
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return exit.ExitCode()
	}
	fmt.Fprintf(r.env.Stderr, "%s %s: %s: %v\n", program, name, exe, err)
	return ExitError
}

// findProgram returns the path of the executable named name: beside the
// running executable (where go install puts every command of this
// module), else on PATH.
func findProgram(name string) (string, error) {
	dir := ""
	if self, err := os.Executable(); err == nil {
		dir = filepath.Dir(self)
		if p, err := exec.LookPath(filepath.Join(dir, name)); err == nil {
			return p, nil
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	if dir == "" {
		return "", fmt.Errorf("%s is not on PATH", name)
	}
	return "", fmt.Errorf("%s is neither beside this program (in %s) nor on PATH", name, dir)
}

// missingHint says what to do when the executable of command c is found
// neither beside satsolve (self) nor on PATH (err says so): from a
// checkout, go install ./cmd/... installs every command, which works
// before the module is published (c.Install, go install …@latest, only
// after). Under go run, which builds satsolve alone in a temporary
// directory, it gives the go run line of the command itself, with args.
func missingHint(self string, c *Command, args []string, err error) string {
	// go run links into $GOTMPDIR/go-buildNNN/b001/exe/NAME.
	if dir := filepath.ToSlash(filepath.Dir(self)); strings.Contains(dir, "/go-build") && path.Base(dir) == "exe" {
		line := strings.Join(append([]string{"go run ./cmd/" + c.Program}, args...), " ")
		return fmt.Sprintf("go run builds satsolve alone, not %s: from the checkout, run %s (or go install ./cmd/... to install every command)", c.Program, line)
	}
	return fmt.Sprintf("%v: from a checkout of satsolve, go install ./cmd/... installs it with every command (once the module is published: %s)", err, c.Install)
}
