package takebreak

import (
	"encoding/binary"
	"io"
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

	// Three-heap rules: s2[m*nw:(m+1)*nw] is the set of values of the
	// splits of m into two nonempty heaps; by value v, u[v*nw:(v+1)*nw]
	// is a scratch union of such sets.
	s2 []uint64
	u  []uint64

	// w computes the heaps; blocks are a helper thread's (parallel.go).
	w          [1]*worker[V]
	blocks     [2]*block
	workers    int   // threads that may compute (1 or 2)
	parallelAt int   // the first heap of a pipeline
	waitHelper bool  // a pipeline waits for the helper's blocks (tests)
	preDepth   int   // the pre-walk's splits a window
	perHeap    int64 // the sparse method's work a heap (at the last choice)
	minWork    int64 // the least of it for a pipeline (minPerHeap)
	// classes counts the choices of classes (a block is made for one).
	classes int

	mem *store // where vals lives
	// loaded is the mapped file of a table read from a checkpoint and
	// not yet used (checkpoint.go: adopt makes it the store's).
	loaded *mapping
	plain  bool   // never the sparse method
	limit  uint32 // values above it widen the table (tests; 0: V's largest)
	st     Stats
}

// Stats says what a Solver did.
type Stats struct {
	Parallel     int64 // heaps computed in parallel segments
	Spins        int64
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
	TableBytes   int64 // the bytes the table holds (room for heaps not yet computed included)
}

const (
	firstChoice = 1024 // the heaps computed before the classes are first chosen
	chunkFirst  = 32   // splits walked before the first check of the walk
)

func newCore[V word](r *rules, plain bool, limit uint32, workers, parallelAt int, minWork int64, st *store) *core[V] {
	c := &core[V]{r: r, plain: plain, limit: limit, choseAt: firstChoice / 2, workers: workers, parallelAt: parallelAt, minWork: minWork, mem: st}
	c.w[0] = &worker[V]{c: c}
	c.blocks = [2]*block{{}, {}}
	c.preDepth = 8
	c.setWords(2)
	return c
}

// setWords makes the sets nw words long (nw only grows).
func (c *core[V]) setWords(nw int) {
	old := c.nw
	c.nw = nw
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
	w := c.w[0]
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
		if c.parallel(n) {
			// Heaps n .. end-1 with a helper thread (parallel.go).
			end := min(upTo+1, n+segmentHeaps, 2*c.choseAt)
			reached, wk, fits := pipeline(c, n, end, maxV)
			work += wk + 1<<21 // (and poll)
			if !fits {
				return false
			}
			if reached > n {
				n = reached - 1
				continue
			}
		}
		w.rare, w.rareV = c.rare, c.rareV
		v, wk := w.step(n, c.vals)
		work += wk
		if v > maxV {
			return false
		}
		c.add(n, v)
	}
	return true
}

// table is a core of any width: what the Solver asks of the one it has
// (Solver.table).
type table interface {
	length() int
	value(n int) uint32
	values(from int, dst []uint32)
	reserve(n int)
	stats() Stats
	settings() settings
	period(n int, bound func(p, q int) int) Period
	lastMismatch(q, from int) int
	save(w io.Writer) error
	// A table read from a checkpoint: checked and made one to compute
	// with, dropped, or made the Solver's (checkpoint.go).
	rebuild() error
	discard()
	adopt()
}

// length is the number of heaps whose values are known.
func (c *core[V]) length() int { return len(c.vals) }

// value is heap n's value.
func (c *core[V]) value(n int) uint32 { return uint32(c.vals[n]) }

// values copies the values of heaps from .. from+len(dst)-1 into dst.
func (c *core[V]) values(from int, dst []uint32) {
	for i, v := range c.vals[from : from+len(dst)] {
		dst[i] = uint32(v)
	}
}

// reserve makes room for the values of n heaps.
func (c *core[V]) reserve(n int) { c.vals = grow(c.mem, c.vals, n) }

// period is the period of the values of heaps 0 .. n-1 (period.go).
func (c *core[V]) period(n int, bound func(p, q int) int) Period {
	return period(c.vals[:n], bound)
}

// lastMismatch is lastMismatch of the values (period.go).
func (c *core[V]) lastMismatch(q, from int) int { return lastMismatch(c.vals, q, from) }

// save writes the values (checkpoint.go).
func (c *core[V]) save(w io.Writer) error { return writeValues(w, c.vals) }

// settings returns how the table is made (checkpoint.go).
func (c *core[V]) settings() settings {
	return settings{r: c.r, plain: c.plain, limit: c.limit, workers: c.workers, parallelAt: c.parallelAt, minWork: c.minWork, mem: c.mem, waitHelper: c.waitHelper}
}

// bits32 is the number of bits of v.
func bits32(v uint32) int { return bits.Len32(v) }

// parallel reports whether heap n starts a parallel segment: two threads
// allowed, the sparse method in use, no moves that leave three heaps, and
// heaps enough for the work to pay for the threads.
func (c *core[V]) parallel(n int) bool {
	return c.workers > 1 && c.sparse && len(c.r.triples) == 0 && n >= c.parallelAt && c.perHeap >= c.minWork
}

// minPerHeap is the work of a heap (options looked at) below which a
// helper thread does not pay (.1777, 250 a heap: 1.01 s alone, 1.12 s with
// a helper, for 3,000,000 heaps).
const minPerHeap = 500

// add appends heap n's value v.
func (c *core[V]) add(n int, v uint32) {
	if len(c.vals) == cap(c.vals) {
		c.vals = grow(c.mem, c.vals, len(c.vals)+1)
	}
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
	if v, ok := any(vals).([]uint8); ok {
		return scanReg8(v, rem, from, to)
	}
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

// scanReg8 is scanReg for values of a byte: eight splits a step.
func scanReg8(vals []uint8, rem, from, to int) uint64 {
	lo := vals[from:to]
	hi := vals[rem-to+1 : rem-from+1]
	hi = hi[:len(lo)]
	n := len(lo)
	var set uint64
	i := 0
	for ; i+8 <= n; i += 8 {
		x := binary.LittleEndian.Uint64(lo[i:]) ^ bits.ReverseBytes64(binary.LittleEndian.Uint64(hi[n-8-i:]))
		set |= 1<<(x&63) | 1<<(x>>8&63) | 1<<(x>>16&63) | 1<<(x>>24&63) |
			1<<(x>>32&63) | 1<<(x>>40&63) | 1<<(x>>48&63) | 1<<(x>>56&63)
	}
	for ; i < n; i++ {
		set |= 1 << ((lo[i] ^ hi[n-1-i]) & 63)
	}
	return set
}

// scanBytes marks in seen the values of the splits (a, rem - a), from <=
// a < to.
func scanBytes[V word](vals []V, seen []byte, rem, from, to int) {
	switch v := any(vals).(type) {
	case []uint8:
		if len(seen) >= 256 {
			scanBytes8(v, seen, rem, from, to)
			return
		}
	case []uint16:
		scanBytes16(v, seen, rem, from, to)
		return
	}
	lo := vals[from:to]
	hi := vals[rem-to+1 : rem-from+1]
	hi = hi[:len(lo)]
	j := len(hi) - 1
	for i, x := range lo {
		seen[x^hi[j-i]] = 1
	}
}

// scanBytes8 is scanBytes for values of a byte (seen at least 256 long):
// eight splits a step, their parts read as two words (the larger parts'
// in reverse order).
func scanBytes8(vals []uint8, seen []byte, rem, from, to int) {
	lo := vals[from:to]
	hi := vals[rem-to+1 : rem-from+1]
	hi = hi[:len(lo)]
	s := (*[256]byte)(seen[:256])
	n := len(lo)
	i := 0
	for ; i+8 <= n; i += 8 {
		x := binary.LittleEndian.Uint64(lo[i:]) ^ bits.ReverseBytes64(binary.LittleEndian.Uint64(hi[n-8-i:]))
		s[byte(x)] = 1
		s[byte(x>>8)] = 1
		s[byte(x>>16)] = 1
		s[byte(x>>24)] = 1
		s[byte(x>>32)] = 1
		s[byte(x>>40)] = 1
		s[byte(x>>48)] = 1
		s[byte(x>>56)] = 1
	}
	for ; i < n; i++ {
		s[lo[i]^hi[n-1-i]] = 1
	}
}

// scanBytes16 is scanBytes for values of two bytes: four splits a step.
func scanBytes16(vals []uint16, seen []byte, rem, from, to int) {
	lo := vals[from:to]
	hi := vals[rem-to+1 : rem-from+1]
	hi = hi[:len(lo)]
	n := len(lo)
	i := 0
	const m = 0x00ff00ff00ff00ff
	for ; i+4 <= n; i += 4 {
		a := uint64(lo[i]) | uint64(lo[i+1])<<16 | uint64(lo[i+2])<<32 | uint64(lo[i+3])<<48
		b := bits.ReverseBytes64(uint64(hi[n-4-i]) | uint64(hi[n-3-i])<<16 | uint64(hi[n-2-i])<<32 | uint64(hi[n-1-i])<<48)
		x := a ^ (b>>8&m | b&m<<8)
		seen[uint16(x)] = 1
		seen[uint16(x>>16)] = 1
		seen[uint16(x>>32)] = 1
		seen[x>>48] = 1
	}
	for ; i < n; i++ {
		seen[lo[i]^hi[n-1-i]] = 1
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
		c.classes++
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
	st := c.stats()
	if h := st.SparseHeaps - c.sparseAt[0]; c.sparse && h > 1024 {
		per := (st.RarePairs + st.PairsWalked - c.sparseAt[1]) / h
		c.perHeap = per
		if per > int64(n*len(c.r.splits))/4 {
			c.sparse = false
		}
	}
	c.sparseAt = [2]int64{st.SparseHeaps, st.RarePairs + st.PairsWalked}
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
	for _, w := range c.w {
		if w != nil {
			s.add(w.st)
		}
	}
	s.Sparse, s.Mask, s.PosParity = c.sparse, c.mask, c.alpha == 1
	s.Rare = len(c.rare)
	s.LastRare = -1
	if len(c.rare) > 0 {
		s.LastRare = c.rare[len(c.rare)-1]
	}
	s.MaxValue = c.maxV
	var z V
	s.BytesPerHeap = sizeOf(z)
	s.TableBytes = int64(cap(c.vals)) * int64(s.BytesPerHeap)
	return s
}

// add adds the counters of t to s.
func (s *Stats) add(t Stats) {
	s.Parallel += t.Parallel
	s.SparseHeaps += t.SparseHeaps
	s.FullScans += t.FullScans
	s.PairsWalked += t.PairsWalked
	s.RarePairs += t.RarePairs
	s.PlainPairs += t.PlainPairs
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
		dense: c.dense, s2: c.s2, st: c.stats(), workers: c.workers, parallelAt: c.parallelAt, sparseAt: c.sparseAt, waitHelper: c.waitHelper,
		classes: c.classes + 1, preDepth: c.preDepth, perHeap: c.perHeap, minWork: c.minWork, mem: c.mem}
	d.blocks = [2]*block{{}, {}}
	d.st.Sparse, d.st.Rare, d.st.LastRare, d.st.MaxValue, d.st.BytesPerHeap = false, 0, 0, 0, 0
	d.w[0] = &worker[W]{c: d}
	if var0 := W(0); sizeOf(var0) == 4 {
		d.limit = 0
	}
	vals, m := alloc[W](c.mem, max(len(c.vals)*2, cap(c.vals), 1024))
	d.vals = vals[:len(c.vals)]
	for i, v := range c.vals {
		d.vals[i] = W(v)
	}
	c.mem.swap(m)
	c.vals = nil
	d.rareV = make([]W, len(c.rareV))
	for i, v := range c.rareV {
		d.rareV[i] = W(v)
	}
	return d
}
