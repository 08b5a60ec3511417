package backend

import (
	"fmt"
	"strings"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
)

// ProofEngine is the engine that writes proofs, for messages and for
// --proof's default backend.
const ProofEngine = "cdcl"

// Proves reports whether spec names an engine that writes proofs: cdcl,
// with or without options.
func Proves(spec string) bool {
	return spec == ProofEngine || strings.HasPrefix(spec, ProofEngine+":")
}

// SetTracer attaches a proof writer to s, a fresh solver made from a spec
// that Proves; every clause added afterwards goes through t. Any writer of
// sat/proof is a cdcl.Tracer.
func SetTracer(s sat.Solver, t cdcl.Tracer) error {
	c, ok := s.(*cdcl.Solver)
	if !ok {
		return fmt.Errorf("backend %T cannot write proofs (only %s can)", s, ProofEngine)
	}
	c.SetTracer(t)
	return nil
}
