// Package clitest runs commands in tests as the satsolve binary would,
// capturing their exit status and outputs.
package clitest

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
)

// Run runs the command line args (without the program name) against cmds
// with stdin as standard input, and returns the exit status and what was
// written on standard output and standard error.
func Run(t testing.TB, cmds []*cli.Command, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = cli.Run(context.Background(), cmds, args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}
