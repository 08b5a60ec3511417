// Package fzn is satsolve's FlatZinc front end: the reader of the
// FlatZinc text MiniZinc writes for a solver, its translation into the
// constraint model of package cp, the checker of solutions against the
// FlatZinc itself, the printer of solutions in the form MiniZinc reads
// back, and satsolve's MiniZinc library and solver configuration.
//
// # Reading
//
// Read and ReadFile parse FlatZinc as the specification gives it
// (docs/en/fzn-spec.rst of libminizinc, section "Grammar") and as
// MiniZinc 2.6 writes it: predicate declarations, parameters of every
// type, variables with ranges and sets of integers as domains, arrays,
// constraints with annotations, the solve item with its search
// annotations, output_var and output_array, defines_var and
// is_defined_var, strings in annotations, hexadecimal and octal integers.
// Names are resolved as they are read, since FlatZinc declares every name
// before its use; scalar parameters are substituted where they are used.
// Write prints a Model back as FlatZinc. ReadJSON reads FlatZinc-JSON
// (MiniZinc 2.8 and later) into the same Model, and ReadFile takes either,
// by the file's first byte.
//
// Errors are *Error: FILE:LINE:COL and a message, classed (ErrSyntax,
// ErrUndefined, ErrType, ErrUnsupported, …) for errors.Is. Float and set
// variables are refused as ErrUnsupported: satsolve solves integer and
// Boolean models, and its MiniZinc library includes nosets.mzn, which
// makes MiniZinc rewrite set variables into Booleans before they reach
// the solver.
//
// # Translating and checking
//
// Translate builds a cp.Model: one cp variable per class of aliased
// FlatZinc variables, its domain the intersection of their declarations,
// of the element domains of the arrays that hold them and of the unary
// constraints that are only a domain; each constraint item through the
// table of builtins (builtins.go: every integer and Boolean builtin of
// FlatZinc, with their _reif and _imp forms, and the satsolve_ natives of
// cp.Natives); the objective. Each builtin is written twice, side by
// side: how it is posted into cp, and its definition on values (holds).
// Model.Check evaluates every constraint item with holds, every variable
// against its declaration and every array of variables against its
// element domain: satsolve fzn runs it on each solution after cp's own
// Check, so that a mistake in the translation cannot print a wrong
// solution. Instance encodes a model into a sat.Sink apart from solving
// it, for satsolve compare fzn.
//
// # Printing and installing
//
// WriteSolution prints the output variables and arrays of one solution as
// the specification's section "Output" says; SolutionEnd and the status
// lines close solutions and searches. Library is the MiniZinc library
// (mznlib/: redefinitions with nosets.mzn and the native half-reified
// builtins, one fzn_*.mzn per native global, the text of cp.Natives), and
// SolverConfig its .msc file.
//
// # Invariants
//
//   - The reader's memory is proportional to the text it has read: no
//     number in the input is a size it allocates (a domain 1..2^62 is two
//     numbers), tokens are at most 64 KB, annotations nest at most 64 deep.
//   - A Model refers to nothing outside itself: every Value of kind
//     KindVar, KindArray, KindSet, KindString or KindAnn indexes one of its
//     slices.
//   - Write(m) read back is a model that writes to the same text (the
//     fuzz test checks it on arbitrary input).
//   - Every builtin the translation posts has a definition the checker
//     evaluates, and the conformance tests compare the two on every
//     assignment of small domains, in every integer encoding.
//   - WriteSolution prints exactly the variables and arrays annotated for
//     output, in declaration order, with the index sets of their
//     annotation.
package fzn
