// Package english writes counted nouns for the messages satsolve prints:
// "1 puzzle", "3 puzzles", "1 vertex", "2 vertices". Every message that
// counts something goes through Count, so that none says "1 puzzles".
//
// It imports only the standard library, and every package of the module
// may import it (deps_test.go).
package english
