// Package games evaluates impartial games: Nim, octal games by code, and
// node-Kayles on any graph, in normal and misère play, with SAT encodings
// of explicit game graphs as an independent cross-check.
//
// Two players alternate and, in normal play, the player who cannot move
// loses. By the Sprague–Grundy theorem every position has a nimber, the
// mex (least missing value) of its options' nimbers; a sum of games has
// the exclusive or of its parts' nimbers, and a position is lost for the
// player to move exactly when its nimber is 0.
//
// # Files
//
//	heaps        sums of heaps and Nim (Bouton): nimber, winning moves
//	octal        octal codes d0.d1d2…: parsing, the moves on one heap
//	sequence     Grundy sequences G(0..n), with the sparse-space speed-up
//	period       periods and preperiods by the Guy–Smith criterion
//	heaprules    heap games tabulated for searches over whole positions
//	misere       misère play by exhaustive memoised search; Bouton's rule
//	kaylesmisere misère node-Kayles
//	graphread    edge-list and DOT graph files, into gonum simple graphs
//	kayles       node-Kayles: memoised over connected components
//	canon        canonical forms of small graphs (individualisation–refinement)
//	gamegraph    explicit game graphs and the rule checks of answers
//	kernel       P-positions as the unique kernel, in CNF
//	grundyenc    the Grundy function, one-hot, in CNF
//	crosscheck   native values against both encodings
//
// # Invariants
//
//   - Nothing prints, exits or panics on user data: bad codes, heaps,
//     sizes and graph files return errors, graph files as *ParseError with
//     file, line and column. MustParseOctal panics, for codes in programs.
//   - Every SAT answer is decoded and checked against the game's own rules
//     (GameGraph.CheckPPositions, GameGraph.CheckGrundy), which never look
//     at the encoding; a failed check is an error wrapping ErrInternal,
//     and so is any disagreement with the native evaluators in CrossCheck.
//   - Solvers are passed in; the package imports no backend. Encoders
//     write into any sat.Sink, so the same clauses can go to a solver or a
//     sat.Formula for DIMACS output.
//   - Long computations take a context and a limit: they stop with
//     ctx.Err() or ErrSearchLimit rather than exhaust the machine.
//
// The SAT encodings are a cross-check, not the fast path: on an explicit
// acyclic game graph, unit propagation alone decides both of them (the
// tests check it), so a solver only replays backward induction, and the
// graph of a sum of heaps grows exponentially where the native evaluation
// adds nimbers.
//
// # References
//
//   - C. L. Bouton, Nim, a game with a complete mathematical theory, Ann.
//     Math. 3 (1901–02).
//   - R. P. Sprague, Über mathematische Kampfspiele, Tôhoku Math. J. 41
//     (1935); P. M. Grundy, Mathematics and games, Eureka 2 (1939).
//   - R. K. Guy and C. A. B. Smith, The G-values of various games, Proc.
//     Cambridge Philos. Soc. 52 (1956): octal games and the periodicity
//     theorem; Berlekamp, Conway and Guy, Winning Ways, ch. 4 and 13.
//   - A. Gangolli and T. Plambeck, A note on periodicity in some octal
//     games, Int. J. Game Theory 18 (1989); A. Flammenkamp's tables of
//     octal games: sparse space.
//   - J. H. Conway, On Numbers and Games, ch. 12 (misère play); W. L.
//     Sibert and J. H. Conway, Mathematical Kayles, Int. J. Game Theory 20
//     (1992).
//   - T. J. Schaefer, On the complexity of some two-person perfect-
//     information games, JCSS 16 (1978): node-Kayles is PSPACE-complete.
//   - J. von Neumann and O. Morgenstern, Theory of Games and Economic
//     Behavior (1944): kernels; V. Chvátal, On the computational
//     complexity of finding a kernel (1973).
//   - B. D. McKay and A. Piperno, Practical graph isomorphism, II, J.
//     Symbolic Comput. 60 (2014).
//   - OEIS A002186 (Kayles), A002187 (Dawson's chess), A000088 (graphs).
package games
