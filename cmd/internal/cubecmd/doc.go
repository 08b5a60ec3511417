// Package cubecmd is cube-and-conquer on the command line:
//
//   - satsolve cube FILE splits a CNF file into cubes by look-ahead
//     (sat/cube) and writes them as iCNF, and with --jobs DIR a directory of
//     independent jobs: run-cube.sh (one cube, one result file) and the
//     files that run it under GNU parallel, a Slurm job array and a
//     Kubernetes indexed Job;
//   - satsolve cubes run FILE.icnf solves every cube on this machine, on
//     -j goroutines, stopping at the first satisfiable one, and prints
//     per-cube times and the merged answer;
//   - satsolve cubes collect DIR merges the result files the jobs wrote.
//
// One cube is solved by "satsolve solve --cube N FILE.icnf" (package
// solvecmd), whose --json output is the result file (sat/cube.Record).
// Every answer is merged by sat/cube.Merge: SAT only with a model checked
// against the formula, UNSAT only when every cube is unsatisfiable, every
// refuted branch is verified by unit propagation and the cubes provably
// cover every assignment.
package cubecmd
