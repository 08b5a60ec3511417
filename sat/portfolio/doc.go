// Package portfolio runs several SAT backends on the same clauses at once
// and returns the first definite answer, cancelling the others.
//
// Every clause and variable is forwarded to every member, so all members
// see the same formula and their variable pools stay in step. A
// pseudo-Boolean constraint (AddPB, pb.go) goes natively to the members
// that take PB constraints and as clauses to the others, encoded at the
// next Solve under its context, with the encoding's variables allocated
// in every member. Solve starts
// one goroutine per member with a shared child context; the first Sat or
// Unsat wins, the context is cancelled, and Solve waits for every member to
// return before it does, so the next AddClause never races with a losing
// search. Members must therefore honour cancellation promptly (the gini
// adapter stops within milliseconds; the gophersat adapter kills its child
// process).
//
// A Sat answer is trustworthy on its own: every member checks its model
// before answering. An Unsat answer is trusted only as far as its member is.
// If a second member finishes with the opposite definite answer before it
// is cancelled, Solve reports the disagreement as an error (Unknown) rather
// than pick a side: a wrong answer is worse than none.
//
// On a 2-core machine a portfolio of two members costs twice the CPU of
// the faster one until the answer; it pays off on single hard instances
// where the members' strengths differ (gophersat on random UNSAT, gini on
// structured CNF; see the research brief backends.md §5.5).
package portfolio
