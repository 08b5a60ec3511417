package main

import (
	"runtime"
	"runtime/metrics"
	"time"
)

// A heapSampler records the largest live heap (Go objects, the solvers'
// memory: gini and the native solver are both Go) while a solve runs,
// sampled every millisecond after a collection at the start. A sample can
// miss a short spike, so the figure is a lower bound of the true peak; the
// SAT and native columns are sampled alike.
type heapSampler struct {
	done chan struct{}
	peak chan uint64
}

// heapObjects is the runtime metric of live and unswept heap objects.
const heapObjects = "/memory/classes/heap/objects:bytes"

// sampleHeap collects garbage and starts sampling.
func sampleHeap() *heapSampler {
	runtime.GC()
	h := &heapSampler{done: make(chan struct{}), peak: make(chan uint64)}
	base := heapNow()
	go func() {
		var peak uint64
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			if v := heapNow(); v > base {
				peak = max(peak, v-base)
			}
			select {
			case <-h.done:
				h.peak <- peak
				return
			case <-t.C:
			}
		}
	}()
	return h
}

// stop ends the sampling and returns the peak above the heap at the start.
func (h *heapSampler) stop() uint64 {
	close(h.done)
	return <-h.peak
}

func heapNow() uint64 {
	s := []metrics.Sample{{Name: heapObjects}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
