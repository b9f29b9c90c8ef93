package kernel

import (
	"math"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
)

// mexAcc is where a fast loop puts its options' values: below 64 in a
// register while the tables hold no larger value (setting bits of one
// word in memory is a chain of read-modify-writes, each waiting for the
// last; with larger values around, choosing between register and memory
// would be a branch taken at random), the others in the gen's bits.
//
// The kernels copy low into a local variable for their inner loops: acc's
// methods take its address, so acc.low itself is read and written in
// memory at each step (grundy 0.20 -> 0.17 s).
type mexAcc struct {
	gn     *engine.Gen
	low    uint64
	narrow bool
}

func newMexAcc(gn *engine.Gen, g0, g1 *engine.Game) mexAcc {
	return mexAcc{gn: gn, narrow: !g0.Wide && !g1.Wide}
}

// Add records a finite option value.
func (a *mexAcc) Add(u uint32) {
	if a.narrow && u < 64 {
		a.low |= 1 << u
		return
	}
	a.gn.EmitSG(memo.Sgv(u))
}

// flush moves the register into the gen's bits.
func (a *mexAcc) flush() {
	if a.low != 0 {
		gn := a.gn
		if len(gn.Bits) == 0 {
			gn.Bits = append(gn.Bits, 0)
		}
		gn.Bits[0] |= a.low
		a.low = 0
	}
}

// missing hands value x of the loop variable to the general way (a part
// not known yet); false when the generator should stop.
func (a *mexAcc) missing(st *engine.FastState, fr *engine.Frame, x int64) bool {
	a.flush()
	return st.Emit(a.gn, fr, x)
}

// wide returns the gen's bits for a kernel that sets them directly; done
// then records the largest value it set (or a bound on it).
func (a *mexAcc) wide() *[engine.BitsetMax / 64]uint64 { return a.gn.AllBits() }

func (a *mexAcc) done(top uint32) { a.gn.Hi = max(a.gn.Hi, int(top>>6)) }

// split runs the split kernel (as up, bs down) that fits the values:
// see splitNarrow. It returns how many options it took.
func (a *mexAcc) split(as, bs []int32) int64 {
	if a.narrow {
		j, low := splitNarrow(as, bs, a.low)
		a.low = low
		return j
	}
	j, top, marked := splitWide(a.wide(), a.gn.SeenBytes(), as, bs)
	a.marked(top, marked)
	return j
}

// marked records a wide kernel's marks up to top, left in seen (marked).
func (a *mexAcc) marked(top uint32, marked bool) {
	gn := a.gn
	gn.Hi = max(gn.Hi, int(top>>6))
	if marked {
		gn.SeenPend, gn.SeenTop = true, max(gn.SeenTop, top)
	}
}

// readState is the state of packed key k from a page directory (stUnknown
// when it has no page).
func readState(pages []*memo.Page, k uint64) int32 {
	if p := k >> memo.PageBits; p < uint64(len(pages)) {
		if pg := pages[p]; pg != nil {
			return pg[k&(memo.PageSize-1)]
		}
	}
	return memo.StUnknown
}

// FastRange is the fast loop for one or two positions per move.
func FastRange(gn *engine.Gen, fr *engine.Frame, st *engine.FastState, hi int64) {
	switch {
	case st.Nt == 1:
		fastRange1(gn, fr, st, hi)
	case st.Games[0] == st.Games[1]:
		fastRangeSame(gn, fr, st, hi)
	default:
		fastRange2(gn, fr, st, hi)
	}
}

// fastRange2 is fastRange for two positions of different games.
func fastRange2(gn *engine.Gen, fr *engine.Frame, st *engine.FastState, hi int64) {
	g0, k0, d0 := st.Games[0], st.Keys[0], st.Steps[0]
	g1, k1, d1 := st.Games[1], st.Keys[1], st.Steps[1]
	acc := newMexAcc(gn, g0, g1)
	for x := st.Lo; x <= hi; x++ {
		a, b := readState(g0.Pages, k0), readState(g1.Pages, k1)
		if a >= memo.FinBase && b >= memo.FinBase {
			acc.Add(uint32((a - memo.FinBase) ^ (b - memo.FinBase)))
		} else if !acc.missing(st, fr, x) {
			return
		}
		k0 += d0
		k1 += d1
	}
	acc.flush()
}

// fastRange1 is fastRange for one position per move.
func fastRange1(gn *engine.Gen, fr *engine.Frame, st *engine.FastState, hi int64) {
	g := st.Games[0]
	k, d := st.Keys[0], st.Steps[0]
	acc := newMexAcc(gn, g, g)
	pages := g.Pages
	for x := st.Lo; x <= hi; x++ {
		if i, di, ok := g.Flat2Walk(k, d, hi-x); ok {
			// Two arguments: the compact table.
			var n int64
			if acc.narrow {
				n, acc.low = Walk2Narrow(g.Flat2, i, di, hi-x+1, acc.low)
			} else {
				var top uint32
				var marked bool
				n, top, marked = walk2Wide(acc.wide(), acc.gn.SeenBytes(), g.Flat2, i, di, hi-x+1)
				acc.marked(top, marked)
			}
			x, k = x+n, k+uint64(n)*d
		} else if acc.narrow {
			low := acc.low
			for ; x <= hi; x++ {
				v := readState(pages, k) - memo.FinBase
				u := uint32(v)
				if v < 0 || u >= 64 {
					break
				}
				low |= 1 << u
				k += d
			}
			acc.low = low
		} else {
			bw, top := acc.wide()[:], uint32(0)
			for ; x <= hi; x++ {
				v := readState(pages, k) - memo.FinBase
				u := uint32(v)
				if v < 0 || u >= engine.BitsetMax {
					break
				}
				bw[u>>6] |= 1 << (u & 63)
				top |= u
				k += d
			}
			acc.done(top)
		}
		if x > hi {
			break
		}
		if a := readState(pages, k); a >= memo.FinBase {
			acc.Add(uint32(a - memo.FinBase))
		} else if !acc.missing(st, fr, x) {
			return
		} else {
			// emit may have computed positions: the directory may
			// have grown.
			pages = g.Pages
		}
		k += d
	}
	acc.flush()
}

// fastRangeSame is fastRange for two positions of one game.
func fastRangeSame(gn *engine.Gen, fr *engine.Frame, st *engine.FastState, hi int64) {
	g := st.Games[0]
	k0, d0 := st.Keys[0], st.Steps[0]
	k1, d1 := st.Keys[1], st.Steps[1]
	acc := newMexAcc(gn, g, g)
	pages := g.Pages
	for x := st.Lo; x <= hi; x++ {
		i0, di0, ok0 := g.Flat2Walk(k0, d0, hi-x)
		i1, di1, ok1 := g.Flat2Walk(k1, d1, hi-x)
		if ok0 && ok1 {
			// Two arguments: the compact table.
			var n int64
			if acc.narrow {
				n, acc.low = walk2PairNarrow(g.Flat2, i0, di0, i1, di1, hi-x+1, acc.low)
			} else {
				var top uint32
				var marked bool
				n, top, marked = walk2PairWide(acc.wide(), acc.gn.SeenBytes(), g.Flat2, i0, di0, i1, di1, hi-x+1)
				acc.marked(top, marked)
			}
			x, k0, k1 = x+n, k0+uint64(n)*d0, k1+uint64(n)*d1
		} else if acc.narrow {
			low := acc.low
			for ; x <= hi; x++ {
				va, vb := readState(pages, k0)-memo.FinBase, readState(pages, k1)-memo.FinBase
				u := uint32(va ^ vb)
				if va|vb < 0 || u >= 64 {
					break
				}
				low |= 1 << u
				k0 += d0
				k1 += d1
			}
			acc.low = low
		} else {
			bw, top := acc.wide()[:], uint32(0)
			for ; x <= hi; x++ {
				va, vb := readState(pages, k0)-memo.FinBase, readState(pages, k1)-memo.FinBase
				u := uint32(va ^ vb)
				if va|vb < 0 || u >= engine.BitsetMax {
					break
				}
				bw[u>>6] |= 1 << (u & 63)
				top |= u
				k0 += d0
				k1 += d1
			}
			acc.done(top)
		}
		if x > hi {
			break
		}
		if a, b := readState(pages, k0), readState(pages, k1); a >= memo.FinBase && b >= memo.FinBase {
			acc.Add(uint32((a - memo.FinBase) ^ (b - memo.FinBase)))
		} else if !acc.missing(st, fr, x) {
			return
		} else {
			pages = g.Pages
		}
		k0 += d0
		k1 += d1
	}
	acc.flush()
}

// FastElems is the fast loop for a sorted slice of values and one position
// per move.
func FastElems(gn *engine.Gen, fr *engine.Frame, st *engine.FastState, elems []int64) {
	g0, k0, d0, lo := st.Games[0], st.Keys[0], st.Steps[0], st.Lo
	acc := newMexAcc(gn, g0, g0)
	pages := g0.Pages
	for i := 0; i < len(elems); i++ {
		if acc.narrow {
			var n int
			n, acc.low = ElemsFlat(g0.Flat, elems[i:], k0-uint64(lo)*d0, d0, acc.low)
			i += n
			low := acc.low
			for ; i < len(elems); i++ {
				k := k0 + uint64(elems[i]-lo)*d0
				v := readState(pages, k) - memo.FinBase
				u := uint32(v)
				if v < 0 || u >= 64 {
					break
				}
				low |= 1 << u
			}
			acc.low = low
			if i == len(elems) {
				break
			}
		}
		x := elems[i]
		if a := readState(pages, k0+uint64(x-lo)*d0); a >= memo.FinBase {
			acc.Add(uint32(a - memo.FinBase))
		} else if !acc.missing(st, fr, x) {
			return
		} else {
			pages = g0.Pages
		}
	}
	acc.flush()
}

// ElemsFlat is fastElems' kernel on the flat table: the options at keys
// base + e*d for the elements e, while in the table, known and below 64.
// It returns how many it took. It is not inlined: in the loops that call
// it, its variables would not all stay in registers (S-Nim's hundred
// options a position went through the stack).
//
//go:noinline
func ElemsFlat(flat []int32, elems []int64, base, d uint64, low uint64) (int, uint64) {
	nf := uint64(len(flat))
	if d == ^uint64(0) {
		// (k = base - e: a subtraction game's options.)
		for i, e := range elems {
			k := base - uint64(e)
			if k >= nf {
				return i, low
			}
			u := uint32(flat[k] - memo.FinBase)
			if u >= 64 {
				return i, low
			}
			low |= 1 << u
		}
		return len(elems), low
	}
	for i, e := range elems {
		k := base + uint64(e)*d
		if k >= nf {
			return i, low
		}
		u := uint32(flat[k] - memo.FinBase)
		if u >= 64 {
			return i, low
		}
		low |= 1 << u
	}
	return len(elems), low
}

// OffsFlat is the strided sweep's kernel: the options at keys b + o for
// the offsets offs, every key in the table; it reports whether they were
// all known and below 64 (low then has their bits). Not inlined, as
// ElemsFlat.
//
//go:noinline
func OffsFlat(flat []int32, b uint64, offs []int64) (low uint64, all bool) {
	for _, o := range offs {
		u := uint32(flat[b+uint64(o)] - memo.FinBase)
		if u >= 64 {
			return low, false
		}
		low |= 1 << u
	}
	return low, true
}

// Walk2Narrow and walk2Wide are fastRange1's kernels on a compact table
// (flat2; walk2Narrow also serves the sweeps on flat): up to n options at
// indices i, i+di, ..., while known and small enough. They return how many they took. The pair versions are for
// fastRangeSame (the xor of two positions per option).
func Walk2Narrow(flat []int32, i, di, n int64, low uint64) (int64, uint64) {
	for j := int64(0); j < n; j++ {
		v := flat[i] - memo.FinBase
		u := uint32(v)
		if u >= 64 {
			return j, low
		}
		low |= 1 << u
		i += di
	}
	return n, low
}

func walk2Wide(bw *[engine.BitsetMax / 64]uint64, seen *[engine.BitsetMax]byte, flat []int32, i, di, n int64) (int64, uint32, bool) {
	sn := seen[:]
	top := uint32(0)
	j, i0 := int64(0), i
	// Two options a step (their loads side by side), then one; top is
	// the or of the values marked (a bound on the largest, without a
	// compare a step).
	for ; j+1 < n; j += 2 {
		u, w := uint32(flat[i]-memo.FinBase), uint32(flat[i+di]-memo.FinBase)
		if u >= engine.BitsetMax || w >= engine.BitsetMax {
			break
		}
		sn[u], sn[w] = 1, 1
		top |= u | w
		i += 2 * di
	}
	for ; j < n; j++ {
		u := uint32(flat[i] - memo.FinBase)
		if u >= engine.BitsetMax {
			break
		}
		sn[u] = 1
		top |= u
		i += di
	}
	if sparse(top, j) {
		for i := range j {
			u := uint32(flat[i0+i*di] - memo.FinBase)
			bw[u>>6] |= 1 << (u & 63)
			sn[u] = 0
		}
		return j, top, false
	}
	return j, top, j > 0
}

func walk2PairNarrow(flat []int32, i0, di0, i1, di1, n int64, low uint64) (int64, uint64) {
	for j := int64(0); j < n; j++ {
		va, vb := flat[i0]-memo.FinBase, flat[i1]-memo.FinBase
		u := uint32(va ^ vb)
		if va|vb < 0 || u >= 64 {
			return j, low
		}
		low |= 1 << u
		i0 += di0
		i1 += di1
	}
	return n, low
}

func walk2PairWide(bw *[engine.BitsetMax / 64]uint64, seen *[engine.BitsetMax]byte, flat []int32, i0, di0, i1, di1, n int64) (int64, uint32, bool) {
	sn := seen[:]
	top := uint32(0)
	j, a0, b0 := int64(0), i0, i1
	for ; j < n; j++ {
		va, vb := flat[i0]-memo.FinBase, flat[i1]-memo.FinBase
		u := uint32(va ^ vb)
		if va|vb < 0 || u >= engine.BitsetMax {
			break
		}
		sn[u] = 1
		top = max(top, u)
		i0 += di0
		i1 += di1
	}
	if sparse(top, j) {
		for i := range j {
			u := uint32((flat[a0+i*di0] - memo.FinBase) ^ (flat[b0+i*di1] - memo.FinBase))
			bw[u>>6] |= 1 << (u & 63)
			sn[u] = 0
		}
		return j, top, false
	}
	return j, top, j > 0
}

// splitNarrow and splitWide are fastRangePaged's kernels for a split
// (as walking up, bs down): the options' values go into low (below 64) or
// into bw, while both parts are known and small enough. They return how
// many options they took. Small functions keep their variables in
// registers.
func splitNarrow(as, bs []int32, low uint64) (int64, uint64) {
	m := min(len(as), len(bs))
	// (bs backwards from its end: i := len(bs) - 1 - j, in range.)
	j, i := 0, len(bs)-1
	for ; j < m && i >= 0; j, i = j+1, i-1 {
		va, vb := as[j]-memo.FinBase, bs[i]-memo.FinBase
		u := uint32(va ^ vb)
		if va|vb < 0 || u >= 64 {
			break
		}
		low |= 1 << u
	}
	return int64(j), low
}

func splitWide(bw *[engine.BitsetMax / 64]uint64, seen *[engine.BitsetMax]byte, as, bs []int32) (int64, uint32, bool) {
	m := min(len(as), len(bs))
	sn := seen[:]
	top := uint32(0)
	// (bs backwards from its end: i := len(bs) - 1 - j, in range.)
	j, i := 0, len(bs)-1
	for ; j < m && i >= 0; j, i = j+1, i-1 {
		va, vb := as[j]-memo.FinBase, bs[i]-memo.FinBase
		u := uint32(va ^ vb)
		if va|vb < 0 || u >= engine.BitsetMax {
			break
		}
		sn[u] = 1
		top = max(top, u)
	}
	if sparse(top, int64(j)) {
		for k := range j {
			u := uint32((as[k] - memo.FinBase) ^ (bs[len(bs)-1-k] - memo.FinBase))
			bw[u>>6] |= 1 << (u & 63)
			sn[u] = 0
		}
		return int64(j), top, false
	}
	return int64(j), top, j > 0
}

// sparse reports whether n marks up to top are too few for a pass over
// top's bytes.
func sparse(top uint32, n int64) bool { return int64(top)/8 > 2*n+8 }

// SmallStep reports whether a key step stays within a memo page for
// several iterations.
func SmallStep(d uint64) bool {
	return int64(d) > -memo.PageSize/4 && int64(d) < memo.PageSize/4
}

// inPage returns how many iterations (at least 1) key k can step by d
// before leaving its page.
func inPage(k, d uint64) int64 {
	off := int64(k & (memo.PageSize - 1))
	switch step := int64(d); {
	case step > 0:
		return (memo.PageSize-1-off)/step + 1
	case step < 0:
		return off/(-step) + 1
	}
	return memo.PageSize
}

// FastRangePaged is fastRange for two positions whose keys change by less
// than a page per iteration (heaps of one argument, the last argument of
// two): it runs in stretches within one page of each table, reading the
// pages directly.
func FastRangePaged(gn *engine.Gen, fr *engine.Frame, st *engine.FastState, hi int64) {
	g0, k0, d0 := st.Games[0], st.Keys[0], st.Steps[0]
	g1, k1, d1 := st.Games[1], st.Keys[1], st.Steps[1]
	acc := newMexAcc(gn, g0, g1)
	x := st.Lo
	for x <= hi {
		// (g(c - x) + g(x) is the same split: the kernel takes the parts
		// the other way round; the general step, in order.)
		up, fu, ku, fd, kd := d0 == 1 && d1 == ^uint64(0), g0.Flat, k0, g1.Flat, k1
		if d0 == ^uint64(0) && d1 == 1 {
			up, fu, ku, fd, kd = true, g1.Flat, k1, g0.Flat, k0
		}
		if up && ku < uint64(len(fu)) && kd < uint64(len(fd)) {
			// The common split on flat tables: the whole range in one
			// kernel (as far as both tables go).
			m := uint64(hi - x + 1)
			m = min(m, uint64(len(fu))-ku, kd+1)
			as, bs := fu[ku:ku+m], fd[kd+1-m:kd+1]
			j := acc.split(as, bs)
			x += j
			k0 += uint64(j) * d0
			k1 += uint64(j) * d1
			if uint64(j) == m {
				continue
			}
			if x > hi {
				break
			}
		}
		p0, p1 := k0>>memo.PageBits, k1>>memo.PageBits
		var pg0, pg1 *memo.Page
		if p0 < uint64(len(g0.Pages)) {
			pg0 = g0.Pages[p0]
		}
		if p1 < uint64(len(g1.Pages)) {
			pg1 = g1.Pages[p1]
		}
		m := min(inPage(k0, d0), inPage(k1, d1), hi-x+1)
		if pg0 == nil || pg1 == nil {
			m = 1
		}
		i0, i1 := int64(k0&(memo.PageSize-1)), int64(k1&(memo.PageSize-1))
		s0, s1 := int64(d0), int64(d1)
		j := int64(0)
		if s0 == 1 && s1 == -1 && pg0 != nil && pg1 != nil {
			// g(.. x ..) + g(.. c - x ..), the common split: one walks
			// up a page, the other down.
			j = acc.split(pg0[i0:i0+m], pg1[i1-m+1:i1+1])
			i0, i1 = i0+j, i1-j
		}
		for ; j < m; j++ {
			var a, b int32
			if pg0 != nil {
				a = pg0[i0&(memo.PageSize-1)]
			}
			if pg1 != nil {
				b = pg1[i1&(memo.PageSize-1)]
			}
			if a >= memo.FinBase && b >= memo.FinBase {
				acc.Add(uint32((a - memo.FinBase) ^ (b - memo.FinBase)))
			} else if !acc.missing(st, fr, x+j) {
				return
			}
			i0 += s0
			i1 += s1
		}
		x += m
		k0 += uint64(m) * d0
		k1 += uint64(m) * d1
	}
	acc.flush()
}

// Stretch runs kern over the flat table's states from key k, for loop
// values x .. z (keys k, k+1, ...; at most flatStretch of them), then
// checks the run's limits; kern returns how many states it took (j). It
// reports whether that was every value left (done), and whether kern took
// all it was given (full: the next values may be taken the same way).
func Stretch(th *engine.Thread, flat []int32, k uint64, x, z int64, pos engine.Pos, kern func([]int32) int) (j int64, done, full bool) {
	left := uint64(z-x) + 1 // (z - x may overflow int64, not uint64)
	if left == 0 {
		left = math.MaxUint64 // (all 2^64 ints)
	}
	m := min(left, flatStretch, uint64(len(flat))-k)
	n := uint64(kern(flat[k : k+m]))
	th.Steps += int64(n)
	if th.Steps >= th.CheckAt {
		th.CheckLimits(pos)
	}
	return int64(n), n == left, n == m
}

// flatStretch is the most states the folds take from the flat table in
// one go (between checks of the run's limits).
const flatStretch = 4096

// XorFlat xors the finite values of states up to the first state that is
// not one; it returns how many it took. Eight states at a time while all
// eight are finite (one test of their least, the xors independent).
func XorFlat(states []int32) (int, memo.Sgv) {
	var a0, a1 memo.Sgv
	i := 0
	for ; i+8 <= len(states); i += 8 {
		c := (*[8]int32)(states[i : i+8])
		if min(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]) < memo.FinBase {
			break
		}
		const f = memo.FinBase
		a0 ^= (c[0] - f) ^ (c[1] - f) ^ (c[2] - f) ^ (c[3] - f)
		a1 ^= (c[4] - f) ^ (c[5] - f) ^ (c[6] - f) ^ (c[7] - f)
	}
	acc := a0 ^ a1
	for ; i < len(states); i++ {
		s := states[i]
		if s < memo.FinBase {
			return i, acc
		}
		acc ^= s - memo.FinBase
	}
	return len(states), acc
}
