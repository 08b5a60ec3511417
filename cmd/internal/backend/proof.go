package backend

import (
	"fmt"
	"strings"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/proof"
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

// NewProver returns a fresh cdcl solver that reports every clause it
// adds, derives and deletes to t.
func NewProver(t cdcl.Tracer) sat.Solver {
	s := cdcl.New()
	s.SetTracer(t)
	return s
}

// NewCertifier returns a certifier whose prover is cdcl: wrap the solvers
// of any backend with it (Solver, Factory) and their UNSAT answers are
// re-proved by cdcl and its proofs checked (the --certify flag of the
// model commands).
func NewCertifier() *proof.Certifier {
	return &proof.Certifier{NewProver: func(t proof.Tracer) sat.Solver { return NewProver(t) }}
}
