package cli

import (
	"context"
	"flag"
	"io"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/satfile"
)

// Instance holds the --dimacs and --opb flags every model command has:
// write the encoded instance to a file instead of solving it.
type Instance struct {
	DIMACS, OPB string
}

// InstanceFlags registers --dimacs and --opb on fs.
func InstanceFlags(fs *flag.FlagSet) *Instance {
	o := &Instance{}
	fs.StringVar(&o.DIMACS, "dimacs", "", usage("dimacs", ", with comments naming the variables"))
	fs.StringVar(&o.OPB, "opb", "", usage("opb", ", with comments naming the variables"))
	return o
}

// Requested reports whether an instance file was asked for.
func (o *Instance) Requested() bool { return o.DIMACS != "" || o.OPB != "" }

// Write writes f to the requested files, with comments (typically "name =
// variable" lines) so that a model from any external solver can be
// decoded. Each file is written atomically (see WriteFile): when ctx ends
// during the write (a plane of order 9 is 330 MB of DIMACS), the write
// stops at the next buffer and no file is left.
func (o *Instance) Write(ctx context.Context, f *sat.Formula, comments []string) error {
	if o.DIMACS != "" {
		if err := WriteFile(o.DIMACS, func(w io.Writer) error { return satfile.WriteCNF(ctxWriter{ctx, w}, f, comments...) }); err != nil {
			return err
		}
	}
	if o.OPB != "" {
		if err := WriteFile(o.OPB, func(w io.Writer) error { return satfile.WriteOPB(ctxWriter{ctx, w}, f, comments...) }); err != nil {
			return err
		}
	}
	return nil
}

// ctxWriter writes to w until ctx ends, then fails every write with ctx's
// error. The satfile writers buffer, so it is asked once per buffer.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}
