package sat

// A Stat is one counter of a solver's search.
type Stat struct {
	// Name is the counter's name, lower case, in the words MiniSat and
	// CaDiCaL print: "conflicts", "decisions", "propagations",
	// "restarts", "learnt clauses".
	Name  string
	Value int64
}

// Statser is implemented by solvers that report statistics of their
// search: counters over the solver's whole life (every Solve), in a stable
// order, as far as the engine keeps them. The command prints them as "c"
// lines with solve -v.
type Statser interface {
	Stats() []Stat
}
