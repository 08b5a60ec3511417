// Package nonogramcmd is satsolve nonogram: solve puzzles (the picture,
// uniqueness, solution counts, pictures as SVG or PNG, the encoded
// instance), rate them, and offer satsolve compare nonogram as "nonogram
// compare".
package nonogramcmd
