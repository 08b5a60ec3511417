package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/satsolve/satsolve/sat/satfile"
)

// WriteFile writes the file at path through a temporary file in the same
// directory, renamed into place only when fill succeeded, so that a failure
// leaves nothing behind: neither a half-written file at path nor the
// temporary file. Errors name path, never the temporary file.
func WriteFile(path string, fill func(w io.Writer) error) (err error) {
	HoldSignals() // a signal must end the command here, not the process
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("%s is a directory: name a file to write", path)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return pathError(path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	// CreateTemp makes the file private; an output file is an ordinary one.
	if err := tmp.Chmod(0o644); err != nil {
		return pathError(path, err)
	}
	if err := fill(tmp); err != nil {
		return pathError(path, err)
	}
	if err := tmp.Close(); err != nil {
		return pathError(path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return pathError(path, err)
	}
	return nil
}

// pathError returns err about path: the operating system's reason with
// the user's path, in place of the temporary file's.
func pathError(path string, err error) error {
	var pe *os.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		err = pe.Err
	case errors.As(err, &le):
		err = le.Err
	default:
		// An error of fill (encoding, say): keep it whole.
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return &os.PathError{Op: "write", Path: path, Err: err}
}

// Open opens the file at path for reading, refusing a directory with "PATH
// is a directory, not a file" (satfile.OpenFile): every command reads its
// input files through it.
func Open(path string) (*os.File, error) {
	return satfile.OpenFile(path)
}
