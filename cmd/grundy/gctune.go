package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// The Go collector runs when the heap has grown by as much as it held
// live after the last collection (GOGC=100), or to 4 MiB. The memo's big
// arrays are not in the heap (package memo maps them from the system):
// the heap of a search holds little live, and the collector would run
// every few MiB the search allocates, most of its time spent with its
// write barrier on. tuneGC lets the heap grow by at least gcHeadroom
// between collections (by as much as it holds live above that), by
// setting GOGC after each collection: a few MiB more memory, fewer
// collections.
const gcHeadroom = 4 << 20

// tuneGC starts tuning the collector, unless GOGC is set (the user's
// setting wins).
func tuneGC() {
	if os.Getenv("GOGC") != "" {
		return
	}
	room := int64(gcHeadroom)
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var arm func()
	arm = func() {
		runtime.SetFinalizer(&gcTick{}, func(*gcTick) {
			metrics.Read(live)
			if live[0].Value.Kind() == metrics.KindUint64 {
				debug.SetGCPercent(gcPercent(int64(live[0].Value.Uint64()), room))
			}
			arm()
		})
	}
	arm()
	debug.SetGCPercent(gcPercent(0, room))
}

// gcTick is an object made unreachable for the finalizer that runs after
// each collection (not a tiny object: those may never be finalized).
type gcTick struct {
	p *int
	_ [2]int
}

// gcMinHeap is the Go collector's smallest heap goal at GOGC=100 (it
// scales with GOGC).
const gcMinHeap = 4 << 20

// gcPercent is the GOGC that makes the heap goal live + max(live, room):
// the goal is live * (1 + GOGC/100), at least gcMinHeap * GOGC/100.
func gcPercent(live, room int64) int {
	var p int64
	if live <= gcMinHeap {
		p = (live + room) * 100 / gcMinHeap
	} else {
		p = room * 100 / live
	}
	return int(max(p, 100))
}
