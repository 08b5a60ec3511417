package cp

// The native globals as satsolve's MiniZinc library declares them: one
// table that the library's fzn_*.mzn files, the FlatZinc translator and
// the tests all read, so that they cannot drift apart.
//
// MiniZinc reads a global constraint's fzn_<global>.mzn from the solver's
// library before its own decomposition. Each native's file declares the
// satsolve_ predicate and defines the fzn_ predicate as a call to it,
// passing what FlatZinc would otherwise lose: 2-d arrays flattened
// (array1d) and the first index of arrays whose index set matters
// (min(index_set(x))). The translator then meets the satsolve_ predicate
// in the FlatZinc and calls Post with the arguments converted by the
// parameters' types.

import (
	"fmt"
	"strings"

	"github.com/satsolve/satsolve/encode"
)

// ParamType is the MiniZinc type of a native's parameter, and the Go type
// of its argument to Post.
type ParamType uint8

// The parameter types, with the Go type Post takes for each.
const (
	ParInt          ParamType = iota // int: int64
	ParBool                          // bool: bool
	ParIntSet                        // set of int: Domain
	ParIntArray                      // array[int] of int: []int64
	ParVarInt                        // var int: IntVar
	ParVarBool                       // var bool: BoolVar
	ParVarIntArray                   // array[int] of var int: []IntVar
	ParVarBoolArray                  // array[int] of var bool: []BoolVar
	ParIntArray2                     // array[int,int] of int (in the fzn_ signature only)
)

var paramTypes = []string{"int", "bool", "set of int", "array[int] of int", "var int", "var bool",
	"array[int] of var int", "array[int] of var bool", "array[int,int] of int"}

// String returns the type as MiniZinc writes it.
func (t ParamType) String() string {
	if int(t) < len(paramTypes) {
		return paramTypes[t]
	}
	return fmt.Sprintf("ParamType(%d)", uint8(t))
}

// Param is one parameter of a predicate.
type Param struct {
	Name string
	Type ParamType
}

// Native is one global constraint cp encodes natively.
type Native struct {
	// Predicate is the FlatZinc predicate of satsolve's library, e.g.
	// "satsolve_all_different_int".
	Predicate string
	// Params are its parameters, in order.
	Params []Param
	// Global is the MiniZinc library predicate the library redefines
	// (its file is Global+".mzn"), e.g. "fzn_all_different_int".
	Global string
	// GlobalParams are the parameters of Global, as MiniZinc declares
	// them.
	GlobalParams []Param
	// Call is the body of Global's definition: the call of Predicate on
	// GlobalParams.
	Call string
	// Post adds the constraint to m; args hold one value per parameter,
	// of the Go type its ParamType names. A wrong number or type of
	// arguments is a model error (Model.Err).
	Post func(m *Model, args []any) Constraint
}

func decl(name string, ps []Param) string {
	var b strings.Builder
	fmt.Fprintf(&b, "predicate %s(", name)
	for i, p := range ps {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%v: %s", p.Type, p.Name)
	}
	b.WriteString(")")
	return b.String()
}

// Declaration returns the predicate's declaration, e.g.
// "predicate satsolve_all_different_int(array[int] of var int: x);".
func (n Native) Declaration() string { return decl(n.Predicate, n.Params) + ";" }

// Library returns the content of the library file Global+".mzn": the
// declaration of Predicate and Global's definition as its call.
func (n Native) Library() string {
	return fmt.Sprintf("%% %s: native in satsolve (cp.Natives).\n%s\n%s =\n    %s;\n",
		strings.TrimPrefix(n.Global, "fzn_"), n.Declaration(), decl(n.Global, n.GlobalParams), n.Call)
}

// Natives returns the table of native globals.
func Natives() []Native { return natives }

// LookupNative returns the native whose Predicate is name.
func LookupNative(name string) (Native, bool) {
	for _, n := range natives {
		if n.Predicate == name {
			return n, true
		}
	}
	return Native{}, false
}

// argReader converts Post's arguments, recording the first mismatch.
type argReader struct {
	args []any
}

// read checks the arguments against the parameters.
func (m *Model) read(pred string, ps []Param, args []any) (*argReader, bool) {
	if len(args) != len(ps) {
		m.fail("%s: %d arguments, want %d", pred, len(args), len(ps))
		return nil, false
	}
	for i, p := range ps {
		var good bool
		switch p.Type {
		case ParInt:
			_, good = args[i].(int64)
		case ParBool:
			_, good = args[i].(bool)
		case ParIntSet:
			_, good = args[i].(Domain)
		case ParIntArray:
			_, good = args[i].([]int64)
		case ParVarInt:
			_, good = args[i].(IntVar)
		case ParVarBool:
			_, good = args[i].(BoolVar)
		case ParVarIntArray:
			_, good = args[i].([]IntVar)
		case ParVarBoolArray:
			_, good = args[i].([]BoolVar)
		}
		if !good {
			m.fail("%s: argument %d (%s) is a %T, want %v", pred, i+1, p.Name, args[i], p.Type)
			return nil, false
		}
	}
	return &argReader{args}, true
}

func (r *argReader) int(i int) int64     { return r.args[i].(int64) }
func (r *argReader) set(i int) Domain    { return r.args[i].(Domain) }
func (r *argReader) ints(i int) []int64  { return r.args[i].([]int64) }
func (r *argReader) vars(i int) []IntVar { return r.args[i].([]IntVar) }

// native builds a table entry whose Post checks the arguments against
// params and calls post.
func native(pred string, params []Param, global string, gparams []Param, call string,
	post func(m *Model, r *argReader) Constraint) Native {
	return Native{Predicate: pred, Params: params, Global: global, GlobalParams: gparams, Call: call,
		Post: func(m *Model, a []any) Constraint {
			r, ok := m.read(pred, params, a)
			if !ok || m.err != nil {
				return Constraint{}
			}
			return post(m, r)
		}}
}

var (
	xParam  = Param{"x", ParVarIntArray}
	xyParam = []Param{{"x", ParVarIntArray}, {"y", ParVarIntArray}}
)

var natives = []Native{
	native("satsolve_all_different_int", []Param{xParam}, "fzn_all_different_int", []Param{xParam},
		"satsolve_all_different_int(x)",
		func(m *Model, r *argReader) Constraint { return m.AllDifferent(r.vars(0)...) }),
	native("satsolve_table_int", []Param{xParam, {"t", ParIntArray}}, "fzn_table_int", []Param{xParam, {"t", ParIntArray2}},
		"satsolve_table_int(x, array1d(t))", postTable),
	native("satsolve_regular",
		[]Param{xParam, {"Q", ParInt}, {"S", ParInt}, {"d", ParIntArray}, {"q0", ParInt}, {"F", ParIntSet}},
		"fzn_regular",
		[]Param{xParam, {"Q", ParInt}, {"S", ParInt}, {"d", ParIntArray2}, {"q0", ParInt}, {"F", ParIntSet}},
		"satsolve_regular(x, Q, S, array1d(d), q0, F)", postRegular),
	native("satsolve_circuit", []Param{xParam, {"first", ParInt}}, "fzn_circuit", []Param{xParam},
		"satsolve_circuit(x, min(index_set(x)))",
		func(m *Model, r *argReader) Constraint { return m.Circuit(r.vars(0), r.int(1)) }),
	native("satsolve_subcircuit", []Param{xParam, {"first", ParInt}}, "fzn_subcircuit", []Param{xParam},
		"satsolve_subcircuit(x, min(index_set(x)))",
		func(m *Model, r *argReader) Constraint { return m.Subcircuit(r.vars(0), r.int(1)) }),
	native("satsolve_inverse",
		[]Param{{"f", ParVarIntArray}, {"ffirst", ParInt}, {"invf", ParVarIntArray}, {"gfirst", ParInt}},
		"fzn_inverse", []Param{{"f", ParVarIntArray}, {"invf", ParVarIntArray}},
		"satsolve_inverse(f, min(index_set(f)), invf, min(index_set(invf)))",
		func(m *Model, r *argReader) Constraint { return m.Inverse(r.vars(0), r.int(1), r.vars(2), r.int(3)) }),
	gccNative("fzn_global_cardinality", false),
	gccNative("fzn_global_cardinality_closed", true),
	gccBoundsNative("fzn_global_cardinality_low_up", false),
	gccBoundsNative("fzn_global_cardinality_low_up_closed", true),
	native("satsolve_lex_lesseq_int", xyParam, "fzn_lex_lesseq_int", xyParam, "satsolve_lex_lesseq_int(x, y)",
		func(m *Model, r *argReader) Constraint { return m.LexLesseq(r.vars(0), r.vars(1)) }),
	native("satsolve_lex_less_int", xyParam, "fzn_lex_less_int", xyParam, "satsolve_lex_less_int(x, y)",
		func(m *Model, r *argReader) Constraint { return m.LexLess(r.vars(0), r.vars(1)) }),
}

// postTable cuts the flattened table into tuples of len(x) values.
func postTable(m *Model, r *argReader) Constraint {
	xs, flat := r.vars(0), r.ints(1)
	n := len(xs)
	switch {
	case n == 0 && len(flat) == 0:
		return m.Table(xs, [][]int64{{}})
	case n == 0 || len(flat)%n != 0:
		m.fail("satsolve_table_int: %d table entries for %d variables", len(flat), n)
		return Constraint{}
	}
	tuples := make([][]int64, len(flat)/n)
	for j := range tuples {
		tuples[j] = flat[j*n : (j+1)*n]
	}
	return m.Table(xs, tuples)
}

// postRegular translates MiniZinc's automaton: states 1..Q with 0 the
// failing state, symbols 1..S, d row by row.
func postRegular(m *Model, r *argReader) Constraint {
	q, sym, d, q0, f := r.int(1), r.int(2), r.ints(3), r.int(4), r.set(5)
	if q < 1 || sym < 1 || q > 1<<20 || sym > 1<<20 || int64(len(d)) != q*sym {
		m.fail("satsolve_regular: %d states, %d symbols and %d transitions", q, sym, len(d))
		return Constraint{}
	}
	dfa := &encode.DFA{States: int(q), Symbols: int(sym), Next: make([][]int, q), Start: int(q0 - 1)}
	for s := range dfa.Next {
		dfa.Next[s] = make([]int, sym)
		for a := range dfa.Next[s] {
			dfa.Next[s][a] = int(d[int64(s)*sym+int64(a)]) - 1
		}
	}
	for st := range f.Values {
		if st >= 1 && st <= q {
			dfa.Accept = append(dfa.Accept, int(st-1))
		}
	}
	return m.Regular(r.vars(0), dfa, 1)
}

func gccNative(global string, closed bool) Native {
	pred := strings.Replace(global, "fzn_", "satsolve_", 1)
	ps := []Param{xParam, {"cover", ParIntArray}, {"counts", ParVarIntArray}}
	return native(pred, ps, global, ps, pred+"(x, cover, counts)", func(m *Model, r *argReader) Constraint {
		return m.GlobalCardinality(r.vars(0), r.ints(1), r.vars(2), closed)
	})
}

func gccBoundsNative(global string, closed bool) Native {
	pred := strings.Replace(global, "fzn_", "satsolve_", 1)
	ps := []Param{xParam, {"cover", ParIntArray}, {"lbound", ParIntArray}, {"ubound", ParIntArray}}
	return native(pred, ps, global, ps, pred+"(x, cover, lbound, ubound)", func(m *Model, r *argReader) Constraint {
		return m.GlobalCardinalityBounds(r.vars(0), r.ints(1), r.ints(2), r.ints(3), closed)
	})
}
