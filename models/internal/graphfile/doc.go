// Package graphfile holds what the graph-file readers of the model families
// share: a positioned error, the line scanner of the edge-list formats, and
// the translation of the errors of gonum's DOT parser into positioned ones.
// The formats themselves (what a line means, which graphs are accepted)
// belong to each family; this package knows nothing of them.
//
// Invariants:
//   - Every error this package returns for bad data is a *ParseError whose
//     Line and Column count from 1, with 0 meaning unknown; nothing panics
//     on data, and nothing prints.
//   - An edge-list line is split at "\n" (a "\r" before it is dropped); a
//     comment runs from the first "#" or "%" to the end of the line; line
//     lengths are measured without the line ending, comments included.
//
// Only the model packages (models/<family>) import it, and it imports only
// the standard library: DOTError reads gonum's error messages, not its
// types (the policy is in deps_test.go at the module root).
package graphfile
