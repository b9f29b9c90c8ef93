package takebreak

// A block is the part of the sparse method's walk over the rare heaps
// that a run of heaps can share: for a rare heap r far enough below the
// run's first heap n0, the values v(n - t - r) of the run's heaps n are
// consecutive in the table, so the options of all of them are marked in
// one pass over a short stretch, instead of one scattered read per rare
// heap for each heap (the rare heaps of Grundy's game by 2^21 are 1,273:
// their reads fill more than the first-level cache).
type block struct {
	n0, n  int // heaps n0, n0+stride, ..., n n of them
	stride int
	// The rare heaps rare[:start] (those below rmin) are left to each
	// heap, as are rare[rareIdx:] (found after the block was made).
	rmin, start, rareIdx int
	wide                 bool
	lim                  int      // wide: the bytes of a heap's marks
	sets                 []uint64 // narrow: a heap's values, all below 64
	seen                 []byte   // wide: a heap's values, a byte each
	pairs                int64
}

const blockHeaps = 128

// ceilDiv is a/b rounded up, for b > 0.
func ceilDiv(a, b int) int {
	if a <= 0 {
		return -(-a / b)
	}
	return (a + b - 1) / b
}

// covers reports whether the block holds heap n's marks.
func (b *block) covers(n int) bool {
	return n >= b.n0 && n < b.n0+b.n*b.stride && (n-b.n0)%b.stride == 0
}

// fillBlock marks, for heaps n0 + stride*i, i < count, the values of the
// splits (r, n - t - r) of every split rule and rare heap r >= rmin =
// count*stride; every value v(n - t - r) it reads is then below n0 - 1
// (known while heap n0 - 1 is being computed: parallel.go).
func fillBlock[V word](b *block, vals []V, rare []int, rareV []V, splits []split, n0, count, stride int, wide bool, lim int) {
	rmin := count * stride
	b.n0, b.n, b.stride, b.rmin, b.rareIdx, b.wide, b.lim = n0, count, stride, rmin, len(rare), wide, lim
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
			// Heap n = n0+stride*i has the split (r, n-t-r) when r <
			// n-t (the other part nonempty), and r != n-t-r if unequal.
			lo := max(0, ceilDiv(r+sp.take-n0+1, stride))
			if lo >= count {
				break
			}
			base := n0 - sp.take - r // heap n0+stride*i reads vals[base+stride*i]
			skip := -1
			if d := 2*r + sp.take - n0; sp.unequal && d >= 0 && d%stride == 0 {
				skip = d / stride
			}
			if skip >= lo && skip < count {
				pairs += markRange(b, vals, rv, base, lo, skip)
				pairs += markRange(b, vals, rv, base, skip+1, count)
			} else {
				pairs += markRange(b, vals, rv, base, lo, count)
			}
		}
	}
	b.pairs = pairs
}

// markRange marks rv ^ vals[base+stride*i] for heaps n0+stride*i, lo <= i
// < hi.
func markRange[V word](b *block, vals []V, rv V, base, lo, hi int) int64 {
	if lo >= hi {
		return 0
	}
	if b.stride != 1 {
		for i := lo; i < hi; i++ {
			x := vals[base+b.stride*i]
			if b.wide {
				b.seen[i*b.lim+int(rv^x)] = 1
			} else {
				b.sets[i] |= 1 << ((rv ^ x) & 63)
			}
		}
		return int64(hi - lo)
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
