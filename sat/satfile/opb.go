package satfile

import (
	"errors"
	"math/big"
	"strconv"

	"github.com/satsolve/satsolve/sat"
)

// opbReader reads the OPB format (PB06/PB07 linear instances): an optional
// "* #variable= N #constraint= M" header comment, '*' comments, an optional
// "min: <sum> ;" objective and constraints "<sum> (>=|<=|=) <int> ;",
// where a sum is a sequence of "<coef> <literal>" terms and a literal is
// x<i> or ~x<i>. Tokens are separated by blanks or newlines; lines have no
// length limit.
type opbReader struct {
	lexer
	mode     Mode
	f        *sat.Formula
	hdr      Header
	hdrLine  int
	warnings []*ParseError
	varWarn  *ParseError
	quirks   quirks
	maxVar   int
	count    int // constraints read
	objLine  int // line of the objective; 0 if none
	terms    []sat.Term
	bigs     []*big.Int // bigs[i], when not nil, is terms[i]'s coefficient (Options.Wide)
	anyBig   bool       // some bigs[i] is not nil
	bigPBs   []sat.BigPB
}

// readOPB reads an OPB input from s.
func readOPB(s *scanner, mode Mode, wide bool) (*Problem, error) {
	o := &opbReader{lexer: lexer{s: s, wide: wide}, mode: mode, f: &sat.Formula{}}
	o.onComment = o.header
	if err := o.run(); err != nil {
		return nil, err
	}
	lits := len(o.f.Objective)
	for _, c := range o.f.PBs {
		lits += len(c.Terms)
	}
	for _, c := range o.bigPBs {
		lits += len(c.Terms)
	}
	limit := denseLimit(lits)
	o.f.NumVars = o.maxVar
	if o.hdr.Vars <= limit {
		o.f.NumVars = max(o.f.NumVars, o.hdr.Vars) // a header beyond reason is not believed
	}
	var names []sat.Var
	if o.maxVar > limit {
		names = compact(o.f)
	}
	if names != nil && len(o.bigPBs) > 0 {
		return nil, o.s.errAt(1, 1, newDefect(ErrUnsupported, "constraints beyond 2^61 in a file whose variable numbers are beyond reason"))
	}
	return &Problem{Format: OPB, Formula: o.f, Header: o.hdr, Warnings: o.warnings, OrigVars: o.f.NumVars, Names: names, BigPBs: o.bigPBs}, nil
}

func (o *opbReader) run() error {
	for {
		t, err := o.next()
		if err != nil {
			return err
		}
		switch t.kind {
		case tEOF:
			return o.finish()
		case tMin:
			err = o.objective(t)
		default:
			o.unread(t)
			err = o.constraint()
		}
		if err != nil {
			return err
		}
	}
}

// defect reports a defect that the tolerant mode accepts.
func (o *opbReader) defect(line, col int, class error, format string, args ...any) error {
	e := o.s.errAt(line, col, newDefect(class, format, args...))
	if o.mode == Strict {
		return e
	}
	o.warnings = append(o.warnings, e)
	return nil
}

// quirk notes a recurring tolerated defect.
func (o *opbReader) quirk(q quirk, line, col int) {
	if w := o.quirks.note(o.s, q, line, col); w != nil {
		o.warnings = append(o.warnings, w)
	}
}

// header records the header comment, if text is one; the lexer calls it
// for comments that come before any constraint.
func (o *opbReader) header(text []byte, line, col int) error {
	if o.hdr.Present || o.count > 0 || o.objLine != 0 || o.mode == Strict && line != 1 {
		return nil
	}
	h, ok, err := parseOPBHeader(text)
	if !ok {
		return nil
	}
	if err != nil {
		return o.s.errAt(line, col, err)
	}
	o.hdr, o.hdrLine = h, line
	if line != 1 {
		o.quirk(quirkLateHeader, line, col)
	}
	return nil
}

// objective reads "min: <sum> ;"; t is the "min:" token.
func (o *opbReader) objective(t token) error {
	switch {
	case o.objLine != 0:
		return o.s.errAt(t.line, t.col, newDefect(ErrSyntax, "second objective (the first is on line %d)", o.objLine))
	case o.mode == Strict && o.count > 0:
		return o.s.errAt(t.line, t.col, newDefect(ErrSyntax, "objective after constraints (strict mode wants it first)"))
	case o.count > 0:
		o.quirk(quirkLateObjective, t.line, t.col)
	}
	o.objLine = t.line
	end, err := o.sum()
	if err != nil {
		return err
	}
	if end.kind != tSemi {
		return o.unexpected(end, "expected a term or ';' in the objective")
	}
	if o.anyBig {
		return o.s.errAt(t.line, t.col, newDefect(sat.ErrCoefRange, "objective coefficient beyond 2^61 (not supported)"))
	}
	if err := sat.ValidateTerms(o.terms); err != nil {
		return o.s.errAt(t.line, t.col, err)
	}
	o.f.Objective = append([]sat.Term{}, o.terms...)
	return nil
}

// constraint reads "<sum> <op> <int> ;".
func (o *opbReader) constraint() error {
	first, err := o.peekToken()
	if err != nil {
		return err
	}
	end, err := o.sum()
	if err != nil {
		return err
	}
	if end.kind != tOp {
		return o.unexpected(end, "expected a term or a comparison (>=, <=, =)")
	}
	rhs, err := o.next()
	if err != nil {
		return err
	}
	if rhs.kind != tInt {
		return o.unexpected(rhs, "expected an integer after "+end.op.String())
	}
	semi, err := o.next()
	if err != nil {
		return err
	}
	if semi.kind != tSemi {
		return o.s.errAt(rhs.endLine, rhs.endCol, newDefect(ErrSyntax, "missing ';' after the constraint"))
	}
	c := sat.PB{Terms: append([]sat.Term(nil), o.terms...), Op: end.op, K: rhs.val}
	err = nil
	if !o.anyBig && rhs.big == nil {
		err = c.Validate()
	}
	if o.anyBig || rhs.big != nil || o.wide && errors.Is(err, sat.ErrCoefRange) {
		// Beyond the range (integers, or a sum of small terms): a
		// divisor may bring it back, else it is kept exactly.
		bc := o.bigConstraint(end.op, rhs)
		pb, ok := bc.Small()
		if !ok {
			return o.addBig(first, bc)
		}
		c, err = pb, nil
	}
	if err != nil {
		return o.s.errAt(first.line, first.col, err)
	}
	o.count++
	if o.mode == Strict && o.hdr.Present && o.count > o.hdr.Constraints {
		return o.s.errAt(first.line, first.col, newDefect(ErrCount, "more constraints than the header's %d", o.hdr.Constraints))
	}
	o.f.PBs = append(o.f.PBs, c)
	return nil
}

// bigConstraint returns the constraint just read, Σ o.terms op rhs, in
// big arithmetic.
func (o *opbReader) bigConstraint(op sat.Op, rhs token) sat.BigPB {
	bc := sat.BigPB{Op: op, K: rhs.big, Terms: make([]sat.BigTerm, len(o.terms))}
	if bc.K == nil {
		bc.K = big.NewInt(rhs.val)
	}
	for i, t := range o.terms {
		a := o.bigs[i]
		if a == nil {
			a = big.NewInt(t.Coef)
		}
		bc.Terms[i] = sat.BigTerm{Coef: a, Lit: t.Lit}
	}
	return bc
}

// addBig counts a constraint beyond the range and keeps it in bigPBs.
func (o *opbReader) addBig(first token, c sat.BigPB) error {
	o.count++
	if o.mode == Strict && o.hdr.Present && o.count > o.hdr.Constraints {
		return o.s.errAt(first.line, first.col, newDefect(ErrCount, "more constraints than the header's %d", o.hdr.Constraints))
	}
	o.bigPBs = append(o.bigPBs, c)
	return nil
}

// sum reads terms into o.terms and returns the token after them.
func (o *opbReader) sum() (token, error) {
	o.terms = o.terms[:0]
	o.bigs = o.bigs[:0]
	o.anyBig = false
	for {
		t, err := o.next()
		if err != nil || t.kind != tInt {
			return t, err
		}
		l, err := o.next()
		if err != nil {
			return l, err
		}
		if l.kind != tLit {
			return l, o.unexpected(l, "expected a variable after the coefficient")
		}
		if err := o.noteVar(l); err != nil {
			return l, err
		}
		after, err := o.peekToken()
		if err != nil {
			return after, err
		}
		if after.kind == tLit {
			return after, o.s.errAt(after.line, after.col, newDefect(ErrUnsupported, "non-linear term (a product of literals) is not supported; linearize the instance first"))
		}
		o.terms = append(o.terms, sat.Term{Coef: t.val, Lit: l.lit})
		o.bigs = append(o.bigs, t.big)
		o.anyBig = o.anyBig || t.big != nil
	}
}

// noteVar checks the variable of the literal token t.
func (o *opbReader) noteVar(t token) error {
	v := int(t.lit.Var())
	if v <= o.maxVar {
		return nil
	}
	o.maxVar = v
	if !o.hdr.Present || v <= o.hdr.Vars || o.varWarn != nil {
		return nil
	}
	err := o.defect(t.line, t.col, ErrVarRange, "variable x%d exceeds the header's %d variables", v, o.hdr.Vars)
	if err == nil {
		o.varWarn = o.warnings[len(o.warnings)-1]
	}
	return err
}

// unexpected reports the token t where something else was expected.
func (o *opbReader) unexpected(t token, want string) error {
	if t.kind == tEOF {
		return o.s.errAt(t.line, t.col, newDefect(ErrSyntax, "unexpected end of input; %s", want))
	}
	if t.kind == tLit {
		want = "missing coefficient before the variable; " + want
	}
	return o.s.errAt(t.line, t.col, newDefect(ErrSyntax, "unexpected %s; %s", t.kind, want))
}

// finish checks the header against what was read.
func (o *opbReader) finish() error {
	if o.varWarn != nil {
		d := o.varWarn.Err.(*defect)
		d.msg += "; the variable count grows to " + strconv.Itoa(o.maxVar)
	}
	if !o.hdr.Present {
		return o.defect(1, 1, ErrNoHeader, "no '* #variable= N #constraint= M' header line")
	}
	if o.count != o.hdr.Constraints {
		return o.defect(o.hdrLine, 1, ErrCount, "the header declares %d constraints, the input has %d", o.hdr.Constraints, o.count)
	}
	return nil
}
