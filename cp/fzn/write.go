package fzn

// Write prints a model back as FlatZinc: the reader's inverse up to
// spacing, comments, parameter names (scalar parameters are substituted
// where they are used, named parameter arrays are kept) and the order of a
// set's elements. Read(Write(m)) is m again, which the fuzz test checks.

import (
	"bufio"
	"io"
	"strconv"
)

// Write writes m as FlatZinc text to w.
func Write(w io.Writer, m *Model) error {
	b := bufio.NewWriter(w)
	pw := &printer{w: b, m: m}
	pw.model()
	return b.Flush()
}

type printer struct {
	w *bufio.Writer
	m *Model
	// names of the pool arrays that have one (named declarations).
	arrayNames map[int64]string
}

func (p *printer) str(s string) { p.w.WriteString(s) }

func (p *printer) model() {
	m := p.m
	p.arrayNames = map[int64]string{}
	for _, d := range m.ArrayDecls {
		p.arrayNames[int64(d.Array)] = d.Name
	}
	for _, pr := range m.Predicates {
		p.str("predicate " + pr.Name + "(")
		for i, q := range pr.Params {
			if i > 0 {
				p.str(", ")
			}
			p.str(q.Type + ": " + q.Name)
		}
		p.str(");\n")
	}
	// Parameter arrays, variables (each refers only to earlier ones),
	// then arrays of variables: every name written before its use.
	for _, d := range m.ArrayDecls {
		if !d.IsVar {
			p.arrayDecl(d)
		}
	}
	for _, v := range m.Vars {
		p.varDecl(v)
	}
	for _, d := range m.ArrayDecls {
		if d.IsVar {
			p.arrayDecl(d)
		}
	}
	for _, c := range m.Constraints {
		p.str("constraint " + c.Name + "(")
		for i, a := range c.Args {
			if i > 0 {
				p.str(", ")
			}
			p.value(a)
		}
		p.str(")")
		if c.Defines > 0 {
			p.str(" :: defines_var(" + m.Vars[c.Defines-1].Name + ")")
		}
		p.anns(c.Anns)
		p.str(";\n")
	}
	p.str("solve")
	p.anns(m.Solve.Anns)
	p.str(" " + m.Solve.Method.String())
	if m.Solve.Method != Satisfy {
		p.str(" ")
		p.value(m.Solve.Objective)
	}
	p.str(";\n")
}

// declType writes a declaration's type and name: "1..5: x", "bool: b".
func (p *printer) declType(t Type, domain IntSet, name string) {
	if t == TypeInt && domain != nil {
		p.str(setText(domain))
	} else {
		p.str(t.String())
	}
	p.str(": " + name)
}

func (p *printer) varDecl(v Var) {
	p.str("var ")
	p.declType(v.Type, v.Domain, v.Name)
	if v.Flags&FlagOutput != 0 {
		p.str(" :: output_var")
	}
	if v.Flags&FlagDefined != 0 {
		p.str(" :: is_defined_var")
	}
	if v.Flags&FlagIntroduced != 0 {
		p.str(" :: var_is_introduced")
	}
	p.anns(v.Anns)
	if v.Value.Kind != KindNone {
		p.str(" = ")
		p.value(v.Value)
	}
	p.str(";\n")
}

func (p *printer) arrayDecl(d ArrayDecl) {
	elems := p.m.Arrays[d.Array]
	p.str("array [1.." + strconv.Itoa(len(elems)) + "] of ")
	if d.IsVar {
		p.str("var ")
	}
	p.declType(d.Type, d.Domain, d.Name)
	if d.Output != nil {
		p.str(" :: output_array([")
		for i, r := range d.Output {
			if i > 0 {
				p.str(", ")
			}
			p.str(strconv.FormatInt(r.Lo, 10) + ".." + strconv.FormatInt(r.Hi, 10))
		}
		p.str("])")
	}
	p.anns(d.Anns)
	p.str(" = ")
	p.elems(elems)
	p.str(";\n")
}

func (p *printer) elems(elems []Value) {
	p.str("[")
	for i, e := range elems {
		if i > 0 {
			p.str(", ")
		}
		p.value(e)
	}
	p.str("]")
}

func (p *printer) anns(anns []Annotation) {
	for _, a := range anns {
		p.str(" :: ")
		p.ann(a)
	}
}

func (p *printer) ann(a Annotation) {
	p.str(a.Name)
	if a.Args == nil {
		return
	}
	p.str("(")
	for i, v := range a.Args {
		if i > 0 {
			p.str(", ")
		}
		p.value(v)
	}
	p.str(")")
}

// value writes v; a named array by its name, a literal array in full.
func (p *printer) value(v Value) {
	switch v.Kind {
	case KindArray:
		if name, ok := p.arrayNames[v.X]; ok {
			p.str(name)
			return
		}
		p.elems(p.m.Arrays[v.X])
	case KindVar:
		p.str(p.m.Vars[v.X].Name)
	case KindString:
		p.str(quote(p.m.Strings[v.X]))
	case KindAnn:
		p.ann(p.m.Anns[v.X])
	default:
		p.str(p.m.literalText(v))
	}
}

// literalText writes a literal: a Boolean, an integer, a float or a set.
func (m *Model) literalText(v Value) string {
	switch v.Kind {
	case KindBool:
		if v.X != 0 {
			return "true"
		}
		return "false"
	case KindInt:
		return strconv.FormatInt(v.X, 10)
	case KindFloat:
		s := strconv.FormatFloat(v.Float(), 'g', -1, 64)
		for _, c := range s {
			if c == '.' || c == 'e' {
				return s
			}
		}
		return s + ".0"
	case KindSet:
		return setText(m.Sets[v.X])
	case KindVar:
		return m.Vars[v.X].Name
	}
	return v.Kind.String()
}

// setText writes a set as FlatZinc: a range "1..5" when it is one, else
// "{1,3,5}" (ranges of a set with holes written out).
func setText(s IntSet) string {
	switch {
	case len(s) == 0:
		return "{}"
	case len(s) == 1 && s[0].Hi > s[0].Lo:
		return strconv.FormatInt(s[0].Lo, 10) + ".." + strconv.FormatInt(s[0].Hi, 10)
	}
	b := []byte{'{'}
	for i, r := range s {
		for x := r.Lo; ; x++ {
			if i > 0 || x > r.Lo {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, x, 10)
			if x == r.Hi {
				break
			}
		}
	}
	return string(append(b, '}'))
}

// setText writes set value v for a message.
func (m *Model) setText(v Value) string { return clip(setText(m.Sets[v.X])) }

// rangeOf returns set value v as one range: an empty set is 1..0.
func (m *Model) rangeOf(v Value) (Range, bool) {
	s := m.Sets[v.X]
	switch len(s) {
	case 0:
		return Range{1, 0}, true
	case 1:
		return s[0], true
	}
	return Range{}, false
}

// quote writes s as a FlatZinc string literal, with the escapes the
// scanner reads: \n, \t, \r, \" and \\; other bytes as they are.
func quote(s string) string {
	b := []byte{'"'}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\n':
			b = append(b, '\\', 'n')
		case '\t':
			b = append(b, '\\', 't')
		case '\r':
			b = append(b, '\\', 'r')
		case '"', '\\':
			b = append(b, '\\', c)
		default:
			b = append(b, c)
		}
	}
	return string(append(b, '"'))
}
