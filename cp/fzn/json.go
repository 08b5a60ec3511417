package fzn

// FlatZinc-JSON, the second form MiniZinc writes for its solvers (from
// version 2.8, inputType "JSON"; docs/en/fznjson.json of libminizinc):
// one JSON object with "variables" and "arrays" (objects keyed by name),
// "constraints" (a list of {"id", "args", "ann", "defines"}), "output"
// (the names to print), "solve" ({"method", "objective", "ann"}) and
// "version". Identifiers are JSON strings, sets {"set": [[lo, hi], ...]},
// strings {"string": "..."}, annotations strings (atoms) or {"id",
// "args"}. ReadJSON reads it into the same Model as Read.
//
// Names may be used before the object that declares them (variables are
// one object, arrays another), so every name is collected first; a
// variable whose "rhs" names another variable (an alias) is placed after
// it, as the text form would declare them. Arrays of variables are those
// holding a variable; output arrays are one-dimensional and 1-based (the
// only kind MiniZinc writes since 2.7.8). Errors are positioned at the
// line and column of the item at fault.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// ReadJSON reads a FlatZinc-JSON model. Its errors are *Error, positioned.
func ReadJSON(r io.Reader, opts Options) (*Model, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	j := &jsonReader{data: data, file: opts.File, m: &Model{File: opts.File}, syms: map[string]symbol{}}
	if err := j.read(); err != nil {
		return nil, err
	}
	return j.m, nil
}

// isJSON reports whether data, the start of an input, is FlatZinc-JSON:
// its first byte other than white space opens an object.
func isJSON(data []byte) bool {
	s := bytes.TrimLeft(data, " \t\r\n")
	return len(s) > 0 && s[0] == '{'
}

type jsonReader struct {
	data []byte
	file string
	m    *Model
	syms map[string]symbol
}

// The items of the document, each with the offset it starts at.
type (
	jsonVar struct {
		Type       string            `json:"type"`
		Domain     [][]json.Number   `json:"domain"`
		RHS        json.RawMessage   `json:"rhs"`
		Introduced bool              `json:"introduced"`
		Defined    bool              `json:"defined"`
		Ann        []json.RawMessage `json:"ann"`
	}
	jsonArray struct {
		A          []json.RawMessage `json:"a"`
		Ann        []json.RawMessage `json:"ann"`
		Introduced bool              `json:"introduced"`
		Defined    bool              `json:"defined"`
	}
	jsonConstraint struct {
		ID      string            `json:"id"`
		Args    []json.RawMessage `json:"args"`
		Ann     []json.RawMessage `json:"ann"`
		Defines string            `json:"defines"`
	}
	jsonSolve struct {
		Method    string            `json:"method"`
		Objective json.RawMessage   `json:"objective"`
		Ann       []json.RawMessage `json:"ann"`
	}
	named[T any] struct {
		name string
		off  int64
		v    T
	}
)

// errAt returns an *Error at byte offset off.
func (j *jsonReader) errAt(off int64, class error, format string, args ...any) error {
	off = min(max(off, 0), int64(len(j.data)))
	line := 1 + bytes.Count(j.data[:off], []byte{'\n'})
	col := int(off) - bytes.LastIndexByte(j.data[:off], '\n')
	return &Error{File: j.file, Line: line, Col: col, Err: newDefect(class, format, args...)}
}

// read decodes the document and builds the model.
func (j *jsonReader) read() error {
	dec := json.NewDecoder(bytes.NewReader(j.data))
	dec.UseNumber()
	var (
		vars        []named[jsonVar]
		arrays      []named[jsonArray]
		constraints []named[jsonConstraint]
		output      []string
		solve       *named[jsonSolve]
	)
	bad := func(err error) error {
		return j.errAt(dec.InputOffset(), ErrSyntax, "%v", err)
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return j.errAt(dec.InputOffset(), ErrSyntax, "FlatZinc-JSON is one object, {...}")
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return bad(err)
		}
		switch key, _ := tok.(string); key {
		case "variables":
			if vars, err = decodeObject[jsonVar](dec); err != nil {
				return bad(err)
			}
		case "arrays":
			if arrays, err = decodeObject[jsonArray](dec); err != nil {
				return bad(err)
			}
		case "constraints":
			if constraints, err = decodeList[jsonConstraint](dec); err != nil {
				return bad(err)
			}
		case "output":
			if err := dec.Decode(&output); err != nil {
				return bad(err)
			}
		case "solve":
			solve = &named[jsonSolve]{off: dec.InputOffset()}
			if err := dec.Decode(&solve.v); err != nil {
				return bad(err)
			}
		default: // "version" and anything newer
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return bad(err)
			}
		}
	}
	if _, err := dec.Token(); err != nil {
		return bad(err)
	}
	if solve == nil {
		return j.errAt(int64(len(j.data)), ErrSyntax, "no \"solve\" item")
	}
	if err := j.variables(vars); err != nil {
		return err
	}
	if err := j.arrays(arrays); err != nil {
		return err
	}
	for _, c := range constraints {
		if err := j.constraint(c); err != nil {
			return err
		}
	}
	if err := j.output(output); err != nil {
		return err
	}
	return j.solve(*solve)
}

// decodeObject decodes an object of named items, in document order.
func decodeObject[T any](dec *json.Decoder) ([]named[T], error) {
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("want an object of named items")
	}
	var out []named[T]
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		n := named[T]{name: tok.(string), off: dec.InputOffset()}
		if err := dec.Decode(&n.v); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	_, err := dec.Token()
	return out, err
}

// decodeList decodes a list of items.
func decodeList[T any](dec *json.Decoder) ([]named[T], error) {
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return nil, fmt.Errorf("want a list")
	}
	var out []named[T]
	for dec.More() {
		n := named[T]{off: dec.InputOffset()}
		if err := dec.Decode(&n.v); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	_, err := dec.Token()
	return out, err
}

// variables declares the variables, each alias after what it names.
func (j *jsonReader) variables(vars []named[jsonVar]) error {
	byName := map[string]int{}
	for i, v := range vars {
		if _, dup := byName[v.name]; dup {
			return j.errAt(v.off, ErrRedefined, "%s is declared twice", v.name)
		}
		byName[v.name] = i
	}
	// Place each variable after the one its rhs names (depth first).
	state := make([]uint8, len(vars)) // 0 new, 1 placing, 2 placed
	var place func(i int) error
	place = func(i int) error {
		switch state[i] {
		case 1:
			return j.errAt(vars[i].off, ErrType, "%s is an alias of itself", vars[i].name)
		case 2:
			return nil
		}
		state[i] = 1
		var target string
		if json.Unmarshal(vars[i].v.RHS, &target) == nil {
			if k, ok := byName[target]; ok {
				if err := place(k); err != nil {
					return err
				}
			}
		}
		state[i] = 2
		return j.declareVar(vars[i])
	}
	for i := range vars {
		if err := place(i); err != nil {
			return err
		}
	}
	return nil
}

// validName reports whether name can name a declaration (underscore
// allowed first) or a predicate or annotation (not), as in the text form.
func validName(name string, decl bool) bool {
	if name == "" || keywords[name] || !decl && name[0] == '_' {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := int(name[i])
		if !(isLetter(c) || c == '_' || i > 0 && isDigit(c)) {
			return false
		}
	}
	return true
}

// declareVar declares one variable.
func (j *jsonReader) declareVar(n named[jsonVar]) error {
	if !validName(n.name, true) {
		return j.errAt(n.off, ErrSyntax, "%q is not a name", clip(n.name))
	}
	if _, ok := j.syms[n.name]; ok {
		return j.errAt(n.off, ErrRedefined, "%s is declared twice", n.name)
	}
	v := Var{Name: n.name, Pos: j.pos(n.off)}
	switch n.v.Type {
	case "bool":
		v.Type = TypeBool
	case "int":
		v.Type = TypeInt
	case "float":
		return j.errAt(n.off, ErrUnsupported, "float variables are not supported: satsolve solves integer and Boolean models")
	case "set of int":
		return j.errAt(n.off, ErrUnsupported, "set variables are not supported (the satsolve mznlib makes MiniZinc rewrite them into Booleans: run minizinc with --solver satsolve)")
	default:
		return j.errAt(n.off, ErrSyntax, "variable %s of type %q (want bool, int, float or set of int)", n.name, n.v.Type)
	}
	if n.v.Domain != nil && v.Type == TypeInt {
		d, err := j.ranges(n.off, n.v.Domain)
		if err != nil {
			return err
		}
		v.Domain = d
	}
	if n.v.Introduced {
		v.Flags |= FlagIntroduced
	}
	if n.v.Defined {
		v.Flags |= FlagDefined
	}
	anns, err := j.annotations(n.off, n.v.Ann, 0)
	if err != nil {
		return err
	}
	v.Anns = anns
	if len(n.v.RHS) > 0 {
		val, err := j.literal(n.off, n.v.RHS)
		if err != nil {
			return err
		}
		if !j.scalarOf(val, v.Type) {
			return j.errAt(n.off, ErrType, "%s = %s: not %s", n.name, clip(string(n.v.RHS)), typeArticle(v.Type))
		}
		v.Value = val
	}
	j.syms[n.name] = symbol{v: Value{KindVar, int64(len(j.m.Vars))}, decl: -1}
	j.m.Vars = append(j.m.Vars, v)
	return nil
}

// scalarOf reports whether v is a literal or variable of type t.
func (j *jsonReader) scalarOf(v Value, t Type) bool {
	switch v.Kind {
	case KindBool:
		return t == TypeBool
	case KindInt:
		return t == TypeInt
	case KindVar:
		return j.m.Vars[v.X].Type == t
	}
	return false
}

// pos returns the position of offset off, for the Pos of a declaration.
func (j *jsonReader) pos(off int64) Pos {
	e := j.errAt(off, ErrSyntax, "").(*Error)
	return Pos{int32(e.Line), int32(e.Col)}
}

// ranges reads a domain or a set: [[lo, hi], ...].
func (j *jsonReader) ranges(off int64, rs [][]json.Number) (IntSet, error) {
	var xs IntSet
	for _, r := range rs {
		if len(r) != 2 {
			return nil, j.errAt(off, ErrSyntax, "a range is [lo, hi], not %d numbers", len(r))
		}
		lo, err1 := r[0].Int64()
		hi, err2 := r[1].Int64()
		if err1 != nil || err2 != nil {
			return nil, j.errAt(off, ErrType, "range [%s, %s]: want integers", r[0], r[1])
		}
		if lo <= hi {
			xs = append(xs, Range{lo, hi})
		}
	}
	set := normalise(xs)
	if len(set) > 1 && set.Size() > maxListedSet {
		return nil, j.errAt(off, ErrTooLarge, "a set with holes of %d elements (at most %d: FlatZinc text lists such a set element by element)", set.Size(), maxListedSet)
	}
	return set, nil
}

// maxListedSet bounds the size of a set with holes in FlatZinc-JSON, whose
// ranges can describe what the text form could only list.
const maxListedSet = 1 << 20

// normalise sorts ranges and merges the overlapping and adjacent ones.
func normalise(rs IntSet) IntSet {
	slices.SortFunc(rs, func(a, b Range) int {
		switch {
		case a.Lo < b.Lo:
			return -1
		case a.Lo > b.Lo:
			return 1
		}
		return 0
	})
	out := IntSet{}
	for _, r := range rs {
		if n := len(out); n > 0 && (r.Lo <= out[n-1].Hi || out[n-1].Hi != 1<<63-1 && r.Lo == out[n-1].Hi+1) {
			out[n-1].Hi = max(out[n-1].Hi, r.Hi)
			continue
		}
		out = append(out, r)
	}
	return out
}

// arrays declares the arrays: of variables when one element is a
// variable, else of parameters.
func (j *jsonReader) arrays(arrays []named[jsonArray]) error {
	for _, n := range arrays {
		if !validName(n.name, true) {
			return j.errAt(n.off, ErrSyntax, "%q is not a name", clip(n.name))
		}
		if _, ok := j.syms[n.name]; ok {
			return j.errAt(n.off, ErrRedefined, "%s is declared twice", n.name)
		}
		elems := make([]Value, len(n.v.A))
		d := ArrayDecl{Name: n.name, Type: TypeInt, Pos: j.pos(n.off)}
		for i, raw := range n.v.A {
			v, err := j.literal(n.off, raw)
			if err != nil {
				return err
			}
			switch v.Kind {
			case KindVar:
				d.IsVar = true
				d.Type = j.m.Vars[v.X].Type
			case KindBool:
				d.Type = TypeBool
			case KindFloat:
				d.Type = TypeFloat
			case KindSet:
				d.Type = TypeSet
			case KindString, KindArray, KindAnn:
				return j.errAt(n.off, ErrType, "array %s holds %v", n.name, v.Kind)
			}
			elems[i] = v
		}
		for _, e := range elems {
			if e.Kind == KindVar && j.m.Vars[e.X].Type != d.Type || e.Kind != KindVar && e.Kind != kindOf(d.Type) {
				return j.errAt(n.off, ErrType, "array %s mixes element types", n.name)
			}
		}
		anns, err := j.annotations(n.off, n.v.Ann, 0)
		if err != nil {
			return err
		}
		d.Anns = anns
		d.Array = int(j.newArray(elems).X)
		j.syms[n.name] = symbol{v: Value{KindArray, int64(d.Array)}, decl: int32(len(j.m.ArrayDecls))}
		j.m.ArrayDecls = append(j.m.ArrayDecls, d)
	}
	return nil
}

// kindOf returns the kind of the literals of type t.
func kindOf(t Type) Kind {
	switch t {
	case TypeBool:
		return KindBool
	case TypeFloat:
		return KindFloat
	case TypeSet:
		return KindSet
	}
	return KindInt
}

func (j *jsonReader) newArray(elems []Value) Value {
	j.m.Arrays = append(j.m.Arrays, elems)
	return Value{KindArray, int64(len(j.m.Arrays) - 1)}
}

// constraint adds one constraint item.
func (j *jsonReader) constraint(n named[jsonConstraint]) error {
	if !validName(n.v.ID, false) {
		return j.errAt(n.off, ErrSyntax, "constraint %q: want the name of a predicate", clip(n.v.ID))
	}
	c := Constraint{Name: n.v.ID, Pos: j.pos(n.off), Args: make([]Value, len(n.v.Args))}
	for i, raw := range n.v.Args {
		var v Value
		var err error
		if isList(raw) {
			v, err = j.list(n.off, raw, j.literal)
		} else {
			v, err = j.literal(n.off, raw)
		}
		if err != nil {
			return err
		}
		if v.Kind == KindString {
			return j.errAt(n.off, ErrType, "%s: a string argument", n.v.ID)
		}
		c.Args[i] = v
	}
	if n.v.Defines != "" {
		sym, ok := j.syms[n.v.Defines]
		if !ok || sym.v.Kind != KindVar {
			return j.errAt(n.off, ErrUndefined, "%s defines %s, which is not a variable", n.v.ID, n.v.Defines)
		}
		c.Defines = int32(sym.v.X) + 1
	}
	anns, err := j.annotations(n.off, n.v.Ann, 0)
	if err != nil {
		return err
	}
	c.Anns = anns
	j.m.Constraints = append(j.m.Constraints, c)
	return nil
}

// output marks the variables and arrays named output.
func (j *jsonReader) output(names []string) error {
	for _, name := range names {
		sym, ok := j.syms[name]
		switch {
		case !ok:
			return j.errAt(0, ErrUndefined, "output %s is not declared", name)
		case sym.v.Kind == KindVar:
			v := &j.m.Vars[sym.v.X]
			if v.Flags&FlagOutput == 0 {
				v.Flags |= FlagOutput
				j.m.Output = append(j.m.Output, Output{Index: int(sym.v.X)})
			}
		case sym.decl >= 0:
			d := &j.m.ArrayDecls[sym.decl]
			if !d.IsVar {
				d.IsVar = true // an output array of constants: print it as it is
			}
			if d.Output == nil {
				d.Output = []Range{{1, int64(len(j.m.Arrays[d.Array]))}}
				j.m.Output = append(j.m.Output, Output{IsArray: true, Index: int(sym.decl)})
			}
		}
	}
	return nil
}

// solve reads the solve item.
func (j *jsonReader) solve(n named[jsonSolve]) error {
	s := Solve{Pos: j.pos(n.off)}
	switch n.v.Method {
	case "satisfy":
	case "minimize":
		s.Method = Minimize
	case "maximize":
		s.Method = Maximize
	default:
		return j.errAt(n.off, ErrSyntax, "solve method %q (want satisfy, minimize or maximize)", n.v.Method)
	}
	if s.Method != Satisfy {
		v, err := j.literal(n.off, n.v.Objective)
		if err != nil {
			return err
		}
		if v.Kind != KindInt && !(v.Kind == KindVar && j.m.Vars[v.X].Type == TypeInt) {
			if v.Kind == KindFloat {
				return j.errAt(n.off, ErrUnsupported, "float objectives are not supported: satsolve solves integer and Boolean models")
			}
			return j.errAt(n.off, ErrType, "the objective must be an int variable or an integer")
		}
		s.Objective = v
	}
	anns, err := j.annotations(n.off, n.v.Ann, 0)
	if err != nil {
		return err
	}
	s.Anns = anns
	j.m.Solve = s
	return nil
}

// isList reports whether raw is a JSON array.
func isList(raw json.RawMessage) bool {
	s := bytes.TrimLeft(raw, " \t\r\n")
	return len(s) > 0 && s[0] == '['
}

// list reads a JSON array of items read by item into a new pool array.
func (j *jsonReader) list(off int64, raw json.RawMessage, item func(int64, json.RawMessage) (Value, error)) (Value, error) {
	var raws []json.RawMessage
	if err := json.Unmarshal(raw, &raws); err != nil {
		return Value{}, j.errAt(off, ErrSyntax, "%v", err)
	}
	elems := make([]Value, len(raws))
	for i, r := range raws {
		v, err := item(off, r)
		if err != nil {
			return Value{}, err
		}
		elems[i] = v
	}
	return j.newArray(elems), nil
}

// literal reads a number, a Boolean, a name, a set or a string.
func (j *jsonReader) literal(off int64, raw json.RawMessage) (Value, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var x any
	if err := dec.Decode(&x); err != nil {
		return Value{}, j.errAt(off, ErrSyntax, "%v", err)
	}
	switch x := x.(type) {
	case bool:
		return Bool(x), nil
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return Int(i), nil
		}
		if strings.ContainsAny(x.String(), ".eE") {
			f, err := strconv.ParseFloat(x.String(), 64)
			if err == nil {
				return floatValue(f), nil
			}
		}
		return Value{}, j.errAt(off, ErrTooLarge, "number %s out of range", x)
	case string:
		sym, ok := j.syms[x]
		if !ok {
			return Value{}, j.errAt(off, ErrUndefined, "%s is not declared", clip(x))
		}
		return sym.v, nil
	case map[string]any:
		if s, ok := x["string"].(string); ok {
			j.m.Strings = append(j.m.Strings, s)
			return Value{KindString, int64(len(j.m.Strings) - 1)}, nil
		}
		var set struct {
			Set [][]json.Number `json:"set"`
		}
		if bytes.Contains(raw, []byte(`"set"`)) && json.Unmarshal(raw, &set) == nil {
			rs, err := j.ranges(off, set.Set)
			if err != nil {
				return Value{}, err
			}
			j.m.Sets = append(j.m.Sets, rs)
			return Value{KindSet, int64(len(j.m.Sets) - 1)}, nil
		}
	}
	return Value{}, j.errAt(off, ErrSyntax, "%s is not a literal", clip(string(raw)))
}

// annotations reads a list of annotations.
func (j *jsonReader) annotations(off int64, raws []json.RawMessage, depth int) ([]Annotation, error) {
	var out []Annotation
	for _, raw := range raws {
		a, err := j.annotation(off, raw, depth)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// annotation reads "atom" or {"id": ..., "args": [...]}.
func (j *jsonReader) annotation(off int64, raw json.RawMessage, depth int) (Annotation, error) {
	if depth > maxDepth {
		return Annotation{}, j.errAt(off, ErrTooLarge, "annotations nested more than %d deep", maxDepth)
	}
	var atom string
	if json.Unmarshal(raw, &atom) == nil {
		if !validName(atom, false) {
			return Annotation{}, j.errAt(off, ErrSyntax, "annotation %q: want a name", clip(atom))
		}
		return Annotation{Name: atom}, nil
	}
	var call struct {
		ID   string            `json:"id"`
		Args []json.RawMessage `json:"args"`
	}
	if err := json.Unmarshal(raw, &call); err != nil || !validName(call.ID, false) {
		return Annotation{}, j.errAt(off, ErrSyntax, "%s is not an annotation", clip(string(raw)))
	}
	a := Annotation{Name: call.ID, Args: []Value{}}
	for _, r := range call.Args {
		v, err := j.annArg(off, r, depth+1)
		if err != nil {
			return Annotation{}, err
		}
		a.Args = append(a.Args, v)
	}
	return a, nil
}

// annArg reads an argument of an annotation: a literal, a name (of a
// declaration, or else an atom), a call, or a list of those.
func (j *jsonReader) annArg(off int64, raw json.RawMessage, depth int) (Value, error) {
	if depth > maxDepth {
		return Value{}, j.errAt(off, ErrTooLarge, "annotations nested more than %d deep", maxDepth)
	}
	if isList(raw) {
		return j.list(off, raw, func(off int64, r json.RawMessage) (Value, error) { return j.annArg(off, r, depth+1) })
	}
	var name string
	if json.Unmarshal(raw, &name) == nil {
		if sym, ok := j.syms[name]; ok {
			return sym.v, nil
		}
	}
	if v, err := j.literal(off, raw); err == nil {
		return v, nil
	}
	a, err := j.annotation(off, raw, depth)
	if err != nil {
		return Value{}, err
	}
	j.m.Anns = append(j.m.Anns, a)
	return Value{KindAnn, int64(len(j.m.Anns) - 1)}, nil
}
