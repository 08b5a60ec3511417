package proof

// Deletions name a clause by its literals, in any order. The forward pass
// finds it through a chained hash table on the literal set: the hash is a
// sum of one mixed value per literal (so the order does not matter), and
// a candidate of the same hash and length is compared through the literal
// stamps. Formulas are multisets: a deletion removes one copy.

// hashLits hashes a literal set independently of its order.
func hashLits(lits []uint32) uint32 {
	var h uint64
	for _, x := range lits {
		h += uint64(x) * 0x9e3779b97f4a7c15 >> 17
	}
	return uint32(h ^ h>>32 ^ uint64(len(lits)))
}

// rehash inserts clause i into the table, growing it if needed.
func (c *dratChecker) rehash(i uint32) {
	c.live++
	c.res.MaxLive = max(c.res.MaxLive, c.live)
	if 2*c.live > len(c.buckets) {
		n := max(1024, 4*c.live)
		for n&(n-1) != 0 {
			n &= n - 1
		}
		n *= 2
		c.buckets = make([]int32, n)
		for k := range c.buckets {
			c.buckets[k] = -1
		}
		for j := range c.cls {
			if cl := &c.cls[j]; c.flags[j]&fActive != 0 || uint32(j) == i {
				b := cl.hash & uint32(n-1)
				cl.next, c.buckets[b] = c.buckets[b], int32(j)
			}
		}
		c.flags[i] |= fActive
		return
	}
	c.flags[i] |= fActive
	cl := &c.cls[i]
	b := cl.hash & uint32(len(c.buckets)-1)
	cl.next, c.buckets[b] = c.buckets[b], int32(i)
}

// find returns an alive clause with exactly the literal set lits (whose
// codes are stamped by the last call of codes), or -1.
func (c *dratChecker) find(lits []uint32) int32 {
	if len(c.buckets) == 0 {
		return -1
	}
	h := hashLits(lits)
	for j := c.buckets[h&uint32(len(c.buckets)-1)]; j >= 0; j = c.cls[j].next {
		cl := &c.cls[j]
		if cl.hash != h || int(cl.n) != len(lits) {
			continue
		}
		same := true
		for _, x := range c.litsOf(uint32(j)) {
			if c.stamp[x] != c.stampN {
				same = false
				break
			}
		}
		if same {
			return j
		}
	}
	return -1
}

// unhash removes clause i from the table.
func (c *dratChecker) unhash(i uint32) {
	c.live--
	b := c.cls[i].hash & uint32(len(c.buckets)-1)
	p := &c.buckets[b]
	for *p >= 0 {
		if uint32(*p) == i {
			*p = c.cls[i].next
			return
		}
		p = &c.cls[*p].next
	}
}
