package proof

import "github.com/satsolve/satsolve/sat"

// Both checkers renumber variables densely in order of first appearance
// and work on literal codes: 2*v for the positive literal of internal
// variable v, 2*v+1 for the negative one (v ≥ 1, so codes 0 and 1 are
// never used). Renumbering bounds every per-variable array by the number
// of distinct variables actually seen, whatever numbers a proof uses: a
// step naming variable 2,000,000,000 costs one map entry, not gigabytes.

// denseSpan bounds the direct lookup table: a variable v goes there when
// v < 2n + denseSpan, n being the number of variables seen so far, so the
// table stays within a constant factor of the variables actually used
// (whatever a header or a proof claims); larger ones go to the map.
const denseSpan = 1 << 20

// varMap maps DIMACS variables to dense internal indices 1, 2, 3, ….
type varMap struct {
	dense  []uint32 // external variable → internal index (0: unseen)
	sparse map[sat.Var]uint32
	n      uint32    // internal variables handed out
	ext    []sat.Var // internal index → external variable (ext[0] unused)
}

func newVarMap() *varMap {
	return &varMap{ext: []sat.Var{0}}
}

// index returns the internal index of v, allocating one if v is new.
func (m *varMap) index(v sat.Var) uint32 {
	if int(v) < len(m.dense) {
		if i := m.dense[v]; i != 0 {
			return i
		}
	}
	if i, ok := m.sparse[v]; ok {
		return i
	}
	m.n++
	m.ext = append(m.ext, v)
	switch {
	case int(v) < len(m.dense):
	case int64(v) < 2*int64(m.n)+denseSpan:
		n := max(int(v)+1, min(2*len(m.dense), 2*int(m.n)+denseSpan))
		m.dense = append(m.dense, make([]uint32, n-len(m.dense))...)
	default:
		if m.sparse == nil {
			m.sparse = make(map[sat.Var]uint32)
		}
		m.sparse[v] = m.n
		return m.n
	}
	m.dense[v] = m.n
	return m.n
}

// code returns the literal code of l.
func (m *varMap) code(l sat.Lit) uint32 {
	c := 2 * m.index(l.Var())
	if l < 0 {
		c++
	}
	return c
}

// lit returns the DIMACS literal of code c.
func (m *varMap) lit(c uint32) sat.Lit {
	v := m.ext[c>>1]
	if c&1 != 0 {
		return v.Neg()
	}
	return v.Pos()
}
