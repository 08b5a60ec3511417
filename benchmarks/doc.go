// Package benchmarks holds the harness shared by satsolve's benchmark
// suites: running a solver process under a CPU-time limit and measuring it,
// and summarising runs as PAR-2 tables. The suites themselves are commands
// in sub-directories (for example cnfbench, which compares every backend
// and the reference solvers on the CNF corpus) and testing.B benchmarks in
// the packages they measure.
//
// Times are CPU seconds (user+sys of the solver process and every child it
// waited for), because the machines these run on are shared: wall-clock
// time there varies by a factor of two or more with the load, CPU time far
// less. A run is limited by CPU time, enforced by polling the process
// group's CPU usage, with a wall-clock guard of several times the limit.
//
// PAR-2 is the total time over instances with each unsolved one counted as
// twice the limit, as in the SAT competitions.
package benchmarks
