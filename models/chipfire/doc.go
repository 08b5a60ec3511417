// Package chipfire models the dollar game (chip-firing) on graphs.
//
// A Graph is a connected undirected multigraph without loops on vertices
// 0..n−1; a Divisor puts an integer number of dollars on each vertex. A
// vertex lends one dollar along each of its edges, or borrows one along
// each; the game is won when no vertex is in debt. A Script f records how
// often each vertex lends (negative: borrows); applying it turns D into
// D − L·f, L the Laplacian, so the order of the moves does not matter.
// The genus is g = m − n + 1 and the canonical divisor K(v) = deg(v) − 2.
// Baker and Norine (Adv. Math. 215, 2007): deg D ≥ g implies D is
// winnable, and r(D) − r(K − D) = deg D + 1 − g.
//
// # What is here
//
//	graph.go, connect.go     the graph; connectivity (BFS), edge connectivity via gonum
//	divisor.go, check.go     divisors, scripts, replay and the checks of answers
//	read*.go, write.go       edge list, DOT (gonum's decoder) and JSON games
//	greedy.go                the greedy algorithm (Corry–Perkinson ch. 3; Baker)
//	dhar.go, laplace.go      q-reduction by Dhar's burning algorithm, winnability,
//	                         linear equivalence
//	rank.go                  brute-force rank and gonality, Cori–Le Borgne on K_n
//	bound.go                 the level-set bound B on the range of a winning script
//	dharbox.go               script bounds from reduced divisors: the boxes of the
//	                         winnability model, the difference bounds of fewest moves
//	green.go                 per-vertex script boxes from the Green's function,
//	                         certified in integer arithmetic (rank, gonality)
//	satwin.go                SAT: bounded winnability
//	satmoves.go              SAT/PB: fewest moves, with proof of optimality
//	satrank.go               SAT: rank via the Baker–Norine certificate for r(D) < k
//	satgon.go                SAT: divisorial gonality
//	random.go, strategy.go   random G(n, p) games and nine play heuristics
//	levels.go                a fixed, seeded sequence of games of growing difficulty
//	layout.go                vertex positions for drawing (Fruchterman–Reingold)
//
// # Invariants
//
//   - Every Graph is connected, loop-free, with at most MaxVertices vertices
//     and MaxEdges edges; divisor entries stay within ±MaxValue and script
//     entries within ±MaxScript, so no computation overflows. Anything else
//     is an error, never a panic.
//   - Every script a SAT model returns has been replayed with CheckWin, and
//     every certificate and gonality witness checked with CheckCertificate
//     or CheckGonality, which read the rules of the game and never the
//     encoding; a failure is an internal error wrapping sat.ErrBadModel.
//   - The SAT models are complete, so an unsatisfiable model proves that
//     no script exists: the winnability and fewest-moves domains contain
//     the script to a q-reduced divisor, the largest script that keeps
//     V∖q out of debt, whose reducedness CheckReduced verifies (dharbox.go),
//     or lie within the level-set bound B = ⌊(n−1)·deg⁺(D)/λ(G)⌋
//     (bound.go); the rank and gonality domains come from per-vertex boxes
//     that contain every script of the reduced form those models ask for
//     (green.go; each box end is an integer vector u checked exactly to
//     satisfy L_0·u ≥ b, never a floating-point value).
//   - Native and SAT answers agree (the tests compare them on thousands of
//     random divisors); native unwinnability comes with a Dhar certificate
//     that passes CheckCertificate.
//   - Nothing here prints, exits, or imports a SAT backend; solvers are
//     passed in.
//
// # References
//
// M. Baker, S. Norine, Riemann–Roch and Abel–Jacobi theory on a finite
// graph, Adv. Math. 215 (2007). S. Corry, D. Perkinson, Divisors and
// Sandpiles, AMS 2018. D. Dhar, Self-organized critical state of sandpile
// automaton models, Phys. Rev. Lett. 64 (1990). R. Cori, Y. Le Borgne, On
// computation of Baker and Norine's rank on complete graphs, Electron. J.
// Combin. 23(1) (2016). V. Kiss, L. Tóthmérész, Chip-firing games on
// Eulerian digraphs and NP-hardness of computing the rank of a divisor on a
// graph, Discrete Appl. Math. 193 (2015). D. Gijswijt, H. Smit, M. van der
// Wegen, Computing graph gonality is hard, Discrete Appl. Math. 287
// (2020). M. Hestenes, E. Stiefel, Methods of conjugate gradients for
// solving linear systems, J. Res. NBS 49 (1952). A. Fey, L. Levine,
// Y. Peres, Growth rates and explosions in sandpiles, J. Stat. Phys. 138
// (2010) (the least-action principle behind the repair in green.go).
package chipfire
