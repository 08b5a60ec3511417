package benchmarks

import (
	"fmt"
	"os/exec"
)

// BuildSatsolve builds this module's satsolve command into the file path,
// once before a benchmark times anything, so that every run measures the
// same binary and none pays for compilation. The error carries the
// compiler's output.
func BuildSatsolve(path string) error {
	out, err := exec.Command("go", "build", "-o", path, "github.com/satsolve/satsolve/cmd/satsolve").CombinedOutput()
	if err != nil {
		return fmt.Errorf("building satsolve: %v\n%s", err, out)
	}
	return nil
}
