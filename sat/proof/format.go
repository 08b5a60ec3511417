package proof

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/satsolve/satsolve/sat"
)

// Format is a proof format.
type Format int

// The proof formats. Auto, for reading, means DRAT (text or binary,
// recognised from the content) unless the file is named *.lrat.
const (
	Auto Format = iota
	DRAT
	BinaryDRAT
	LRAT
)

var formatNames = [...]string{Auto: "auto", DRAT: "drat", BinaryDRAT: "binary-drat", LRAT: "lrat"}

// String returns the format's name: auto, drat, binary-drat or lrat.
func (f Format) String() string {
	if f < 0 || int(f) >= len(formatNames) {
		return fmt.Sprintf("Format(%d)", int(f))
	}
	return formatNames[f]
}

// ParseFormat returns the format called name.
func ParseFormat(name string) (Format, error) {
	for f, n := range formatNames {
		if n == name {
			return Format(f), nil
		}
	}
	return Auto, fmt.Errorf("unknown proof format %q (want %s)", name, strings.Join(formatNames[:], ", "))
}

// Set parses a flag value (flag.Value).
func (f *Format) Set(name string) error {
	g, err := ParseFormat(name)
	if err == nil {
		*f = g
	}
	return err
}

// ForFile resolves Auto for the proof file path: LRAT for a name ending in
// .lrat, DRAT (text or binary) otherwise. Other formats are returned as
// they are.
func (f Format) ForFile(path string) Format {
	if f != Auto {
		return f
	}
	if strings.EqualFold(filepath.Ext(path), ".lrat") {
		return LRAT
	}
	return DRAT
}

// Writer is a proof writer: the engine's proof hook (sat/cdcl.Tracer) plus
// Flush, Close and Err, which report the first write error.
type Writer interface {
	Original(id uint64, lits []sat.Lit)
	Derived(id uint64, lits []sat.Lit, hints []uint64)
	Deleted(id uint64, lits []sat.Lit)
	Flush() error
	Close() error
	Err() error
}

// NewWriter returns a writer of format f on w (Auto writes DRAT).
func NewWriter(f Format, w io.Writer) Writer {
	switch f {
	case BinaryDRAT:
		return NewBinaryDRATWriter(w)
	case LRAT:
		return NewLRATWriter(w)
	}
	return NewDRATWriter(w)
}

// Check checks the proof read from r in format f (Auto: DRAT, text or
// binary) with the LRAT or the DRAT checker.
func Check(f *sat.Formula, r io.Reader, format Format, opts Options) (Result, error) {
	if format == LRAT {
		return CheckLRAT(f, r, opts)
	}
	return CheckDRAT(f, r, opts)
}
