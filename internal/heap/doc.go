// Package heap is the indexed binary max-heap that the decision
// heuristics share: the EVSIDS variable order of sat/cdcl and the cell
// order of the nonogram learning search. It holds small integers (a
// variable, a cell) ordered by keys the caller owns and passes with each
// call, and keeps each integer's position, so that raising one key
// restores the order in O(log n) (MiniSat's Heap, with an external
// activity array, is the model).
//
// container/heap does the same through an interface, whose method calls
// the compiler cannot inline: on the engine's hot path (a pop per
// decision, a sift per bumped variable) that costs. Here the order is
// fixed (larger key first; among equal keys either no particular order,
// or the smaller integer first) and the heap is generic over the key type,
// so every comparison compiles to a load and a compare.
//
// It imports only the standard library; the engines and the models may
// import it (deps_test.go).
package heap
