package memo

import (
	"fmt"
	"os"
	"runtime"
	"sync/atomic"
	"unsafe"
)

// Packed keys and pages.
const (
	PageBits = 9
	PageSize = 1 << PageBits
	// PackBits is the bits of a packed key: each of a game's (up to 3)
	// int arguments is a field of PackBits / arity bits.
	PackBits = 30
	// GenBit marks an interned key: the rest is the id of its key in the
	// game's KeyTable.
	GenBit = uint64(1) << 63
)

// Page is the states of PageSize consecutive packed keys.
type Page [PageSize]int32

// Table holds the states of a game's positions. A position whose
// arguments are all small non-negative ints (arity <= 3) has a packed key
// below 2^30, its arguments' fields side by side; its state is in paged
// dense arrays (one int32 per position). Any other position has an
// interned key (GenBit and an id, in the order first met) whose state is
// in Gvals.
type Table struct {
	// Packed keys: each argument is a field of Bits bits. An int v with
	// 0 <= v < Lim is the field v (the fast paths rely on it); a negative
	// v >= -Lim is the field Lim + (-v - 1). Lim is 0 when the game has
	// no packed keys.
	Bits uint
	Lim  uint64
	// NegLim: a negative v >= -NegLim has a field (Lim, or 0 while
	// Sparse: SetSparse).
	NegLim uint64
	Sparse bool
	args   int // the game's arity
	Pages  []*Page
	// Flat is a reservation of address space for the states of the keys
	// below flatKeys (flat_linux.go), mapped when the first is stored: the
	// pages of those keys are parts of it, and it is read without the
	// directory (the fast loops, State). The system provides its memory
	// page by page as it is written, so a sparse table costs what its
	// pages do. nil where it cannot be had: the pages alone then.
	Flat []int32
	// Flat2 is the same for two arguments (a, b) with b < 512: row a of
	// it, Flat2[a*Flat2Stride : a*Flat2Stride+512], is the page of the keys (a, 0..511),
	// so that walks along a column or a diagonal stay in one compact
	// array (the keys of two rows are 2^15 apart).
	Flat2     []int32
	flatTried bool
	huge      []uint64 // the first pages of Flat's huge regions (flatPage)
	flatUse   *flatUse // pages of them in use
	Gvals     []int32  // state of each interned id (AddGval)
	gvalsOff  Off      // Gvals's memory, once big
	// Wide is set once a value of 64 or more is stored (the fast loops
	// gather smaller option values in a register while it is not).
	Wide bool
	// Positions whose value came from the loopy solver or that have an
	// infinite option (winning orders their moves by remoteness): a bit
	// per packed key (in blocks of loopyBlock keys, made as marked: a
	// game of two ints whose first is large has keys spread thinly up to
	// 2^30), a set of interned ids.
	loopyBits []*[loopyBlock / 64]uint64
	loopyIDs  map[uint64]bool
	// EverLoopy is set once a position is marked so (SetLoopy) and
	// cleared only by Reset.
	EverLoopy bool
	// The state of interned key lastR (0: none), as the word table of
	// the game's keys cached it (Remember): State answers it without
	// reading Gvals.
	lastR  uint64
	lastSt int32
	// Uncache, when set, is called with an interned id whose final state
	// is about to change (the game's word table caches final states:
	// package engine sets it to its KeyTable's Uncache).
	Uncache func(id uint32)
}

// Remember makes State answer st for interned key r until a state is
// stored for it (st is its state, as a cache of it said).
func (t *Table) Remember(r uint64, st int32) { t.lastR, t.lastSt = r, st }

// Init sets the packing of the keys of a game of arity args.
func (t *Table) Init(args int) {
	t.args = args
	if args > 0 && args <= 3 {
		t.Bits = PackBits / uint(args)
		t.Lim = 1 << (t.Bits - 1)
		t.NegLim = t.Lim
	}
}

// SparseLim is Lim for a game of one int whose positions are spread
// thinly (SetSparse): its keys from 2^16 on are interned.
const SparseLim = 1 << 16

// SetSparse makes a game of one argument pack only its ints from 0 to
// SparseLim - 1 (sparse) or those from -2^29 to 2^29 - 1, as Init does,
// while no state is stored: an int that is a set of bits
// (resolve.BitArgs), its positions spread thinly up to 2^29, would fill
// a page of 512 states (one of the system's, of 1,024) for each, where
// its interned key takes a few words. Until an int is interned, Widen
// may pack them all again.
func (t *Table) SetSparse(sparse bool) {
	if t.args != 1 || t.Pages != nil || len(t.Gvals) > 0 {
		return
	}
	t.Init(1)
	t.Sparse = sparse
	if sparse {
		t.Lim, t.NegLim = SparseLim, 0
	}
}

// SparseNote is what --explain adds to an int argument's note (isInt)
// of a table that packs only its ints below SparseLim (SetSparse).
func (t *Table) SparseNote(isInt bool) string {
	if !isInt || t.args != 1 || t.Lim != SparseLim {
		return ""
	}
	return fmt.Sprintf(" (made with bit operators, spread thinly: from %d on interned, a few words each, not in the flat table)", SparseLim)
}

// Widen is asked, while Sparse, for an int without a field when
// interned keys are interned: the first time, when none is (no int
// has two keys then), and the positions below SparseLim are dense (a
// quarter of them stored: a game of bits whose positions are all the
// ints up to some bound), the ints from -2^29 to 2^29 - 1 are packed
// from then on, as Init packs them, and it reports true. Sparse is
// false after.
func (t *Table) Widen(interned int) bool {
	t.Sparse = false
	if interned > 0 {
		return false
	}
	n := 0
	for r := uint64(0); r < SparseLim; r++ {
		if t.State(r) != 0 {
			n++
		}
	}
	if n < SparseLim/4 {
		return false
	}
	t.Init(1)
	return true
}

// State is the state of key r.
func (t *Table) State(r uint64) int32 {
	if r < uint64(len(t.Flat)) {
		return t.Flat[r]
	}
	if r&GenBit == 0 {
		p := r >> PageBits
		if p >= uint64(len(t.Pages)) || t.Pages[p] == nil {
			return StUnknown
		}
		return t.Pages[p][r&(PageSize-1)]
	}
	if r == t.lastR {
		return t.lastSt
	}
	return t.Gvals[r&^GenBit]
}

// SetState stores state s of key r.
func (t *Table) SetState(r uint64, s int32) {
	if !t.SetFast(r, s) {
		t.SetStateSlow(r, s)
	}
}

// SetFast is SetState when the key's page is there and s is below 64:
// hot paths call it first (it is inlined) and SetStateSlow when it
// reports false.
func (t *Table) SetFast(r uint64, s int32) bool {
	// (A key with GenBit set has p past any directory.)
	if p := r >> PageBits; p < uint64(len(t.Pages)) && s < FinBase+64 {
		if pg := t.Pages[p]; pg != nil {
			pg[r&(PageSize-1)] = s
			return true
		}
	}
	return false
}

// SetStateSlow is SetState for a value of 64 or more (the game is then
// wide), a key past the page directory or on a page not there yet, and
// interned positions.
func (t *Table) SetStateSlow(r uint64, s int32) {
	if s >= FinBase+64 {
		t.Wide = true
	}
	if r&GenBit == 0 {
		p := r >> PageBits
		if p >= uint64(len(t.Pages)) {
			t.growPages(p + 1)
		}
		if t.Pages[p] == nil {
			if !t.flatTried && (t.args == 1 || t.args == 2 && t.Bits == flat2Bits) {
				t.flatTried = true
				var m []int32
				if t.args == 1 {
					t.Flat = mapFlat(flatKeys)
					m = t.Flat
				} else {
					t.Flat2 = mapFlat(flat2Rows * Flat2Stride)
					m = t.Flat2
				}
				if m != nil {
					t.flatUse = &flatUse{}
					runtime.AddCleanup(t, freeFlat, flatMem{m, t.flatUse})
				}
			}
			rowPages := uint64(1) << (t.Bits - PageBits)
			switch {
			case r < uint64(len(t.Flat)):
				t.flatPage(p)
			case t.Flat2 != nil && p%rowPages == 0 && p/rowPages < flat2Rows:
				a := p / rowPages
				t.flatUse.Add(t.flat2Cost(a, rowPages))
				t.Pages[p] = (*Page)(t.Flat2[a*Flat2Stride : a*Flat2Stride+PageSize])
			default:
				t.Pages[p] = new(Page)
			}
		}
		t.Pages[p][r&(PageSize-1)] = s
		return
	}
	id := r &^ GenBit
	if r == t.lastR {
		t.lastSt = s
	}
	if old := t.Gvals[id]; old != s && old >= FinBase && t.Uncache != nil {
		t.Uncache(uint32(id))
	}
	t.Gvals[id] = s
}

// growPages makes the page directory hold at least n pages (doubling).
func (t *Table) growPages(n uint64) {
	n = max(n, uint64(2*len(t.Pages)))
	n = min(n, 1<<(PackBits-PageBits))
	pages := make([]*Page, n)
	copy(pages, t.Pages)
	t.Pages = pages
}

// flatPage gives page p of a game of one int its part of Flat: counted
// as flatCost says, or with the huge region it lies in (flatHuge), whose
// pages it counts all at once at the first written.
func (t *Table) flatPage(p uint64) {
	if lo, hi, ok := t.hugeRegion(p); ok && t.hugeOn(lo) {
		if hi > uint64(len(t.Pages)) {
			t.growPages(hi)
		}
		for q := lo; q < hi; q++ {
			if t.Pages[q] == nil {
				t.flatUse.Add(t.flatCost(q, 1))
				t.Pages[q] = (*Page)(t.Flat[q*PageSize : (q+1)*PageSize])
			}
		}
		return
	}
	t.flatUse.Add(t.flatCost(p, 1))
	t.Pages[p] = (*Page)(t.Flat[p*PageSize : (p+1)*PageSize])
	if p >= hugeAfter && t.Pages[p-1] != nil {
		// Filled in order: the next region in huge pages.
		if _, hi, ok := t.hugeRegion(p); ok {
			if lo2, hi2, ok := t.hugeRegion(hi); ok && !t.hugeOn(lo2) && (lo2 >= uint64(len(t.Pages)) || t.Pages[lo2] == nil) && adviseHugeFlat(t.Flat[lo2*PageSize:hi2*PageSize]) {
				t.huge = append(t.huge, lo2)
			}
		}
	}
}

// Huge regions. A game of one int whose table fills in order (each new
// page right after one in use) past its first hugeAfter pages has the
// next region of memory asked for in huge pages (2 MiB, one fault of the
// system's where 4 KiB pages take 512: subtract ~13% less CPU). The
// system commits a huge page whole at its first write: the region's pages
// are then all counted (and given their places in the directory), before
// any is written. A sparse table stays in small pages.
const (
	hugeBytes = 2 << 20
	hugeAfter = hugeBytes / (PageSize * 4)
)

// hugeRegion is the table pages lo .. hi-1 of the huge region (of
// memory, aligned) that page p lies in; false when it is not wholly in
// Flat.
func (t *Table) hugeRegion(p uint64) (lo, hi uint64, ok bool) {
	if len(t.Flat) == 0 {
		return 0, 0, false
	}
	base := uint64(uintptr(unsafe.Pointer(&t.Flat[0])))
	at := base + p*PageSize*4
	start := at / hugeBytes * hugeBytes
	if start < base || (start-base)%(PageSize*4) != 0 {
		return 0, 0, false
	}
	lo = (start - base) / (PageSize * 4)
	hi = lo + hugeAfter
	return lo, hi, hi*PageSize <= uint64(len(t.Flat))
}

// hugeOn reports whether the region from page lo was asked for in huge
// pages.
func (t *Table) hugeOn(lo uint64) bool {
	for _, h := range t.huge {
		if h == lo {
			return true
		}
	}
	return false
}

// flatShare is how many pages of a flat table share a page of the
// system's memory, which it commits whole when one of them is written.
var flatShare = uint64(max(1, os.Getpagesize()/(PageSize*4)))

// flatCost is the pages of memory the i-th page of a flat table (at
// t.Pages[i*stride]) adds when it is first written: flatShare when it is
// the first written of the pages that share its page of memory, else
// none (a table written one page in two takes all its memory).
func (t *Table) flatCost(i, stride uint64) int64 {
	first := i / flatShare * flatShare
	for j := first; j < first+flatShare; j++ {
		if j != i && j*stride < uint64(len(t.Pages)) && t.Pages[j*stride] != nil {
			return 0
		}
	}
	return int64(flatShare)
}

// flat2Cost is flatCost for row a of Flat2 (at t.Pages[a*rowPages]): the
// system's pages its states lie on that no other row in use shares,
// counted as flatShare table pages each (rows are Flat2Stride states
// apart, so a row may share a page of memory with the rows on either
// side).
func (t *Table) flat2Cost(a, rowPages uint64) int64 {
	const rowBytes = Flat2Stride * 4
	mem := flatShare * PageSize * 4 // (a page of the system's memory)
	used := func(b uint64) bool { return b*rowPages < uint64(len(t.Pages)) && t.Pages[b*rowPages] != nil }
	n := int64(0)
	for p := a * rowBytes / mem; p <= (a*rowBytes+PageSize*4-1)/mem; p++ {
		shared := false
		// (The rows whose states may lie on page p.)
		for b := (p * mem / rowBytes) - min(p*mem/rowBytes, 1); b*rowBytes < (p+1)*mem; b++ {
			if b != a && b*rowBytes+PageSize*4 > p*mem && used(b) {
				shared = true
				break
			}
		}
		if !shared {
			n += int64(flatShare)
		}
	}
	return n
}

// flatKeys is the size of a game's flat reservation (1 GiB of address
// space); keys past it have pages of their own.
const flatKeys = 1 << 28

// flat2Rows is how many rows Flat2 has (every first field of 15 bits);
// flat2Bits is the field width it is for (two arguments). Flat2Stride is
// the states from one row to the next: a page and a few states more, so
// that a walk down a column (a step of one row) does not fall on the
// same few sets of the processor's caches at every step, as a stride of
// a power of two would (a game of two ints whose moves walk a column: 6%
// faster).
const (
	Flat2Stride = PageSize + 16
	flat2Rows   = 1 << 15
	flat2Bits   = PackBits / 2
)

// Flat2Fits reports whether the position (a, b) (its two fields) is in
// Flat2, at index a*Flat2Stride + b.
func (t *Table) Flat2Fits(a, b uint64) bool {
	return t.Flat2 != nil && a < flat2Rows && b < PageSize
}

// Flat2Walk returns, when every key of the walk k, k+d, ..., k+m*d (m >= 0)
// is in Flat2, the index of k there and the index step.
func (t *Table) Flat2Walk(k, d uint64, m int64) (int64, int64, bool) {
	if t.Flat2 == nil || k&GenBit != 0 {
		return 0, 0, false
	}
	const bmask = 1<<flat2Bits - 1
	e := k + uint64(m)*d
	a0, b0, a1, b1 := int64(k>>flat2Bits), int64(k&bmask), int64(e>>flat2Bits), int64(e&bmask)
	if b0 >= PageSize || b1 >= PageSize || a0 >= flat2Rows || a1 >= flat2Rows {
		return 0, 0, false
	}
	var di int64
	if m > 0 {
		// The fields move linearly (the fast loop checked both ends of
		// every argument), the index too.
		da, db := a1-a0, b1-b0
		if da%m != 0 || db%m != 0 {
			return 0, 0, false
		}
		di = da/m*Flat2Stride + db/m
	}
	return a0*Flat2Stride + b0, di, true
}

// The memory of the flat tables is not the Go heap's: the run's memory
// limit counts the pages its games use (flatUse), and the process's
// count (FlatLive, which counts the other arrays mapped too: Off) makes the collector run when it has doubled since it
// last did, so that the tables of games no longer reachable (an embedding
// program's old interpreters) are given back (freeFlat) before they pile
// up.
var (
	FlatLive   atomic.Int64
	flatNextGC atomic.Int64
)

const flatMinGC = 64 << 20

// flatUse counts a game's flat pages in use.
type flatUse struct{ pages int64 }

func (u *flatUse) Add(n int64) {
	u.pages += n
	noteOff(n * PageSize * 4)
}

// flatMem is what a game's cleanup gives back.
type flatMem struct {
	mem []int32
	use *flatUse
}

func freeFlat(m flatMem) {
	unmapFlat(m.mem)
	FlatLive.Add(-m.use.pages * PageSize * 4)
}

// AddGval adds the state of a new interned id, StUnknown.
func (t *Table) AddGval() {
	if len(t.Gvals) == cap(t.Gvals) {
		t.Gvals = offGrow(&t.gvalsOff, 0, t.Gvals, max(2*cap(t.Gvals), 256))
	}
	t.Gvals = append(t.Gvals, StUnknown)
}

// MappedBytes is the memory of the table mapped from the system: its
// flat pages in use and its interned ids' states once big.
func (t *Table) MappedBytes() int64 { return t.FlatBytes() + t.gvalsOff.Bytes() }

// FlatBytes is the memory of the table's flat pages in use.
func (t *Table) FlatBytes() int64 {
	if t.flatUse == nil {
		return 0
	}
	return t.flatUse.pages * PageSize * 4
}

// Reset forgets every state and loopy mark (a game declared again in the
// REPL).
func (t *Table) Reset() {
	for _, f := range [][]int32{t.Flat, t.Flat2} {
		if f != nil {
			clearFlat(f)
		}
	}
	if t.flatUse != nil {
		t.flatUse.Add(-t.flatUse.pages)
	}
	t.gvalsOff.Free()
	if t.huge != nil {
		adviseSmallFlat(t.Flat)
		t.huge = nil
	}
	t.Pages, t.Gvals, t.Wide = nil, nil, false
	t.lastR, t.lastSt = 0, 0
	t.loopyBits, t.loopyIDs, t.EverLoopy = nil, nil, false
}

// SetLoopy marks key r as on or above a cycle (see Table).
func (t *Table) SetLoopy(r uint64) {
	t.EverLoopy = true
	if r&GenBit != 0 {
		if t.loopyIDs == nil {
			t.loopyIDs = map[uint64]bool{}
		}
		t.loopyIDs[r] = true
		return
	}
	b := r / loopyBlock
	if b >= uint64(len(t.loopyBits)) {
		t.loopyBits = append(t.loopyBits, make([]*[loopyBlock / 64]uint64, int(b)+1-len(t.loopyBits)+len(t.loopyBits)/2)...)
	}
	if t.loopyBits[b] == nil {
		t.loopyBits[b] = new([loopyBlock / 64]uint64)
	}
	t.loopyBits[b][r%loopyBlock>>6] |= 1 << (r & 63)
}

// loopyBlock is the number of keys of a block of loopy marks.
const loopyBlock = 4096

// IsLoopy reports whether key r is marked.
func (t *Table) IsLoopy(r uint64) bool {
	if r&GenBit != 0 {
		return t.loopyIDs[r]
	}
	b := r / loopyBlock
	return b < uint64(len(t.loopyBits)) && t.loopyBits[b] != nil && t.loopyBits[b][r%loopyBlock>>6]&(1<<(r&63)) != 0
}

// ClearLoopy clears key r's mark.
func (t *Table) ClearLoopy(r uint64) {
	if r&GenBit != 0 {
		delete(t.loopyIDs, r)
		return
	}
	if b := r / loopyBlock; b < uint64(len(t.loopyBits)) && t.loopyBits[b] != nil {
		t.loopyBits[b][r%loopyBlock>>6] &^= 1 << (r & 63)
	}
}
