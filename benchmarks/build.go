package benchmarks

import (
	"fmt"
	"os/exec"
	"path/filepath"
)

// BuildSatsolve builds this module's satsolve command into the file path,
// and beside it the executables satsolve runs for its other commands
// (satsolve-nonogram, satsolve-dobble, …, satsolve-serve: "satsolve
// nonogram" runs satsolve-nonogram, found beside satsolve), once before a
// benchmark times anything, so that every run measures the same binaries
// and none pays for compilation. The error carries the compiler's output.
func BuildSatsolve(path string) error {
	out, err := exec.Command("go", "build", "-o", path, "github.com/satsolve/satsolve/cmd/satsolve").CombinedOutput()
	if err != nil {
		return fmt.Errorf("building satsolve: %v\n%s", err, out)
	}
	dir := filepath.Dir(path) + string(filepath.Separator)
	out, err = exec.Command("go", "build", "-o", dir, "github.com/satsolve/satsolve/cmd/satsolve-...").CombinedOutput()
	if err != nil {
		return fmt.Errorf("building satsolve's sibling executables: %v\n%s", err, out)
	}
	return nil
}
