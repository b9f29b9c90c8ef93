package takebreak

import (
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// Two threads. Heap n's options with both parts below n-1 do not depend
// on heap n-1: a thread computes heap n's options but those (a heap of
// n-1, and the split (1, n-1) of a rule that takes nothing), while the
// other thread computes heap n-1, then waits for it, adds them, and walks
// on if the candidate moved. The threads take the even and the odd heaps
// of a segment; each publishes its heap (the value, then the rare list,
// then the count of heaps known) once the heap before is known. Choosing
// the classes, widening the table and the sets of values happen between
// segments, on one thread.

// segmentHeaps is a parallel segment's length (milliseconds of work).
const segmentHeaps = 8192

// segment computes heaps from .. end-1 on two threads; it stops before a
// heap whose value does not fit (or would make the sets of values wider),
// and returns the heaps known (the first not computed) and the work.
func segment[V word](c *core[V], from, end int, maxV uint32) (int, int64) {
	if c.w[1] == nil {
		c.w[1] = &worker[V]{c: c}
	}
	c.vals = reserve(c.vals, end)
	buf := c.vals[:end]
	c.rare = reserveInts(c.rare, len(c.rare)+end-from)
	c.rareV = reserve(c.rareV, len(c.rareV)+end-from)
	rareBuf, rareVBuf := c.rare[:cap(c.rare)], c.rareV[:cap(c.rareV)]
	var known, rareLen, stop atomic.Int64
	known.Store(int64(from))
	rareLen.Store(int64(len(c.rare)))
	stop.Store(int64(end))
	// A value of 1 << bits.Len32(maxV) or more widens the sets.
	wideAt := min(maxV, uint32(1)<<bits.Len32(c.maxV)-1)
	if c.maxV == 0 {
		wideAt = min(maxV, 1)
	}
	var work [2]int64
	var failed [2]any
	run := func(k int) {
		defer func() {
			if x := recover(); x != nil {
				failed[k] = x
				stop.Store(-1)
			}
		}()
		w := c.w[k]
		w.stride = 2
		for n := from + k; n < end; n += 2 {
			if int64(n) >= stop.Load() {
				return
			}
			l := rareLen.Load()
			w.rare, w.rareV = rareBuf[:l], rareVBuf[:l]
			wait := func() bool {
				for spin := 0; known.Load() < int64(n); spin++ {
					if int64(n-1) >= stop.Load() {
						return false
					}
					if spin&63 == 63 {
						runtime.Gosched()
					}
				}
				return true
			}
			v, wk, ok := w.step(n, buf, wait)
			if !ok {
				return
			}
			work[k] += wk
			if v > wideAt {
				// (Heap n is computed again on one thread.)
				for s := stop.Load(); int64(n) < s && !stop.CompareAndSwap(s, int64(n)); s = stop.Load() {
				}
				return
			}
			buf[n] = V(v)
			if c.rareHeap(n, v) {
				// (Heaps publish in order: heap n-1 is known, and heap
				// n+1 waits for n, so no other heap is being added.)
				l := rareLen.Load()
				rareBuf[l], rareVBuf[l] = n, V(v)
				rareLen.Store(l + 1)
			}
			w.st.Parallel++
			known.Store(int64(n + 1))
		}
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		run(1)
	}()
	run(0)
	wg.Wait()
	for _, x := range failed {
		if x != nil {
			panic(x)
		}
	}
	for _, w := range c.w {
		w.stride, w.blk.n = 1, 0
	}
	n := int(known.Load())
	c.vals = buf[:n]
	c.rare, c.rareV = rareBuf[:rareLen.Load()], rareVBuf[:rareLen.Load()]
	for _, v := range c.vals[from:n] {
		c.maxV = max(c.maxV, uint32(v))
	}
	return n, work[0] + work[1]
}

func reserveInts(xs []int, n int) []int {
	if cap(xs) >= n {
		return xs
	}
	out := make([]int, len(xs), n)
	copy(out, xs)
	return out
}
