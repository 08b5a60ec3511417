package fzn

// The parser reads FlatZinc as MiniZinc writes it (the grammar of the
// FlatZinc specification, docs/en/fzn-spec.rst of libminizinc): predicate
// declarations, parameters, variables, constraints and the solve item,
// each name declared before its use. It is a recursive descent over the
// scanner's tokens with one token of lookahead, resolving names as it goes.
//
// Bounded memory: what the parser keeps is proportional to the text read
// (a range "1..1000000000" is two numbers, never a billion elements; an
// array's declared length is checked against its literal, never
// allocated), annotations nest at most maxDepth deep, and the context is
// polled every few thousand items so that a huge file stops reading when
// it ends.

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
)

// maxDepth bounds the nesting of annotations and arrays in annotations.
const maxDepth = 64

// Options configure Read.
type Options struct {
	// File names the input in errors.
	File string
	// Context, when not nil, stops the reading when it ends: Read then
	// returns its error.
	Context context.Context
}

// ReadFile reads the FlatZinc model in the file at path: text, or
// FlatZinc-JSON when its first byte other than white space is '{'.
func ReadFile(path string, opts Options) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s is a directory, not a file", path)
	}
	if opts.File == "" {
		opts.File = path
	}
	br := bufio.NewReaderSize(f, 64<<10)
	if head, _ := br.Peek(512); isJSON(head) {
		return ReadJSON(br, opts)
	}
	return Read(br, opts)
}

// Read reads a FlatZinc model. Its errors are *Error, positioned, except
// the context's.
func Read(r io.Reader, opts Options) (*Model, error) {
	p := &parser{s: newScanner(r, opts.File), m: &Model{File: opts.File}, syms: map[string]symbol{}, names: map[string]string{}, ctx: opts.Context}
	if err := p.model(); err != nil {
		return nil, err
	}
	return p.m, nil
}

// symbol is what a name stands for: a Value (a literal for a scalar
// parameter, a set, a variable, an array) and, for a named array, its
// declaration.
type symbol struct {
	v    Value
	decl int32 // index in Model.ArrayDecls, -1 when not an array
}

type parser struct {
	s     *scanner
	m     *Model
	syms  map[string]symbol
	names map[string]string // interned constraint and annotation names
	ctx   context.Context
	items int
}

// errorf returns an error at the current token.
func (p *parser) errorf(class error, format string, args ...any) error {
	return p.s.errAt(p.s.pos, class, format, args...)
}

// unexpected reports the current token where want was expected.
func (p *parser) unexpected(want string) error {
	return p.errorf(ErrSyntax, "expected %s, found %s", want, p.tokenText())
}

// tokenText describes the current token for a message.
func (p *parser) tokenText() string {
	switch p.s.kind {
	case tIdent:
		return "'" + clip(string(p.s.text)) + "'"
	case tInt, tFloat:
		return clip(string(p.s.text))
	case tString:
		return "string \"" + clip(string(p.s.text)) + "\""
	}
	return kindNames[p.s.kind]
}

// clip shortens a long token for a message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// is reports whether the current token is the keyword or name word.
func (p *parser) is(word string) bool {
	return p.s.kind == tIdent && string(p.s.text) == word
}

// expect consumes a token of kind k.
func (p *parser) expect(k tokKind) error {
	if p.s.kind != k {
		return p.unexpected(kindNames[k])
	}
	return p.s.next()
}

// expectWord consumes the keyword word.
func (p *parser) expectWord(word string) error {
	if !p.is(word) {
		return p.unexpected("'" + word + "'")
	}
	return p.s.next()
}

// intern returns the string of the current name, shared with earlier uses
// of the same name.
func (p *parser) intern() string {
	if s, ok := p.names[string(p.s.text)]; ok {
		return s
	}
	s := string(p.s.text)
	p.names[s] = s
	return s
}

// keywords are reserved and cannot name a declaration.
var keywords = map[string]bool{
	"annotation": true, "any": true, "array": true, "bool": true, "case": true, "constraint": true,
	"diff": true, "div": true, "else": true, "elseif": true, "endif": true, "enum": true, "false": true,
	"float": true, "function": true, "if": true, "in": true, "include": true, "int": true,
	"intersect": true, "let": true, "list": true, "maximize": true, "minimize": true, "mod": true,
	"not": true, "of": true, "satisfy": true, "subset": true, "superset": true, "output": true,
	"par": true, "predicate": true, "record": true, "set": true, "solve": true, "string": true,
	"symdiff": true, "test": true, "then": true, "true": true, "tuple": true, "union": true,
	"type": true, "var": true, "where": true, "xor": true,
}

// declName reads the name of a declaration and checks it is new.
func (p *parser) declName() (string, Pos, error) {
	if p.s.kind != tIdent {
		return "", p.s.pos, p.unexpected("a name")
	}
	name, pos := string(p.s.text), p.s.pos
	if keywords[name] {
		return "", pos, p.errorf(ErrSyntax, "%s is a keyword, not a name", name)
	}
	if _, ok := p.syms[name]; ok {
		return "", pos, p.errorf(ErrRedefined, "%s is declared twice", name)
	}
	return name, pos, p.s.next()
}

// model reads the whole input.
func (p *parser) model() error {
	if err := p.s.next(); err != nil {
		return err
	}
	for {
		if p.items++; p.items&4095 == 0 && p.ctx != nil && p.ctx.Err() != nil {
			return p.ctx.Err()
		}
		var err error
		switch {
		case p.s.kind == tEOF:
			return p.errorf(ErrSyntax, "no solve item (the model ends without 'solve ... ;')")
		case p.is("predicate"):
			err = p.predicate()
		case p.is("constraint"):
			err = p.constraint()
		case p.is("var"):
			err = p.varDecl()
		case p.is("array"):
			err = p.arrayDecl()
		case p.is("bool") || p.is("int") || p.is("float") || p.is("set"):
			err = p.parDecl()
		case p.is("solve"):
			if err := p.solve(); err != nil {
				return err
			}
			if p.s.kind != tEOF {
				return p.unexpected("the end of the model after the solve item")
			}
			return nil
		default:
			return p.unexpected("a declaration, a constraint or the solve item")
		}
		if err != nil {
			return err
		}
	}
}

// predicate reads "predicate name(type: name, ...);".
func (p *parser) predicate() error {
	if err := p.s.next(); err != nil {
		return err
	}
	if p.s.kind != tIdent {
		return p.unexpected("the predicate's name")
	}
	pred := Predicate{Name: p.intern(), Pos: p.s.pos}
	for _, q := range p.m.Predicates {
		if q.Name == pred.Name {
			return p.errorf(ErrRedefined, "predicate %s is declared twice", pred.Name)
		}
	}
	if err := p.s.next(); err != nil {
		return err
	}
	if err := p.expect(tLParen); err != nil {
		return err
	}
	err := p.list(tRParen, func() error {
		// The type is kept as text: the tokens up to the ':' that
		// precedes the parameter's name.
		var words []string
		for p.s.kind != tColon {
			if p.s.kind == tEOF || p.s.kind == tSemi || p.s.kind == tRParen {
				return p.unexpected("a parameter type and ':'")
			}
			if len(words) > 64 {
				return p.errorf(ErrTooLarge, "parameter type longer than 64 tokens")
			}
			words = append(words, p.tokenSource())
			if err := p.s.next(); err != nil {
				return err
			}
		}
		if len(words) == 0 {
			return p.unexpected("a parameter type")
		}
		if err := p.s.next(); err != nil {
			return err
		}
		if p.s.kind != tIdent {
			return p.unexpected("the parameter's name")
		}
		pred.Params = append(pred.Params, Param{Name: string(p.s.text), Type: joinType(words)})
		return p.s.next()
	})
	if err != nil {
		return err
	}
	p.m.Predicates = append(p.m.Predicates, pred)
	return p.expect(tSemi)
}

// tokenSource returns the current token as FlatZinc text.
func (p *parser) tokenSource() string {
	switch p.s.kind {
	case tIdent, tInt, tFloat:
		return string(p.s.text)
	case tString:
		return fmt.Sprintf("%q", p.s.text)
	}
	return strings.Trim(kindNames[p.s.kind], "'")
}

// joinType writes a parameter type's tokens with FlatZinc's spacing:
// "array [int] of var 1..3".
func joinType(words []string) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			prev := words[i-1]
			if !(w == ".." || prev == ".." || w == "," || w == "]" || w == "}" || prev == "[" || prev == "{") {
				b.WriteByte(' ')
			}
		}
		b.WriteString(w)
	}
	return b.String()
}

// declType is the type of a declaration.
type declType struct {
	isVar  bool
	typ    Type
	domain IntSet // nil: no domain given
	pos    Pos
}

// baseType reads bool, int, float, set of int, a range or a set of
// integers (after "var", or for a parameter).
func (p *parser) baseType(isVar bool) (declType, error) {
	t := declType{isVar: isVar, pos: p.s.pos}
	switch {
	case p.is("bool"):
		t.typ = TypeBool
		return t, p.s.next()
	case p.is("int"):
		t.typ = TypeInt
		return t, p.s.next()
	case p.is("float"):
		t.typ = TypeFloat
		return t, p.s.next()
	case p.is("set"):
		if err := p.s.next(); err != nil {
			return t, err
		}
		if err := p.expectWord("of"); err != nil {
			return t, err
		}
		t.typ = TypeSet
		if p.is("int") {
			return t, p.s.next()
		}
		v, err := p.literal()
		if err != nil {
			return t, err
		}
		if v.Kind != KindSet {
			return t, p.s.errAt(t.pos, ErrSyntax, "expected 'set of int' or a set of integers")
		}
		t.domain = p.m.Sets[v.X]
		return t, nil
	case p.s.kind == tInt || p.s.kind == tLBrace:
		v, err := p.literal()
		if err != nil {
			return t, err
		}
		if v.Kind != KindSet {
			return t, p.s.errAt(t.pos, ErrSyntax, "expected a range or a set of integers as the domain")
		}
		t.typ, t.domain = TypeInt, p.m.Sets[v.X]
		p.m.Sets = p.m.Sets[:len(p.m.Sets)-1] // kept in the declaration, not the pool
		return t, nil
	case p.s.kind == tFloat:
		lo := p.s.fval
		if err := p.s.next(); err != nil {
			return t, err
		}
		if err := p.expect(tDotDot); err != nil {
			return t, err
		}
		if p.s.kind != tFloat && p.s.kind != tInt {
			return t, p.unexpected("the upper bound of a float range")
		}
		_ = lo
		t.typ = TypeFloat
		return t, p.s.next()
	}
	return t, p.unexpected("a type")
}

// refuse rejects the declaration types satsolve does not solve.
func (p *parser) refuse(t declType) error {
	switch t.typ {
	case TypeFloat:
		return p.s.errAt(t.pos, ErrUnsupported, "float variables are not supported: satsolve solves integer and Boolean models")
	case TypeSet:
		return p.s.errAt(t.pos, ErrUnsupported, "set variables are not supported (the satsolve mznlib makes MiniZinc rewrite them into Booleans: run minizinc with --solver satsolve)")
	}
	return nil
}

// varDecl reads "var type: name anns [= expr];".
func (p *parser) varDecl() error {
	if err := p.s.next(); err != nil {
		return err
	}
	t, err := p.baseType(true)
	if err != nil {
		return err
	}
	if err := p.refuse(t); err != nil {
		return err
	}
	if err := p.expect(tColon); err != nil {
		return err
	}
	name, pos, err := p.declName()
	if err != nil {
		return err
	}
	v := Var{Name: name, Type: t.typ, Domain: t.domain, Pos: pos}
	if t.typ == TypeInt && t.domain != nil && len(t.domain) == 0 {
		// An empty domain is legal FlatZinc: the model has no solution.
		v.Domain = IntSet{}
	}
	anns, err := p.annotations(0)
	if err != nil {
		return err
	}
	for _, a := range anns {
		switch {
		case a.Name == "output_var" && a.Args == nil:
			v.Flags |= FlagOutput
		case a.Name == "is_defined_var" && a.Args == nil:
			v.Flags |= FlagDefined
		case a.Name == "var_is_introduced" && a.Args == nil:
			v.Flags |= FlagIntroduced
		case a.Name == "output_array":
			return p.s.errAt(pos, ErrType, "output_array on %s, which is not an array", name)
		default:
			v.Anns = append(v.Anns, a)
		}
	}
	if p.s.kind == tEq {
		if err := p.s.next(); err != nil {
			return err
		}
		at := p.s.pos
		val, err := p.basicExpr()
		if err != nil {
			return err
		}
		if err := p.checkScalar(val, t.typ, at); err != nil {
			return err
		}
		v.Value = val
	}
	p.syms[name] = symbol{v: Value{KindVar, int64(len(p.m.Vars))}, decl: -1}
	if v.Flags&FlagOutput != 0 {
		p.m.Output = append(p.m.Output, Output{Index: len(p.m.Vars)})
	}
	p.m.Vars = append(p.m.Vars, v)
	return p.expect(tSemi)
}

// checkScalar checks that v, assigned at pos, has type t: a literal of
// the type, or a variable of the type.
func (p *parser) checkScalar(v Value, t Type, pos Pos) error {
	ok := false
	switch v.Kind {
	case KindBool:
		ok = t == TypeBool
	case KindInt:
		ok = t == TypeInt
	case KindFloat:
		ok = t == TypeFloat
	case KindSet:
		ok = t == TypeSet
	case KindVar:
		ok = p.m.Vars[v.X].Type == t
	}
	if !ok {
		what := v.Kind.String()
		if v.Kind == KindVar {
			what = "a " + p.m.Vars[v.X].Type.String() + " variable"
		}
		return p.s.errAt(pos, ErrType, "%s where %s is expected", what, typeArticle(t))
	}
	return nil
}

// typeArticle writes "a bool", "an int", "a set of int".
func typeArticle(t Type) string {
	if t == TypeInt {
		return "an int"
	}
	return "a " + t.String()
}

// indexSet reads "[1..n]" and returns n.
func (p *parser) indexSet() (int64, error) {
	if err := p.expect(tLBrack); err != nil {
		return 0, err
	}
	at := p.s.pos
	if p.s.kind != tInt || p.s.val != 1 {
		return 0, p.unexpected("the index set 1..n")
	}
	if err := p.s.next(); err != nil {
		return 0, err
	}
	if err := p.expect(tDotDot); err != nil {
		return 0, err
	}
	if p.s.kind != tInt {
		return 0, p.unexpected("the length of the array")
	}
	n := p.s.val
	if n < 0 {
		return 0, p.s.errAt(at, ErrType, "index set 1..%d of negative length", n)
	}
	if err := p.s.next(); err != nil {
		return 0, err
	}
	return n, p.expect(tRBrack)
}

// arrayDecl reads "array [1..n] of [var] type: name anns = [...];".
func (p *parser) arrayDecl() error {
	if err := p.s.next(); err != nil {
		return err
	}
	n, err := p.indexSet()
	if err != nil {
		return err
	}
	if err := p.expectWord("of"); err != nil {
		return err
	}
	isVar := p.is("var")
	if isVar {
		if err := p.s.next(); err != nil {
			return err
		}
	}
	t, err := p.baseType(isVar)
	if err != nil {
		return err
	}
	if isVar {
		if err := p.refuse(t); err != nil {
			return err
		}
	} else if t.domain != nil && t.typ == TypeInt {
		return p.s.errAt(t.pos, ErrSyntax, "a parameter array's element type is bool, int, float or set of int, not a domain")
	}
	if err := p.expect(tColon); err != nil {
		return err
	}
	name, pos, err := p.declName()
	if err != nil {
		return err
	}
	d := ArrayDecl{Name: name, IsVar: isVar, Type: t.typ, Pos: pos}
	if isVar && t.typ == TypeInt {
		d.Domain = t.domain
	}
	anns, err := p.annotations(0)
	if err != nil {
		return err
	}
	for _, a := range anns {
		switch a.Name {
		case "output_array":
			if !isVar {
				return p.s.errAt(pos, ErrType, "output_array on %s, a parameter", name)
			}
			if d.Output, err = p.outputDims(a, n, pos); err != nil {
				return err
			}
		case "output_var":
			return p.s.errAt(pos, ErrType, "output_var on %s, an array", name)
		default:
			d.Anns = append(d.Anns, a)
		}
	}
	if err := p.expect(tEq); err != nil {
		return err
	}
	at := p.s.pos
	v, err := p.arrayLiteral()
	if err != nil {
		return err
	}
	elems := p.m.Arrays[v.X]
	if int64(len(elems)) != n {
		return p.s.errAt(at, ErrType, "array %s of index set 1..%d has %d elements", name, n, len(elems))
	}
	for _, e := range elems {
		if !isVar && e.Kind == KindVar {
			return p.s.errAt(at, ErrType, "parameter array %s holds the variable %s", name, p.m.Vars[e.X].Name)
		}
		if err := p.checkScalar(e, t.typ, at); err != nil {
			return err
		}
	}
	d.Array = int(v.X)
	p.syms[name] = symbol{v: v, decl: int32(len(p.m.ArrayDecls))}
	if d.Output != nil {
		p.m.Output = append(p.m.Output, Output{IsArray: true, Index: len(p.m.ArrayDecls)})
	}
	p.m.ArrayDecls = append(p.m.ArrayDecls, d)
	return p.expect(tSemi)
}

// outputDims returns the index sets of output_array([r1, r2, ...]) on an
// array of n elements: their sizes must multiply to n.
func (p *parser) outputDims(a Annotation, n int64, pos Pos) ([]Range, error) {
	bad := func(format string, args ...any) ([]Range, error) {
		return nil, p.s.errAt(pos, ErrType, "output_array: "+format, args...)
	}
	if len(a.Args) != 1 || a.Args[0].Kind != KindArray {
		return bad("want one array of index sets")
	}
	var dims []Range
	size := int64(1)
	for _, e := range p.m.Arrays[a.Args[0].X] {
		if e.Kind != KindSet {
			return bad("want index sets such as 1..3, not %v", e.Kind)
		}
		r, ok := p.m.rangeOf(e)
		if !ok {
			return bad("index set %s is not a range", p.m.setText(e))
		}
		len := r.Hi - r.Lo + 1
		if r.Hi < r.Lo {
			len = 0
		}
		if len < 0 || len > n && n > 0 {
			return bad("index set %d..%d does not fit an array of %d elements", r.Lo, r.Hi, n)
		}
		size *= len
		if size > n && n > 0 {
			return bad("index sets larger than the array of %d elements", n)
		}
		dims = append(dims, r)
	}
	if len(dims) == 0 || size != n {
		return bad("index sets of %d elements for an array of %d", size, n)
	}
	return dims, nil
}

// parDecl reads "type: name = value;" for a scalar parameter.
func (p *parser) parDecl() error {
	t, err := p.baseType(false)
	if err != nil {
		return err
	}
	if t.domain != nil && t.typ == TypeInt {
		return p.s.errAt(t.pos, ErrSyntax, "a parameter's type is bool, int, float or set of int, not a domain")
	}
	if err := p.expect(tColon); err != nil {
		return err
	}
	name, _, err := p.declName()
	if err != nil {
		return err
	}
	if _, err := p.annotations(0); err != nil {
		return err
	}
	if err := p.expect(tEq); err != nil {
		return err
	}
	at := p.s.pos
	v, err := p.literal()
	if err != nil {
		return err
	}
	if err := p.checkScalar(v, t.typ, at); err != nil {
		return err
	}
	p.syms[name] = symbol{v: v, decl: -1}
	return p.expect(tSemi)
}

// constraint reads "constraint name(args) anns;".
func (p *parser) constraint() error {
	if err := p.s.next(); err != nil {
		return err
	}
	if p.s.kind != tIdent {
		return p.unexpected("the constraint's predicate")
	}
	c := Constraint{Name: p.intern(), Pos: p.s.pos}
	if err := p.s.next(); err != nil {
		return err
	}
	if err := p.expect(tLParen); err != nil {
		return err
	}
	args, err := p.values(tRParen, p.expr)
	if err != nil {
		return err
	}
	c.Args = args
	anns, err := p.annotations(0)
	if err != nil {
		return err
	}
	for _, a := range anns {
		if a.Name == "defines_var" && len(a.Args) == 1 && a.Args[0].Kind == KindVar && c.Defines == 0 {
			c.Defines = int32(a.Args[0].X) + 1
			continue
		}
		c.Anns = append(c.Anns, a)
	}
	p.m.Constraints = append(p.m.Constraints, c)
	return p.expect(tSemi)
}

// solve reads "solve anns satisfy|minimize expr|maximize expr;".
func (p *parser) solve() error {
	s := Solve{Pos: p.s.pos}
	if err := p.s.next(); err != nil {
		return err
	}
	anns, err := p.annotations(0)
	if err != nil {
		return err
	}
	s.Anns = anns
	switch {
	case p.is("satisfy"):
		s.Method = Satisfy
		if err := p.s.next(); err != nil {
			return err
		}
	case p.is("minimize") || p.is("maximize"):
		s.Method = Minimize
		if p.is("maximize") {
			s.Method = Maximize
		}
		if err := p.s.next(); err != nil {
			return err
		}
		at := p.s.pos
		v, err := p.basicExpr()
		if err != nil {
			return err
		}
		if v.Kind != KindInt && !(v.Kind == KindVar && p.m.Vars[v.X].Type == TypeInt) {
			if v.Kind == KindFloat {
				return p.s.errAt(at, ErrUnsupported, "float objectives are not supported: satsolve solves integer and Boolean models")
			}
			return p.s.errAt(at, ErrType, "the objective must be an int variable or an integer")
		}
		s.Objective = v
	default:
		return p.unexpected("satisfy, minimize or maximize")
	}
	p.m.Solve = s
	return p.expect(tSemi)
}
