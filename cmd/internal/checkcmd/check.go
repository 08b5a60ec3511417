package checkcmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/proof"
	"github.com/satsolve/satsolve/sat/satfile"
)

// progressEvery is how often a long check reports on standard error.
const progressEvery = 5 * time.Second

// Command is satsolve check.
var Command = &cli.Command{
	Name:    "check",
	Summary: "verify a DRAT or LRAT proof that a CNF file is unsatisfiable",
	Args:    "[flags] FILE.cnf PROOF   (either may be - for standard input)",
	Doc: "Checks a proof written by any solver: DRAT, text or binary (recognised from\n" +
		"the content), backward with core-first unit propagation as drat-trim does;\n" +
		"LRAT (chosen by --proof-format lrat or a name ending in .lrat) forward by\n" +
		"its hints. Prints \"s VERIFIED\" and exits 0, or \"s NOT VERIFIED\" with the\n" +
		"failing step (FILE:LINE, or the byte offset of a binary step) on standard\n" +
		"error and exits 1; \"s UNKNOWN\" (exit 1) when --timeout ends the check.\n" +
		"Checks that run longer than 5 s report their progress on standard error.\n" +
		"See docs/proofs.md.",
	Flags: flags,
}

type checkOpts struct {
	format  proof.Format
	json    bool
	timeout time.Duration
	strict  bool
	verbose bool
}

func flags(fs *flag.FlagSet) cli.Action {
	var o checkOpts
	cli.Var(fs, &o.format, "proof-format", ": auto (LRAT for *.lrat, else DRAT), drat or binary-drat (both read either), lrat")
	cli.JSONVar(fs, &o.json, " (default: the \"s\" line)")
	cli.TimeoutVar(fs, &o.timeout, 0, ", then answer UNKNOWN")
	fs.BoolVar(&o.strict, "strict", false, "accept only the SAT-competition dialect of DIMACS CNF")
	cli.VerboseVar(fs, &o.verbose)
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if err := cli.WantArgs(args, 2, "FILE.cnf and PROOF"); err != nil {
			return err
		}
		if args[0] == "-" && args[1] == "-" {
			return cli.Usagef("FILE.cnf and PROOF cannot both be standard input")
		}
		return o.run(ctx, e, args[0], args[1])
	}
}

// report is the JSON output of satsolve check.
type report struct {
	CNF      string  `json:"cnf"`
	Proof    string  `json:"proof"`
	Format   string  `json:"format"`
	Status   string  `json:"status"` // VERIFIED, NOT VERIFIED or UNKNOWN
	Verified bool    `json:"verified"`
	Error    string  `json:"error,omitempty"`
	Stopped  string  `json:"stopped,omitempty"` // UNKNOWN: "interrupted" or "timeout"
	Step     int     `json:"step,omitempty"`    // failing step, from 1
	Line     int     `json:"line,omitempty"`    // its line (text proofs)
	Offset   *int64  `json:"offset,omitempty"`  // its byte offset (binary proofs)
	Seconds  float64 `json:"seconds"`

	Additions        int `json:"additions"`
	Deletions        int `json:"deletions"`
	Checked          int `json:"checked"`
	RAT              int `json:"rat"`
	IgnoredDeletions int `json:"ignored_deletions"`
	MissingDeletions int `json:"missing_deletions"`
}

func (o *checkOpts) run(ctx context.Context, e *cli.Env, cnfPath, proofPath string) error {
	start := time.Now()
	f, err := readCNF(e, cnfPath, o.strict)
	if err != nil {
		return err
	}
	r, closeProof, err := open(e, proofPath)
	if err != nil {
		return err
	}
	defer closeProof()
	format := o.format.ForFile(proofPath)
	pr := progress(e, start)
	res, err := proof.Check(f, r, format, proof.Options{File: proofPath, Context: ctx, Progress: pr.note})
	pr.stop()

	rep := report{CNF: cnfPath, Proof: proofPath, Format: format.String(), Seconds: time.Since(start).Seconds(),
		Additions: res.Additions, Deletions: res.Deletions, Checked: res.Checked, RAT: res.RAT,
		IgnoredDeletions: res.IgnoredDeletions, MissingDeletions: res.MissingDeletions}
	if format != proof.LRAT && res.Binary {
		rep.Format = proof.BinaryDRAT.String()
	}
	var se *proof.StepError
	var pe *proof.ParseError
	switch {
	case err == nil:
		rep.Status, rep.Verified = "VERIFIED", true
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
		err = cli.Explain(ctx, err)
		rep.Status, rep.Error, rep.Stopped = "UNKNOWN", "the check stopped: "+err.Error(), cli.StopReason(err)
	case errors.As(err, &se):
		rep.Status, rep.Error, rep.Step = "NOT VERIFIED", err.Error(), se.Step
		rep.setPos(se.Pos)
	case errors.As(err, &pe):
		rep.Status, rep.Error = "NOT VERIFIED", err.Error()
		rep.setPos(pe.Pos)
	default:
		return err // reading failed: an error, not a verdict
	}
	if o.verbose {
		fmt.Fprintf(e.Stderr, "c %s proof: %d lemmas, %d deletions (%d ignored, %d of missing clauses); %d lemmas checked (%d by RAT) in %.2fs\n",
			rep.Format, rep.Additions, rep.Deletions, rep.IgnoredDeletions, rep.MissingDeletions, rep.Checked, rep.RAT, rep.Seconds)
	}
	if o.json {
		if err := cli.WriteJSON(e.Stdout, rep); err != nil {
			return err
		}
	} else {
		if rep.Error != "" {
			e.Notef("%s", rep.Error)
		}
		fmt.Fprintf(e.Stdout, "s %s\n", rep.Status)
	}
	if !rep.Verified {
		return cli.Exit(cli.ExitError)
	}
	return nil
}

func (r *report) setPos(p proof.Pos) {
	if p.Line > 0 {
		r.Line = p.Line
		return
	}
	off := p.Offset
	r.Offset = &off
}

// readCNF reads the formula: DIMACS CNF only (a proof refutes clauses).
func readCNF(e *cli.Env, path string, strict bool) (*sat.Formula, error) {
	opts := satfile.Options{Format: satfile.CNF}
	if strict {
		opts.Mode = satfile.Strict
	}
	var p *satfile.Problem
	var err error
	if path == "-" {
		opts.File = "<stdin>"
		p, err = satfile.Read(e.Stdin, opts)
	} else {
		p, err = satfile.ReadFile(path, opts)
	}
	if err != nil {
		return nil, err
	}
	for _, w := range p.Warnings {
		e.Warnf("%v", w)
	}
	return p.Formula, nil
}

// open opens the proof ("-": standard input).
func open(e *cli.Env, path string) (io.Reader, func(), error) {
	if path == "-" {
		return e.Stdin, func() {}, nil
	}
	f, err := cli.Open(path)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}

// reporter prints the checker's progress on standard error every
// progressEvery once the check has run that long.
type reporter struct {
	e     *cli.Env
	start time.Time
	done  chan struct{}
	wg    sync.WaitGroup
	p     chan proof.Progress
}

func progress(e *cli.Env, start time.Time) *reporter {
	r := &reporter{e: e, start: start, done: make(chan struct{}), p: make(chan proof.Progress, 1)}
	r.wg.Add(1)
	go r.loop()
	return r
}

// note receives the checker's progress (it never blocks the checker).
func (r *reporter) note(p proof.Progress) {
	select {
	case r.p <- p:
	default:
	}
}

func (r *reporter) loop() {
	defer r.wg.Done()
	var cur proof.Progress
	t := time.NewTicker(progressEvery)
	defer t.Stop()
	for {
		select {
		case <-r.done:
			return
		case cur = <-r.p:
		case <-t.C:
			el := time.Since(r.start).Round(time.Second)
			switch {
			case cur.Phase == "":
				fmt.Fprintf(r.e.Stderr, "c checking for %v\n", el)
			case cur.Total > 0:
				fmt.Fprintf(r.e.Stderr, "c checking for %v: %s pass, step %d of %d\n", el, cur.Phase, cur.Steps, cur.Total)
			default:
				fmt.Fprintf(r.e.Stderr, "c checking for %v: %s pass, %d steps read\n", el, cur.Phase, cur.Steps)
			}
		}
	}
}

// stop ends the reports; nothing is printed after it returns.
func (r *reporter) stop() {
	close(r.done)
	r.wg.Wait()
}
