package optimize

// Weight-aware core extraction (Berg and Järvisalo 2017).
//
// A core is charged at once (lb rises, weights drop: core.go's process)
// but relaxed only after the next model of the stratum. Until then its
// literals stay assumed with their lowered weights, or leave at weight
// 0, so the cores found meanwhile in the same stratum are mostly disjoint
// from it and from each other, and each gets its own small totalizer
// instead of being nested inside the totalizer of the one before. The
// lower bound is the same as if each core had been relaxed at once (the
// charged weights are the same); only the totalizers differ. The search
// never claims an optimum while a core is pending: core.go's sat relaxes
// the pending cores and solves the stratum again.
//
// J. Berg, M. Järvisalo, Weight-aware core extraction in SAT-based
// MaxSAT solving, CP 2017, LNCS 10416, 652–670.

// pendingCore is a charged core waiting to be relaxed.
type pendingCore struct {
	core   []*soft
	weight int64
}

// relaxPending relaxes the pending cores in the order they were found.
func (c *oll) relaxPending() error {
	p := c.pending
	c.pending = nil
	for _, pc := range p {
		if err := c.relax(pc.core, pc.weight); err != nil {
			return err
		}
	}
	return nil
}
