// Package proof writes, reads and checks clausal proofs of
// unsatisfiability: DRAT (text and binary) and LRAT.
//
// A proof is a sequence of steps over the clauses of a CNF formula: add a
// lemma, or delete a clause. A lemma must follow from the clauses alive
// at that point — by reverse unit propagation (RUP: unit propagation on
// its negation reaches a conflict) or as a resolution asymmetric tautology
// on its first literal (RAT) — and the proof refutes the formula when it
// derives the empty clause. DRAT (Heule, Hunt and Wetzler 2014) lists the
// lemmas alone, and the checker has to find each derivation; LRAT
// (Cruz-Filipe et al. 2017) numbers the clauses and gives each lemma its
// hints, the clauses that propagate in order, so that checking is a linear
// walk.
//
// # Writers
//
// DRATWriter, BinaryDRATWriter and LRATWriter have the three methods of the
// proof hook of sat/cdcl (Original, Derived, Deleted; see that package's
// proof.go), which they satisfy structurally, so that neither package
// imports the other. They buffer their output; Flush and Close report the
// first write error (a failed proof write is an error, never silent).
//
// NewWriter picks a writer by Format (drat, binary-drat, lrat), which is
// also a flag value.
//
// # Readers
//
// DRATReader streams a DRAT proof and recognises binary DRAT from its
// first bytes (a zero byte or a control character, or a leading 'a'),
// as drat-trim does; LRATReader streams text LRAT. Both keep one buffer and
// one step in memory, bound the length of a step, and report a malformed
// step as a *ParseError with FILE:LINE (text) or FILE: byte OFFSET
// (binary, the offset of the step or of the bad literal).
//
// # Checkers
//
// CheckLRAT checks an LRAT proof forward, every step, by its hints; its
// memory is the formula plus the live clauses. CheckDRAT checks a DRAT
// proof backward as drat-trim does: a forward pass stores the lemmas and
// stops at the first step after which unit propagation refutes the
// formula, then the lemmas that the refutation needs are checked from the
// last to the first, with core-first unit propagation, RUP then RAT on the
// first literal. Its memory is the formula plus the lemmas up to the
// refutation. It can write an LRAT proof of what it checked
// (Options.LRAT), which CheckLRAT then verifies: the two checkers check
// each other.
//
// Check dispatches on a Format. Both return nil for a verified proof; a *StepError naming the failing
// step (its line or byte offset and its number among the steps) — for
// LRAT the first failing step, for DRAT the failing needed lemma met first
// in the backward pass — or the end of a proof that refutes nothing; a
// *ParseError for a malformed step.
//
// # Certified answers
//
// A Verifier is a Tracer that checks an engine's proof as it is written
// (the LRAT checker fed through the proof hook, no file). A Certifier
// wraps any sat.Solver: it records the clauses added, and each time the
// solver answers Unsat it solves the recorded clauses plus the assumptions
// again with a proof-writing solver (sat/cdcl, supplied by the caller)
// under a Verifier, and returns Unsat only if the proof checks. The model
// commands' --certify rests on it.
//
// # Choices
//
// Choices where the formats leave room:
//
//   - DRAT deletions of a clause that is unit under the top-level
//     assignment (a unit clause, or a clause with one true literal and the
//     others false) are ignored, as drat-trim ignores deletions of unit and
//     reason clauses: solvers delete satisfied reason clauses and rely on
//     their literal staying assigned. The rule covers every clause that
//     could be a reason so that it does not depend on the order of
//     propagation. Ignoring a deletion is sound (the checker then works on
//     more clauses, all of them implied), and Result.IgnoredDeletions
//     counts them. LRAT deletions are always honoured.
//   - Deleting a clause that is not alive is ignored and counted
//     (Result.MissingDeletions), as in drat-trim.
//   - Duplicate literals in a clause are merged; a tautology is a valid
//     lemma.
//   - LRAT RAT steps use the format's syntax: after the positive hints,
//     a group "-D h1 h2 …" for each live clause D containing the negated
//     first literal (a group may be left out when the resolvent is a
//     tautology). They are checked, not only parsed. Binary LRAT is
//     refused with a clear error.
//   - Steps after the refutation (DRAT) or after the empty clause (LRAT)
//     are not read.
//   - Variables may exceed the formula's (extended resolution); they are
//     renumbered densely, so memory follows the variables used, not the
//     numbers written.
package proof
