package engine

import (
	"encoding/binary"
	"math/bits"

	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/passes"
)

// ProbeFunc works out the runs of a fast loop for a frame without running
// them (one run, or one for each value of the for clauses before the
// loop's): it calls each with the keys at the domain's first value lo and
// their steps, and the domain lo .. hi or elems (a run with no option is
// not passed). It returns false when the loop would run the general way
// or each returned false.
type ProbeFunc func(fr *Frame, each ProbeRun) bool

// ProbeRun receives a run of a fast loop (probeFunc); false stops.
type ProbeRun func(st FastState, lo, hi int64, elems []int64) bool

// FastState is one run of a fast loop: the positions' keys at the first
// value lo of the loop variable, and their steps.
type FastState struct {
	Keys, Steps [4]uint64
	Games       [4]*Game
	Lo          int64
	Nt          int
	Cursor      bool // a stopped run can go on from the next value
}

// Emit emits the option for loop value x; false when the generator should
// stop.
func (st *FastState) Emit(gn *Gen, fr *Frame, x int64) bool {
	v := memo.Sgv(0)
	fin := true
	for t := 0; t < st.Nt; t++ {
		k := st.Keys[t] + uint64(x-st.Lo)*st.Steps[t]
		s := st.Games[t].State(k)
		if s < memo.FinBase {
			fin = false
			break
		}
		v ^= s - memo.FinBase
	}
	if !fin {
		if st.Nt == 1 {
			// One position per move: a missing one can be resumed
			// (gen.pend).
			gn.Tracing = true
			v = gn.Lookup(st.Games[0], st.Keys[0]+uint64(x-st.Lo)*st.Steps[0])
			gn.Tracing = false
			gn.EmitSG(v)
			return st.stop(gn, fr, x)
		}
		if gn.E.On&passes.Cursor != 0 && gn.Mode == mSG && st.partMissing(x) {
			st.emitSum(gn, x)
			return st.stop(gn, fr, x)
		}
		v = 0
		for t := 0; t < st.Nt; t++ {
			k := st.Keys[t] + uint64(x-st.Lo)*st.Steps[t]
			v = gn.E.Add(v, gn.Lookup(st.Games[t], k))
		}
	}
	gn.EmitSG(v)
	return !fr.Stop
}

// partMissing reports whether the sum for loop value x has a part not
// known yet (rather than only known ones, some infinite: that sum's value
// is known, and emitted as it is).
func (st *FastState) partMissing(x int64) bool {
	for t := 0; t < st.Nt; t++ {
		if !memo.Finished(st.Games[t].State(st.Keys[t] + uint64(x-st.Lo)*st.Steps[t])) {
			return true
		}
	}
	return false
}

// emitSum records a sum with parts not known yet for loop value x: in
// gen.pend, a mark {nil, n<<32 | xor of the known parts} and then the n
// missing parts, so that a resumed run computes its value (emitPend). A
// known part with an infinite value makes the run opaque.
func (st *FastState) emitSum(gn *Gen, x int64) {
	mark := len(gn.Pend)
	gn.Pend = append(gn.Pend, PosKey{})
	known := uint32(0)
	for t := 0; t < st.Nt; t++ {
		g, k := st.Games[t], st.Keys[t]+uint64(x-st.Lo)*st.Steps[t]
		s := g.State(k)
		switch {
		case s >= memo.FinBase:
			known ^= uint32(s - memo.FinBase)
		case memo.Finished(s):
			gn.Opaque = true
		default:
			gn.Tracing = true
			gn.Lookup(g, k)
			gn.Tracing = false
		}
	}
	n := len(gn.Pend) - mark - 1
	gn.Pend[mark] = PosKey{R: uint64(n)<<32 | uint64(known)}
	gn.EmitSG(memo.SgMissing)
}

// stop reports whether the generator goes on after loop value x; when the
// run stops after batch missing options, it records where it can go on.
func (st *FastState) stop(gn *Gen, fr *Frame, x int64) bool {
	if !fr.Stop {
		return true
	}
	// Only worth it when the run would generate many options again: a
	// saved run takes memory (a deep search saves one a level).
	if gn.Stopped && st.Cursor && x < MaxInt && gn.Scanned+(x-st.Lo) >= cursorMin {
		gn.Cursor, gn.StopAlt, gn.StopX = true, gn.Alt, x+1
	}
	return false
}

const cursorMin = 64

const (
	MinInt = -1 << 63
	MaxInt = 1<<63 - 1
)

// foldSeen moves the values 0..top marked in seen into bw, clearing seen.
func foldSeen(bw *[BitsetMax / 64]uint64, seen *[BitsetMax]byte, top uint32) {
	for i := uint32(0); i <= top && i < BitsetMax; i += 8 {
		w := binary.LittleEndian.Uint64(seen[i : i+8])
		if w != 0 {
			// The low bits of the 8 bytes (0 or 1), gathered into one.
			bw[i>>6] |= (w * 0x0102040810204080) >> 56 << (i & 63)
			binary.LittleEndian.PutUint64(seen[i:i+8], 0)
		}
	}
}

// mexSeen is the mex of the values in bw (its words up to hi) and those
// marked in seen (up to top), when no other value matters (no infinite
// option, no value of bitsetMax or more): the gathered words are only
// read up to the first that is not full. It clears seen up to top.
func mexSeen(bw *[BitsetMax / 64]uint64, seen *[BitsetMax]byte, top uint32, hi int) int32 {
	m := int32(BitsetMax)
	for w := 0; w < BitsetMax/64; w++ {
		var x uint64
		if w <= hi {
			x = bw[w]
		}
		if uint32(w*64) <= top {
			x |= gather64((*[64]byte)(seen[w*64:]))
		}
		if x != ^uint64(0) {
			m = int32(w*64 + bits.TrailingZeros64(^x))
			break
		}
	}
	clear(seen[:min(top, BitsetMax-1)+1])
	return m
}

// gather64 is the bits of 64 bytes of 0 or 1 (byte i: bit i).
func gather64(b *[64]byte) uint64 {
	var x uint64
	for i := 0; i < 64; i += 8 {
		x |= (binary.LittleEndian.Uint64(b[i:i+8]) * 0x0102040810204080) >> 56 << i
	}
	return x
}

// Settle moves the values the kernels marked into the bits.
func (gn *Gen) Settle() {
	if gn.SeenPend {
		foldSeen(gn.AllBits(), gn.seen, gn.SeenTop)
		gn.SeenPend, gn.SeenTop = false, 0
	}
}

// ClearBits forgets the option values seen.
func (gn *Gen) ClearBits() {
	gn.Settle()
	clear(gn.Bits[:min(gn.Hi+1, len(gn.Bits))])
	gn.Hi = 0
}

// SeenBytes is the gen's byte scratch (0 where no value is marked).
func (gn *Gen) SeenBytes() *[BitsetMax]byte {
	if gn.seen == nil {
		gn.seen = new([BitsetMax]byte)
	}
	return gn.seen
}

// AllBits returns the mex bits grown to hold every value below bitsetMax.
func (gn *Gen) AllBits() *[BitsetMax / 64]uint64 {
	if len(gn.Bits) < BitsetMax/64 {
		gn.Bits = append(gn.Bits, make([]uint64, BitsetMax/64-len(gn.Bits))...)
	}
	return (*[BitsetMax / 64]uint64)(gn.Bits)
}

// SweepRule is a general sweep's rule at one position of a game of one
// int (package kernel's Rule): Keys appends the keys of position r of g's
// options, in the order its rule yields them, to keys, or reports false
// (keys as they were) when one raises an error or there are too many, or
// when an option is no longer a position of g (a REPL declaration made
// its name another game); Ticks counts the steps of its n options as a
// run of the rule does. Neither counts a position, nor reads or writes
// the memo.
type SweepRule interface {
	Keys(fr *Frame, g *Game, r uint64, keys []int64) ([]int64, bool)
	Ticks(fr *Frame, r uint64, n int64)
}

// SweepFunc computes positions k, k+1, ... below end of g (arity 1, in
// the flat table), those not known yet, at most room of them, while the
// sweep applies to each, noting each it computes in mine (bit k - m). It
// returns the first position it did not compute and that is not known.
type SweepFunc func(fr *Frame, g *Game, k, end uint64, room int64, mine []uint64, m uint64) uint64
