package proof

import "slices"

// clauseTable maps LRAT clause ids to clause references (offsets into a
// literal arena, plus one so that 0 means "none"). Ids are normally dense
// (formula clauses 1..n, then lemmas counting up), so a slice indexed by
// id holds them; an id far beyond the slice goes to a map, so that a proof
// naming id 10^15 costs one map entry, not a huge slice.
type clauseTable struct {
	dense  []uint64
	sparse map[uint64]uint64
	live   int
}

// denseID reports whether id belongs in the slice, growing it if needed.
func (t *clauseTable) denseID(id uint64, grow bool) bool {
	if id < uint64(len(t.dense)) {
		return true
	}
	if !grow || id > 2*uint64(t.live)+1<<20 {
		return false
	}
	n := max(int(id)+1, 2*len(t.dense))
	t.dense = append(t.dense, make([]uint64, n-len(t.dense))...)
	return true
}

// get returns the reference of clause id, 0 if it is not alive.
func (t *clauseTable) get(id uint64) uint64 {
	if id < uint64(len(t.dense)) {
		return t.dense[id]
	}
	return t.sparse[id]
}

// put records clause id (which must not be alive) at reference ref > 0.
func (t *clauseTable) put(id, ref uint64) {
	t.live++
	if t.denseID(id, true) {
		t.dense[id] = ref
		return
	}
	if t.sparse == nil {
		t.sparse = make(map[uint64]uint64)
	}
	t.sparse[id] = ref
}

// del removes clause id and returns its reference (0 if it was not alive).
func (t *clauseTable) del(id uint64) uint64 {
	var ref uint64
	if id < uint64(len(t.dense)) {
		ref, t.dense[id] = t.dense[id], 0
	} else if ref = t.sparse[id]; ref != 0 {
		delete(t.sparse, id)
	}
	if ref != 0 {
		t.live--
	}
	return ref
}

// each calls f for every live clause in increasing id order.
func (t *clauseTable) each(f func(id, ref uint64)) {
	for id, ref := range t.dense {
		if ref != 0 {
			f(uint64(id), ref)
		}
	}
	if len(t.sparse) == 0 {
		return
	}
	ids := make([]uint64, 0, len(t.sparse))
	for id := range t.sparse {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		f(id, t.sparse[id])
	}
}

// relocate replaces every reference by move(ref) (after compaction).
func (t *clauseTable) relocate(move func(uint64) uint64) {
	for id, ref := range t.dense {
		if ref != 0 {
			t.dense[id] = move(ref)
		}
	}
	for id, ref := range t.sparse {
		t.sparse[id] = move(ref)
	}
}
