package takebreak

import (
	"math/bits"
)

// worker computes heaps: its scratch (the sets of option values, the
// block, the walk) and its counters. A core has one; a parallel segment
// (parallel.go) runs a second on another thread.
type worker[V word] struct {
	c        *core[V]
	marks    []uint64 // the option values of the heap being computed
	seen     []byte   // the same, a byte a value (wide values)
	needList []uint32
	u        []uint64 // three-heap rules' scratch
	// The rare heaps this worker may read (a pipeline's view).
	rare  []int
	rareV []V

	// blk is the block the worker made itself; pre one a helper made
	// (parallel.go), used when it is for the heaps and classes at hand.
	blk block
	pre *block
	// The walk: its orders' lengths in this epoch's trials, the best, the
	// order of the heap being computed, the heaps walked, the top of the
	// windows' range.
	wk         walker
	walkTrials [len(walkOrders)]int64
	walkBest   int
	walkOrder  int
	epoch      int
	walkLo     int

	st Stats
}

// step computes heap n's value from the values vals (those below n
// known). It returns the value and the work it took. Values below 64
// (two words of sets) take the narrow path, whose sets are one register;
// wider ones mark bytes (a store, which the next option does not wait
// for, where setting a bit of a word would).
func (w *worker[V]) step(n int, vals []V) (v uint32, work int64) {
	if len(w.marks) != w.c.nw {
		w.marks = make([]uint64, w.c.nw)
	}
	if w.c.nw <= 2 {
		return w.stepNarrow(n, vals)
	}
	return w.stepWide(n, vals)
}

// singles returns the set of values below 64 of the moves that leave
// nothing or one heap, the other values marked in marks (nil: none can
// be 64 or more).
func (w *worker[V]) singles(n int, vals []V, marks []uint64) uint64 {
	var set uint64
	for _, s := range w.c.r.singles {
		if s.take > n {
			break
		}
		if rem := n - s.take; rem == 0 {
			if s.whole {
				set |= 1
			}
		} else if s.one {
			if u := uint32(vals[rem]); u < 64 {
				set |= 1 << u
			} else {
				marks[u>>6] |= 1 << (u & 63)
			}
		}
	}
	return set
}

// rarePass marks the options with a rare part: those of the rare heaps
// far below come from the block, the others (and those found since the
// block was made) one by one.
func (w *worker[V]) rarePass(n int, vals []V, b *block, mark func(u uint32)) int64 {
	var rw int64
	for _, sp := range w.c.r.splits {
		rem := n - sp.take
		if rem < 2 {
			continue
		}
		rare, rv := w.rare, w.rareV
		for i := 0; i < len(rare); i++ {
			if i == b.start {
				if i = b.rareIdx; i >= len(rare) {
					break
				}
			}
			r := rare[i]
			if r >= rem {
				break
			}
			if sp.unequal && 2*r == rem {
				continue
			}
			mark(uint32(rv[i] ^ vals[rem-r]))
			rw++
		}
	}
	return rw
}

// stepNarrow is step for values below 64.
func (w *worker[V]) stepNarrow(n int, vals []V) (uint32, int64) {
	c := w.c
	set := w.singles(n, vals, nil)
	var work int64
	if len(c.r.triples) > 0 {
		clear(w.marks)
		work += w.markTriples(n, vals)
		w.st.PlainPairs += work
		set |= w.marks[0]
	}
	if len(c.r.splits) == 0 {
		return mex64(set), work + 1
	}
	if !c.sparse {
		for _, sp := range c.r.splits {
			rem := n - sp.take
			if hi := splitLimit(rem, sp.unequal); hi >= 1 {
				set |= scanReg(vals, rem, 1, hi+1)
				work += int64(hi)
				w.st.PlainPairs += int64(hi)
			}
		}
		return mex64(set), work + 1
	}
	w.st.SparseHeaps++

	// The options with a rare part: every option value of the common
	// values' parity is among them.
	b := w.block(n, vals, false)
	set |= b.sets[n-b.n0]
	rw := w.rarePass(n, vals, b, func(u uint32) { set |= 1 << (u & 63) })
	w.st.RarePairs += rw
	work += rw

	// The candidate: the smallest value of the common values' parity
	// that no option has; then the values of the other parity below it
	// that no option found so far has. Walk the splits until they have
	// turned up.
	dense := c.dense[c.alpha&(n-c.r.splitParity)&1][0]
	free := ^(set | dense)
	cand := uint32(bits.TrailingZeros64(free)) // (64: none below 64)
	need := dense &^ set
	if cand < 64 {
		need &= 1<<cand - 1
	}
	if need&^set == 0 && cand < 64 {
		return cand, work + 1
	}
	wk := w.walkStart(n)
	for need&^set != 0 && wk.next() {
		for _, sp := range c.r.splits {
			rem := n - sp.take
			hi := splitLimit(rem, sp.unequal)
			for k, from := 0, wk.from; k < wk.count; k, from = k+1, from+wk.stride {
				if e := min(from+wk.length, hi+1); from < e {
					set |= scanReg(vals, rem, from, e)
				}
			}
		}
	}
	work += w.walkEnd(wk)
	if need&^set == 0 && cand < 64 {
		return cand, work + 1
	}
	// (Every split walked: the set is complete.)
	w.st.FullScans++
	return mex64(set), work + 1
}

// stepWide is step for values of 64 or more.
func (w *worker[V]) stepWide(n int, vals []V) (uint32, int64) {
	c := w.c
	nw := c.nw
	// (At least 256 bytes: scanBytes's fast way for one-byte values;
	// every value marked is below 64*nw.)
	if len(w.seen) < max(64*nw, 256) {
		w.seen = make([]byte, max(64*nw, 256))
	}
	seen := w.seen[:max(64*nw, 256)]
	marks := w.marks
	clear(marks)
	var work int64
	if len(c.r.triples) > 0 {
		work += w.markTriples(n, vals)
		w.st.PlainPairs += work
	}
	marks[0] |= w.singles(n, vals, marks)
	if len(c.r.splits) == 0 {
		foldSeen(marks, seen)
		return mex(marks), work + 1
	}
	if !c.sparse {
		for _, sp := range c.r.splits {
			rem := n - sp.take
			if hi := splitLimit(rem, sp.unequal); hi >= 1 {
				scanBytes(vals, seen, rem, 1, hi+1)
				work += int64(hi)
				w.st.PlainPairs += int64(hi)
			}
		}
		foldSeen(marks, seen)
		return mex(marks), work + 1
	}
	w.st.SparseHeaps++

	// The options with a rare part (those of the rare heaps far below
	// from the block).
	b := w.block(n, vals, true)
	i := n - b.n0
	bs := b.seen[i*b.lim : (i+1)*b.lim]
	rw := w.rarePass(n, vals, b, func(u uint32) { bs[u] = 1 })
	w.st.RarePairs += rw
	work += rw
	foldSeen(marks, bs)
	dense := c.dense[c.alpha&(n-c.r.splitParity)&1]

	// The candidate, and the values of the other parity below it that no
	// option found so far has (-1: none free).
	candidate := func() int {
		for i, m := range marks {
			if x := ^(m | dense[i]); x != 0 {
				return i*64 + bits.TrailingZeros64(x)
			}
		}
		return -1
	}
	wantBelow := func(cand int) []uint32 {
		need := w.needList[:0]
		top := cand
		if cand < 0 {
			top = 64*nw - 1
		}
		for i := 0; i <= top>>6; i++ {
			x := dense[i] &^ marks[i]
			if i == top>>6 && cand >= 0 {
				x &= 1<<(top&63) - 1
			}
			for ; x != 0; x &= x - 1 {
				if v := uint32(i*64 + bits.TrailingZeros64(x)); seen[v] == 0 {
					need = append(need, v)
				}
			}
		}
		w.needList = need
		return need
	}
	cand := candidate()
	need := wantBelow(cand)
	if len(need) == 0 && cand >= 0 {
		return uint32(cand), work + 1
	}
	// (found: need[:found] have turned up; seen is only ever set, so the
	// walk is over when found reaches the end.)
	wk := w.walkStart(n)
	found := 0
	for found < len(need) && wk.next() {
		for _, sp := range c.r.splits {
			rem := n - sp.take
			hi := splitLimit(rem, sp.unequal)
			for k, from := 0, wk.from; k < wk.count; k, from = k+1, from+wk.stride {
				if e := min(from+wk.length, hi+1); from < e {
					scanBytes(vals, seen, rem, from, e)
				}
			}
		}
		for found < len(need) && seen[need[found]] != 0 {
			found++
		}
	}
	work += w.walkEnd(wk)
	if found == len(need) && cand >= 0 {
		clear(seen)
		return uint32(cand), work + 1
	}
	// (Every split walked: the options are all marked.)
	w.st.FullScans++
	foldSeen(marks, seen)
	return mex(marks), work + 1
}

// block returns the block that holds heap n's marks from the rare heaps
// far below, making it if need be.
func (w *worker[V]) block(n int, vals []V, wide bool) *block {
	ok := func(b *block) bool {
		return b != nil && b.covers(n) && b.wide == wide && b.classes == w.c.classes && (!wide || b.lim == 64*w.c.nw)
	}
	if ok(w.pre) {
		return w.pre
	}
	b := &w.blk
	if ok(b) {
		return b
	}
	fillBlock(b, vals, w.rare, w.rareV, w.c.r.splits, n, blockHeaps, blockHeaps, wide, 64*w.c.nw, preWalk{})
	b.classes = w.c.classes
	w.st.RarePairs += b.pairs
	return b
}

// markTriples marks the values of the moves that leave three heaps: a
// part x and a split of the rest, whose set of values is s2.
func (w *worker[V]) markTriples(n int, vals []V) int64 {
	c := w.c
	nw := c.nw
	if need := (int(c.maxV) + 1) * nw; len(w.u) < need {
		w.u = make([]uint64, need)
	}
	var work int64
	for _, t := range c.r.triples {
		rem := n - t
		if rem < 3 {
			continue
		}
		u := w.u[:(int(c.maxV)+1)*nw]
		clear(u)
		for x := 1; x <= rem-2; x++ {
			v := int(vals[x])
			set := c.s2[(rem-x)*nw : (rem-x+1)*nw]
			dst := u[v*nw : (v+1)*nw]
			for i, b := range set {
				dst[i] |= b
			}
		}
		work += int64(rem*nw + (int(c.maxV)+1)*nw)
		for v := 0; v <= int(c.maxV); v++ {
			for i, b := range u[v*nw : (v+1)*nw] {
				for b != 0 {
					y := uint32(i*64+bits.TrailingZeros64(b)) ^ uint32(v)
					w.marks[y>>6] |= 1 << (y & 63)
					b &= b - 1
				}
			}
		}
	}
	return work
}

// The walk's order. Near values are alike (consecutive heaps' values are
// correlated), so the splits of a short run of a's give fewer distinct
// values than as many splits taken far apart: walking 64 windows of the
// smaller parts' range in turn, a few splits of each at a time, finds the
// values Grundy's game needs in about half the splits of a walk from the
// small end (1,300 against 2,900 at heap 2^20), yet keeps to 128 short
// runs of the table, which stay in the cache from one heap to the next
// (the windows do not move while n is below twice what it was when they
// were placed). Some games do better from the small end (.376: 1,700
// against 4,200), so the walk tries each order for 1,024 heaps in every
// 16,384 and keeps the best for the rest.
var walkOrders = [...]int{1, 16, 64} // windows

const (
	walkTrial = 1024
	walkEpoch = 16384
)

// walker is a walk over the smaller parts a in [1, top], in rounds: a
// round is count runs [from + k*stride, from + k*stride + length).
type walker struct {
	windows, span int // windows of span a's each, from 1
	top           int
	d, chunk      int // the depth in the windows; a's a window gives a round
	j, group      int // the next window; windows a round
	a             int // past the windows: the next a
	// The round.
	from, stride, count, length int
	pairs                       int64
}

// walkStart starts heap n's walk.
func (w *worker[V]) walkStart(n int) *walker {
	wk := &w.wk
	top := 0
	for _, sp := range w.c.r.splits {
		top = max(top, splitLimit(n-sp.take, sp.unequal))
	}
	if w.epoch%walkEpoch == 0 {
		// Place the windows for this epoch: within every rule's range.
		lo := top
		for _, sp := range w.c.r.splits {
			lo = min(lo, splitLimit(n-sp.take, sp.unequal))
		}
		w.walkLo = max(lo, 0)
	}
	k := w.epoch % walkEpoch
	var order int
	switch {
	case k < len(walkOrders)*walkTrial:
		order = k / walkTrial
	default:
		if k == len(walkOrders)*walkTrial {
			w.walkBest = 0
			for i, p := range w.walkTrials {
				if p < w.walkTrials[w.walkBest] {
					w.walkBest = i
				}
			}
			w.walkTrials = [len(walkOrders)]int64{}
		}
		order = w.walkBest
	}
	w.walkOrder = order
	w.epoch++
	*wk = walker{windows: walkOrders[order], top: top, a: 1, chunk: chunkFirst}
	wk.span = w.walkLo / wk.windows
	if wk.windows == 1 || wk.span < 64 {
		wk.windows, wk.span = 1, 0
	} else {
		// Rounds of 64 splits: 4 windows of 16, or 8 of 8.
		wk.chunk = max(8, 256/wk.windows)
		wk.group = 64 / wk.chunk
		wk.a = 1 + wk.windows*wk.span
	}
	return wk
}

// next sets the walk's next round; false when it is over.
func (wk *walker) next() bool {
	if wk.d < wk.span {
		l := min(wk.chunk, wk.span-wk.d)
		g := min(wk.group, wk.windows-wk.j)
		wk.from, wk.stride, wk.count, wk.length = 1+wk.j*wk.span+wk.d, wk.span, g, l
		wk.pairs += int64(l * g)
		if wk.j += g; wk.j == wk.windows {
			wk.j = 0
			wk.d += l
		}
		return true
	}
	if wk.a > wk.top {
		return false
	}
	end := min(wk.a+wk.chunk, wk.top+1)
	wk.from, wk.stride, wk.count, wk.length = wk.a, 0, 1, end-wk.a
	wk.pairs += int64(end - wk.a)
	wk.a = end
	wk.chunk = min(2*wk.chunk, 4096)
	return true
}

// walkEnd notes a walk's length; it returns it.
func (w *worker[V]) walkEnd(wk *walker) int64 {
	w.walkTrials[w.walkOrder] += wk.pairs
	w.st.PairsWalked += wk.pairs
	return wk.pairs
}
