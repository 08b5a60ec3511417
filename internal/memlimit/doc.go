// Package memlimit runs a test, or a command, in a child process under an
// address-space limit (RLIMIT_AS, what "ulimit -v" sets), so that a memory
// bound is tested by what the process may allocate, never by timing.
//
// A test that must stay within a bound starts with
//
//	if !memlimit.Run(t, 1<<30) {
//		return // this was the parent: the child ran the body
//	}
//
// Run re-executes the test binary for this test alone with the limit set
// and fails the test if the child fails (an allocation beyond the limit
// kills a Go program with "out of memory"); in the child it sets the limit
// and returns true, so the body runs there. Command wraps an exec.Cmd the
// same way for a built program.
//
// The limit needs Linux; elsewhere both skip the test.
package memlimit
