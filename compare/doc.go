// Package compare measures encodings side by side: it encodes one subject
// (a constraint, or a model instance) with every method, records the size
// of each encoding and its encode time, solves each method's instance on
// every backend, checks every model against the subject's plain meaning
// (never through the encoding), and writes the results as a table, CSV,
// JSON or an SVG chart. It is the harness behind "satsolve compare" and
// "satsolve nonogram compare".
//
// It is a library of its own, beside models/, because it sits above them:
// it may import the encoders, the models whose instances it measures
// (dobble, nonogram), the constraint model and its FlatZinc front end, gonum's G(n, p) generator for the random graphs that
// make the constraint subjects hard, and gonum/plot with the project's
// plotting conventions (package chart) for the charts; never a backend
// and never a command. The command only parses flags and picks the writer.
//
// Subjects: Card, PB and AMO for the constraint families (a cardinality or
// pseudo-Boolean constraint solved together with a random graph at its
// first-moment threshold; at-most-one solved as n-queens), Dobble and
// Nonogram for models, FlatZinc for the user's own MiniZinc model through
// the constraint model (package cp) and its FlatZinc front end. Backends are named by spec strings and made by the
// caller's factory, so the package does not decide which solvers exist.
package compare
