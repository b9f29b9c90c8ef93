package engine

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"github.com/grundy-lang/grundy/internal/decodecache"
	"slices"
	"strings"
	"sync/atomic"
	"unsafe"

	"github.com/grundy-lang/grundy/internal/idlist"
	"github.com/grundy-lang/grundy/internal/keykinds"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Game is a declared game: its move rule compiled twice (option values and
// streamed SG values) and its memo table.
//
// The memo maps a position to a state: unknown, on the search stack,
// waiting for the loopy solver, or its value (memo.Table). Positions whose
// arguments are all small non-negative ints (arity <= 3) are packed into
// one key below 2^30 and stored in paged dense arrays (one int32 per
// position); the other positions are interned: their arguments' canonical
// encoding (value.AppendArgKey) maps to an id (Keys), and the arguments
// are decoded from it when the position is visited again: no values are
// kept per position.
type Game struct {
	Decl  *lang.GameStmt // the declaration, for a REPL recompile (nil for Go games)
	GName string
	Pos   Pos
	// posCache: positions of one argument made last (PositionCopy).
	posCache *[posCacheSize]posEntry
	Id       int
	NArgs    int
	Nslots   int
	GenSG    func(fr *Frame) // emits each option's SG value
	GenVal   func(fr *Frame) // emits each option's value
	// GenParts is GenVal for the pruned search (ListParts): an option
	// that is a sum of regions of cells lists each as its game and rows
	// (OptParts), the others their values; nil when no alternative of
	// the rule has such options.
	GenParts func(fr *Frame)
	// genValInt is genVal compiled for int arguments (packed keys); nil
	// for games written in Go.
	GenValInt func(fr *Frame)
	// pure: the move rule asks for no game's value (pure.go).
	Pure bool
	// NoSums: no option of the move rule is a sum of games
	// (resolve.YieldsSums): the pruned search, which reads sums part by
	// part, leaves its positions to the plain search.
	NoSums bool
	// genSGInt is genSG compiled for int arguments: used for positions
	// with packed keys.
	GenSGInt func(fr *Frame)
	// sweep computes a position bottom up without running the rule, or
	// reports false (fastloop.go); nil when the rule has none.
	Sweep SweepFunc
	// RowSweep computes positions of a game of two ints without running
	// the rule, as Sweep does, those of the box below position end (the
	// first argument up to end's, the second up to end's, end not
	// included) from k on, row by row (package kernel's row.go), noting
	// each in mine at its index in the box (a * width + b); nil when the
	// rule has none.
	RowSweep SweepFunc
	// Rule is a general sweep's rule at one position, for the search's
	// step without a run of the rule (package solve's step); nil when
	// the game has no general sweep.
	Rule SweepRule
	// RuleLists: Rule yields the options as the rule for values does, in
	// its order, as many (no rewrite for the SG search alone reordered
	// them): moves may list them from it (ruleOptions; the loopy
	// solver, which sees no order, does either way: OptionsAnyOrder).
	RuleLists bool

	// The states of its positions and their keys' packing.
	memo.Table
	Keys     memo.KeyTable
	argCache []argCache    // see decode
	Dict     memo.KeyTable // long arguments (see shorten)
	compact  bool          // PassComposite: shorten and the decode cache are on
	// bitsets (PassBitsets): the sets an argument holds are bitsets over
	// its universe (argInfo.uni, made when first needed).
	bitsets bool
	// packStrs (PassStrings): the strings an argument holds are packed
	// over its alphabet (argInfo.alpha, made when first needed).
	packStrs bool
	// args: by argument, its universe and the kinds of keys its interned
	// positions have, read by --explain from other goroutines while a
	// run writes them (atomics).
	args []argInfo
	// The arguments of the interned positions whose keys have a boxed
	// part (value.AppendArgKey), by id.
	boxed   map[uint32][]value.Value
	keybuf  []byte
	findBuf []byte  // FindKey's
	idbuf   []int32 // AppendArgAt's, for lists over a universe

	// Go families (gogame.go): documentation, the argument check.
	doc   string
	Check func(args []value.Value) error
	// Periodic is package solve's table of the values of a
	// take-and-break family, nil for other games.
	Periodic any

	// A declared game of one int whose alternatives are all fast loops
	// from their first clause: their probes (package solve's tbuser.go),
	// whether its rule was tried as a take-and-break rule, its
	// explanation.
	Probes    []ProbeFunc
	UserTried bool
	Explain   *passes.Explanation

	// tuples: the hidden game that holds the positions whose argument is
	// a tuple of k ints; tupleOf: the game this one is hidden in
	// (tupleflat.go).
	Tuples, TupleOf *TupleFlat
	// Fixed computes a position in the copy of the rule made for the
	// values of the arguments it passes on unchanged (package fixargs);
	// a copy's Shown is its position as the game's.
	Fixed interface {
		Solve(r uint64, solve func(h *Game, r uint64) memo.Sgv) (memo.Sgv, bool)
		Ref(args []value.Value) (*Game, uint64, bool)
	}
	Shown func(r uint64) value.Value
}

func (g *Game) Name() string     { return g.GName }
func (g *Game) KindName() string { return "game" }

// GameID is the game's number in its session.
func (g *Game) GameID() int { return g.Id }

// PackedArg is argument i of the position with packed key r.
func (g *Game) PackedArg(r uint64, i int) int64 {
	return g.Unfield(r >> (uint(g.NArgs-1-i) * g.Bits) & (1<<g.Bits - 1))
}

// Arity is the number of parameters.
func (g *Game) Arity() int { return g.NArgs }

// resetTable forgets every state (a game declared again in the REPL).
func (g *Game) resetTable() {
	g.Table.Reset()
	g.boxed, g.argCache = nil, nil
	for i := range g.args {
		g.args[i].tags.Store(0)
		g.args[i].uni.Store(nil)
		g.args[i].alpha.Store(nil)
		g.args[i].pair = [3]byte{}
	}
	g.Keys.Reset()
	g.Dict.Reset()
}

// Ref1 is the key of the position of the one argument v.
func (g *Game) Ref1(v value.Value) uint64 {
	if v.K == value.KInt && uint64(v.N) < g.Lim && g.NArgs == 1 {
		return uint64(v.N)
	}
	return g.Ref([]value.Value{v})
}

// Ref is the key of the position with arguments args.
func (g *Game) Ref(args []value.Value) uint64 {
	if key, ok := g.Packed(args); ok {
		return key
	} else if g.NArgs == 0 {
		return 0
	}
	buf := g.keybuf[:0]
	boxed := false
	if len(g.argCache) < len(args) {
		g.argCache = make([]argCache, len(args))
	}
	for i, a := range args {
		// An argument passed on unchanged (the set of S-Nim's
		// snim(n - s, S)) is the value last decoded or keyed here:
		// its key is kept (argCache), not made again each move.
		ce := &g.argCache[i]
		if a.Ref != nil && ce.v.K == a.K && sameRef(ce.v.Ref, a.Ref) {
			buf = append(buf, ce.seg...)
			continue
		}
		var b bool
		start := len(buf)
		buf, b = g.AppendArgAt(buf, i, a)
		buf = g.Shorten(buf, start, i)
		boxed = boxed || b
		if a.Ref != nil && !b {
			ce.seg, ce.v = append(ce.seg[:0], buf[start:]...), a
		}
	}
	g.keybuf = buf
	return g.Intern(buf, boxed, args)
}

// dictMin: the key of an argument of a game of two or more arguments
// that is longer is kept once, in the game's dictionary, and the keys of
// positions refer to it (the graph of kayles(G, S) is not in the key of
// every position). So is the key of an argument the game's rule passes
// on unchanged (SetPassed) that is not an int's, however short: the set
// of snim(n, S) is then one reference, and the key of a position a word.
const dictMin = 32

// SetPassed records which arguments the game's rule passes on unchanged
// in each of its calls of the game (resolve.PassedParams), before the
// game has a position (a key, once made, is for good).
func (g *Game) SetPassed(passed []bool) {
	if g.Keys.Len() > 0 || g.Dict.Len() > 0 {
		return
	}
	for i := range g.args {
		g.args[i].passed = i < len(passed) && passed[i]
	}
}

// dictKey reports whether key[start:], the key of argument i, goes to the
// game's dictionary (see dictMin).
func (g *Game) dictKey(key []byte, start, i int) bool {
	n := len(key) - start
	if !g.compact || g.NArgs < 2 || n <= 2 || len(key) > value.MaxKeyBytes || key[start] == value.TagRef {
		return false
	}
	return n > dictMin || i < len(g.args) && g.args[i].passed && key[start] != value.TagInt && g.Tuples == nil
}

// Shorten replaces key[start:], the key of argument i, by a reference to
// the game's dictionary when it is long (or passed on: dictKey).
func (g *Game) Shorten(key []byte, start, i int) []byte {
	if !g.dictKey(key, start, i) {
		return key
	}
	id, _, ok := g.Dict.Intern(key[start:])
	if !ok {
		value.Fail(g.Pos, "the positions of %s have arguments too large to remember (more than %d GiB encoded)", g.GName, memo.MaxArena>>30)
	}
	return binary.AppendUvarint(append(key[:start], value.TagRef), uint64(id))
}

// Intern is the key of the position whose arguments have the key k
// (boxed: see value.AppendArgKey; args are then the arguments).
func (g *Game) Intern(k []byte, boxed bool, args []value.Value) uint64 {
	if len(k) > value.MaxKeyBytes {
		value.Fail(g.Pos, "a position of %s has arguments too large to remember (more than %d bytes encoded)", g.GName, value.MaxKeyBytes)
	}
	if len(k) <= 8 && !boxed {
		return g.InternWord(memo.KeyWord(k), len(k))
	}
	id, added, ok := g.Keys.Intern(k)
	if !ok {
		value.Fail(g.Pos, "the positions of %s have arguments too large to remember (more than %d GiB encoded)", g.GName, memo.MaxArena>>30)
	}
	if added {
		g.noteTags(k, boxed)
		g.AddGval()
		if boxed {
			if g.boxed == nil {
				g.boxed = map[uint32][]value.Value{}
			}
			g.boxed[id] = slices.Clone(args)
		}
	}
	return memo.GenBit | uint64(id)
}

// InternWord is Intern of an unboxed key of n <= 8 bytes given as its
// word (memo.KeyWord). Its state, once final, is cached in the key's
// slot (memo's word table): State answers it from there.
func (g *Game) InternWord(w uint64, n int) uint64 {
	if id, st, ok := g.Keys.Recent(w, n); ok {
		r := memo.GenBit | uint64(id)
		g.Remember(r, st)
		return r
	}
	return g.internWord(w, n)
}

// internWord is InternWord of a key the cache of recent keys does not
// hold with its state.
func (g *Game) internWord(w uint64, n int) uint64 {
	id, st, slot, added, ok := g.Keys.InternWordState(w, n)
	if !ok {
		value.Fail(g.Pos, "the positions of %s have arguments too large to remember (more than %d GiB encoded)", g.GName, memo.MaxArena>>30)
	}
	r := memo.GenBit | uint64(id)
	switch {
	case added:
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], w)
		g.noteTags(b[:n], false)
		g.AddGval()
	case st != 0:
		g.Remember(r, st)
	default:
		if st = g.Gvals[id]; st >= memo.FinBase {
			if g.Uncache == nil {
				g.Uncache = g.Keys.Uncache
			}
			g.Keys.CacheState(slot, st)
		}
	}
	return r
}

// Boxed reports whether the key of position r has a boxed part: its
// arguments are kept as the values it was first made with.
func (g *Game) Boxed(r uint64) bool {
	return r&memo.GenBit != 0 && g.boxed != nil && g.boxed[uint32(r&^memo.GenBit)] != nil
}

// field is the packed field of an argument, if it has one.
func (g *Game) field(a value.Value) (uint64, bool) {
	switch {
	case a.K != value.KInt:
		return 0, false
	case uint64(a.N) < g.Lim:
		return uint64(a.N), true
	case a.N < 0 && a.N >= -int64(g.NegLim):
		return g.Lim + uint64(-a.N-1), true
	case g.Sparse && g.Widen(g.Keys.Len()):
		return g.field(a) // (packed up to 2^29 from now on: memo's Widen)
	}
	return 0, false
}

// Unfield is the int of a packed field.
func (g *Game) Unfield(f uint64) int64 {
	if f < g.Lim {
		return int64(f)
	}
	return -int64(f-g.Lim) - 1
}

// SweepOf is g's sweep of a run of positions of one int (Sweep), or of
// a box of positions of two (RowSweep).
func (g *Game) SweepOf(box bool) SweepFunc {
	if box {
		return g.RowSweep
	}
	return g.Sweep
}

// Load puts the arguments of position r into the first slots of fr.
func (g *Game) Load(fr *Frame, r uint64) {
	if r&memo.GenBit != 0 {
		g.decode(fr.Slots[:g.NArgs], r)
		return
	}
	mask := uint64(1)<<g.Bits - 1
	for i := g.NArgs - 1; i >= 0; i-- {
		fr.Slots[i] = value.Int(g.Unfield(r & mask))
		r >>= g.Bits
	}
}

// Args returns the arguments of position r.
func (g *Game) Args(r uint64) []value.Value {
	if r&memo.GenBit != 0 {
		out := make([]value.Value, g.NArgs)
		g.decode(out, r)
		return out
	}
	out := make([]value.Value, g.NArgs)
	mask := uint64(1)<<g.Bits - 1
	for i := g.NArgs - 1; i >= 0; i-- {
		out[i] = value.Int(g.Unfield(r & mask))
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
func (g *Game) decode(out []value.Value, r uint64) {
	id := uint32(r &^ memo.GenBit)
	if g.boxed != nil {
		if a, ok := g.boxed[id]; ok {
			copy(out, a)
			return
		}
	}
	k := g.Keys.Key(id)
	if len(out) == 1 {
		out[0] = g.DecodeArg(0, k) // (the key is the argument's)
		return
	}
	if !g.compact {
		for i := range out {
			n := value.ArgKeyLen(k)
			out[i], k = g.DecodeArg(i, k[:n]), k[n:]
		}
		return
	}
	if len(g.argCache) < len(out) {
		g.argCache = make([]argCache, len(out))
	}
	for i := range out {
		n := value.ArgKeyLen(k)
		seg := k[:n]
		if ce := &g.argCache[i]; ce.v.K != value.KNone && bytes.Equal(ce.seg, seg) {
			out[i] = ce.v
		} else {
			out[i] = g.DecodeArg(i, seg)
			ce.seg, ce.v = append(ce.seg[:0], seg...), out[i]
		}
		k = k[n:]
	}
}

// DecodeArg is the value of the key of argument i at the start of seg,
// which may refer to the game's dictionary.
func (g *Game) DecodeArg(i int, seg []byte) value.Value {
	if seg[0] == value.TagRef {
		id, _ := binary.Uvarint(seg[1:])
		seg = g.Dict.Key(uint32(id))
	}
	if seg[0] == value.TagPackedStr {
		v, _ := g.args[i].alpha.Load().DecodeStrKey(seg)
		return v
	}
	if u := g.universeOf(i); u != nil {
		if idlist.Tagged(seg[0]) {
			return g.args[i].known.Decode(u, seg)
		}
		v, _ := u.DecodeUniKey(seg)
		return v
	}
	return decodecache.Decode(seg)
}

// alphabet is the alphabet of the strings argument i holds (nil when
// PassStrings is off).
func (g *Game) alphabet(i int) *value.Alphabet {
	if !g.packStrs {
		return nil
	}
	a := g.args[i].alpha.Load()
	if a == nil {
		a = value.NewAlphabet()
		g.args[i].alpha.Store(a)
	}
	return a
}

// AppendStrAt appends the key of the string of ASCII characters s as
// argument i of a position of g.
func (g *Game) AppendStrAt(buf []byte, i int, s string) []byte {
	if a := g.alphabet(i); a != nil {
		return value.AppendStrKeyIn(a, buf, s)
	}
	return value.AppendStrKey(buf, s)
}

// StrPair is the characters of ids 0 and 1 of the alphabet of the
// strings argument i holds (a string of them is packed a bit a
// character: value's AppendStrKeyIn); false when it has fewer or
// PassStrings is off. Kept once read (an id keeps its character).
func (g *Game) StrPair(i int) (c0, c1 byte, ok bool) {
	if i >= len(g.args) {
		return 0, 0, false
	}
	p := &g.args[i].pair
	if p[2] == 0 {
		a := g.args[i].alpha.Load()
		if a == nil || a.Len() < 2 {
			return 0, 0, false
		}
		v, _ := a.DecodeStrKey([]byte{value.TagPackedStr, 1, 2, 0b10}) // (ids 0 and 1)
		s := v.Str()
		p[0], p[1], p[2] = s[0], s[1], 1
	}
	return p[0], p[1], true
}

// Universe is the universe of the sets argument i holds (nil when
// PassBitsets is off).
func (g *Game) Universe(i int) *value.Universe {
	if !g.bitsets {
		return nil
	}
	u := g.args[i].uni.Load()
	if u == nil {
		u = value.NewUniverse()
		g.args[i].uni.Store(u)
	}
	return u
}

// universeOf is argument i's universe if it has one yet.
func (g *Game) universeOf(i int) *value.Universe {
	if i < len(g.args) {
		return g.args[i].uni.Load()
	}
	return nil
}

// hasUniverse: some argument of g's positions has a universe (or alphabet).
func (g *Game) hasUniverse() bool {
	for i := range g.args {
		if g.args[i].uni.Load() != nil || g.args[i].alpha.Load() != nil {
			return true
		}
	}
	return false
}

// argInfo is what a game knows of one argument of its positions.
type argInfo struct {
	uni    atomic.Pointer[value.Universe]
	alpha  atomic.Pointer[value.Alphabet]
	pair   [3]byte       // StrPair's characters, and 1 once read
	tags   atomic.Uint32 // bit t: a key of tag t (--explain)
	inner  atomic.Uint32 // the tags of the elements of its lists and tuples with the general key (keykinds.ElemTags)
	lists  atomic.Bool   // its lists are keyed over its universe (package idlist: UseListUniverse)
	passed bool          // the rule passes it on unchanged (SetPassed)
	known  idlist.Known  // the list decoded last (ListKnown)
}

// ListKnown is the list over its universe argument i decoded last, for
// a list filter (package idlist).
func (g *Game) ListKnown(i int) *idlist.Known { return &g.args[i].known }

// UseListUniverse keys the lists argument i holds over its universe
// (package idlist), when the bitsets pass is on and no position has a
// key yet (a list has one key for good); it reports whether they are.
func (g *Game) UseListUniverse(i int) bool {
	if g.bitsets && !g.args[i].lists.Load() && g.Keys.Len() == 0 && g.Dict.Len() == 0 {
		g.args[i].lists.Store(true)
	}
	return g.ListUni(i) != nil
}

// ListUni is the universe argument i's lists are keyed over, or nil
// when they have the general keys.
func (g *Game) ListUni(i int) *value.Universe {
	if i < len(g.args) && g.args[i].lists.Load() {
		return g.Universe(i)
	}
	return nil
}

// AppendArgAt appends the key of v as argument i of a position of g.
func (g *Game) AppendArgAt(buf []byte, i int, v value.Value) (_ []byte, boxed bool) {
	if v.K == value.KSet && g.bitsets {
		return g.Universe(i).AppendSetKey(buf, v, value.MaxKeyBytes)
	}
	if u := g.ListUni(i); u != nil && v.K == value.KList {
		buf, g.idbuf, boxed = idlist.AppendKey(u, buf, v, g.idbuf)
		return buf, boxed
	}
	if v.K == value.KStr && g.packStrs {
		return value.AppendStrKeyIn(g.alphabet(i), buf, v.Str()), false
	}
	return value.AppendArgKey(buf, v, value.MaxKeyBytes)
}

// argCache is the key of an argument last decoded or keyed, and its
// value.
type argCache struct {
	seg []byte
	v   value.Value
}

// sameRef reports whether a and b hold the same dynamic type and data
// word: one value, not two equal ones (and no comparison that could
// panic on a type that has none).
func sameRef(a, b any) bool {
	p, q := (*[2]unsafe.Pointer)(unsafe.Pointer(&a)), (*[2]unsafe.Pointer)(unsafe.Pointer(&b))
	return p[0] == q[0] && p[1] == q[1]
}

// AppendArg appends the key of v, the argument i of one of g's positions
// passed on as argument to of another of g's positions: the key last
// decoded when v is that value (and i is to: an argument's key may be
// in its own universe).
func (g *Game) AppendArg(buf []byte, i, to int, v value.Value) ([]byte, bool) {
	if i < len(g.argCache) && i == to {
		if ce := &g.argCache[i]; ce.v.Ref == v.Ref && ce.v.K == v.K && v.Ref != nil {
			return append(buf, ce.seg...), false
		}
	}
	return g.AppendArgAt(buf, to, v)
}

// PositionValue builds the position value g(args...).
func (g *Game) PositionValue(args []value.Value) value.Value {
	if r, ok := g.Packed(args); ok {
		return g.PackedPosition(r)
	}
	return value.Value{K: value.KPos, Ref: &value.Position{Game: g, Args: args}}
}

// PositionCopy is PositionValue of a copy of args: a position of one
// argument and the argument in one allocation.
func (g *Game) PositionCopy(args []value.Value) value.Value {
	if r, ok := g.Packed(args); ok {
		return g.PackedPosition(r)
	}
	if len(args) != 1 {
		return value.Value{K: value.KPos, Ref: &value.Position{Game: g, Args: slices.Clone(args)}}
	}
	// A position whose argument is a set of bits: the one made last of
	// that very set, if any (a shape canon keeps comes back from move to
	// move).
	var e *posEntry
	if h, ok := value.BitsHash(args[0]); ok {
		if g.posCache == nil {
			g.posCache = new([posCacheSize]posEntry)
		}
		e = &g.posCache[h>>(64-posCacheBits)]
		if e.v.K == value.KPos && e.a.Ref == args[0].Ref {
			return e.v
		}
	}
	box := &position1{}
	box.a[0] = args[0]
	box.p = value.Position{Game: g, Args: box.a[:]}
	v := value.Value{K: value.KPos, Ref: &box.p}
	if e != nil {
		e.a, e.v = args[0], v
	}
	return v
}

// posEntry is a position of one argument, a, that PositionCopy made.
type posEntry struct{ a, v value.Value }

// The positions PositionCopy keeps: 2^posCacheBits.
const (
	posCacheBits = 8
	posCacheSize = 1 << posCacheBits
)

// position1 is a position of one argument with its argument.
type position1 struct {
	p value.Position
	a [1]value.Value
}

// PackedPosition is the position with packed key r, stored compactly.
func (g *Game) PackedPosition(r uint64) value.Value {
	return value.Value{K: value.KPos, N: int64(r), Ref: g}
}

// Packed is the packed key of the position args, if they all have fields.
func (g *Game) Packed(args []value.Value) (uint64, bool) {
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

// SGRef is the game and key of position args of g as its value is
// asked: the copy's of its rule for its fixed arguments (Fixed), or g's.
func (g *Game) SGRef(args []value.Value) (*Game, uint64) {
	if g.Fixed != nil {
		if h, r, ok := g.Fixed.Ref(args); ok {
			return h, r
		}
	}
	return g, g.Ref(args)
}

// PosRef is the key of a position value (cached in the value).
func PosRef(v value.Value) (*Game, uint64) {
	if g, ok := v.Ref.(*Game); ok {
		return g, uint64(v.N)
	}
	p := v.Ref.(*value.Position)
	g := p.Game.(*Game)
	if !p.HasRef {
		p.R = g.Ref(p.Args)
		p.HasRef = true
	}
	return g, p.R
}

// CheckArgs runs a Go family's argument check (GameDef.Check) on the
// arguments of a position: nil for a declared game, a family without a
// check, or arguments it accepts. A panic in the check is its error.
func (g *Game) CheckArgs(args []value.Value) error {
	if g.Check == nil {
		return nil
	}
	_, err := GoCall(func() (struct{}, error) { return struct{}{}, g.Check(args) })
	return err
}

// Position returns the position of g with the given arguments.
func (g *Game) Position(args ...value.Value) value.Value {
	return g.PositionValue(slices.Clone(args))
}

// Doc is the family's one-line documentation (Go families only).
func (g *Game) Doc() string { return g.doc }

// CheckArity runs a Go family's argument check on a position a script's
// call at pos makes: a runtime error there when the check fails.
func (g *Game) CheckArity(pos Pos, args []value.Value) {
	if g.Check != nil {
		if err := g.CheckArgs(args); err != nil {
			p := g.PositionValue(args)
			value.Fail(pos, "%s: %s", value.Shown(p), GoErrorText(p, err))
		}
	}
}

// noteTags records the kinds of the arguments' keys of a new position's
// key k (boxed: a part of it is, and its length unknown: the first
// argument's kind alone).
func (g *Game) noteTags(k []byte, boxed bool) {
	for i := range g.args {
		if len(k) == 0 {
			return
		}
		t, seg := k[0], k
		if t == value.TagRef {
			id, _ := binary.Uvarint(k[1:])
			seg = g.Dict.Key(uint32(id))
			t = seg[0]
		}
		if a := &g.args[i].tags; a.Load()&(1<<t) == 0 {
			a.Or(1 << t)
		}
		if !boxed {
			if in := keykinds.ElemTags(seg); in != 0 && g.args[i].inner.Load()|in != g.args[i].inner.Load() {
				g.args[i].inner.Or(in)
			}
		}
		if boxed || i == len(g.args)-1 {
			return // (a boxed part has no length; the last has none to skip)
		}
		k = k[value.ArgKeyLen(k):]
	}
}

// keyFacts is what keykinds.Why says why argument i's keys are general from.
func (g *Game) keyFacts(i int) keykinds.Facts {
	f := keykinds.Facts{StrsOn: g.packStrs, SetsOn: g.bitsets, Inner: g.args[i].inner.Load()}
	if a := g.args[i].alpha.Load(); a != nil {
		f.AlphaFull = a.Closed()
	}
	if u := g.universeOf(i); u != nil {
		f.UniFull = u.Closed()
	}
	return f
}

// ArgNotes says which representation the arguments of the positions
// made so far got, argument by argument, and why where it is a general
// key (what --explain adds after a run).
func (g *Game) ArgNotes() []string {
	var notes []string
	for i := range g.args {
		tags := g.args[i].tags.Load()
		var kinds []string
		for t := range 32 {
			if tags&(1<<t) == 0 {
				continue
			}
			what := keykinds.Why(byte(t), g.keyFacts(i)) + g.Table.SparseNote(byte(t) == value.TagInt)
			if byte(t) == value.TagUniSet {
				if u := g.universeOf(i); u != nil {
					nb := (u.Len() + 7) / 8
					what = fmt.Sprintf("a bitset over a universe of %d elements (%d byte%s of bits)", u.Len(), nb, value.Plural(nb))
					if u.Closed() {
						what += fmt.Sprintf(", full at %d: a set with other elements has a general key", value.MaxUniverse)
					}
				}
			}
			if a := g.args[i].alpha.Load(); byte(t) == value.TagPackedStr && a != nil {
				what = fmt.Sprintf("a string over an alphabet of %d characters, packed (%s a character)", a.Len(), value.PackedBits(a.Len()))
				if a.Len() == 0 {
					what = "the empty string, packed (its length)"
				} else if a.Closed() {
					what += fmt.Sprintf(", full at %d: a string with other characters has a general key", value.MaxAlphabet)
				}
			}
			kinds = append(kinds, what)
		}
		if len(kinds) > 0 {
			passed := ""
			if g.args[i].passed && tags&^(1<<value.TagInt) != 0 && g.Tuples == nil {
				passed = " (passed on unchanged by the rule: kept once, a position's key refers to it)"
			}
			notes = append(notes, fmt.Sprintf("argument %d of its positions: %s%s", i+1, strings.Join(kinds, "; "), passed))
		}
	}
	if g.Tuples != nil && g.Tuples.To != g {
		for _, n := range g.Tuples.To.ArgNotes() {
			notes = append(notes, "(stored with the tuple as ints) "+n)
		}
	}
	return notes
}
