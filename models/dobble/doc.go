// Package dobble models Dobble (Spot It!) decks: cards holding k distinct
// symbols each, any two cards sharing exactly one symbol, or exactly λ in
// general (symmetric designs).
//
// The shape is the project's: parse → encode → solve → decode → check,
// with native algorithms beside the SAT models.
//
//	deck.go, parse.go, write.go   the Deck type and the deck file format
//	check.go                      the rules, checked directly (CheckError)
//	field.go                      GF(p^m) from an irreducible polynomial
//	construct.go, design.go       planes (affine over GF(q), homogeneous
//	                              coordinates of PG(2,q), Singer difference
//	                              sets) and λ ≥ 2 designs from difference sets
//	exist.go                      existence: prime powers, Bruck–Ryser(–Chowla),
//	                              Lam's order 10, open orders
//	iso.go                        isomorphism of decks (to compare constructions)
//	matrix.go, designsat.go       the incidence-matrix SAT model of a design
//	                              and its symmetry-breaking levels
//	mols.go                       mutually orthogonal Latin squares as SAT
//	                              (order 6 refuted, planes of prime order found)
//	bounds.go, maxsat.go          the largest deck: bounds and incremental SAT
//	native.go, clique.go          the largest deck by maximum clique
//	complete.go                   completing a partial deck by SAT
//
// # Invariants
//
//   - Every deck a SAT model returns has been decoded and passed through
//     Check (or CheckMOLS), which never looks at the encoding; a failure
//     is an internal error, never an answer.
//   - Solvers are passed in by the caller, as sat.Solver factories; the
//     encoders write into any sat.Sink, so the same encoding can be saved
//     as DIMACS or OPB. Cardinality, at-most-one, gates and lex order come
//     from package encode.
//   - Bad input (a malformed file, impossible parameters) is an error with
//     FILE:LINE:COL where it applies; only programming errors panic (a bad
//     symmetry case, MOLS of order below 2).
//   - Nothing here prints, exits, or imports a backend.
//
// # Symmetry breaking and its soundness
//
// Every level of symmetry breaking keeps at least one solution of every
// satisfiable instance, so UNSAT answers stand: the plane levels fix a
// standard form every plane can be relabelled into (designsat.go), the
// MOLS levels fix reduced squares and a cycle type of the second square's
// first column, one solve per type (mols.go), and the deck searches use
// double lex order (maxsat.go) or its consequence, the first cards in
// standard form (native.go). Each file states the argument.
//
// # References
//
//   - R. C. Bose, On the application of the properties of Galois fields to
//     the problem of construction of hyper-Graeco-Latin squares, Sankhyā 3
//     (1938): planes of order n are n−1 MOLS of order n.
//   - J. Singer, A theorem in finite projective geometry and some
//     applications to number theory, Trans. AMS 43 (1938).
//   - G. Tarry, Le problème des 36 officiers, C. R. Assoc. Fr. Av. Sci.
//     (1900): no two orthogonal Latin squares of order 6.
//   - R. H. Bruck, H. J. Ryser, The nonexistence of certain finite
//     projective planes, Canad. J. Math. 1 (1949); S. Chowla, H. J. Ryser,
//     Combinatorial problems, Canad. J. Math. 2 (1950).
//   - C. W. H. Lam, L. Thiel, S. Swiercz, The non-existence of finite
//     projective planes of order 10, Canad. J. Math. 41 (1989).
//   - M. Deza, Solution d'un problème de Erdős–Lovász, J. Combin. Theory B
//     16 (1974): more than k²−k+1 cards form a sunflower.
//   - P. Flener et al., Breaking row and column symmetries in matrix
//     models, CP 2002 (double lex).
//   - E. Tomita, T. Seki, An efficient branch-and-bound algorithm for
//     finding a maximum clique, DMTCS 2003; P. San Segundo et al., An exact
//     bit-parallel algorithm for the maximum clique problem, Comput. Oper.
//     Res. 38 (2011).
package dobble
