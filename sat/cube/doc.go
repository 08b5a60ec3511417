// Package cube is cube-and-conquer: a look-ahead splitter that cuts a
// formula into cubes (partial assignments) that independent CDCL jobs can
// solve, and the checks and the merge that turn the jobs' answers into an
// answer for the whole formula (Heule, Kullmann, Wieringa and Biere,
// "Cube and Conquer: guiding CDCL SAT solvers by lookaheads", HVC 2011).
//
// # The split
//
// Run builds a decision tree in the style of march_cu. At every node it
// re-establishes the node's assignment by unit propagation from the root,
// preselects the most promising free variables, and looks ahead on both
// polarities of each (lookahead.go): a failed literal closes its branch as
// refuted and its negation joins the node's path; otherwise the variable
// whose two branches shorten the most clauses, by march's weighted count
// of new binary clauses, is the node's decision. A node stops being split
// at Options.Depth decisions, or when the leaves reach Options.Cubes (the
// node with the most free variables is split first), or when propagation
// satisfies every clause. The leaves are the cubes; the failed branches
// are the refuted ones.
//
// # Invariants
//
//   - Partition: the cubes and the refuted branches of a Split are the
//     leaves of one binary decision tree, each listed with its literals in
//     order from the root. Every assignment of the variables agrees with
//     exactly one of them (CheckPartition verifies this, and the tests
//     check it exhaustively on small formulas).
//   - Soundness: for every refuted branch b, unit propagation on the
//     formula's clauses and b's literals reaches a conflict (Refuter
//     verifies this independently of the splitter). So the formula is
//     unsatisfiable exactly when every cube is.
//   - A cube holds its decisions and the negations of the failed literals
//     found above it, never literals merely implied by propagation.
//   - The split is deterministic: the same formula and options give the
//     same cubes in the same order (tree order, first branches first).
//
// # Conquering
//
// Conquer solves cubes under assumptions with any sat.Solver, on several
// goroutines, stopping at the first satisfiable cube; Merge turns
// per-cube answers into the formula's (Verdict): SAT only with a model
// checked against the formula, UNSAT only when every cube is unsatisfiable,
// every refuted branch is verified and the cubes and branches provably
// cover every assignment. Record is one cube's answer as the job files
// store it (the JSON that "satsolve solve --cube N --json" prints).
package cube
