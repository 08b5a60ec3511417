package encode_test

import (
	"go/build"
	"strings"
	"testing"
)

// TestImportPolicy holds the import rules of the encoders as a test:
// encode imports only sat and the standard library, encode/optimize only
// sat, encode and the standard library. Neither ever imports a backend.
func TestImportPolicy(t *testing.T) {
	policy := map[string][]string{
		".":              {"github.com/satsolve/satsolve/sat"},
		"optimize":       {"github.com/satsolve/satsolve/sat", "github.com/satsolve/satsolve/encode"},
		"internal/check": {"github.com/satsolve/satsolve/sat"},
	}
	for dir, allowed := range policy {
		pkg, err := build.ImportDir(dir, 0)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		for _, imp := range pkg.Imports {
			first, _, _ := strings.Cut(imp, "/")
			if !strings.Contains(first, ".") && first != "satsolve" {
				continue // standard library
			}
			ok := false
			for _, a := range allowed {
				ok = ok || imp == a
			}
			if !ok {
				t.Errorf("%s imports %s; allowed: the standard library and %v", dir, imp, allowed)
			}
		}
	}
}
