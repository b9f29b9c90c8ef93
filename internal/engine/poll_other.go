//go:build !js

package engine

import (
	"runtime"
	"time"
)

// checkEvery is the number of steps between two checks of the limits
// (see poll_js.go for the browser's).
const checkEvery = 4096

// pollYield lets the goroutines that are ready run first: the ones that
// carry a SIGINT to the run's context (os/signal's, then the context's),
// a time limit's timer. The scheduler would preempt the run for them, but
// only after 10 ms or more, once per hop; on a loaded machine, where the
// process has one CPU at a time, that was most of the 100-300 ms from a
// SIGINT to its message (a parse of a 50 MB script). A yield is not
// free (with another CPU idle it wakes a thread: about 10 us), and polls
// come every 20 us or so in a search: a run yields at most once every
// yieldGap (a yield at every poll doubled the CPU time of a search of a
// million positions), so a SIGINT's three hops wait a few ms at most.
func (th *Thread) pollYield() {
	now := time.Since(clockBase)
	if now-th.yieldAt < yieldGap {
		return
	}
	th.yieldAt = now
	runtime.Gosched()
}

// yieldGap is the least time between two yields of a run.
const yieldGap = 2 * time.Millisecond

// clockBase is the origin of the monotonic clock pollYield reads.
var clockBase = time.Now()
