package kernel

import (
	"encoding/binary"
	"math/bits"
	"sync"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
)

// Row sweeps. The ladder computes a box of positions of a game of two
// ints row by row (package solve's ladder.go), each with all its options
// known as a rule. When every alternative of the rule is a fast loop over
// positions of the game itself whose bounds and arguments are int
// arithmetic (package fastpath's rowsweep.go makes a RowAlt of each), a
// row is computed here without the search's step per position: for each
// position the alternatives walk the compact table (Flat2) into one
// accumulator, and its mex is the value. A position is left to the rule
// (the sweep stops there, with nothing done for it) when an alternative
// cannot walk its options (RowAlt false: an option not known, a value of
// BitsetMax or more, a key off the compact table, an overflow at the
// loop's ends), so the sweep computes exactly the positions a search of
// each, in order, would compute, counting them, their steps and their
// moves the same way.

// RowAlt adds the options of one alternative at the position in fr's
// first two slots (of game g) to acc; it returns the moves the rule
// counts for them, or false when it cannot (acc may then hold some of
// them: the sweep clears it).
type RowAlt func(fr *engine.Frame, g *engine.Game, acc *RowAcc) (int64, bool)

// RowAcc is a row sweep's set of option values: below 64 in low, the
// others marked in seen (up to top, an or of them: a bound on the
// largest) or, for a kernel that found them sparse, in bw (up to word
// hi).
type RowAcc struct {
	low  uint64
	top  uint32
	hi   int
	wide bool // the game holds values of 64 or more: no narrow kernel first
	bw   [engine.BitsetMax / 64]uint64
	seen [engine.BitsetMax]byte
}

// Walk adds the n options at indices i, i+di, ... of the compact table;
// false when one is not known or too large.
func (a *RowAcc) Walk(flat []int32, i, di, n int64) bool {
	if !a.wide {
		var j int64
		if j, a.low = Walk2Narrow(flat, i, di, n, a.low); j == n {
			return true
		}
		i, n = i+j*di, n-j
	}
	j, top, _ := walk2Wide(&a.bw, &a.seen, flat, i, di, n)
	a.mark(top)
	return j == n
}

// WalkPair adds the n options whose values are the xor of the states at
// i0, i0+di0, ... and i1, i1+di1, ...; false as Walk.
func (a *RowAcc) WalkPair(flat []int32, i0, di0, i1, di1, n int64) bool {
	if di0 == 1 && di1 == -1 && i0 >= 0 && i1 >= n-1 && i0+n <= int64(len(flat)) && i1 < int64(len(flat)) {
		// A split along a row: the split kernels, on two slices.
		return a.split(flat[i0:i0+n], flat[i1-n+1:i1+1])
	}
	if !a.wide {
		var j int64
		if j, a.low = rowPairNarrow(flat, i0, di0, i1, di1, n, a.low); j == n {
			return true
		}
		i0, i1, n = i0+j*di0, i1+j*di1, n-j
	}
	j, top, _ := walk2PairWide(&a.bw, &a.seen, flat, i0, di0, i1, di1, n)
	a.mark(top)
	return j == n
}

// split adds the options whose values are the xor of as[j] and
// bs[len(bs)-1-j] (as long as each other); false as Walk.
func (a *RowAcc) split(as, bs []int32) bool {
	n := int64(len(as))
	if !a.wide {
		var j int64
		if j, a.low = rowSplitNarrow(as, bs, a.low); j == n {
			return true
		}
		as, bs = as[j:], bs[:int64(len(bs))-j]
	}
	j, top, _ := splitWide(&a.bw, &a.seen, as, bs)
	a.mark(top)
	return j == int64(len(as))
}

// rowPairNarrow and rowSplitNarrow are walk2PairNarrow and splitNarrow
// (bs as long as as) with one test an option: two values whose or is 64
// or more (or one not known: negative) end the walk, where their xor may
// still be below 64 (the wide kernel goes on from there).
func rowPairNarrow(flat []int32, i0, di0, i1, di1, n int64, low uint64) (int64, uint64) {
	for j := int64(0); j < n; j++ {
		va, vb := flat[i0]-memo.FinBase, flat[i1]-memo.FinBase
		if uint32(va|vb) >= 64 {
			return j, low
		}
		low |= 1 << (uint32(va^vb) & 63) // (below 64: the or is)
		i0 += di0
		i1 += di1
	}
	return n, low
}

func rowSplitNarrow(as, bs []int32, low uint64) (int64, uint64) {
	n := min(len(as), len(bs))
	as, bs = as[:n], bs[:n]
	for j := range as {
		k := len(bs) - 1 - j
		if k < 0 {
			break
		}
		va, vb := as[j]-memo.FinBase, bs[k]-memo.FinBase
		if uint32(va|vb) >= 64 {
			return int64(j), low
		}
		low |= 1 << (uint32(va^vb) & 63) // (below 64: the or is)
	}
	return int64(n), low
}

// mark records a wide kernel's bound on the values it marked (in seen or,
// sparse, in bw).
func (a *RowAcc) mark(top uint32) {
	a.top |= top
	a.hi = max(a.hi, int(top>>6))
}

// Mex returns the least value not added, and empties the set.
func (a *RowAcc) Mex() memo.Sgv {
	m := memo.Sgv(engine.BitsetMax)
	for w := 0; w < engine.BitsetMax/64; w++ {
		x := a.bw[w]
		if w == 0 {
			x |= a.low
		}
		if uint32(w*64) <= a.top {
			b := (*[64]byte)(a.seen[w*64:])
			if x == 0 {
				// (The marks alone: the first byte not set.)
				if j := firstUnset(b); j < 64 {
					m = memo.Sgv(w*64 + j)
					break
				}
				continue
			}
			x |= seen64(b)
		}
		if x != ^uint64(0) {
			m = memo.Sgv(w*64 + bits.TrailingZeros64(^x))
			break
		}
	}
	a.Clear()
	return m
}

// Clear empties the set.
func (a *RowAcc) Clear() {
	clear(a.seen[:min(a.top, engine.BitsetMax-1)+1])
	clear(a.bw[:min(a.hi, engine.BitsetMax/64-1)+1])
	a.low, a.top, a.hi = 0, 0, 0
}

// ones is a byte of 1 in each of a word's eight.
const ones = 0x0101010101010101

// seen64 is the bits of 64 bytes of 0 or 1 (byte i: bit i).
func seen64(b *[64]byte) uint64 {
	var x uint64
	for i := 0; i < 64; i += 8 {
		x |= (binary.LittleEndian.Uint64(b[i:i+8]) * 0x0102040810204080) >> 56 << i
	}
	return x
}

// firstUnset is the index of the first 0 of 64 bytes of 0 or 1 (64:
// none), eight at a time.
func firstUnset(b *[64]byte) int {
	for i := 0; i < 64; i += 8 {
		if v := binary.LittleEndian.Uint64(b[i : i+8]); v != ones {
			return i + bits.TrailingZeros64(^v&ones)/8
		}
	}
	return 64
}

// RowSweep returns the sweep of a game of two ints whose rule's
// alternatives are alts (gpos: the game's position, counted as the search
// counts a position). It computes the positions of the box below end
// from k on, row by row, as engine.Game.RowSweep says.
func RowSweep(alts []RowAlt, gpos engine.Pos) engine.SweepFunc {
	pool := sync.Pool{New: func() any { return new(RowAcc) }}
	return func(fr *engine.Frame, g *engine.Game, k, end uint64, room int64, mine []uint64, m uint64) uint64 {
		if g.NArgs != 2 || g.Flat2 == nil || g.Periodic != nil || k&memo.GenBit != 0 || end&memo.GenBit != 0 {
			return k
		}
		// (A rule that fails drops the accumulator, its marks with it:
		// the ladder recovers.)
		acc := pool.Get().(*RowAcc)
		row, width := uint64(1)<<g.Bits, end&(1<<g.Bits-1)+1
		for k < end && room > 0 {
			a := k >> g.Bits
			stop := min(a*row+width, end)
			// (Bit k - m of mine is k's index in the box: a * width + b.)
			n, left := rowRun(alts, gpos, acc, fr, g, k, stop, room, mine, m+a*(row-width))
			if k, room = n, left; n < stop {
				break
			}
			k = (a + 1) * row
		}
		pool.Put(acc)
		return min(k, end)
	}
}

// rowRun is RowSweep's sweep of one row, up to end, with its
// accumulator; it returns where it stopped and the room left.
func rowRun(alts []RowAlt, gpos engine.Pos, acc *RowAcc, fr *engine.Frame, g *engine.Game, k, end uint64, room int64, mine []uint64, m uint64) (uint64, int64) {
	th := fr.Th
	e := th.Engine
	room = min(room, th.Limits.MaxStates-e.States)
	cur, curR := e.Current, e.CurrentR
	defer func() { e.Current, e.CurrentR = cur, curR }()
	for ; k < end && room > 0; k++ {
		s := g.State(k)
		if s != memo.StUnknown {
			if memo.Finished(s) {
				continue
			}
			break
		}
		g.Load(fr, k)
		acc.wide = g.Wide
		var n int64
		ok := true
		for _, alt := range alts {
			c, good := alt(fr, g, acc)
			if !good {
				ok = false
				break
			}
			n += c
		}
		if !ok {
			acc.Clear()
			break
		}
		if x := memo.StateOf(acc.Mex()); !g.SetFast(k, x) {
			g.SetStateSlow(k, x)
		}
		if mine != nil {
			i := k - m
			mine[i/64] |= 1 << (i % 64)
		}
		room--
		// Counted as the search counts the position (its step, then its
		// moves' steps).
		e.States++
		e.Current, e.CurrentR = g, k
		th.Tick(gpos)
		if e.States&63 == 0 && th.Ctx != nil {
			th.Poll(gpos)
		}
		e.Edges += n
		if th.Steps += n; th.Steps >= th.CheckAt {
			th.CheckLimits(gpos)
		}
	}
	return k, room
}
