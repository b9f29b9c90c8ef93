package takebreak

// A block is the part of the sparse method's work that a run of heaps
// can share. For a rare heap r far enough below the run's first heap n0,
// the values v(n - t - r) of the run's heaps n are consecutive in the
// table, so the options of all of them are marked in one pass over a
// short stretch, instead of one scattered read per rare heap for each
// heap (the rare heaps of Grundy's game by 2^21 are 1,273: their reads
// fill more than the first-level cache). A block made by a helper thread
// (parallel.go) also marks, for each heap, the splits of a few windows of
// its walk (a pre-walk): the options of the other parity that most heaps
// need are then there before the heap is computed.
type block struct {
	n0, n int // heaps n0 .. n0+n-1
	// The rare heaps rare[:start] (those below rmin) are left to each
	// heap, as are rare[rareIdx:] (found after the block was made).
	rmin, start, rareIdx int
	classes              int // the classes (core.classes) it was made for
	wide                 bool
	lim                  int      // wide: the bytes of a heap's marks
	sets                 []uint64 // narrow: a heap's values, all below 64
	seen                 []byte   // wide: a heap's values, a byte each
	pairs, walked        int64
}

const blockHeaps = 128

// preWalk is the part of each heap's walk a block marks: windows windows
// of depth splits each, span apart, from a = from (0 windows: none).
type preWalk struct {
	windows, depth, span, from int
}

// covers reports whether the block holds heap n's marks.
func (b *block) covers(n int) bool { return n >= b.n0 && n < b.n0+b.n }

// fillBlock marks, for heaps n0 .. n0+count-1, the values of the splits
// (r, n - t - r) of every split rule and rare heap r >= rmin, and those
// of the pre-walk; every value v(n - t - r) it reads must be known
// (below n0 - (rmin - count): rmin >= count for the values below n0,
// rmin >= 2*count for those below the block before, and the pre-walk's
// from >= rmin).
func fillBlock[V word](b *block, vals []V, rare []int, rareV []V, splits []split, n0, count, rmin int, wide bool, lim int, pw preWalk) {
	b.n0, b.n, b.rmin, b.rareIdx, b.wide, b.lim = n0, count, rmin, len(rare), wide, lim
	if wide {
		if len(b.seen) < count*lim {
			b.seen = make([]byte, count*lim)
		}
		clear(b.seen[:count*lim])
	} else {
		if len(b.sets) < count {
			b.sets = make([]uint64, count)
		}
		clear(b.sets[:count])
	}
	var pairs int64
	start := 0
	for start < len(rare) && rare[start] < rmin {
		start++
	}
	b.start = start
	for _, sp := range splits {
		for k := start; k < len(rare); k++ {
			r, rv := rare[k], rareV[k]
			// Heap n0+i has the split (r, n0+i-t-r) when r < n0+i-t
			// (the other part nonempty), and r != n0+i-t-r if unequal.
			lo := max(0, r+sp.take-n0+1)
			if lo >= count {
				break
			}
			base := n0 - sp.take - r // heap n0+i reads vals[base+i]
			if skip := 2*r + sp.take - n0; sp.unequal && skip >= lo && skip < count {
				pairs += markRange(b, vals, rv, base, lo, skip)
				pairs += markRange(b, vals, rv, base, skip+1, count)
			} else {
				pairs += markRange(b, vals, rv, base, lo, count)
			}
		}
	}
	b.pairs = pairs
	b.walked = 0
	if pw.windows == 0 || pw.depth == 0 {
		return
	}
	// The pre-walk: heap by heap, window by window (the windows' values
	// stay in the cache from one heap to the next).
	for i := range count {
		n := n0 + i
		for _, sp := range splits {
			rem := n - sp.take
			hi := splitLimit(rem, sp.unequal)
			for j := range pw.windows {
				a := pw.from + j*pw.span
				e := min(a+pw.depth, hi+1)
				if a >= e {
					break
				}
				if wide {
					scanBytes(vals, b.seen[i*lim:(i+1)*lim], rem, a, e)
				} else {
					b.sets[i] |= scanReg(vals, rem, a, e)
				}
				b.walked += int64(e - a)
			}
		}
	}
}

// markRange marks rv ^ vals[base+i] for heaps n0+i, lo <= i < hi.
func markRange[V word](b *block, vals []V, rv V, base, lo, hi int) int64 {
	if lo >= hi {
		return 0
	}
	src := vals[base+lo : base+hi]
	if b.wide {
		lim := b.lim
		seen := b.seen[lo*lim : hi*lim]
		for j, x := range src {
			seen[j*lim+int(rv^x)] = 1
		}
	} else {
		sets := b.sets[lo:hi]
		sets = sets[:len(src)]
		for j, x := range src {
			sets[j] |= 1 << ((rv ^ x) & 63)
		}
	}
	return int64(hi - lo)
}
