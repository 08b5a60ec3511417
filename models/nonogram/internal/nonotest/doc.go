// Package nonotest holds the nonogram family's test helpers: the fixture
// and corpus directories, random pictures and their puzzles, enumeration
// by brute force, lines and clues for the line solvers' tests, the corpus
// manifest. Sub-package satenum enumerates solutions with a SAT solver for
// the tests of the native searches. Only tests import them.
//
// Imports: the model.
package nonotest
