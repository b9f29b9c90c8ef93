package main

import "testing"

// TestGCPercent: the GOGC tuneGC sets makes the collector's heap goal
// (live * (1 + GOGC/100), at least 4 MiB * GOGC/100) the live heap plus
// the headroom asked, within a percent, and never less than GOGC=100's.
func TestGCPercent(t *testing.T) {
	const mib = 1 << 20
	for _, c := range []struct{ live, room int64 }{
		{0, 4 * mib}, {1 * mib, 4 * mib}, {3 * mib, 4 * mib}, {4 * mib, 4 * mib},
		{6 * mib, 4 * mib}, {6 * mib, 12 * mib}, {2 * mib, 40 * mib}, {100 * mib, 60 * mib},
	} {
		p := int64(gcPercent(c.live, c.room))
		goal := max(c.live+c.live*p/100, gcMinHeap*p/100)
		want := c.live + max(c.live, c.room)
		if p < 100 || goal < want-want/100-1 || goal > want+want/100+1 {
			t.Errorf("live %d MiB, room %d MiB: GOGC=%d, a goal of %.2f MiB, want %.2f", c.live/mib, c.room/mib, p, float64(goal)/mib, float64(want)/mib)
		}
	}
}
