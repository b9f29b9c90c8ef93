package takebreak

import (
	"encoding/binary"
	"math/bits"
)

// word is the type of a table's values: 1, 2 or 4 bytes a heap.
type word interface{ ~uint8 | ~uint16 | ~uint32 }

// core is a table of values of one width, and the state of the methods
// that extend it. Heap n's value depends on the values below it only.
type core[V word] struct {
	r    *rules
	vals []V
	maxV uint32 // the largest value so far
	// nw is the number of words of a set of values: every option value
	// is below 1 << bits.Len32(maxV), which is below 64 * (nw - 1), so the
	// last word is free for the mex.
	nw int

	// The sparse method's classes: a heap n is rare when
	// parity(vals[n] & mask) ^ (alpha & n) != common.
	sparse bool
	mask   uint32
	alpha  int
	common int
	rare   []int // the rare heaps > 0, ascending
	rareV  []V   // their values
	// dense[d] is the set of values v with parity(v & mask) == d.
	dense [2][]uint64
	// When the classes were chosen: the heaps then, the rare heaps then.
	choseAt, rareAt int
	// Then: the heaps computed by the sparse method, and its work.
	sparseAt [2]int64

	marks    []uint64 // the option values of the heap being computed
	seen     []byte   // the same, a byte a value (wide values)
	needList []uint32

	// Three-heap rules: s2[m*nw:(m+1)*nw] is the set of values of the
	// splits of m into two nonempty heaps; by value v, u[v*nw:(v+1)*nw]
	// is a scratch union of such sets.
	s2 []uint64
	u  []uint64

	// The walk: its orders' lengths in this epoch's trials, the best, the
	// order of the heap being computed, the heaps walked, the top of the
	// windows' range.
	blk        block
	wk         walker
	walkTrials [len(walkOrders)]int64
	walkBest   int
	walkOrder  int
	epoch      int
	walkLo     int

	plain bool   // never the sparse method
	limit uint32 // values above it widen the table (tests; 0: V's largest)
	st    Stats
}

// Stats says what a Solver did.
type Stats struct {
	Sparse       bool   // the sparse method is in use
	Mask         uint32 // its classes
	PosParity    bool   //  (and the heap's parity)
	Rare         int    // the rare heaps
	LastRare     int    // the largest rare heap (-1: none)
	Choices      int    // times the classes were chosen
	SparseHeaps  int64  // heaps computed by the sparse method
	FullScans    int64  // of them, heaps whose walk went over every split
	PairsWalked  int64  // splits walked by the sparse method
	RarePairs    int64  // splits taken from the rare heaps
	PlainPairs   int64  // splits walked by the plain method
	MaxValue     uint32 // the largest value
	BytesPerHeap int
}

const (
	firstChoice = 1024 // the heaps computed before the classes are first chosen
	chunkFirst  = 32   // splits walked before the first check of the walk
)

func newCore[V word](r *rules, plain bool, limit uint32) *core[V] {
	c := &core[V]{r: r, plain: plain, limit: limit, choseAt: firstChoice / 2}
	c.setWords(2)
	return c
}

// setWords makes the sets nw words long (nw only grows).
func (c *core[V]) setWords(nw int) {
	old := c.nw
	c.nw = nw
	c.marks = make([]uint64, nw)
	c.setDense()
	if len(c.r.triples) > 0 {
		// Re-stride the split sets.
		n := 0
		if old > 0 {
			n = len(c.s2) / old
		}
		s2 := make([]uint64, n*nw, max(2*n, 64)*nw)
		for m := range n {
			copy(s2[m*nw:m*nw+old], c.s2[m*old:(m+1)*old])
		}
		c.s2 = s2
		c.u = nil
	}
}

// setDense computes the two parity classes of values for the mask.
func (c *core[V]) setDense() {
	for d := range 2 {
		c.dense[d] = make([]uint64, c.nw)
	}
	for v := range uint32(64 * c.nw) {
		d := bits.OnesCount32(v&c.mask) & 1
		c.dense[d][v>>6] |= 1 << (v & 63)
	}
}

// rareHeap reports whether heap n of value v is rare.
func (c *core[V]) rareHeap(n int, v uint32) bool {
	return (bits.OnesCount32(v&c.mask)^(c.alpha&n))&1 != c.common
}

// extend computes values up to heap upTo (or until it is stopped, or a
// value does not fit in V). poll is called about every million splits
// walked and every 4096 heaps; it returns true to stop. It returns false
// when a value did not fit (the table stops before that heap).
func (c *core[V]) extend(upTo int, poll func() bool) (fits bool) {
	var work int64
	maxV := uint32(^V(0))
	if c.limit > 0 {
		maxV = min(maxV, c.limit)
	}
	for n := len(c.vals); n <= upTo; n++ {
		if n&4095 == 0 || work > 1<<20 {
			work = 0
			if poll() {
				return true
			}
		}
		if n >= 2*c.choseAt || len(c.rare) > 2*c.rareAt+256 && 8*n >= 9*c.choseAt {
			c.choose()
		}
		v, w := c.step(n)
		work += w
		if v > maxV {
			return false
		}
		c.add(n, v)
	}
	return true
}

// add appends heap n's value v.
func (c *core[V]) add(n int, v uint32) {
	c.vals = append(c.vals, V(v))
	if v > c.maxV {
		c.maxV = v
		if nw := (1<<bits.Len32(v))/64 + 1; nw > c.nw {
			c.setWords(max(nw, 2))
		}
	}
	if n > 0 && c.rareHeap(n, v) {
		c.rare = append(c.rare, n)
		c.rareV = append(c.rareV, V(v))
	}
	if len(c.r.triples) > 0 {
		nw := c.nw
		c.st.PlainPairs += int64(n / 2)
		c.s2 = append(c.s2, make([]uint64, nw)...)
		set := c.s2[n*nw : (n+1)*nw]
		for a := 1; 2*a <= n; a++ {
			u := uint32(c.vals[a] ^ c.vals[n-a])
			set[u>>6] |= 1 << (u & 63)
		}
	}
}

// step computes heap n's value; it returns it and the work it took.
// Values below 64 (two words of sets) take the narrow path, whose sets
// are one register; wider ones mark bytes (a store, which the next
// option does not wait for, where setting a bit of a word would).
func (c *core[V]) step(n int) (uint32, int64) {
	if c.nw <= 2 {
		return c.stepNarrow(n)
	}
	return c.stepWide(n)
}

// singlesAndTriples returns the set of values below 64 of the moves
// that leave nothing or one heap, the other values marked in seen (nil:
// none can be 64 or more), and the triples' values added to c.marks.
func (c *core[V]) singles(n int, seen []byte) uint64 {
	var set uint64
	vals := c.vals
	for _, s := range c.r.singles {
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
				seen[u] = 1
			}
		}
	}
	return set
}

// stepNarrow is step for values below 64.
func (c *core[V]) stepNarrow(n int) (uint32, int64) {
	vals := c.vals
	set := c.singles(n, nil)
	var work int64
	if len(c.r.triples) > 0 {
		clear(c.marks)
		work += c.markTriples(n)
		c.st.PlainPairs += work
		set |= c.marks[0]
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
				c.st.PlainPairs += int64(hi)
			}
		}
		return mex64(set), work + 1
	}
	c.st.SparseHeaps++

	// The options with a rare part: every option value of the common
	// values' parity is among them. Those of the rare heaps far below
	// come from the block.
	b := c.block(n, false)
	set |= b.sets[n-b.n0]
	var rw int64
	for _, sp := range c.r.splits {
		rem := n - sp.take
		if rem < 2 {
			continue
		}
		rv := c.rareV
		rare := c.rare
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
			set |= 1 << ((rv[i] ^ vals[rem-r]) & 63)
			rw++
		}
	}
	c.st.RarePairs += rw
	work += rw

	// The candidate: the smallest value of the common values' parity
	// that no option has; then the values of the other parity below it
	// that no option found so far has.
	dense := c.dense[c.alpha&(n-c.r.splitParity)&1][0]
	free := ^(set | dense)
	if free == 0 {
		return c.walkAll(n, set, work)
	}
	cand := uint32(bits.TrailingZeros64(free))
	need := dense &^ set & (1<<cand - 1)
	if need == 0 {
		return cand, work + 1
	}

	// Walk the splits until they have turned up.
	w := c.walkStart(n)
	for w.next() {
		for _, sp := range c.r.splits {
			rem := n - sp.take
			hi := splitLimit(rem, sp.unequal)
			for _, run := range w.runs {
				if e := min(run[1], hi+1); run[0] < e {
					set |= scanReg(vals, rem, run[0], e)
				}
			}
		}
		if need&^set == 0 {
			return cand, work + c.walkEnd(w)
		}
	}
	c.walkEnd(w)
	c.st.FullScans++
	return mex64(set), work + w.pairs + 1
}

// block returns the block that holds heap n's marks from the rare heaps
// far below, making it if need be.
func (c *core[V]) block(n int, wide bool) *block {
	b := &c.blk
	if b.covers(n) && b.wide == wide && (!wide || b.lim == 64*c.nw) {
		return b
	}
	fillBlock(b, c.vals, c.rare, c.rareV, c.r.splits, n, blockHeaps, blockHeaps, wide, 64*c.nw)
	c.st.RarePairs += b.pairs
	return b
}

// walkAll finishes a heap by walking every split (set: the values below
// 64 found so far).
func (c *core[V]) walkAll(n int, set uint64, work int64) (uint32, int64) {
	for _, sp := range c.r.splits {
		rem := n - sp.take
		if hi := splitLimit(rem, sp.unequal); hi >= 1 {
			set |= scanReg(c.vals, rem, 1, hi+1)
			work += int64(hi)
		}
	}
	c.st.FullScans++
	return mex64(set), work + 1
}

// stepWide is step for values of 64 or more.
func (c *core[V]) stepWide(n int) (uint32, int64) {
	vals := c.vals
	nw := c.nw
	if len(c.seen) < 64*nw {
		c.seen = make([]byte, 64*nw)
	}
	seen := c.seen[:64*nw]
	marks := c.marks
	clear(marks)
	var work int64
	if len(c.r.triples) > 0 {
		work += c.markTriples(n)
		c.st.PlainPairs += work
	}
	marks[0] |= c.singles(n, seen)
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
				c.st.PlainPairs += int64(hi)
			}
		}
		foldSeen(marks, seen)
		return mex(marks), work + 1
	}
	c.st.SparseHeaps++

	// The options with a rare part (those of the rare heaps far below
	// from the block).
	b := c.block(n, true)
	bs := b.seen[(n-b.n0)*b.lim : (n-b.n0+1)*b.lim]
	var rw int64
	for _, sp := range c.r.splits {
		rem := n - sp.take
		if rem < 2 {
			continue
		}
		rv := c.rareV
		rare := c.rare
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
			bs[rv[i]^vals[rem-r]] = 1
			rw++
		}
	}
	c.st.RarePairs += rw
	work += rw
	foldSeen(marks, bs)
	foldSeen(marks, seen)

	// The candidate, and the values of the other parity below it that no
	// option found so far has.
	dense := c.dense[c.alpha&(n-c.r.splitParity)&1]
	cand := -1
	for w, m := range marks {
		if x := ^(m | dense[w]); x != 0 {
			cand = w*64 + bits.TrailingZeros64(x)
			break
		}
	}
	if cand < 0 {
		// (No free value of that parity: walk every split.)
		for _, sp := range c.r.splits {
			rem := n - sp.take
			if hi := splitLimit(rem, sp.unequal); hi >= 1 {
				scanBytes(vals, seen, rem, 1, hi+1)
				work += int64(hi)
			}
		}
		c.st.FullScans++
		foldSeen(marks, seen)
		return mex(marks), work + 1
	}
	need := c.needList[:0]
	for w := 0; w <= cand>>6; w++ {
		x := dense[w] &^ marks[w]
		if w == cand>>6 {
			x &= 1<<(cand&63) - 1
		}
		for ; x != 0; x &= x - 1 {
			need = append(need, uint32(w*64+bits.TrailingZeros64(x)))
		}
	}
	c.needList = need
	if len(need) == 0 {
		return uint32(cand), work + 1
	}

	// Walk the splits until they have turned up.
	w := c.walkStart(n)
	for w.next() {
		for _, sp := range c.r.splits {
			rem := n - sp.take
			hi := splitLimit(rem, sp.unequal)
			for _, run := range w.runs {
				if e := min(run[1], hi+1); run[0] < e {
					scanBytes(vals, seen, rem, run[0], e)
				}
			}
		}
		k := 0
		for _, v := range need {
			if seen[v] == 0 {
				need[k] = v
				k++
			}
		}
		need = need[:k]
		if k == 0 {
			clear(seen)
			return uint32(cand), work + c.walkEnd(w)
		}
	}
	c.walkEnd(w)
	c.st.FullScans++
	foldSeen(marks, seen)
	return mex(marks), work + w.pairs + 1
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

// walker is a walk over the smaller parts a in [1, top], in rounds of
// runs [from, to).
type walker struct {
	windows, span int // windows of span a's each, from 1
	top           int
	d, chunk      int // the depth in the windows; a's a window gives a round
	j, group      int // the next window; windows a round
	a             int // past the windows: the next a
	runs          [][2]int
	pairs         int64
}

// walkStart starts heap n's walk.
func (c *core[V]) walkStart(n int) *walker {
	w := &c.wk
	top := 0
	for _, sp := range c.r.splits {
		top = max(top, splitLimit(n-sp.take, sp.unequal))
	}
	if c.epoch%walkEpoch == 0 {
		// Place the windows for this epoch: within every rule's range.
		lo := top
		for _, sp := range c.r.splits {
			lo = min(lo, splitLimit(n-sp.take, sp.unequal))
		}
		c.walkLo = max(lo, 0)
	}
	k := c.epoch % walkEpoch
	var order int
	switch {
	case k < len(walkOrders)*walkTrial:
		order = k / walkTrial
	default:
		if k == len(walkOrders)*walkTrial {
			c.walkBest = 0
			for i, p := range c.walkTrials {
				if p < c.walkTrials[c.walkBest] {
					c.walkBest = i
				}
			}
			c.walkTrials = [len(walkOrders)]int64{}
		}
		order = c.walkBest
	}
	c.walkOrder = order
	c.epoch++
	*w = walker{windows: walkOrders[order], top: top, runs: w.runs[:0], a: 1, chunk: chunkFirst}
	w.span = c.walkLo / w.windows
	if w.windows == 1 || w.span < 64 {
		w.windows, w.span = 1, 0
	} else {
		// Rounds of 64 splits: 4 windows of 16, or 8 of 8.
		w.chunk = max(8, 256/w.windows)
		w.group = 64 / w.chunk
		w.a = 1 + w.windows*w.span
	}
	return w
}

// next sets the runs of the walk's next round; false when it is over.
func (w *walker) next() bool {
	w.runs = w.runs[:0]
	if w.d < w.span {
		l := min(w.chunk, w.span-w.d)
		g := min(w.group, w.windows-w.j)
		for j := w.j; j < w.j+g; j++ {
			from := 1 + j*w.span + w.d
			w.runs = append(w.runs, [2]int{from, from + l})
		}
		w.pairs += int64(l * g)
		if w.j += g; w.j == w.windows {
			w.j = 0
			w.d += l
		}
		return true
	}
	if w.a > w.top {
		return false
	}
	end := min(w.a+w.chunk, w.top+1)
	w.runs = append(w.runs, [2]int{w.a, end})
	w.pairs += int64(end - w.a)
	w.a = end
	w.chunk = min(2*w.chunk, 4096)
	return true
}

// walkEnd notes a walk's length; it returns it.
func (c *core[V]) walkEnd(w *walker) int64 {
	c.walkTrials[c.walkOrder] += w.pairs
	c.st.PairsWalked += w.pairs
	return w.pairs
}

// foldSeen moves the values marked in seen into marks, clearing seen.
func foldSeen(marks []uint64, seen []byte) {
	for w := range marks {
		b := seen[64*w : 64*w+64]
		for i := 0; i < 64; i += 8 {
			x := binary.LittleEndian.Uint64(b[i : i+8])
			if x != 0 {
				// The low bits of the 8 bytes (0 or 1), gathered into one.
				marks[w] |= (x * 0x0102040810204080) >> 56 << i
				binary.LittleEndian.PutUint64(b[i:i+8], 0)
			}
		}
	}
}

// scanReg returns the set of values of the splits (a, rem - a), from <=
// a < to, all below 64.
func scanReg[V word](vals []V, rem, from, to int) uint64 {
	lo := vals[from:to]
	hi := vals[rem-to+1 : rem-from+1]
	hi = hi[:len(lo)]
	j := len(hi) - 1
	var set uint64
	for i, x := range lo {
		set |= 1 << ((x ^ hi[j-i]) & 63)
	}
	return set
}

// scanBytes marks in seen the values of the splits (a, rem - a), from <=
// a < to.
func scanBytes[V word](vals []V, seen []byte, rem, from, to int) {
	lo := vals[from:to]
	hi := vals[rem-to+1 : rem-from+1]
	hi = hi[:len(lo)]
	j := len(hi) - 1
	for i, x := range lo {
		seen[x^hi[j-i]] = 1
	}
}

// mex64 is the smallest value not in a set of values below 64.
func mex64(set uint64) uint32 {
	return uint32(bits.TrailingZeros64(^set))
}

// splitLimit is the largest smaller part of a split of rem (0: none).
func splitLimit(rem int, unequal bool) int {
	if unequal {
		return (rem - 1) / 2
	}
	return rem / 2
}

// markTriples marks the values of the moves that leave three heaps: a
// part c and a split of the rest, whose set of values is s2.
func (c *core[V]) markTriples(n int) int64 {
	nw := c.nw
	if need := (int(c.maxV) + 1) * nw; len(c.u) < need {
		c.u = make([]uint64, need)
	}
	var work int64
	for _, t := range c.r.triples {
		rem := n - t
		if rem < 3 {
			continue
		}
		u := c.u[:(int(c.maxV)+1)*nw]
		clear(u)
		for x := 1; x <= rem-2; x++ {
			v := int(c.vals[x])
			set := c.s2[(rem-x)*nw : (rem-x+1)*nw]
			dst := u[v*nw : (v+1)*nw]
			for w, b := range set {
				dst[w] |= b
			}
		}
		work += int64(rem*nw + (int(c.maxV)+1)*nw)
		for v := 0; v <= int(c.maxV); v++ {
			for w, b := range u[v*nw : (v+1)*nw] {
				for b != 0 {
					y := uint32(w*64+bits.TrailingZeros64(b)) ^ uint32(v)
					c.marks[y>>6] |= 1 << (y & 63)
					b &= b - 1
				}
			}
		}
	}
	return work
}

// mex is the smallest value not in the set.
func mex(marks []uint64) uint32 {
	for w, m := range marks {
		if m != ^uint64(0) {
			return uint32(w*64 + bits.TrailingZeros64(^m))
		}
	}
	panic("takebreak: a full set of values")
}

// choose chooses the classes for the values computed so far: the mask
// (and heap parity) with the fewest rare heaps, those of the last half
// counting twice. It uses the sparse method when the rare heaps are few
// enough for it to pay.
func (c *core[V]) choose() {
	n := len(c.vals)
	c.choseAt, c.rareAt = n, len(c.rare)
	if c.plain || len(c.r.splits) == 0 || c.maxV >= 1<<16 || n < 2 {
		c.sparse = false
		return
	}
	c.st.Choices++
	b := bits.Len32(c.maxV)
	size := 1 << b
	// h[0 (all) or 1 (last half)][heap parity][value]
	var h [2][2][]int64
	for i := range h {
		for j := range h[i] {
			h[i][j] = make([]int64, size)
		}
	}
	half := n / 2
	for k := 1; k < n; k++ {
		v := c.vals[k]
		h[0][k&1][v]++
		if k >= half {
			h[1][k&1][v]++
		}
	}
	for i := range h {
		for j := range h[i] {
			wht(h[i][j])
		}
	}
	var cnt [2][2]int64 // heaps of each parity, in all and the last half
	for k := 1; k < n; k++ {
		cnt[0][k&1]++
		if k >= half {
			cnt[1][k&1]++
		}
	}
	rareOf := func(i, m, alpha, common int) int64 {
		N := cnt[i][0] + cnt[i][1]
		E, O := h[i][0][m], h[i][1][m]
		if alpha == 0 {
			// common: parity 1; rare: parity 0.
			return (N + E + O) / 2
		}
		if common == 1 {
			return (N + E - O) / 2
		}
		return (N - E + O) / 2
	}
	best, bestM, bestA := int64(-1), 0, 0
	alphas := 1
	if c.r.splitParity >= 0 {
		alphas = 2
	}
	for alpha := range alphas {
		common := 1
		if alpha == 1 {
			common = 1 ^ c.r.splitParity
		}
		for m := range size {
			if m == 0 {
				continue // (one class only)
			}
			score := rareOf(0, m, alpha, common) + rareOf(1, m, alpha, common)
			if best < 0 || score < best {
				best, bestM, bestA = score, m, alpha
			}
		}
	}
	if best < 0 {
		c.sparse = false
		return
	}
	if uint32(bestM) != c.mask || bestA != c.alpha || !c.sparse {
		c.mask, c.alpha = uint32(bestM), bestA
		c.common = 1
		if bestA == 1 {
			c.common = 1 ^ c.r.splitParity
		}
		c.setDense()
		c.blk.n = 0
		c.rare, c.rareV = c.rare[:0], c.rareV[:0]
		for k := 1; k < n; k++ {
			if v := uint32(c.vals[k]); c.rareHeap(k, v) {
				c.rare = append(c.rare, k)
				c.rareV = append(c.rareV, V(v))
			}
		}
	}
	c.rareAt = len(c.rare)
	// The sparse method walks the rare heaps (and then some splits) for
	// each heap and rule, the plain one half the heaps: the sparse one
	// while the rare heaps are fewer than a quarter of the heaps, and
	// its walks since the last choice cost less than half the plain
	// one's.
	c.sparse = 4*len(c.rare) < n
	if h := c.st.SparseHeaps - c.sparseAt[0]; c.sparse && h > 1024 {
		per := (c.st.RarePairs + c.st.PairsWalked - c.sparseAt[1]) / h
		if per > int64(n*len(c.r.splits))/4 {
			c.sparse = false
		}
	}
	c.sparseAt = [2]int64{c.st.SparseHeaps, c.st.RarePairs + c.st.PairsWalked}
}

// wht is the Walsh-Hadamard transform in place: h[m] becomes the sum of
// h[v] * (-1)^popcount(v & m).
func wht(h []int64) {
	for l := 1; l < len(h); l <<= 1 {
		for i := 0; i < len(h); i += 2 * l {
			for j := i; j < i+l; j++ {
				a, b := h[j], h[j+l]
				h[j], h[j+l] = a+b, a-b
			}
		}
	}
}

// stats fills in what the table knows.
func (c *core[V]) stats() Stats {
	s := c.st
	s.Sparse, s.Mask, s.PosParity = c.sparse, c.mask, c.alpha == 1
	s.Rare = len(c.rare)
	s.LastRare = -1
	if len(c.rare) > 0 {
		s.LastRare = c.rare[len(c.rare)-1]
	}
	s.MaxValue = c.maxV
	var z V
	s.BytesPerHeap = sizeOf(z)
	return s
}

func sizeOf[V word](v V) int {
	switch any(v).(type) {
	case uint8:
		return 1
	case uint16:
		return 2
	}
	return 4
}

// widen returns table c with values of the wider type W.
func widen[V, W word](c *core[V]) *core[W] {
	d := &core[W]{r: c.r, plain: c.plain, maxV: c.maxV, nw: c.nw, limit: 2 * c.limit,
		sparse: c.sparse, mask: c.mask, alpha: c.alpha, common: c.common,
		rare: c.rare, choseAt: c.choseAt, rareAt: c.rareAt,
		marks: c.marks, dense: c.dense, s2: c.s2, st: c.st}
	if var0 := W(0); sizeOf(var0) == 4 {
		d.limit = 0
	}
	d.vals = make([]W, len(c.vals), max(len(c.vals)*2, 1024))
	for i, v := range c.vals {
		d.vals[i] = W(v)
	}
	d.rareV = make([]W, len(c.rareV))
	for i, v := range c.rareV {
		d.rareV[i] = W(v)
	}
	return d
}
