package engine

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"runtime"
	"slices"
	"sync/atomic"

	"github.com/grundy-lang/grundy/lang"
)

// Game is a declared game: its move rule compiled twice (option values and
// streamed SG values) and its memo table.
//
// The memo maps a position to a state: unknown, on the search stack,
// waiting for the loopy solver, or its value. Positions whose arguments are
// all small non-negative ints (arity <= 3) are packed into one key below
// 2^30 and stored in paged dense arrays (one int32 per position); the other
// positions are interned: their arguments' canonical encoding (argkey.go)
// maps to an id (keyTable), and the arguments are decoded from it when
// the position is visited again: no values are kept per position.
type Game struct {
	Decl   *lang.GameStmt // the declaration, for a REPL recompile (nil for Go games)
	GName  string
	Pos    Pos
	Id     int
	NArgs  int
	Nslots int
	GenSG  func(fr *Frame) // emits each option's SG value
	GenVal func(fr *Frame) // emits each option's value
	// genValInt is genVal compiled for int arguments (packed keys); nil
	// for games written in Go.
	GenValInt func(fr *Frame)
	// pure: the move rule asks for no game's value (pure.go).
	Pure bool
	// genSGInt is genSG compiled for int arguments: used for positions
	// with packed keys.
	GenSGInt func(fr *Frame)
	// sweep computes a position bottom up without running the rule, or
	// reports false (fastloop.go); nil when the rule has none.
	Sweep SweepFunc

	// Packed keys: each argument is a field of bits bits. An int v with
	// 0 <= v < lim is the field v (the fast paths rely on it); a negative
	// v >= -lim is the field lim + (-v - 1).
	Bits  uint
	Lim   uint64
	Pages []*Page
	// flat is a reservation of address space for the states of the keys
	// below flatKeys (flat_linux.go), mapped when the first is stored: the
	// pages of those keys are parts of it, and it is read without the
	// directory (the fast loops, state). The system provides its memory
	// page by page as it is written, so a sparse table costs what its
	// pages do. nil where it cannot be had: the pages alone then.
	Flat []int32
	// flat2 is the same for two arguments (a, b) with b < 512: row a of
	// it, flat2[a*512 : a*512+512], is the page of the keys (a, 0..511),
	// so that walks along a column or a diagonal stay in one compact
	// array (the keys of two rows are 2^15 apart).
	Flat2     []int32
	flatTried bool
	flatUse   *flatUse // pages of them in use
	Keys      KeyTable
	argCache  []argCache // see decode
	Dict      KeyTable   // long arguments (see shorten)
	compact   bool       // PassComposite: shorten and the decode cache are on
	Gvals     []int32    // state of each interned id
	// The arguments of the interned positions whose keys have a boxed
	// part (argkey.go), by id.
	boxed  map[uint32][]Value
	keybuf []byte

	// Go families (gogame.go): documentation, the argument check, the
	// take-and-break rule, and what is known of the period.
	// Positions whose value came from the loopy solver or that have an
	// infinite option (winning orders their moves by remoteness): a bit
	// per packed key, a set of interned ids.
	loopyBits []uint64
	// wide is set once a value of 64 or more is stored (the fast loops
	// gather smaller option values in a register while it is not).
	Wide     bool
	loopyIDs map[uint64]bool

	doc       string
	Check     func(args []Value) error
	takeBreak *TakeBreak
	Periodic  *periodic

	// A declared game of one int whose alternatives are all fast loops
	// from their first clause: their probes (tbuser.go), whether its rule
	// was tried as a take-and-break rule, its explanation.
	Probes    []ProbeFunc
	UserTried bool
	Explain   *Explanation

	// tuples: the hidden game that holds the positions whose argument is
	// a tuple of k ints; tupleOf: the game this one is hidden in
	// (tupleflat.go).
	Tuples, TupleOf *TupleFlat
}

func (g *Game) Name() string     { return g.GName }
func (g *Game) kindName() string { return "game" }

// Arity is the number of parameters.
func (g *Game) Arity() int { return g.NArgs }

const (
	PageBits = 9
	PageSize = 1 << PageBits
	packBits = 30
	GenBit   = uint64(1) << 63
)

type Page [PageSize]int32

// Memo states; finite values v are stored as v + finBase, infinite values
// (id j in the engine's table of K sets) as -(j+1).
const (
	StUnknown int32 = 0
	stGray    int32 = 1 // on the depth-first search path
	stLoopy   int32 = 2 // reaches a cycle: left to the loopy solver
	FinBase   int32 = 8
)

// sgv is a generalized SG value while computing: finite >= 0, infinite
// -(j+1), or sgMissing for an option whose parts are not known yet.
type Sgv = int32

const SgMissing Sgv = math.MinInt32

func Finished(s int32) bool { return s >= FinBase || s < 0 }

func StateOf(v Sgv) int32 {
	if v >= 0 {
		return v + FinBase
	}
	return v
}

func ValueOf(s int32) Sgv {
	if s >= FinBase {
		return s - FinBase
	}
	return s
}

func (g *Game) initTable() {
	if g.NArgs > 0 && g.NArgs <= 3 {
		g.Bits = packBits / uint(g.NArgs)
		g.Lim = 1 << (g.Bits - 1)
	}
}

func (g *Game) State(r uint64) int32 {
	if r < uint64(len(g.Flat)) {
		return g.Flat[r]
	}
	if r&GenBit == 0 {
		p := r >> PageBits
		if p >= uint64(len(g.Pages)) || g.Pages[p] == nil {
			return StUnknown
		}
		return g.Pages[p][r&(PageSize-1)]
	}
	return g.Gvals[r&^GenBit]
}

func (g *Game) setState(r uint64, s int32) {
	if !g.SetFast(r, s) {
		g.SetStateSlow(r, s)
	}
}

// setFast is setState when the key's page is there and s is below 64:
// hot paths call it first (it is inlined) and setStateSlow when it
// reports false.
func (g *Game) SetFast(r uint64, s int32) bool {
	// (A key with genBit set has p past any directory.)
	if p := r >> PageBits; p < uint64(len(g.Pages)) && s < FinBase+64 {
		if pg := g.Pages[p]; pg != nil {
			pg[r&(PageSize-1)] = s
			return true
		}
	}
	return false
}

// setStateSlow is setState for a value of 64 or more (the game is then
// wide), a key past the page directory or on a page not there yet, and
// interned positions.
func (g *Game) SetStateSlow(r uint64, s int32) {
	if s >= FinBase+64 {
		g.Wide = true
	}
	if r&GenBit == 0 {
		p := r >> PageBits
		if p >= uint64(len(g.Pages)) {
			n := max(p+1, uint64(2*len(g.Pages)))
			n = min(n, 1<<(packBits-PageBits))
			pages := make([]*Page, n)
			copy(pages, g.Pages)
			g.Pages = pages
		}
		if g.Pages[p] == nil {
			if !g.flatTried && (g.NArgs == 1 || g.NArgs == 2 && g.Bits == flat2Bits) {
				g.flatTried = true
				var m []int32
				if g.NArgs == 1 {
					g.Flat = mapFlat(flatKeys)
					m = g.Flat
				} else {
					g.Flat2 = mapFlat(flat2Rows * PageSize)
					m = g.Flat2
				}
				if m != nil {
					g.flatUse = &flatUse{}
					runtime.AddCleanup(g, freeFlat, flatMem{m, g.flatUse})
				}
			}
			rowPages := uint64(1) << (g.Bits - PageBits)
			switch {
			case r < uint64(len(g.Flat)):
				g.flatUse.Add(g.flatCost(p, 1))
				g.Pages[p] = (*Page)(g.Flat[p*PageSize : (p+1)*PageSize])
			case g.Flat2 != nil && p%rowPages == 0 && p/rowPages < flat2Rows:
				a := p / rowPages
				g.flatUse.Add(g.flatCost(a, rowPages))
				g.Pages[p] = (*Page)(g.Flat2[a*PageSize : (a+1)*PageSize])
			default:
				g.Pages[p] = new(Page)
			}
		}
		g.Pages[p][r&(PageSize-1)] = s
		return
	}
	g.Gvals[r&^GenBit] = s
}

// flatShare is how many pages of a flat table share a page of the
// system's memory, which it commits whole when one of them is written.
var flatShare = uint64(max(1, os.Getpagesize()/(PageSize*4)))

// flatCost is the pages of memory the i-th page of a flat table (at
// g.pages[i*stride]) adds when it is first written: flatShare when it is
// the first written of the pages that share its page of memory, else
// none (a table written one page in two takes all its memory).
func (g *Game) flatCost(i, stride uint64) int64 {
	first := i / flatShare * flatShare
	for j := first; j < first+flatShare; j++ {
		if j != i && j*stride < uint64(len(g.Pages)) && g.Pages[j*stride] != nil {
			return 0
		}
	}
	return int64(flatShare)
}

// flatKeys is the size of a game's flat reservation (1 GiB of address
// space); keys past it have pages of their own.
const flatKeys = 1 << 28

// flat2Rows is how many rows flat2 has (every first field of 15 bits);
// flat2Bits is the field width it is for (two arguments).
const (
	flat2Rows = 1 << 15
	flat2Bits = packBits / 2
)

// flat2Walk returns, when every key of the walk k, k+d, ..., k+m*d (m >= 0)
// is in flat2, the index of k there and the index step.
func (g *Game) Flat2Walk(k, d uint64, m int64) (int64, int64, bool) {
	if g.Flat2 == nil || k&GenBit != 0 {
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
		di = da/m*PageSize + db/m
	}
	return a0*PageSize + b0, di, true
}

// The memory of the flat tables is not the Go heap's: the run's memory
// limit counts the pages its games use (flatUse), and the process's
// count (flatLive) makes the collector run when it has doubled since it
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
	live := FlatLive.Add(n * PageSize * 4)
	if next := flatNextGC.Load(); live > max(next, flatMinGC) {
		flatNextGC.Store(2 * live)
		runtime.GC()
	}
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

// flatBytes is the memory of the game's flat pages in use.
func (g *Game) FlatBytes() int64 {
	if g.flatUse == nil {
		return 0
	}
	return g.flatUse.pages * PageSize * 4
}

// resetTable forgets every state (a game declared again in the REPL).
func (g *Game) resetTable() {
	for _, f := range [][]int32{g.Flat, g.Flat2} {
		if f != nil {
			clearFlat(f)
		}
	}
	if g.flatUse != nil {
		g.flatUse.Add(-g.flatUse.pages)
	}
	g.Pages, g.Gvals, g.boxed, g.argCache, g.Wide = nil, nil, nil, nil, false
	g.Keys.Reset()
	g.Dict.Reset()
}

// ref1 is the key of the position with the single argument v.
func (g *Game) Ref1(v Value) uint64 {
	if v.K == KInt && uint64(v.N) < g.Lim && g.NArgs == 1 {
		return uint64(v.N)
	}
	return g.Ref([]Value{v})
}

// ref is the key of the position with arguments args.
func (g *Game) Ref(args []Value) uint64 {
	if key, ok := g.Packed(args); ok {
		return key
	} else if g.NArgs == 0 {
		return 0
	}
	buf := g.keybuf[:0]
	boxed := false
	for _, a := range args {
		var b bool
		start := len(buf)
		buf, b = AppendArgKey(buf, a, MaxKeyBytes)
		buf = g.Shorten(buf, start)
		boxed = boxed || b
	}
	g.keybuf = buf
	return g.Intern(buf, boxed, args)
}

// dictMin: the key of an argument of a game of two or more arguments
// that is longer is kept once, in the game's dictionary, and the keys of
// positions refer to it (the graph of kayles(G, S) is not in the key of
// every position).
const dictMin = 32

// shorten replaces key[start:], the key of an argument, by a reference to
// the game's dictionary when it is long.
func (g *Game) Shorten(key []byte, start int) []byte {
	if !g.compact || g.NArgs < 2 || len(key)-start <= dictMin || len(key) > MaxKeyBytes {
		return key
	}
	id, _, ok := g.Dict.Intern(key[start:])
	if !ok {
		Fail(g.Pos, "the positions of %s have arguments too large to remember (more than %d GiB encoded)", g.GName, maxArena>>30)
	}
	return binary.AppendUvarint(append(key[:start], tagRef), uint64(id))
}

// intern is the key of the position whose arguments have the key k
// (boxed: see argkey.go; args are then the arguments).
func (g *Game) Intern(k []byte, boxed bool, args []Value) uint64 {
	if len(k) > MaxKeyBytes {
		Fail(g.Pos, "a position of %s has arguments too large to remember (more than %d bytes encoded)", g.GName, MaxKeyBytes)
	}
	id, added, ok := g.Keys.Intern(k)
	if !ok {
		Fail(g.Pos, "the positions of %s have arguments too large to remember (more than %d GiB encoded)", g.GName, maxArena>>30)
	}
	if added {
		g.Gvals = append(g.Gvals, StUnknown)
		if boxed {
			if g.boxed == nil {
				g.boxed = map[uint32][]Value{}
			}
			g.boxed[id] = slices.Clone(args)
		}
	}
	return GenBit | uint64(id)
}

// field is the packed field of an argument, if it has one.
func (g *Game) field(a Value) (uint64, bool) {
	switch {
	case a.K != KInt:
		return 0, false
	case uint64(a.N) < g.Lim:
		return uint64(a.N), true
	case a.N < 0 && a.N >= -int64(g.Lim):
		return g.Lim + uint64(-a.N-1), true
	}
	return 0, false
}

// unfield is the int of a packed field.
func (g *Game) Unfield(f uint64) int64 {
	if f < g.Lim {
		return int64(f)
	}
	return -int64(f-g.Lim) - 1
}

// load puts the arguments of position r into the first slots of fr.
func (g *Game) Load(fr *Frame, r uint64) {
	if r&GenBit != 0 {
		g.decode(fr.Slots[:g.NArgs], r)
		return
	}
	mask := uint64(1)<<g.Bits - 1
	for i := g.NArgs - 1; i >= 0; i-- {
		fr.Slots[i] = Int(g.Unfield(r & mask))
		r >>= g.Bits
	}
}

// args returns the arguments of position r.
func (g *Game) Args(r uint64) []Value {
	if r&GenBit != 0 {
		out := make([]Value, g.NArgs)
		g.decode(out, r)
		return out
	}
	out := make([]Value, g.NArgs)
	mask := uint64(1)<<g.Bits - 1
	for i := g.NArgs - 1; i >= 0; i-- {
		out[i] = Int(g.Unfield(r & mask))
		r >>= g.Bits
	}
	return out
}

// decode puts the arguments of the interned position r in out.
//
// A game of several arguments often passes one on unchanged (the graph
// of Node Kayles written kayles(G, S)): the last key and value of each
// argument are kept (argCache), and an argument whose key is the same is
// that value again, not decoded (values are immutable).
func (g *Game) decode(out []Value, r uint64) {
	id := uint32(r &^ GenBit)
	if g.boxed != nil {
		if a, ok := g.boxed[id]; ok {
			copy(out, a)
			return
		}
	}
	k := g.Keys.Key(id)
	if len(out) < 2 || !g.compact {
		for i := range out {
			out[i], k = DecodeArgKey(k)
		}
		return
	}
	if len(g.argCache) < len(out) {
		g.argCache = make([]argCache, len(out))
	}
	for i := range out {
		n := argKeyLen(k)
		seg := k[:n]
		if ce := &g.argCache[i]; ce.v.K != KNone && bytes.Equal(ce.seg, seg) {
			out[i] = ce.v
		} else {
			out[i] = g.DecodeArg(seg)
			ce.seg, ce.v = append(ce.seg[:0], seg...), out[i]
		}
		k = k[n:]
	}
}

// decodeArg is the value of the argument key at the start of seg, which
// may refer to the game's dictionary.
func (g *Game) DecodeArg(seg []byte) Value {
	if seg[0] == tagRef {
		id, _ := binary.Uvarint(seg[1:])
		seg = g.Dict.Key(uint32(id))
	}
	v, _ := DecodeArgKey(seg)
	return v
}

// argCache is the key of an argument last decoded, and its value.
type argCache struct {
	seg []byte
	v   Value
}

// appendArg appends the key of v, the argument i of one of g's positions
// passed on to another of g's positions: the key last decoded when v is
// that value.
func (g *Game) AppendArg(buf []byte, i int, v Value) ([]byte, bool) {
	if i < len(g.argCache) {
		if ce := &g.argCache[i]; ce.v.Ref == v.Ref && ce.v.K == v.K && v.Ref != nil {
			return append(buf, ce.seg...), false
		}
	}
	return AppendArgKey(buf, v, MaxKeyBytes)
}

// position builds the position value g(args...).
func (g *Game) PositionValue(args []Value) Value {
	if r, ok := g.Packed(args); ok {
		return g.PackedPosition(r)
	}
	return Value{K: KPos, Ref: &Position{Game: g, Args: args}}
}

// packedPosition is the position with packed key r, stored compactly.
func (g *Game) PackedPosition(r uint64) Value {
	return Value{K: KPos, N: int64(r), Ref: g}
}

// packed is the packed key of the position with arguments args, if they
// all have fields.
func (g *Game) Packed(args []Value) (uint64, bool) {
	if g.Lim == 0 || len(args) != g.NArgs {
		return 0, false
	}
	var key uint64
	for _, a := range args {
		f, ok := g.field(a)
		if !ok {
			return 0, false
		}
		key = key<<g.Bits | f
	}
	return key, true
}

// posRef is the key of a position value (cached in the value).
func PosRef(v Value) (*Game, uint64) {
	if g, ok := v.Ref.(*Game); ok {
		return g, uint64(v.N)
	}
	p := v.Ref.(*Position)
	if !p.HasRef {
		p.R = p.Game.Ref(p.Args)
		p.HasRef = true
	}
	return p.Game, p.R
}

func (g *Game) setLoopy(r uint64) {
	if r&GenBit != 0 {
		if g.loopyIDs == nil {
			g.loopyIDs = map[uint64]bool{}
		}
		g.loopyIDs[r] = true
		return
	}
	w := r >> 6
	if w >= uint64(len(g.loopyBits)) {
		g.loopyBits = append(g.loopyBits, make([]uint64, int(w)+1-len(g.loopyBits)+len(g.loopyBits)/2)...)
	}
	g.loopyBits[w] |= 1 << (r & 63)
}

func (g *Game) isLoopy(r uint64) bool {
	if r&GenBit != 0 {
		return g.loopyIDs[r]
	}
	w := r >> 6
	return w < uint64(len(g.loopyBits)) && g.loopyBits[w]&(1<<(r&63)) != 0
}

func (g *Game) clearLoopy(r uint64) {
	if r&GenBit != 0 {
		delete(g.loopyIDs, r)
		return
	}
	if w := r >> 6; w < uint64(len(g.loopyBits)) {
		g.loopyBits[w] &^= 1 << (r & 63)
	}
}

// CheckArgs runs a Go family's argument check on the arguments of a new
// position (nil for a declared game, or a family without a check).
func (g *Game) CheckArgs(args []Value) error {
	if g.Check != nil {
		return g.Check(args)
	}
	return nil
}

// Position returns the position of g with the given arguments.
func (g *Game) Position(args ...Value) Value {
	return g.PositionValue(slices.Clone(args))
}

// Doc is the family's one-line documentation (Go families only).
func (g *Game) Doc() string { return g.doc }

// CheckArity runs a Go family's argument check for a new position.
func (g *Game) CheckArity(pos Pos, args []Value) {
	if g.Check != nil {
		if _, err := GoCall(func() (struct{}, error) { return struct{}{}, g.Check(args) }); err != nil {
			Fail(pos, "%s: %v", Shown(g.PositionValue(args)), err)
		}
	}
}
