package solvecmd

// --proof and --certify: the cdcl engine writes every clause it adds,
// derives and deletes through a proof writer of sat/proof; --certify
// checks the proof of an UNSAT answer before printing it.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/backend"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/proof"
)

// certificate describes the proof written, and its check.
type certificate struct {
	file    string // "" for a temporary file, removed
	format  proof.Format
	bytes   int64
	checked bool // the proof was checked (--certify and UNSAT)
	check   time.Duration
	res     proof.Result
}

// proving reports whether a proof is to be written.
func (o *solveOpts) proving() bool { return o.proofFile != "" || o.certify }

// checkProofFlags validates --proof and --certify against the other flags
// and picks the proof engine when --backend was not given.
func (o *solveOpts) checkProofFlags() error {
	if !o.proving() {
		if o.proofFormat != proof.Auto {
			return cli.Usagef("--proof-format needs --proof or --certify")
		}
		return nil
	}
	flag := "--proof"
	if o.proofFile == "" {
		flag = "--certify"
	}
	if o.proofFile == "-" {
		return cli.Usagef("--proof -: the proof cannot go to standard output, which carries the answer; name a file")
	}
	switch {
	case !o.backendSet:
		o.backend = backend.ProofEngine
	case !backend.Proves(o.backend):
		return cli.Usagef("%s: backend %s cannot write proofs; only %s can (--backend %s)", flag, o.backend, backend.ProofEngine, backend.ProofEngine)
	}
	if o.preprocess {
		return cli.Usagef("%s cannot be used with --preprocess (the proof would be of the simplified clauses)", flag)
	}
	if o.cube >= 0 && o.certify {
		return cli.Usagef("--certify cannot be used with --cube (a cube's proof refutes the formula and the cube, not the formula; 'satsolve cubes collect --proof' checks the proofs of all cubes combined)")
	}
	if o.certify && o.proofFile == "" && o.proofFormat == proof.Auto {
		o.proofFormat = proof.LRAT // linear to check
	}
	o.proofFormat = o.proofFormat.ForFile(o.proofFile)
	if o.cube >= 0 && o.proofFormat == proof.LRAT {
		return cli.Usagef("--proof with --cube writes DRAT ('satsolve cubes collect --proof' combines DRAT proofs), not LRAT")
	}
	return nil
}

// withUnits returns f with a unit clause for every literal of a cube: the
// proof of a cube (--cube) refutes the formula with the cube's literals as
// unit clauses, which 'satsolve cubes collect --proof' combines into a
// proof of the formula.
func withUnits(f *sat.Formula, cube []sat.Lit) *sat.Formula {
	if len(cube) == 0 {
		return f
	}
	g := *f
	g.Clauses = slices.Clip(f.Clauses)
	for _, l := range cube {
		g.Clauses = append(g.Clauses, sat.Clause{l})
	}
	return &g
}

// solveWithProof solves the CNF formula f with s (a fresh cdcl solver)
// writing the proof, and checks it for an UNSAT answer under --certify.
func (o *solveOpts) solveWithProof(ctx context.Context, e *cli.Env, f *sat.Formula, s sat.Solver, start time.Time) (outcome, *certificate, error) {
	if len(f.PBs) > 0 || f.Objective != nil {
		return outcome{}, nil, cli.Usagef("proofs are for CNF files: this one has pseudo-Boolean constraints or an objective, which cdcl propagates natively and a clausal (DRAT or LRAT) proof cannot justify; solve it without --proof and --certify")
	}
	cert := &certificate{file: o.proofFile, format: o.proofFormat}
	var out outcome
	write := func(w io.Writer) error {
		pw := proof.NewWriter(cert.format, w)
		if err := backend.SetTracer(s, pw); err != nil {
			return err
		}
		if err := o.load(ctx, s, withUnits(f, o.assumptions), nil); err != nil {
			if ctx.Err() == nil {
				return err
			}
			out = outcome{status: sat.Unknown, reason: err}
			return pw.Flush()
		}
		stop := e.Progress("solve", "", 0).Done
		var err error
		out, err = o.decide(ctx, s)
		stop()
		if err != nil {
			return err
		}
		return pw.Flush()
	}
	path := o.proofFile
	var err error
	if path != "" {
		err = cli.WriteFile(path, write)
	} else {
		path, err = writeTemp(write)
		if path != "" {
			defer os.Remove(path)
		}
	}
	if err != nil {
		return outcome{}, nil, err
	}
	if fi, err := os.Stat(path); err == nil {
		cert.bytes = fi.Size()
	}
	o.logf(e, "%s proof: %d bytes", cert.format, cert.bytes)
	if !o.certify || out.status != sat.Unsat {
		return out, cert, nil
	}
	t := time.Now()
	r, err := cli.Open(path)
	if err != nil {
		return outcome{}, nil, err
	}
	defer r.Close()
	name := path
	if o.proofFile == "" {
		name = "the " + cert.format.String() + " proof"
	}
	cert.res, err = proof.Check(f, r, cert.format, proof.Options{File: name, Context: ctx})
	cert.check = time.Since(t)
	switch {
	case err == nil:
		cert.checked = true
		o.logf(e, "proof verified in %v: %d lemmas checked", cert.check.Round(time.Millisecond), cert.res.Checked)
		return out, cert, nil
	case ctx.Err() != nil:
		return outcome{status: sat.Unknown, reason: fmt.Errorf("the proof check stopped: %w", ctx.Err())}, cert, nil
	}
	return outcome{}, nil, fmt.Errorf("%w: the engine answered UNSATISFIABLE but its proof does not check: %v", errNotCertified, err)
}

// errNotCertified is an UNSAT answer whose proof failed.
var errNotCertified = errors.New("not certified")

// writeTemp runs write on a temporary file and returns its path (also on
// error, so that the caller removes it).
func writeTemp(write func(io.Writer) error) (string, error) {
	cli.HoldSignals() // a signal must end the command, which removes the file
	tmp, err := os.CreateTemp("", "satsolve-proof-*")
	if err != nil {
		return "", err
	}
	err = write(tmp)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	return tmp.Name(), err
}
