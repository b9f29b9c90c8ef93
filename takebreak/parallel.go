package takebreak

import "time"

// Two threads. A helper thread makes the blocks (block.go) one block
// ahead of the thread that computes the heaps: the block of heaps n0 ..
// n0+127 reads, for the rare heaps r >= 256 and its pre-walk, values
// below n0 - 128, known while the heaps before it are being computed.
// The heaps themselves are computed in order by one thread, as alone;
// what the helper marks are options of theirs, so the values do not
// depend on it. The threads meet once a block (a channel each way), not
// once a heap, and the computing thread never waits for the helper: on a
// machine shared with other work, the helper may not be scheduled for a
// while (waiting for it, Grundy's game to 2^24 took 56 s with two threads
// under a load of 4, against 40 s with one). When the helper's block is
// not ready, the computing thread makes it itself; the pre-walk's depth
// grows while the helper's blocks come in time and shrinks when one is
// late.

// segmentHeaps is the most heaps a pipeline computes before the classes
// are looked at again.
const segmentHeaps = 1 << 16

// job is a block for the helper to make, with what it may read.
type job[V word] struct {
	b           *block
	vals        []V
	rare        []int
	rareV       []V
	n0, classes int
	wide        bool
	lim         int
	pw          preWalk
	took        time.Duration
}

// pipeline computes heaps from .. end-1 with a helper thread; it stops
// before a heap whose value does not fit in V (fits false). It returns
// the heaps known (the first not computed) and the work.
func pipeline[V word](c *core[V], from, end int, maxV uint32) (n int, work int64, fits bool) {
	// The first block whose values below n0 - 128 are known.
	n0 := (from/blockHeaps + 1) * blockHeaps
	if n0+blockHeaps > end {
		return from, 0, true // (too few heaps: no copy of the table either)
	}
	c.vals = grow(c.mem, c.vals, end)
	c.rare = reserveInts(c.rare, len(c.rare)+end-from)
	c.rareV = reserve(c.rareV, len(c.rareV)+end-from)
	jobs, done := make(chan *job[V], 1), make(chan *job[V], 1)
	go func() {
		defer close(done)
		for j := range jobs {
			t := time.Now()
			fillBlock(j.b, j.vals, j.rare, j.rareV, c.r.splits, j.n0, blockHeaps, 2*blockHeaps, j.wide, j.lim, j.pw)
			j.b.classes = j.classes
			j.took = time.Since(t)
			done <- j
		}
	}()
	w := c.w[0]
	defer func() {
		close(jobs)
		for range done {
		}
		w.pre = nil
	}()
	bufs := [2]*block{c.blocks[0], c.blocks[1]}
	// ask asks for the block of heaps n0 .. n0+127 (the values below
	// n0 - 128 known), made in buffer k.
	ask := func(n0, k int) {
		top := splitLimit(n0-c.r.splits[len(c.r.splits)-1].take, false)
		for _, sp := range c.r.splits {
			top = min(top, splitLimit(n0-sp.take, sp.unequal))
		}
		// The order of the walk that pays best (walkOrders): windows,
		// or the small end as one window as deep.
		pw := preWalk{windows: walkOrders[w.walkBest], depth: c.preDepth, from: 2 * blockHeaps}
		if pw.windows == 1 {
			pw.depth *= 64
		}
		if pw.span = (top - pw.from) / pw.windows; pw.span < pw.depth {
			pw.windows = 0
		}
		jobs <- &job[V]{b: bufs[k], vals: c.vals[:n0-blockHeaps], rare: c.rare, rareV: c.rareV,
			n0: n0, classes: c.classes, wide: c.nw > 2, lim: 64 * c.nw, pw: pw}
	}
	ask(n0, 0)
	outstanding := true // a block asked for and not yet received
	for n = from; n < end; n++ {
		if n == n0 {
			// The helper's block for heaps n0 .. n0+127, if it is
			// there: the computing thread does not wait for it (on a
			// machine shared with other work the helper may not run for
			// a while); it makes the block itself (worker.block) and
			// takes the helper's next one, and the pre-walk shrinks.
			var j *job[V]
			switch {
			case outstanding && c.waitHelper:
				j, outstanding = <-done, false
			case outstanding:
				select {
				case j = <-done:
					outstanding = false
				default:
				}
			}
			w.pre = nil
			switch {
			case j != nil && j.n0 == n0:
				w.pre = j.b
				w.st.RarePairs += j.b.pairs
				w.st.PairsWalked += j.b.walked
				work += j.b.pairs + j.b.walked
				w.st.Parallel += blockHeaps
				if c.preDepth < 256 {
					c.preDepth += 1 + c.preDepth/8
				}
			case j == nil:
				c.preDepth = c.preDepth * 3 / 4
			}
			// (A block that came late, for heaps before n0, is dropped.)
			if next := n0 + blockHeaps; !outstanding && next+blockHeaps <= end {
				k := 0
				if w.pre == bufs[0] {
					k = 1
				}
				ask(next, k)
				outstanding = true
			}
			n0 += blockHeaps
		}
		w.rare, w.rareV = c.rare, c.rareV
		v, wk := w.step(n, c.vals)
		work += wk
		if v > maxV {
			return n, work, false
		}
		c.add(n, v)
	}
	return n, work, true
}

func reserveInts(xs []int, n int) []int {
	if cap(xs) >= n {
		return xs
	}
	out := make([]int, len(xs), n)
	copy(out, xs)
	return out
}
