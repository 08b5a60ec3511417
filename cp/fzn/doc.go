// Package fzn is satsolve's FlatZinc front end: the reader of the
// FlatZinc text MiniZinc writes for a solver, the model it reads into,
// and the printer of solutions in the form MiniZinc reads back.
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
//
// Errors are *Error: FILE:LINE:COL and a message, classed (ErrSyntax,
// ErrUndefined, ErrType, ErrUnsupported, …) for errors.Is. Float and set
// variables are refused as ErrUnsupported: satsolve solves integer and
// Boolean models, and its MiniZinc library includes nosets.mzn, which
// makes MiniZinc rewrite set variables into Booleans before they reach
// the solver.
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
//   - WriteSolution prints exactly the variables and arrays annotated for
//     output, in declaration order, with the index sets of their
//     annotation.
package fzn
