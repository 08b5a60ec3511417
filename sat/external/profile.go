package external

// profile says how to run one solver binary.
type profile struct {
	// args builds the argument list from the input path and, for solvers
	// that write their answer to a file, the result path.
	args func(in, out string) []string
	// resultFile reports that the answer is read from the result file
	// (minisat's "SAT" / "UNSAT" / "INDET" then literals) instead of stdout.
	resultFile bool
}

// profiles holds the solvers whose command line needs more than the input
// file. Any other binary is run as "NAME FILE" and must print the
// competition's "s" and "v" lines.
var profiles = map[string]profile{
	"minisat": {args: func(in, out string) []string { return []string{"-verb=0", in, out} }, resultFile: true},
	"cadical": {args: func(in, _ string) []string { return []string{"-q", in} }},
	"kissat":  {args: func(in, _ string) []string { return []string{"-q", in} }},
	"cryptominisat5": {args: func(in, _ string) []string {
		return []string{"--verb", "0", "--threads", "1", in}
	}},
}

func profileFor(name string) profile {
	if p, ok := profiles[name]; ok {
		return p
	}
	return profile{args: func(in, _ string) []string { return []string{in} }}
}
