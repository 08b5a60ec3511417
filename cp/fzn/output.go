package fzn

// Solutions are printed as the FlatZinc specification's section "Output"
// says: one "name = value;" line per output_var variable and output_array
// array, in declaration order, arrays as arrayNd(index sets, [elements])
// with the index sets of their output_array annotation, Booleans as true
// and false; the solver prints "----------" after each solution and the
// status lines below.

import (
	"bufio"
	"io"
	"strconv"
)

// The lines that end a solution and report the outcome of a search.
const (
	// SolutionEnd follows every solution.
	SolutionEnd = "----------"
	// SearchComplete follows the last solution when the search is
	// complete: all solutions printed, or the last one proved optimal.
	SearchComplete = "=========="
	// Unsatisfiable reports a complete search that found no solution.
	Unsatisfiable = "=====UNSATISFIABLE====="
	// Unknown reports an incomplete search that found no solution.
	Unknown = "=====UNKNOWN====="
	// Unbounded reports an objective without bound.
	Unbounded = "=====UNBOUNDED====="
)

// WriteSolution writes the values of the output variables and arrays of m,
// followed by SolutionEnd. value returns the value of variable i of
// m.Vars: an integer, or 0 and 1 for false and true.
func (m *Model) WriteSolution(w io.Writer, value func(i int) int64) error {
	b := bufio.NewWriter(w)
	buf := make([]byte, 0, 256)
	for _, o := range m.Output {
		if !o.IsArray {
			v := m.Vars[o.Index]
			buf = append(buf[:0], v.Name...)
			buf = append(buf, " = "...)
			buf = m.appendValue(buf, Value{KindVar, int64(o.Index)}, value)
			buf = append(buf, ";\n"...)
			b.Write(buf)
			continue
		}
		d := m.ArrayDecls[o.Index]
		buf = append(buf[:0], d.Name...)
		buf = append(buf, " = array"...)
		buf = strconv.AppendInt(buf, int64(len(d.Output)), 10)
		buf = append(buf, "d("...)
		for _, r := range d.Output {
			buf = strconv.AppendInt(buf, r.Lo, 10)
			buf = append(buf, ".."...)
			buf = strconv.AppendInt(buf, r.Hi, 10)
			buf = append(buf, ", "...)
		}
		buf = append(buf, '[')
		for i, e := range m.Arrays[d.Array] {
			if i > 0 {
				buf = append(buf, ", "...)
			}
			buf = m.appendValue(buf, e, value)
			if len(buf) > 4096 {
				b.Write(buf)
				buf = buf[:0]
			}
		}
		buf = append(buf, "]);\n"...)
		b.Write(buf)
	}
	b.WriteString(SolutionEnd + "\n")
	return b.Flush()
}

// appendValue appends the value of e (a variable or a literal) in the
// solution.
func (m *Model) appendValue(buf []byte, e Value, value func(int) int64) []byte {
	switch e.Kind {
	case KindVar:
		x := value(int(e.X))
		if m.Vars[e.X].Type == TypeBool {
			return strconv.AppendBool(buf, x != 0)
		}
		return strconv.AppendInt(buf, x, 10)
	case KindBool:
		return strconv.AppendBool(buf, e.X != 0)
	case KindInt:
		return strconv.AppendInt(buf, e.X, 10)
	}
	return append(buf, m.literalText(e)...)
}
