package fzn

// Expressions: literals (Booleans, integers, floats, sets), names of
// scalars and arrays, array literals, annotations and their arguments,
// and the comma-separated lists they are written in.

import "slices"

// literal reads a literal: a Boolean, an integer, a float or a set.
func (p *parser) literal() (Value, error) {
	switch {
	case p.s.kind == tInt:
		lo := p.s.val
		if err := p.s.next(); err != nil {
			return Value{}, err
		}
		if p.s.kind != tDotDot {
			return Int(lo), nil
		}
		if err := p.s.next(); err != nil {
			return Value{}, err
		}
		if p.s.kind != tInt {
			if p.s.kind == tFloat {
				return Value{}, p.errorf(ErrUnsupported, "float ranges are not supported")
			}
			return Value{}, p.unexpected("the upper bound of a range")
		}
		hi := p.s.val
		p.m.Sets = append(p.m.Sets, rangeSet(lo, hi))
		return Value{KindSet, int64(len(p.m.Sets) - 1)}, p.s.next()
	case p.s.kind == tFloat:
		f := p.s.fval
		if err := p.s.next(); err != nil {
			return Value{}, err
		}
		if p.s.kind == tDotDot {
			return Value{}, p.errorf(ErrUnsupported, "float ranges are not supported")
		}
		return floatValue(f), nil
	case p.s.kind == tLBrace:
		return p.setLiteral()
	case p.is("true"):
		return Bool(true), p.s.next()
	case p.is("false"):
		return Bool(false), p.s.next()
	}
	return Value{}, p.unexpected("a literal")
}

// rangeSet returns lo..hi as an IntSet.
func rangeSet(lo, hi int64) IntSet {
	if lo > hi {
		return IntSet{}
	}
	return IntSet{{lo, hi}}
}

// setLiteral reads "{a, b, ...}" and returns it normalised.
func (p *parser) setLiteral() (Value, error) {
	if err := p.s.next(); err != nil {
		return Value{}, err
	}
	var xs []int64
	err := p.list(tRBrace, func() error {
		if p.s.kind != tInt {
			if p.s.kind == tFloat {
				return p.errorf(ErrUnsupported, "sets of floats are not supported")
			}
			return p.unexpected("an integer")
		}
		xs = append(xs, p.s.val)
		return p.s.next()
	})
	if err != nil {
		return Value{}, err
	}
	p.m.Sets = append(p.m.Sets, setOf(xs))
	return Value{KindSet, int64(len(p.m.Sets) - 1)}, nil
}

// setOf returns the set of the integers xs (in any order, repeats allowed).
func setOf(xs []int64) IntSet {
	slices.Sort(xs)
	s := IntSet{}
	for _, x := range xs {
		if n := len(s); n > 0 && x <= s[n-1].Hi+1 && s[n-1].Hi != 1<<63-1 {
			s[n-1].Hi = max(s[n-1].Hi, x)
			continue
		} else if n > 0 && x <= s[n-1].Hi {
			continue
		}
		s = append(s, Range{x, x})
	}
	return slices.Clip(s)
}

// basicExpr reads a literal or a name of a scalar (a parameter or a
// variable).
func (p *parser) basicExpr() (Value, error) {
	if p.s.kind != tIdent || p.is("true") || p.is("false") {
		return p.literal()
	}
	sym, ok := p.syms[string(p.s.text)]
	if !ok {
		return Value{}, p.errorf(ErrUndefined, "%s is not declared", clip(string(p.s.text)))
	}
	if sym.v.Kind == KindArray {
		return Value{}, p.errorf(ErrType, "the array %s where a single value is expected", clip(string(p.s.text)))
	}
	return sym.v, p.s.next()
}

// list reads items, separated by commas, up to the token close, which it
// consumes; item reads one, the current token being its first.
func (p *parser) list(close tokKind, item func() error) error {
	for p.s.kind != close {
		if err := item(); err != nil {
			return err
		}
		if p.s.kind != tComma {
			break
		}
		if err := p.s.next(); err != nil {
			return err
		}
	}
	return p.expect(close)
}

// values reads a list of values up to close (see list).
func (p *parser) values(close tokKind, item func() (Value, error)) ([]Value, error) {
	var out []Value
	err := p.list(close, func() error {
		v, err := item()
		out = append(out, v)
		return err
	})
	return slices.Clip(out), err
}

// expr reads an argument of a constraint: a basic expression or an
// array, by name or literal.
func (p *parser) expr() (Value, error) {
	if p.s.kind == tLBrack {
		return p.arrayLiteral()
	}
	if p.s.kind == tIdent {
		if sym, ok := p.syms[string(p.s.text)]; ok && sym.v.Kind == KindArray {
			return sym.v, p.s.next()
		}
	}
	return p.basicExpr()
}

// arrayLiteral reads "[e, ...]" of basic expressions, or the name of an
// array, and returns the array.
func (p *parser) arrayLiteral() (Value, error) {
	if p.s.kind == tIdent {
		sym, ok := p.syms[string(p.s.text)]
		if !ok {
			return Value{}, p.errorf(ErrUndefined, "%s is not declared", clip(string(p.s.text)))
		}
		if sym.v.Kind != KindArray {
			return Value{}, p.errorf(ErrType, "%s is not an array", clip(string(p.s.text)))
		}
		return sym.v, p.s.next()
	}
	if err := p.expect(tLBrack); err != nil {
		return Value{}, err
	}
	elems, err := p.values(tRBrack, p.basicExpr)
	if err != nil {
		return Value{}, err
	}
	return p.newArray(elems), nil
}

// newArray adds elems to the pool of arrays and returns its value.
func (p *parser) newArray(elems []Value) Value {
	p.m.Arrays = append(p.m.Arrays, elems)
	return Value{KindArray, int64(len(p.m.Arrays) - 1)}
}

// annotations reads ":: ann :: ann ...".
func (p *parser) annotations(depth int) ([]Annotation, error) {
	var anns []Annotation
	for p.s.kind == tColon2 {
		if err := p.s.next(); err != nil {
			return nil, err
		}
		if p.s.kind != tIdent {
			return nil, p.unexpected("an annotation")
		}
		a, err := p.annotation(depth)
		if err != nil {
			return nil, err
		}
		anns = append(anns, a)
	}
	return slices.Clip(anns), nil
}

// annotation reads "name" or "name(args)", the name being the current
// token.
func (p *parser) annotation(depth int) (Annotation, error) {
	if depth > maxDepth {
		return Annotation{}, p.errorf(ErrTooLarge, "annotations nested more than %d deep", maxDepth)
	}
	a := Annotation{Name: p.intern()}
	if err := p.s.next(); err != nil {
		return a, err
	}
	if p.s.kind != tLParen {
		return a, nil
	}
	if err := p.s.next(); err != nil {
		return a, err
	}
	args, err := p.values(tRParen, func() (Value, error) { return p.annExpr(depth + 1) })
	if args == nil {
		args = []Value{} // "a()" is a call, "a" an atom
	}
	a.Args = args
	return a, err
}

// annExpr reads an argument of an annotation: a literal, a string, a name
// (of a declaration, or else an annotation), an annotation call or an
// array of those.
func (p *parser) annExpr(depth int) (Value, error) {
	if depth > maxDepth {
		return Value{}, p.errorf(ErrTooLarge, "annotations nested more than %d deep", maxDepth)
	}
	switch p.s.kind {
	case tString:
		p.m.Strings = append(p.m.Strings, string(p.s.text))
		return Value{KindString, int64(len(p.m.Strings) - 1)}, p.s.next()
	case tLBrack:
		if err := p.s.next(); err != nil {
			return Value{}, err
		}
		elems, err := p.values(tRBrack, func() (Value, error) { return p.annExpr(depth + 1) })
		if err != nil {
			return Value{}, err
		}
		return p.newArray(elems), nil
	case tIdent:
		if p.is("true") || p.is("false") {
			return p.literal()
		}
		if sym, ok := p.syms[string(p.s.text)]; ok {
			return sym.v, p.s.next()
		}
		a, err := p.annotation(depth)
		if err != nil {
			return Value{}, err
		}
		p.m.Anns = append(p.m.Anns, a)
		return Value{KindAnn, int64(len(p.m.Anns) - 1)}, nil
	}
	return p.literal()
}
