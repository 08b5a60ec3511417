package proof

// LRAT output of the DRAT checker (Options.LRAT), as drat-trim's -L: the
// needed lemmas in proof order, each with the hints of its successful
// check — the reasons of the propagation in trail order, then the
// falsified clause — and, for a RAT lemma, one group "-D hints…" per
// candidate D (all of them marked). The formula's clauses keep ids 1..n;
// the lemmas are numbered from n+1 in order. A clause is deleted right
// after the last lemma whose hints name it; formula clauses never named
// are deleted at the start, so that no clause is alive in the LRAT proof
// that was not alive at the same point of the DRAT proof.

import (
	"io"
	"slices"
)

// groupFlag marks a RAT candidate in a recorded hint list.
const groupFlag = 1 << 31

type lratExport struct {
	nOrig   int
	hints   map[uint32][]uint32 // lemma clause index → hints (clause indices)
	final   []uint32            // hints of the empty clause
	cur     []uint32            // hints of the check under way
	seg     []uint32            // reasons of the current analysis, last first
	lastUse map[uint32]int      // clause index → last step naming it
}

func newLRATExport(nOrig int) *lratExport {
	return &lratExport{nOrig: nOrig, hints: make(map[uint32][]uint32), lastUse: make(map[uint32]int)}
}

// begin starts recording the hints of a check.
func (e *lratExport) begin() { e.cur, e.seg = e.cur[:0], e.seg[:0] }

// group opens the hint group of RAT candidate j.
func (e *lratExport) group(j uint32) { e.cur = append(e.cur, j|groupFlag) }

// use records reason r of the analysis under way (met last first).
func (e *lratExport) use(r uint32) { e.seg = append(e.seg, r) }

// closeChain ends an analysis: its reasons in trail order, then the
// falsified clause (if ≥ 0).
func (e *lratExport) closeChain(conflict int32) {
	for k := len(e.seg) - 1; k >= 0; k-- {
		e.cur = append(e.cur, e.seg[k])
	}
	e.seg = e.seg[:0]
	if conflict >= 0 {
		e.cur = append(e.cur, uint32(conflict))
	}
}

// end returns a copy of the hints recorded for the lemma of step s and
// notes s as the last use of every clause they name that has none yet
// (the backward pass meets later steps first).
func (e *lratExport) end(s int) []uint32 {
	for _, h := range e.cur {
		j := h &^ groupFlag
		if _, ok := e.lastUse[j]; !ok {
			e.lastUse[j] = s
		}
	}
	return slices.Clone(e.cur)
}

// write writes the LRAT proof.
func (e *lratExport) write(c *dratChecker, dst io.Writer) error {
	w := newWriter(dst)
	ids := make(map[uint32]uint64)
	for i := 0; i < e.nOrig; i++ {
		ids[uint32(i)] = uint64(i + 1)
	}
	dels := make(map[int][]uint32)
	for j, s := range e.lastUse {
		dels[s] = append(dels[s], j)
	}
	deleteAll := func(list []uint32, at uint64) {
		if len(list) == 0 {
			return
		}
		slices.Sort(list)
		w.writeInt(int64(at))
		w.write([]byte("d "))
		for _, j := range list {
			w.writeInt(int64(ids[j]))
		}
		w.write([]byte("0\n"))
	}
	var unused []uint32
	for i := 0; i < e.nOrig; i++ {
		if _, ok := e.lastUse[uint32(i)]; !ok {
			unused = append(unused, uint32(i))
		}
	}
	next := uint64(e.nOrig)
	deleteAll(unused, next)
	writeHints := func(hints []uint32) {
		for _, h := range hints {
			if h&groupFlag != 0 {
				w.writeInt(-int64(ids[h&^groupFlag]))
			} else {
				w.writeInt(int64(ids[h]))
			}
		}
		w.write([]byte("0\n"))
	}
	for s, st := range c.steps {
		hints, ok := e.hints[st.cls]
		if st.del() || !ok {
			continue
		}
		next++
		ids[st.cls] = next
		w.writeInt(int64(next))
		for _, x := range c.written(st.cls) {
			w.writeInt(int64(c.vars.lit(x)))
		}
		w.write([]byte("0 "))
		writeHints(hints)
		deleteAll(dels[s], next)
	}
	next++
	w.writeInt(int64(next))
	w.write([]byte("0 "))
	writeHints(e.final)
	return w.Flush()
}
