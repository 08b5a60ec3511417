package benchmarks

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/ulikunitz/xz"
)

// Decompress writes the contents of the corpus file src (xz-compressed
// when its name ends in .xz) to dst, creating dst's directory, through a
// temporary file renamed at the end, so that an interrupted run never
// leaves a truncated input behind.
func Decompress(src, dst string) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	var r io.Reader = in
	if strings.HasSuffix(src, ".xz") {
		if r, err = xz.NewReader(in); err != nil {
			return err
		}
	}
	tmp := dst + ".tmp"
	out, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, r); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, dst)
}

// SplitSolvers splits a -solvers list at semicolons when it has any (so
// that "satsolve:--backend portfolio:gini,walk" stays whole), else at
// commas.
func SplitSolvers(list string) []string {
	if strings.Contains(list, ";") {
		return strings.Split(list, ";")
	}
	return strings.Split(list, ",")
}

// Filter compiles a -filter flag's regular expression; nil for an empty
// one, which keeps everything.
func Filter(expr string) (*regexp.Regexp, error) {
	if expr == "" {
		return nil, nil
	}
	return regexp.Compile(expr)
}
