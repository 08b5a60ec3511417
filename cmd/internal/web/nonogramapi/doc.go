// Package nonogramapi is the nonograms' part of satsolve serve's JSON API
// (docs/web.md): the bundled puzzles (puzzles/, embedded), reading a
// pasted puzzle file in any format the command line reads, solving it
// with a uniqueness check (a second solution when there is one), and
// checking a grid the player filled in. Register adds its endpoints to a
// web.Server.
//
//	api.go       Register, the caps, the embedded puzzles
//	nonogram.go  the endpoints
//
// # Invariants
//
//   - Every solution sent passes nonogram.Check against the puzzle; a
//     goal image that disagrees with the solutions is a warning, a
//     solution that breaks the clues an internal error.
//   - Malformed files are a 400 with the model's positioned message (in
//     "<input>"), as the command line prints it; a puzzle beyond the caps
//     of api.go is a 400 naming the cap.
//   - A deadline that cuts the uniqueness check short is said in the
//     answer (verdict unknown, "timed out"), with the solution found.
package nonogramapi
