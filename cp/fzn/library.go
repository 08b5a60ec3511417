package fzn

// satsolve's MiniZinc library (the files of mznlib/, kept in the binary)
// and its solver configuration: what "satsolve fzn --install DIR" writes
// so that "minizinc --solver satsolve" runs satsolve.

import (
	"embed"
	"encoding/json"
	"io/fs"
)

//go:embed mznlib/*.mzn
var library embed.FS

// Library returns satsolve's MiniZinc library: redefinitions.mzn (nosets
// and the native half-reified builtins) and one fzn_*.mzn file per global
// constraint satsolve solves natively.
func Library() fs.FS {
	sub, err := fs.Sub(library, "mznlib")
	if err != nil {
		panic(err) // the embedded directory is there by construction
	}
	return sub
}

// SolverID is the id of satsolve's solver configuration: minizinc
// --solver satsolve finds it by its last component.
const SolverID = "org.satsolve.satsolve"

// StdFlags are the standard flags of MiniZinc's solver interface that
// satsolve fzn accepts.
var StdFlags = []string{"-a", "-n", "-i", "-f", "-p", "-r", "-s", "-t", "-v"}

// An ExtraFlag is a flag of satsolve fzn beyond the standard ones, as the
// solver configuration declares it to MiniZinc (and the IDE): its name,
// description, type ("opt:a:b:c", "int", "bool") and default.
type ExtraFlag struct {
	Name, Description, Type, Default string
}

// SolverConfig returns the solver configuration (a .msc file) of satsolve:
// executable is the command MiniZinc runs (the satsolve binary's absolute
// path and "fzn"), mznlib the library's directory (relative to the .msc
// file, or absolute).
func SolverConfig(executable []string, mznlib, version string, extra []ExtraFlag) []byte {
	flags := make([][4]string, len(extra))
	for i, f := range extra {
		flags[i] = [4]string{f.Name, f.Description, f.Type, f.Default}
	}
	msc := struct {
		ID          string      `json:"id"`
		Name        string      `json:"name"`
		Version     string      `json:"version"`
		Description string      `json:"description"`
		Executable  []string    `json:"executable"`
		Mznlib      string      `json:"mznlib"`
		Tags        []string    `json:"tags"`
		StdFlags    []string    `json:"stdFlags"`
		ExtraFlags  [][4]string `json:"extraFlags"`
		// MiniZinc 2.6 knows supportsFzn and refuses inputType (2.8 and
		// later accept both).
		SupportsFzn    bool `json:"supportsFzn"`
		NeedsSolns2Out bool `json:"needsSolns2Out"`
	}{
		ID: SolverID, Name: "satsolve", Version: version,
		Description: "satsolve: integer and Boolean models encoded into SAT, every solution checked against the FlatZinc model",
		Executable:  executable, Mznlib: mznlib,
		Tags:     []string{"cp", "int", "sat"},
		StdFlags: StdFlags, ExtraFlags: flags,
		SupportsFzn: true, NeedsSolns2Out: true,
	}
	b, err := json.MarshalIndent(msc, "", "  ")
	if err != nil {
		panic(err) // strings and booleans always marshal
	}
	return append(b, '\n')
}
