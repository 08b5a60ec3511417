package main

import (
	"flag"
	"os"
	"path/filepath"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/dimacs"
)

// instanceOut holds the --dimacs and --opb flags every model command has:
// write the encoded instance to a file instead of solving it.
type instanceOut struct {
	dimacs, opb string
}

// addInstanceFlags registers --dimacs and --opb on fs.
func addInstanceFlags(fs *flag.FlagSet) *instanceOut {
	o := &instanceOut{}
	fs.StringVar(&o.dimacs, "dimacs", "", "write the encoded instance as DIMACS CNF to this file instead of solving")
	fs.StringVar(&o.opb, "opb", "", "write the encoded instance as OPB to this file instead of solving")
	return o
}

// requested reports whether an instance file was asked for.
func (o *instanceOut) requested() bool { return o.dimacs != "" || o.opb != "" }

// write writes f to the requested files, with comments (typically "name =
// variable" lines) so a model from any external solver can be decoded. A
// file is written to a temporary name first and renamed, so a failure
// leaves nothing half-written.
func (o *instanceOut) write(f *sat.Formula, comments []string) error {
	if o.dimacs != "" {
		if err := writeAtomic(o.dimacs, func(file *os.File) error { return dimacs.WriteCNF(file, f, comments...) }); err != nil {
			return err
		}
	}
	if o.opb != "" {
		if err := writeAtomic(o.opb, func(file *os.File) error { return dimacs.WriteOPB(file, f, comments...) }); err != nil {
			return err
		}
	}
	return nil
}

// writeAtomic writes a file through a temporary file in the same directory
// and renames it into place only when fill succeeded.
func writeAtomic(path string, fill func(*os.File) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	// CreateTemp makes the file private; an output file is an ordinary one.
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := fill(tmp); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
