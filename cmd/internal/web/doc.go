// Package web is the frame of satsolve serve's JSON API, apart from any
// puzzle: the handler that every request passes (security headers, a
// recover that turns a panic into a 500, the request log), the routes
// under /api/ with their JSON errors, request bodies read under a size
// limit, the solver slots and deadlines that bound every solve, the
// background jobs with progress (/api/jobs/{id}), and Serve with its
// graceful shutdown. The endpoints of each family live in the packages
// below it (chipfireapi, nonogramapi, dobbleapi), which register on a
// Server; servecmd wires them with the pages into the command.
//
//	server.go  Options, Server, the handler, Serve
//	api.go     endpoints: Error and its statuses, JSON in and out
//	solve.go   what bounds a solve: the slots, the deadline, timed out
//	jobs.go    background jobs: the table, progress, cancelling
//
// # Invariants
//
//   - Every request is bounded: bodies by Options.MaxBody (Decode), every
//     solver call by Options.SolveTimeout (SolveContext), and solver calls
//     run only while holding one of Options.MaxJobs slots (Acquire); at
//     most Options.MaxRuns jobs run at once, each for at most
//     Options.RunTimeout, so memory and CPU stay bounded whatever arrives.
//   - A failed request gets a JSON body {"error": …} with the status of
//     its *Error (400 for bad input, 503 when busy or timed out), or 500
//     for any other error, which is also logged. A handler that panics
//     answers 500 and the server goes on.
//   - A path under /api/ that no endpoint has answers 404, or 405 naming
//     the methods that path has.
//   - Close stops every job and waits for it: nothing outlives the
//     server.
//
// The package knows no puzzle: it imports the SAT leaf (for the solver
// factory) and the backend registry (for its default), never a model.
package web
