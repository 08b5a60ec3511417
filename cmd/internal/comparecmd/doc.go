// Package comparecmd is satsolve compare: encode one constraint or model
// instance with every method, and print each method's size, encode time and
// solve time on every backend, side by side.
//
// The measurement itself (subjects, the harness, the writers) is the
// library compare; this package parses the flags of each family
// and picks the output.
package comparecmd
