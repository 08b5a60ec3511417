package dobblecmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/models/dobble"
	"github.com/satsolve/satsolve/sat"
)

// buildOpts are the flags of satsolve dobble build.
type buildOpts struct {
	dobbleCommon
	k, lambda    int
	construction string
	sat, prove   bool
	model        string
	symmetry     string
	pair         string
	orthAMO      string
	cases        string
	inst         *cli.Instance
}

// buildJSON is the JSON report of satsolve dobble build.
type buildJSON struct {
	K       int     `json:"k"`
	Lambda  int     `json:"lambda"`
	Order   int     `json:"order,omitempty"` // q = k−1 for λ = 1
	Method  string  `json:"method"`
	Status  string  `json:"status"` // SAT, UNSAT or UNKNOWN for SAT runs, "built" otherwise
	Reason  string  `json:"reason,omitempty"`
	Backend string  `json:"backend,omitempty"`
	Cases   int     `json:"cases,omitempty"`
	Vars    int     `json:"vars,omitempty"`
	Clauses int     `json:"clauses,omitempty"`
	Seconds float64 `json:"seconds"`
	// Certified counts the UNSAT answers certified (--certify).
	Certified *int           `json:"certified,omitempty"`
	Cards     [][]symbolJSON `json:"cards,omitempty"`
	Squares   [][][]int      `json:"squares,omitempty"`
}

func buildFlags(fs *flag.FlagSet) cli.Action {
	var o buildOpts
	cli.IntVar(fs, &o.k, "k", 0, " (a plane of order k−1 when λ = 1)")
	cli.IntVar(fs, &o.lambda, "lambda", 1, "; λ ≥ 2: a symmetric 2-(v,k,λ) design")
	cli.Enum(fs, &o.construction, "construction", "auto", "auto (affine over Z_q for prime q, homogeneous over GF(q) otherwise), affine, homogeneous or singer",
		cli.Words("auto", "affine", "homogeneous", "singer"))
	cli.BoolVar(fs, &o.sat, "sat", ": build by SAT search instead of a construction")
	fs.BoolVar(&o.prove, "prove", false, "refute two orthogonal Latin squares of order k−1 by SAT, which proves that no plane of order k−1 exists (order 6: Tarry's theorem)")
	cli.Enum(fs, &o.model, "model", "incidence", "SAT model for --sat: incidence (the v×v incidence matrix) or mols (k−2 orthogonal Latin squares, planes only)",
		cli.Words("incidence", "mols"))
	cli.EnumVar(fs, &o.symmetry, "symmetry", "", ": none, lex, pencil, transversal or latin for the incidence model (default latin for planes, lex otherwise); none, reduced or cycles for the Latin squares (default cycles)",
		func(w string) error {
			if _, err := dobble.ParseSymmetry(w); err == nil {
				return nil
			}
			_, err := dobble.ParseMOLSSymmetry(w)
			return err
		})
	cli.Enum(fs, &o.pair, "pair", "aux", "encoding of 'two cards share exactly λ' in the incidence model: aux or rect (λ = 1)", cli.Check(dobble.ParsePairEncoding))
	cli.Enum(fs, &o.orthAMO, "orth-amo", dobble.DefaultMOLSOptions.OrthAMO.String(), "at-most-one encoding of orthogonality (each value pair in one cell) in the Latin-square model", cli.Check(encode.ParseAMOMethod))
	cli.Enum(fs, &o.cases, "cases", "", "how the symmetry cases are solved: together (one formula, a selector per case) or separate (one solver each); default together for Latin squares, separate for the incidence model",
		cli.Words("together", "separate"))
	o.register(fs, "deck", "")
	o.inst = cli.InstanceFlags(fs)
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if err := cli.WantArgs(args, 0, "no arguments"); err != nil {
			return err
		}
		if o.k < 2 || o.lambda < 1 || o.lambda >= o.k {
			return cli.Usagef("-k %d --lambda %d: want 1 ≤ λ < k", o.k, o.lambda)
		}
		switch {
		case o.prove:
			return o.runProve(ctx, e)
		case o.sat || o.inst.Requested():
			return o.runSAT(ctx, e)
		}
		return o.runConstruction(e)
	}
}

// runConstruction builds the deck by a construction.
func (o *buildOpts) runConstruction(e *cli.Env) error {
	start := time.Now()
	var d *dobble.Deck
	var err error
	method := o.construction
	switch {
	case o.lambda > 1:
		if o.construction != "auto" {
			return cli.Usagef("--construction %s builds planes; designs with λ ≥ 2 come from difference sets", o.construction)
		}
		method = "difference set"
		d, err = dobble.Design(o.k, o.lambda)
	case o.construction == "auto":
		method = "affine"
		if !isPrime(o.k - 1) {
			method = "homogeneous"
		}
		d, err = dobble.Plane(o.k - 1)
	case o.construction == "singer":
		d, err = dobble.Singer(o.k - 1)
	case o.construction == "affine" || o.construction == "homogeneous":
		d, err = o.fieldPlane()
	default:
		return cli.Usagef("--construction %q: want auto, affine, homogeneous or singer", o.construction)
	}
	if err != nil {
		var np *dobble.NoPlaneError
		switch {
		case errors.As(err, &np) && np.Verdict.Exists == dobble.Impossible:
			return o.impossible(e, "theory", np.Error()+o.proveHint(), time.Since(start), nil)
		case errors.As(err, &np) && np.Verdict.Exists == dobble.Unknown && o.lambda > 1:
			err = fmt.Errorf("%w (--sat searches for one)", err)
		}
		return err
	}
	if err := dobble.Check(d, o.k, o.lambda); err != nil {
		return fmt.Errorf("internal error: the %s construction fails the check: %w", method, err)
	}
	return o.emitDeck(e, d, method, time.Since(start), nil)
}

// fieldPlane builds PG(2, q) by the affine or homogeneous construction.
func (o *buildOpts) fieldPlane() (*dobble.Deck, error) {
	q := o.k - 1
	if v := dobble.PlaneVerdict(q); v.Exists != dobble.Exists {
		return nil, &dobble.NoPlaneError{Order: q, Verdict: v}
	}
	F, err := dobble.NewField(q)
	if err != nil {
		return nil, err
	}
	if o.construction == "affine" {
		return dobble.Affine(F), nil
	}
	return dobble.Homogeneous(F), nil
}

func isPrime(q int) bool {
	if q < 2 {
		return false
	}
	for d := 2; d*d <= q; d++ {
		if q%d == 0 {
			return false
		}
	}
	return true
}

// emitDeck prints a built deck.
func (o *buildOpts) emitDeck(e *cli.Env, d *dobble.Deck, method string, took time.Duration, extra *buildJSON) error {
	j := buildJSON{K: o.k, Lambda: o.lambda, Method: method, Status: "built", Seconds: took.Seconds(), Cards: deckLabels(d)}
	if extra != nil {
		j.Status, j.Backend, j.Cases, j.Vars, j.Clauses = extra.Status, extra.Backend, extra.Cases, extra.Vars, extra.Clauses
	}
	what := fmt.Sprintf("symmetric 2-(%d,%d,%d) design", len(d.Cards), o.k, o.lambda)
	if o.lambda == 1 {
		j.Order = o.k - 1
		what = fmt.Sprintf("projective plane of order %d", o.k-1)
	}
	header := fmt.Sprintf("%s: %d cards of %d symbols, any two share exactly %d (%s)", what, len(d.Cards), o.k, o.lambda, method)
	if extra != nil {
		header += fmt.Sprintf(", found by %s in %.2fs", extra.Backend, took.Seconds())
	}
	return o.emit(e, j, func(w io.Writer) error { return writeDeckText(w, d, header) })
}

// runSAT searches for the design by SAT (or writes the instance).
func (o *buildOpts) runSAT(ctx context.Context, e *cli.Env) error {
	ver, err := dobble.DesignVerdict(o.k, o.lambda)
	if err != nil {
		return err
	}
	if ver.V == 0 {
		return o.impossible(e, "theory", "no symmetric design: "+ver.Reason, 0, nil)
	}
	if o.lambda == 1 && ver.Exists == dobble.Impossible && !o.inst.Requested() {
		return o.impossible(e, "theory", fmt.Sprintf("no projective plane of order %d: %s", o.k-1, ver.Reason)+o.proveHint(), 0, nil)
	}
	if o.lambda == 1 && ver.Exists == dobble.Unknown && !o.inst.Requested() {
		return fmt.Errorf("refusing to search for a plane of order %d: %s; a SAT search would not finish", o.k-1, ver.Reason)
	}
	switch o.model {
	case "incidence":
		return o.runIncidence(ctx, e)
	case "mols":
		if o.lambda != 1 {
			return cli.Usagef("--model mols builds planes (λ = 1)")
		}
		return o.runMOLSPlane(ctx, e)
	}
	return cli.Usagef("--model %q: want incidence or mols", o.model)
}

// incidenceOptions parses the options of the incidence model.
func (o *buildOpts) incidenceOptions() (dobble.Options, error) {
	if o.amo == "" {
		o.amo = dobble.DefaultOptions.AMO.String()
	}
	card, amo, err := o.methods()
	if err != nil {
		return dobble.Options{}, err
	}
	sym := dobble.SymLex
	if o.lambda == 1 {
		sym = dobble.DefaultOptions.Symmetry
	}
	if o.symmetry != "" {
		if sym, err = dobble.ParseSymmetry(o.symmetry); err != nil {
			return dobble.Options{}, err
		}
	}
	pair, err := dobble.ParsePairEncoding(o.pair)
	if err != nil {
		return dobble.Options{}, err
	}
	together, err := o.together(dobble.DefaultOptions.Together)
	return dobble.Options{Pair: pair, Card: card, AMO: amo, Symmetry: sym, Together: together}, err
}

// together parses --cases.
func (o *buildOpts) together(def bool) (bool, error) {
	switch o.cases {
	case "":
		return def, nil
	case "together":
		return true, nil
	case "separate":
		return false, nil
	}
	return false, cli.Usagef("--cases %q: want together or separate", o.cases)
}

// molsOptions parses the options of the Latin-square model.
func (o *buildOpts) molsOptions() (dobble.MOLSOptions, error) {
	opt := dobble.DefaultMOLSOptions
	var err error
	if o.amo != "" {
		if opt.AMO, err = encode.ParseAMOMethod(o.amo); err != nil {
			return opt, err
		}
	}
	if opt.OrthAMO, err = encode.ParseAMOMethod(o.orthAMO); err != nil {
		return opt, err
	}
	if o.symmetry != "" {
		if opt.Symmetry, err = dobble.ParseMOLSSymmetry(o.symmetry); err != nil {
			return opt, err
		}
	}
	opt.Together, err = o.together(opt.Together)
	return opt, err
}

func (o *buildOpts) runIncidence(ctx context.Context, e *cli.Env) error {
	opt, err := o.incidenceOptions()
	if err != nil {
		return err
	}
	if o.inst.Requested() {
		f := &sat.Formula{}
		var m *dobble.Matrix
		var sel []sat.Lit
		err := sat.EncodeContext(ctx, f, func(s sat.Sink) (err error) {
			m, sel, err = dobble.EncodeDesignCases(s, o.k, o.lambda, opt)
			return err
		})
		if err != nil {
			return err
		}
		return o.writeInstance(ctx, e, f, append(m.Comments(), selectorComments(dobble.DesignCases(o.k, o.lambda, opt.Symmetry), sel)...))
	}
	factory, name, err := o.solvers()
	if err != nil {
		return err
	}
	start := time.Now()
	p := e.Progress("dobble build", "searches", jobs(len(dobble.DesignCases(o.k, o.lambda, opt.Symmetry)), opt.Together))
	res, err := dobble.SolveDesign(ctx, counted(p, factory), o.k, o.lambda, opt)
	p.Done()
	took := time.Since(start)
	extra := &buildJSON{Status: res.Status.String(), Backend: name(), Cases: res.Cases, Vars: res.Size.Vars, Clauses: res.Size.Clauses}
	method := fmt.Sprintf("SAT, incidence model, %v symmetry breaking", opt.Symmetry)
	return o.finishSAT(e, res.Status, err, res.Deck, method, took, extra)
}

func (o *buildOpts) runMOLSPlane(ctx context.Context, e *cli.Env) error {
	opt, err := o.molsOptions()
	if err != nil {
		return err
	}
	q := o.k - 1
	if o.inst.Requested() {
		f := &sat.Formula{}
		var m *dobble.MOLSModel
		var sel []sat.Lit
		if err := sat.EncodeContext(ctx, f, func(s sat.Sink) error {
			m, sel = dobble.EncodeMOLSCases(s, q, q-1, opt)
			return nil
		}); err != nil {
			return err
		}
		return o.writeInstance(ctx, e, f, append(m.Comments(), selectorComments(dobble.MOLSCases(q, q-1, opt.Symmetry), sel)...))
	}
	factory, name, err := o.solvers()
	if err != nil {
		return err
	}
	start := time.Now()
	p := e.Progress("dobble build", "searches", jobs(len(dobble.MOLSCases(q, q-1, opt.Symmetry)), opt.Together))
	res, err := dobble.SolveMOLS(ctx, counted(p, factory), q, q-1, opt)
	p.Done()
	took := time.Since(start)
	extra := &buildJSON{Status: res.Status.String(), Backend: name(), Cases: res.Cases, Vars: res.Size.Vars, Clauses: res.Size.Clauses}
	var d *dobble.Deck
	if res.Status == sat.Sat {
		d = dobble.PlaneFromMOLS(res.Squares)
		if err := dobble.Check(d, o.k, 1); err != nil {
			return fmt.Errorf("internal error: the plane from the Latin squares fails the check: %w", err)
		}
	}
	method := fmt.Sprintf("SAT, %d orthogonal Latin squares of order %d, %v symmetry breaking", q-1, q, opt.Symmetry)
	return o.finishSAT(e, res.Status, err, d, method, took, extra)
}

// finishSAT reports the outcome of a SAT build.
func (o *buildOpts) finishSAT(e *cli.Env, st sat.Status, err error, d *dobble.Deck, method string, took time.Duration, extra *buildJSON) error {
	switch {
	case err != nil && st == sat.Unknown:
		return fmt.Errorf("no answer after %.2fs: %w", took.Seconds(), err)
	case err != nil:
		return err
	case st == sat.Unsat && o.cert != nil:
		return o.impossible(e, method, fmt.Sprintf("UNSAT: no such design exists (%s, %s, %.2fs; certified by %s)", method, extra.Backend, took.Seconds(), english.Count(o.cert.Certified(), "checked proof")), took, extra)
	case st == sat.Unsat:
		return o.impossible(e, method, fmt.Sprintf("UNSAT: no such design exists (%s, %s, %.2fs)", method, extra.Backend, took.Seconds()), took, extra)
	}
	extra.Certified = o.certified()
	return o.emitDeck(e, d, method, took, extra)
}

// impossible reports a design proved not to exist, by a theorem or by SAT
// (extra, when not nil, says how): an answer, printed as one, with the
// exit status of a proved "no".
func (o *buildOpts) impossible(e *cli.Env, method, why string, took time.Duration, extra *buildJSON) error {
	j := buildJSON{K: o.k, Lambda: o.lambda, Method: method, Status: "impossible", Reason: why, Seconds: took.Seconds()}
	if o.lambda == 1 {
		j.Order = o.k - 1
	}
	if extra != nil {
		j.Status, j.Backend, j.Cases, j.Vars, j.Clauses = extra.Status, extra.Backend, extra.Cases, extra.Vars, extra.Clauses
		j.Certified = o.certified()
	}
	if err := o.emit(e, j, func(w io.Writer) error { _, err := fmt.Fprintln(w, why); return err }); err != nil {
		return err
	}
	return cli.Exit(cli.ExitNo)
}

// proveHint points at --prove where it settles the question by SAT.
func (o *buildOpts) proveHint() string {
	if o.k == 7 && o.lambda == 1 && !o.prove {
		return " (--prove refutes it by SAT)"
	}
	return ""
}

// writeInstance writes the encoded instance to the --dimacs/--opb files.
func (o *buildOpts) writeInstance(ctx context.Context, e *cli.Env, f *sat.Formula, comments []string) error {
	if err := o.inst.Write(ctx, f, comments); err != nil {
		return err
	}
	return nil
}

// selectorComments names the case selectors of a single-formula encoding.
func selectorComments(cases []dobble.Case, sel []sat.Lit) []string {
	var out []string
	for i, l := range sel {
		out = append(out, fmt.Sprintf("case %v (cycle type of the fixed derangement) is selected by variable %d", []int(cases[i]), l))
	}
	return out
}
