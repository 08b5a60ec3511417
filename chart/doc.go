// Package chart holds the plotting conventions of the project's charts
// (satsolve compare, chipfire strategies, the benchmark reports), on top of
// gonum/plot: series styles that stay distinct for many series (ten
// colour-blind-aware colours, each with its own glyph and dash pattern),
// legends drawn outside the data area, titles wrapped to the width, and
// logarithmic time axes.
//
// It draws no puzzle and knows no model: it imports only gonum/plot, and
// every package that draws a chart (compare, the command packages, a
// family's picture package, the benchmarks) may import it.
package chart
