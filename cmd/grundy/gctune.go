package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"

	"github.com/grundy-lang/grundy/internal/memo"
)

// The Go collector runs when the heap has grown by as much as it held
// live after the last collection (GOGC=100), or to 4 MiB. The memo's big
// arrays are not in the heap (package memo maps them from the system):
// the heap of a search holds little live, and the collector would run
// every few MiB the search allocates, most of its time spent with its
// write barrier on. tuneGC lets the heap grow between collections by
// half of what the run holds (its live heap and its mapped memo), at
// least gcMinRoom, by setting GOGC after each collection: the process
// holds at most about twice the memo's size and its live heap, as when
// the memo was in the heap, with fewer collections than then. A small
// run keeps GOGC=100's goal (twice its live heap, at least 4 MiB): 2 MiB
// of room more than its live heap would add nothing, where 4 MiB made a
// board game of a few MiB hold 1.5 MiB more (Node Kayles on 5 x 5: its
// peak from about 26 MiB to 24).
const gcMinRoom = 2 << 20

// tuneGC starts tuning the collector, unless GOGC is set (the user's
// setting wins).
func tuneGC() {
	if os.Getenv("GOGC") != "" {
		return
	}
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var arm func()
	arm = func() {
		runtime.SetFinalizer(&gcTick{}, func(*gcTick) {
			metrics.Read(live)
			if live[0].Value.Kind() == metrics.KindUint64 {
				h := int64(live[0].Value.Uint64())
				debug.SetGCPercent(gcPercent(h, max(gcMinRoom, (h+memo.FlatLive.Load())/2)))
			}
			arm()
		})
	}
	arm()
	debug.SetGCPercent(gcPercent(0, gcMinRoom))
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
// the goal is the larger of live * (1 + GOGC/100) and gcMinHeap *
// GOGC/100, so the largest GOGC that keeps both within it.
func gcPercent(live, room int64) int {
	want := live + max(live, room)
	p := want * 100 / gcMinHeap
	if live > 0 {
		p = min(p, (want-live)*100/live)
	}
	return int(max(p, 100))
}
