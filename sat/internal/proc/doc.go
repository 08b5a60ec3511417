// Package proc holds what the adapters that run a child process (the
// gophersat worker, external solvers) need so that no child outlives the
// program: on Linux a child started with DieWithParent receives SIGKILL
// when its parent dies, even by SIGKILL (prctl PR_SET_PDEATHSIG); and the
// temporary directories of a process that died before removing them are
// found by the process id in their name and removed at the next start
// (CleanStale).
//
// The parent-death signal is sent when the thread that started the child
// exits, not the process: callers hold their goroutine on one thread
// (runtime.LockOSThread) from Start until the child is reaped, as Run
// does.
package proc
