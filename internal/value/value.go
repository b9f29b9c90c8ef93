package value

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/grundy-lang/grundy/lang"
)

// Kind is the type of a Value.
type Kind uint8

// The kinds of values. Games are KNim (n is the heap size), KPos (a position
// of a declared game) and KSum (a sum of two or more nimbers and positions).
// KInf is an infinite generalized SG value; finite SG values are KInt.
const (
	KNone Kind = iota
	KBool
	KInt
	KStr
	KTuple
	KList
	KSet
	KMap
	KNim
	KPos
	KSum
	KInf
	KFunc
)

var kindNames = [...]string{"none", "bool", "int", "string", "tuple", "list", "set", "map", "game", "game", "game", "sg value", "function"}

// String names the kind for error messages.
func (k Kind) String() string { return kindNames[k] }

// Value is a grundy value. The zero Value is none.
type Value struct {
	K   Kind
	N   int64 // int, bool (0/1), nimber size
	Ref any   // *string, *Seq, *Set, *Map, *Position, *Sum, *Inf, Callable
}

// Seq holds the elements of a list or tuple. Values are immutable.
type Seq struct{ Elems []Value }

// Set holds distinct elements in ascending order.
type Set struct {
	// elems, in order; nil, until Elements makes them, for a set decoded
	// from a key of its universe's ids or from a bitmap's key (lazy): a
	// move rule that only iterates it, tests it and filters it reads its
	// bits (Uni, for a universe's ids), as one that tests it (x in S) and
	// makes sets of it with operators (S | {x}) reads its bitmap.
	elems []Value
	Bm    *bitmap // the set as a bitmap, when it was made from one (bitset.go)
	lazy  bool
	// made: a lazy set's elements, once Elements made them (stored
	// atomically: a value may be read by several goroutines at once).
	made atomic.Pointer[[]Value]
}

// Elements is the elements of s, in order (made from its bitmap the first
// time for a lazy set).
func (s *Set) Elements() []Value {
	if !s.lazy {
		return s.elems
	}
	if p := s.made.Load(); p != nil {
		return *p
	}
	e := s.Bm.elems()
	s.made.CompareAndSwap(nil, &e)
	return *s.made.Load()
}

// SortedSet is the set of the elements e, which are in ascending order
// without repeats.
func SortedSet(e []Value) Value { return Value{K: KSet, Ref: &Set{elems: e}} }

// Uni is the bitset of the ids of set v's elements in its universe, when
// its elements are not made yet (its elements are Universe.Elem of its
// ids, in the order Universe.Order says).
func Uni(v Value) (*Universe, []uint64, bool) {
	s := v.Ref.(*Set)
	if !s.lazy || s.Bm.U == nil {
		return nil, nil, false
	}
	return s.Bm.U, s.Bm.w, true
}

// Map holds distinct keys in ascending order and their values.
type Map struct {
	Keys []Value
	Vals []Value
}

// Position is a position of a declared game: the game and its arguments.
type Position struct {
	Game   GameRef
	Args   []Value
	R      uint64 // memo key, once computed
	HasRef bool
}

// Sum is a sum of two or more games (nimbers and positions), in the order
// written.
//
// A long sum whose parts are all compact positions of one game (sum of
// g(x) for ...) keeps only their keys until its parts are asked for.
//
// A value is immutable, and may be read by several goroutines at once (a
// program's, while the interpreter runs a call that uses it too): what is
// built when first needed (the parts of a packed sum, the parts in
// order) is stored atomically.
type Sum struct {
	Parts []Value // nil for a packed sum (parts builds them)
	Game  GameRef
	Keys  []uint64
	// built is a packed sum's parts, once asked for.
	built atomic.Pointer[[]Value]
	// sorted is the parts in ascending order, once a comparison needed
	// them (comparing nested sums sorts each once, not once per
	// comparison).
	sorted atomic.Pointer[[]Value]
}

// parts returns the parts of the sum, building them once from the keys of
// a packed sum.
func (s *Sum) parts() []Value {
	if s.Parts != nil || s.Keys == nil {
		return s.Parts
	}
	if p := s.built.Load(); p != nil {
		return *p
	}
	ps := make([]Value, len(s.Keys))
	for i, k := range s.Keys {
		ps[i] = s.Game.PackedPosition(k)
	}
	s.built.CompareAndSwap(nil, &ps)
	return *s.built.Load()
}

// Inf is an infinite generalized Sprague-Grundy value: the set K of finite
// values of the position's options, ascending.
type Inf struct{ K []int64 }

// Callable is a function value: a built-in, a def, or a game family.
type Callable interface {
	Name() string
	KindName() string // what it is, for messages: "built-in", "function", "game"
}

// GameRef is what a value knows of the game of a position: package
// engine's *Game, whose memo gives a position its key. A position whose
// int arguments pack into its game's key is stored compactly: a KPos
// whose Ref is the game and N the packed key.
type GameRef interface {
	Callable
	GameID() int                     // its number in the session (orders games of one name)
	Arity() int                      // its number of arguments
	Args(r uint64) []Value           // the arguments of the position with key r
	PackedArg(r uint64, i int) int64 // argument i of the position with packed key r
	PackedPosition(r uint64) Value   // the compact position with packed key r
}

// Constructors.

var (
	None  = Value{}
	True  = Value{K: KBool, N: 1}
	False = Value{K: KBool, N: 0}
)

func Int(n int64) Value { return Value{K: KInt, N: n} }
func Bool(b bool) Value {
	if b {
		return True
	}
	return False
}
func Str(s string) Value { return Value{K: KStr, Ref: &s} }

// StrASCII is Str of a string known to be all ASCII (a byte a
// character): the value says so (N is 1), and the operators that index,
// slice or count it do not look again (ASCII).
func StrASCII(s string) Value { return Value{K: KStr, N: 1, Ref: &s} }

// ASCII reports whether the string v is all ASCII.
func (v Value) ASCII() bool      { return v.N == 1 || IsASCII(v.Str()) }
func Nimber(n int64) Value       { return Value{K: KNim, N: n} }
func List(elems []Value) Value   { return Value{K: KList, Ref: &Seq{elems}} }
func Tuple(elems []Value) Value  { return Value{K: KTuple, Ref: &Seq{elems}} }
func FuncValue(c Callable) Value { return Value{K: KFunc, Ref: c} }
func InfValue(k []int64) Value   { return Value{K: KInf, Ref: &Inf{k}} }

// chars are the strings of one ASCII character, made once (Char).
var chars = func() (cs [128]Value) {
	for i := range cs {
		cs[i] = StrASCII(string(rune(i)))
	}
	return cs
}()

// Char is the string of the ASCII character b (< 128), shared.
func Char(b byte) Value { return chars[b&127] }

// SetOf makes a set of the given elements (sorted and deduplicated in place).
func SetOf(elems []Value) Value {
	slices.SortFunc(elems, Compare)
	elems = slices.CompactFunc(elems, Equal)
	return Value{K: KSet, Ref: &Set{elems: elems}}
}

// MapOf makes a map; a later duplicate key wins.
func MapOf(keys, vals []Value) Value {
	return MapSorted(keys, vals, func(a, b int) int { return Compare(keys[a], keys[b]) })
}

// MapSorted makes a map of keys and vals, ordering their indexes by cmp
// (a stable sort: of equal keys, the last one's value wins).
func MapSorted(keys, vals []Value, cmp func(a, b int) int) Value {
	idx := make([]int, len(keys))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, cmp)
	m := &Map{Keys: make([]Value, 0, len(idx)), Vals: make([]Value, 0, len(idx))}
	for j, i := range idx {
		if j+1 < len(idx) && Equal(keys[i], keys[idx[j+1]]) {
			continue
		}
		m.Keys = append(m.Keys, keys[i])
		m.Vals = append(m.Vals, vals[i])
	}
	return Value{K: KMap, Ref: m}
}

// SumOf makes the sum of games: nested sums are flattened; no parts is *0
// and one part is that part.
func SumOf(games []Value) Value {
	n, flat := 0, true
	for _, g := range games {
		if g.K == KSum {
			n += len(g.Ref.(*Sum).parts())
			flat = false
		} else {
			n++
		}
	}
	if flat {
		// No part is a sum: the slice is the parts (the caller gives it
		// up).
		switch len(games) {
		case 0:
			return Nimber(0)
		case 1:
			return games[0]
		}
		return Value{K: KSum, Ref: &Sum{Parts: games[:len(games):len(games)]}}
	}
	parts := make([]Value, 0, n)
	for _, g := range games {
		if g.K == KSum {
			parts = append(parts, g.Ref.(*Sum).parts()...)
		} else {
			parts = append(parts, g)
		}
	}
	switch len(parts) {
	case 0:
		return Nimber(0)
	case 1:
		return parts[0]
	}
	return Value{K: KSum, Ref: &Sum{Parts: parts}}
}

// Accessors.

func (v Value) Kind() Kind { return v.K }

// Int returns the int (or bool as 0/1, or nimber size).
func (v Value) Int() int64 { return v.N }

// Truth returns the bool.
func (v Value) Truth() bool { return v.N != 0 }

// Str returns the string of a KStr.
func (v Value) Str() string { return *v.Ref.(*string) }

// Elems returns the elements of a list, tuple or set, in order.
func (v Value) Elems() []Value {
	if v.K == KList || v.K == KTuple {
		if s, ok := v.Ref.(*Seq); ok {
			return s.Elems
		}
		return v.Ref.(*bitSeq).elems()
	}
	return v.otherElems()
}

// otherElems is Elems of a value that is not a list or tuple.
func (v Value) otherElems() []Value {
	switch v.K {
	case KSet:
		return v.Ref.(*Set).Elements()
	case KMap:
		return v.Ref.(*Map).Keys
	}
	return nil
}

// Map returns the map of a KMap.
func (v Value) Map() *Map { return v.Ref.(*Map) }

// Position returns the position of a KPos.
//
// A position whose arguments pack into its game's memo key is stored
// compactly (the game in ref, the key in n, no allocation); Position then
// builds the record from the key.
func (v Value) Position() *Position {
	if p, ok := v.Ref.(*Position); ok {
		return p
	}
	g := v.Ref.(GameRef)
	return &Position{Game: g, Args: g.Args(uint64(v.N)), R: uint64(v.N), HasRef: true}
}

// Parts returns the parts of a game: a sum's parts, or the game itself.
func (v Value) Parts() []Value {
	if v.K == KSum {
		return v.Ref.(*Sum).parts()
	}
	return []Value{v}
}

// PartCount is the number of parts of a game (1 for a position or a
// nimber), without building the parts of a packed sum.
func PartCount(v Value) int {
	if v.K == KSum {
		if s := v.Ref.(*Sum); s.Parts == nil {
			return len(s.Keys)
		}
		return len(v.Ref.(*Sum).Parts)
	}
	return 1
}

// InfK returns K of an infinite SG value.
func (v Value) InfK() []int64 { return v.Ref.(*Inf).K }

// Callable returns the function of a KFunc.
func (v Value) Callable() Callable { return v.Ref.(Callable) }

// IsGame reports whether v is a game value (nimber, position or sum).
func (v Value) IsGame() bool { return v.K == KNim || v.K == KPos || v.K == KSum }

// TypeName names v's type for error messages.
func (v Value) TypeName() string {
	if v.K == KFunc {
		return v.Ref.(Callable).KindName()
	}
	return v.K.String()
}

// Equality and order.

// Equal reports structural equality. Sums are equal when they have the same
// parts, in any order.
func Equal(a, b Value) bool {
	if a.K != b.K {
		return false
	}
	switch a.K {
	case KNone:
		return true
	case KBool, KInt, KNim:
		return a.N == b.N
	case KTuple, KList:
		if eq, ok := equalInts(a.Elems(), b.Elems()); ok {
			return eq
		}
	case KPos:
		_, pa := a.Ref.(*Position)
		_, pb := b.Ref.(*Position)
		if !pa || !pb {
			// A compact position's arguments pack, and a position
			// whose arguments pack is always compact.
			return a.Ref == b.Ref && a.N == b.N
		}
	}
	return Compare(a, b) == 0
}

// equalInts compares two sequences while their elements are ints (ok
// false at the first that is not).
func equalInts(a, b []Value) (eq, ok bool) {
	if len(a) != len(b) {
		return false, true
	}
	for i, x := range a {
		y := b[i]
		if x.K != KInt || y.K != KInt {
			if x.K != y.K {
				return false, true
			}
			return false, false
		}
		if x.N != y.N {
			return false, true
		}
	}
	return true, true
}

// maxSumNesting (nesting_other.go, nesting_js.go) bounds how deeply sums may
// nest (a sum's part is a position whose arguments hold a sum, ...) in a
// value that is compared or encoded: the parts of a sum are sorted first,
// and sorting them compares their own sums' parts, on the Go stack.

// errSumNesting is raised (without a position: the session gives it the
// innermost call's) when a value passes maxSumNesting.
func errSumNesting() {
	panic(&RuntimeError{Msg: fmt.Sprintf("a value with sums nested more than %d deep (a sum of positions whose arguments hold sums, ...) cannot be compared", maxSumNesting)})
}

// Compare is a total order on values: by kind first, then by contents.
// Sets and maps iterate in this order. Nested values are walked without
// recursion, however deep they are.
func Compare(a, b Value) int {
	if a.K != b.K {
		return cmp.Compare(a.K, b.K)
	}
	switch a.K {
	case KNone:
		return 0
	case KBool, KInt, KNim:
		return cmp.Compare(a.N, b.N)
	case KStr:
		return strings.Compare(a.Str(), b.Str())
	case KTuple:
		if c, ok := comparePairs(a, b); ok {
			return c
		}
	}
	return compare(a, b, 0)
}

// comparePairs is Compare of two tuples when both are pairs of ints
// (cells: the keys of a board's maps), without compare's machinery.
func comparePairs(a, b Value) (int, bool) {
	x, y := a.Elems(), b.Elems()
	if len(x) != 2 || len(y) != 2 || x[0].K != KInt || x[1].K != KInt || y[0].K != KInt || y[1].K != KInt {
		return 0, false
	}
	if c := cmp.Compare(x[0].N, y[0].N); c != 0 {
		return c, true
	}
	return cmp.Compare(x[1].N, y[1].N), true
}

// recDepth and recSteps bound the plain recursive comparison and encoding
// (fast for the values scripts usually hold): a value nested deeper, or a
// comparison that walks more elements, is done the iterative way (without
// recursion, remembering the pairs found equal).
const (
	recDepth = 64
	recSteps = 4096
)

// compareRec is compare by recursion, within depth and *steps; false when
// the value is too deep or too big for it.
func compareRec(a, b Value, sums, depth int, steps *int) (int, bool) {
	*steps--
	if depth > recDepth || *steps < 0 {
		return 0, false
	}
	c, f, deep := compareHead(a, b, sums)
	if c != 0 || !deep {
		return c, true
	}
	for {
		for i := 0; i < len(f.x) && i < len(f.y); i++ {
			x, y := f.x[i], f.y[i]
			if x.K != y.K {
				return cmp.Compare(x.K, y.K), true
			}
			switch x.K {
			case KBool, KInt, KNim:
				if x.N != y.N {
					return cmp.Compare(x.N, y.N), true
				}
				continue
			}
			if c, ok := compareRec(x, y, sums, depth+1, steps); !ok || c != 0 {
				return c, ok
			}
		}
		if c := cmp.Compare(len(f.x), len(f.y)); c != 0 {
			return c, true
		}
		if f.tx == nil && f.ty == nil {
			return 0, true
		}
		f = cmpFrame{x: f.tx, y: f.ty}
	}
}

// cmpFrame is a pair of element lists being compared, up to i; then
// (when they are equal) tx and ty: a map's values after its keys. ka and
// kb are the values that hold them.
type cmpFrame struct {
	x, y   []Value
	i      int
	tx, ty []Value
	ka, kb any
}

// refPair is two values' refs, known equal.
type refPair struct{ a, b any }

// memoAfter is how many elements a comparison walks before it remembers
// the pairs of containers it found equal: a value can hold one value
// many times (d(x) = [d(x - 1), d(x - 1)] doubles a list's elements at
// each level without doubling its memory), and without that memory two
// such values would be compared once for each path through them.
const memoAfter = 4096

// compare is Compare inside sums nested sums deep.
func compare(a, b Value, sums int) int {
	steps := recSteps
	if c, ok := compareRec(a, b, sums, 0, &steps); ok {
		return c
	}
	return compareIter(a, b, sums)
}

// compareIter is compare without recursion.
func compareIter(a, b Value, sums int) int {
	var buf [4]cmpFrame
	stack := buf[:0]
	var equal map[refPair]bool // (memoAfter)
	steps := 0
	for {
		steps++
		if steps == memoAfter {
			equal = map[refPair]bool{}
		}
		c, f, deep := compareHead(a, b, sums)
		if c != 0 {
			return c
		}
		if deep && !equal[refPair{a.Ref, b.Ref}] {
			f.ka, f.kb = a.Ref, b.Ref
			stack = append(stack, f)
		}
		var ok bool
		if a, b, stack, c, ok = nextPair(stack, equal); !ok {
			return c
		}
	}
}

// nextPair takes the next pair of elements to compare off stack (a
// walk's frames, innermost last) and returns it with the stack left and
// true; or, with false, the walk's result: the sign of the first
// difference in length found, 0 when the stack empties. A frame compared
// to its end is recorded in equal, when the walk keeps that memo.
func nextPair(stack []cmpFrame, equal map[refPair]bool) (a, b Value, rest []cmpFrame, c int, ok bool) {
	for len(stack) > 0 {
		t := &stack[len(stack)-1]
		if t.i < len(t.x) && t.i < len(t.y) {
			a, b = t.x[t.i], t.y[t.i]
			t.i++
			if t.i == len(t.x) && len(t.x) == len(t.y) && t.tx == nil && t.ty == nil && (equal == nil || len(t.x) == 1) {
				// Nothing is left of the frame but its last pair:
				// a value nested a million levels deep needs no
				// million frames. (One with several elements is
				// kept for the memo.)
				stack = stack[:len(stack)-1]
			}
			return a, b, stack, 0, true
		}
		if c := cmp.Compare(len(t.x), len(t.y)); c != 0 {
			return a, b, stack, c, false
		}
		if t.tx != nil || t.ty != nil {
			*t = cmpFrame{x: t.tx, y: t.ty, ka: t.ka, kb: t.kb}
			continue
		}
		if equal != nil {
			equal[refPair{t.ka, t.kb}] = true
		}
		stack = stack[:len(stack)-1]
	}
	return a, b, stack, 0, false
}

// compareHead compares what a and b hold besides their elements; when
// they are equal so far and have elements, it returns the frame that
// compares those.
func compareHead(a, b Value, sums int) (int, cmpFrame, bool) {
	if a.K != b.K {
		return cmp.Compare(a.K, b.K), cmpFrame{}, false
	}
	switch a.K {
	case KBool, KInt, KNim:
		return cmp.Compare(a.N, b.N), cmpFrame{}, false
	case KStr:
		return strings.Compare(a.Str(), b.Str()), cmpFrame{}, false
	case KTuple, KList, KSet:
		if a.Ref == b.Ref {
			return 0, cmpFrame{}, false // the same value
		}
		return 0, cmpFrame{x: a.Elems(), y: b.Elems()}, true
	case KMap:
		if a.Ref == b.Ref {
			return 0, cmpFrame{}, false
		}
		ma, mb := a.Map(), b.Map()
		return 0, cmpFrame{x: ma.Keys, y: mb.Keys, tx: ma.Vals, ty: mb.Vals}, true
	case KPos:
		if a.Ref == b.Ref && a.N == b.N {
			return 0, cmpFrame{}, false
		}
		pa, pb := a.Position(), b.Position()
		if pa.Game != pb.Game {
			if c := strings.Compare(pa.Game.Name(), pb.Game.Name()); c != 0 {
				return c, cmpFrame{}, false
			}
			return cmp.Compare(pa.Game.GameID(), pb.Game.GameID()), cmpFrame{}, false
		}
		return 0, cmpFrame{x: pa.Args, y: pb.Args}, true
	case KSum:
		if a.Ref == b.Ref {
			return 0, cmpFrame{}, false
		}
		return 0, cmpFrame{x: sortedParts(a, sums+1), y: sortedParts(b, sums+1)}, true
	case KInf:
		return slices.Compare(a.InfK(), b.InfK()), cmpFrame{}, false
	case KFunc:
		return strings.Compare(a.Callable().Name(), b.Callable().Name()), cmpFrame{}, false
	}
	return 0, cmpFrame{}, false
}

// sortedParts returns the parts of a sum in ascending order; the sum is
// nested sums deep in the values being compared or encoded.
func sortedParts(v Value, sums int) []Value {
	s := v.Ref.(*Sum)
	if p := s.sorted.Load(); p != nil {
		return *p
	}
	if sums > maxSumNesting {
		errSumNesting()
	}
	p := slices.Clone(s.parts())
	slices.SortFunc(p, func(a, b Value) int { return compare(a, b, sums) })
	s.sorted.CompareAndSwap(nil, &p)
	return *s.sorted.Load()
}

// OrderCompare orders two values for <, <=, > and >=: ints, strings and
// bools among themselves, and lists and tuples element by element (walked
// without recursion, however deeply they nest, and remembering the pairs
// found equal as Compare does).
func OrderCompare(pos Pos, op lang.Op, a, b Value) int {
	steps := recSteps
	if c, ok := orderCompareRec(pos, op, a, b, 0, &steps); ok {
		return c
	}
	return orderCompareIter(pos, op, a, b)
}

// orderCompareRec is orderCompare by recursion, within recDepth and
// *steps (see compareRec); false when the values are too deep or too big
// for it. It raises the errors orderCompareIter raises, in the same order.
func orderCompareRec(pos Pos, op lang.Op, a, b Value, depth int, steps *int) (int, bool) {
	*steps--
	if depth > recDepth || *steps < 0 {
		return 0, false
	}
	orderable(pos, op, a, b)
	if a.K != KList && a.K != KTuple {
		return Compare(a, b), true
	}
	x, y := a.Elems(), b.Elems()
	for i := 0; i < len(x) && i < len(y); i++ {
		if x[i].K == KInt && y[i].K == KInt {
			if c := cmp.Compare(x[i].N, y[i].N); c != 0 {
				return c, true
			}
			continue
		}
		if c, ok := orderCompareRec(pos, op, x[i], y[i], depth+1, steps); !ok || c != 0 {
			return c, ok
		}
	}
	return len(x) - len(y), true
}

// orderCompareIter is orderCompare without recursion.
func orderCompareIter(pos Pos, op lang.Op, a, b Value) int {
	var stack []cmpFrame
	var equal map[refPair]bool
	steps := 0
	for {
		steps++
		if steps == memoAfter {
			equal = map[refPair]bool{}
		}
		orderable(pos, op, a, b)
		if a.K == KList || a.K == KTuple {
			// (Not skipped when a is b: its elements may not be
			// orderable, which is an error.)
			if !equal[refPair{a.Ref, b.Ref}] {
				stack = append(stack, cmpFrame{x: a.Elems(), y: b.Elems(), ka: a.Ref, kb: b.Ref})
			}
		} else if c := Compare(a, b); c != 0 {
			return c
		}
		var c int
		var ok bool
		if a, b, stack, c, ok = nextPair(stack, equal); !ok {
			return c
		}
	}
}

// orderable fails unless a and b can be ordered: two ints, strings,
// bools, lists or tuples (an infinite SG value has its own error).
func orderable(pos Pos, op lang.Op, a, b Value) {
	if a.K == KInf || b.K == KInf {
		Fail(pos, "cannot compare an infinite SG value with %q (only == and != apply)", op)
	}
	if a.K != b.K || !(a.K == KInt || a.K == KStr || a.K == KList || a.K == KTuple || a.K == KBool) {
		Fail(pos, "cannot compare %s with %s using %q", a.TypeName(), b.TypeName(), op)
	}
}

// Printing.

// Format renders v as print shows it: strings raw at the top level and
// quoted inside containers.
func Format(v Value) string { return FormatMax(v, false, 0) }

// Repr renders v as it appears inside a container (strings quoted).
func Repr(v Value) string { return FormatMax(v, true, 0) }

// FormatMax is Format (Repr when quote is set) that stops once the text is
// longer than max bytes (0: no bound).
func FormatMax(v Value, quote bool, max int) string {
	w := ValueWriter{max: max}
	w.Value(v, quote)
	return w.String()
}

// Run is the run a value is printed in (package engine's Thread).
type Run interface {
	// Alloc accounts for n bytes about to be built at pos: it fails
	// with the memory limit's error when they do not fit.
	Alloc(pos Pos, n int64)
	// PollCtx raises the run's cancellation, if its context is done;
	// PollN does every so many calls, i counting them.
	PollCtx(pos Pos)
	PollN(pos Pos, i int)
	// Write writes text to the run's output.
	Write(text string)
}

// ValueWriter writes values as print shows them, without recursion: a
// stack of the containers being written.
type ValueWriter struct {
	// B is the text since the last chunk set aside (done): in a run, the
	// text is kept in chunks of about textChunk bytes, not in one builder
	// that doubles (each doubling copied it whole, in one copy the run
	// cannot stop: 60 ms and more for 100 MB).
	B       strings.Builder
	done    []string
	doneLen int
	max     int // stop once the text is longer (0: no bound)
	// Th, when set, is the run that prints: the writer polls its context
	// and accounts for the text's memory before it grows.
	Th  Run
	Pos Pos
	n   int // values written (for polling)
}

// writeFrame is a container being written: its elements (a map's keys,
// with vals its values), the next one, and what separates and closes them.
type writeFrame struct {
	elems, vals []Value
	i           int
	sep, close  string
}

func (w *ValueWriter) Str(s string) {
	if w.Th != nil && w.B.Len()+len(s) > w.B.Cap() {
		if w.B.Len() >= textChunk || len(s) >= textChunk {
			w.setAside(w.B.String())
			w.B = strings.Builder{}
		}
		if len(s) >= textChunk {
			// A chunk of its own, not copied.
			w.setAside(s)
			return
		}
		// The builder is about to grow to about twice its size.
		w.Th.Alloc(w.Pos, int64(2*w.B.Cap()+len(s)))
	}
	w.B.WriteString(s)
}

// setAside adds s to the chunks of text written.
func (w *ValueWriter) setAside(s string) {
	if s != "" {
		w.done = append(w.done, s)
		w.doneLen += len(s)
	}
}

// textChunk is the size of the chunks a run's ValueWriter keeps its text
// in: about a millisecond to copy.
const textChunk = 1 << 20

// Len is the length of the text written.
func (w *ValueWriter) Len() int { return w.doneLen + w.B.Len() }

// String returns the text written: its chunks copied into one string,
// polling the run's context between them.
func (w *ValueWriter) String() string {
	if len(w.done) == 0 {
		return w.B.String()
	}
	if w.Th != nil {
		w.Th.Alloc(w.Pos, int64(w.Len()))
	}
	var b strings.Builder
	b.Grow(w.Len())
	for _, s := range w.done {
		b.WriteString(s)
		if w.Th != nil {
			w.Th.PollCtx(w.Pos)
		}
	}
	b.WriteString(w.B.String())
	return b.String()
}

// WriteTo writes the text to th's output, a chunk at a time, polling
// between them (print: the text is never copied into one string).
func (w *ValueWriter) WriteTo(th Run) {
	for _, s := range w.done {
		th.Write(s)
		th.PollCtx(w.Pos)
	}
	th.Write(w.B.String())
}

// full reports whether the text is longer than max.
func (w *ValueWriter) full() bool { return w.max > 0 && w.Len() > w.max }

// closer is what containers whose last element is being written still
// have to write (count times close), once the frames stack is back to
// level: a value nested a million levels deep needs one, not a million
// frames.
type closer struct {
	close        string
	count, level int
}

// Value writes v.
func (w *ValueWriter) Value(v Value, quote bool) {
	var buf [4]writeFrame
	stack := buf[:0]
	var closers []closer
	for {
		if w.Th != nil {
			w.n++
			w.Th.PollN(w.Pos, w.n)
		}
		if f, ok := w.head(v, quote); ok {
			stack = append(stack, f)
		}
		// The next element to write, closing the containers done.
		quote = true
		for {
			for len(closers) > 0 && closers[len(closers)-1].level == len(stack) && !w.full() {
				c := &closers[len(closers)-1]
				for range c.count {
					w.Str(c.close)
					if w.full() {
						return
					}
				}
				closers = closers[:len(closers)-1]
			}
			if len(stack) == 0 || w.full() {
				return
			}
			t := &stack[len(stack)-1]
			if t.vals != nil {
				if t.i < 2*len(t.elems) {
					k := t.i / 2
					if t.i%2 == 0 {
						if k > 0 {
							w.Str(", ")
						}
						v = t.elems[k]
					} else {
						w.Str(": ")
						v = t.vals[k]
					}
					t.i++
					break
				}
			} else if t.i < len(t.elems) {
				if t.i > 0 {
					w.Str(t.sep)
				}
				v = t.elems[t.i]
				t.i++
				if t.i == len(t.elems) {
					// Only its close is left: a closer.
					close := t.close
					stack = stack[:len(stack)-1]
					if n := len(closers); n > 0 && closers[n-1].level == len(stack) && closers[n-1].close == close {
						closers[n-1].count++
					} else {
						closers = append(closers, closer{close: close, count: 1, level: len(stack)})
					}
				}
				break
			}
			w.Str(t.close)
			stack = stack[:len(stack)-1]
		}
	}
}

// head writes what v shows before its elements (all of it, for a value
// without elements); when v has elements, it returns their frame.
func (w *ValueWriter) head(v Value, quote bool) (writeFrame, bool) {
	seq := func(open, close string, elems []Value) (writeFrame, bool) {
		w.Str(open)
		return writeFrame{elems: elems, sep: ", ", close: close}, true
	}
	switch v.K {
	case KNone:
		w.Str("none")
	case KBool:
		w.Str(strconv.FormatBool(v.N != 0))
	case KInt:
		var b [20]byte
		w.Str(string(strconv.AppendInt(b[:0], v.N, 10)))
	case KStr:
		if quote {
			w.Str(strconv.Quote(v.Str()))
		} else {
			w.Str(v.Str())
		}
	case KList:
		return seq("[", "]", v.Elems())
	case KTuple:
		e := v.Elems()
		if len(e) == 1 {
			return seq("(", ",)", e)
		}
		return seq("(", ")", e)
	case KSet:
		if len(v.Elems()) == 0 {
			w.Str("set()")
			break
		}
		return seq("{", "}", v.Elems())
	case KMap:
		m := v.Map()
		w.Str("{")
		if len(m.Keys) == 0 {
			w.Str("}")
			break
		}
		return writeFrame{elems: m.Keys, vals: m.Vals, close: "}"}, true
	case KNim:
		w.Str("*")
		w.Str(strconv.FormatInt(v.N, 10))
	case KPos:
		p := v.Position()
		return seq(p.Game.Name()+"(", ")", p.Args)
	case KSum:
		if s := v.Ref.(*Sum); s.Parts == nil && w.max > 0 && len(s.Keys) > w.max {
			// A text of at most max bytes shows fewer parts than that
			// (each takes 4 bytes or more): a packed sum's parts are not
			// all built for it.
			ps := make([]Value, w.max)
			for i := range ps {
				ps[i] = s.Game.PackedPosition(s.Keys[i])
			}
			return writeFrame{elems: ps, sep: " + "}, true
		}
		return writeFrame{elems: v.Ref.(*Sum).parts(), sep: " + "}, true
	case KInf:
		var b strings.Builder
		b.WriteString("∞{")
		for i, k := range v.InfK() {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.FormatInt(k, 10))
		}
		b.WriteByte('}')
		w.Str(b.String())
	case KFunc:
		c := v.Callable()
		w.Str(fmt.Sprintf("<%s %s>", c.KindName(), c.Name()))
	}
	return writeFrame{}, false
}

// Keys: canonical byte encodings, used to intern positions.

// AppendKey appends a canonical encoding of v: equal values encode alike.
func AppendKey(buf []byte, v Value) []byte { return appendKeyMax(buf, v, math.MaxInt) }

// MaxKeyBytes bounds the encoding of a position's arguments.
const MaxKeyBytes = 1 << 20

// keyFrame is a container being encoded: its elements (a map's keys, each
// followed by its value in vals) and the next one.
type keyFrame struct {
	elems, vals []Value
	i           int
}

// appendKeyMax is appendKey that stops early (leaving more than limit
// bytes) once the encoding is longer than limit: values can be huge, for
// example a map that holds the previous one as key and value doubles in
// size at each step. Nested values are encoded without recursion.
func appendKeyMax(buf []byte, v Value, limit int) []byte {
	return appendKeyRec(buf, v, limit, 0)
}

// appendKeyRec is appendKeyMax by recursion, down to recDepth; deeper
// values are encoded the iterative way.
func appendKeyRec(buf []byte, v Value, limit, depth int) []byte {
	if len(buf) > limit {
		return buf
	}
	if depth > recDepth {
		return appendKeyIter(buf, v, limit)
	}
	buf, f, deep := appendKeyHead(buf, v)
	if !deep {
		return buf
	}
	for i, x := range f.elems {
		switch x.K {
		case KBool, KInt, KNim:
			buf = append(buf, byte(x.K))
			buf = binary.AppendVarint(buf, x.N)
		default:
			buf = appendKeyRec(buf, x, limit, depth+1)
		}
		if f.vals != nil {
			buf = appendKeyRec(buf, f.vals[i], limit, depth+1)
		}
		if len(buf) > limit {
			return buf
		}
	}
	return buf
}

// appendKeyIter is appendKeyMax without recursion.
func appendKeyIter(buf []byte, v Value, limit int) []byte {
	var fbuf [4]keyFrame
	stack := fbuf[:0]
	for {
		var f keyFrame
		var deep bool
		buf, f, deep = appendKeyHead(buf, v)
		if deep {
			stack = append(stack, f)
		}
		for {
			if len(stack) == 0 || len(buf) > limit {
				return buf
			}
			t := &stack[len(stack)-1]
			if t.vals != nil {
				if t.i < 2*len(t.elems) {
					if t.i%2 == 0 {
						v = t.elems[t.i/2]
					} else {
						v = t.vals[t.i/2]
					}
					t.i++
					if t.i == 2*len(t.elems) {
						stack = stack[:len(stack)-1] // its last value
					}
					break
				}
			} else if t.i < len(t.elems) {
				v = t.elems[t.i]
				t.i++
				if t.i == len(t.elems) {
					stack = stack[:len(stack)-1] // its last element
				}
				break
			}
			stack = stack[:len(stack)-1]
		}
	}
}

// appendKeyHead appends the encoding of v but its elements, and returns
// the frame that encodes those when it has some.
func appendKeyHead(buf []byte, v Value) ([]byte, keyFrame, bool) {
	buf = append(buf, byte(v.K))
	switch v.K {
	case KBool, KInt, KNim:
		buf = binary.AppendVarint(buf, v.N)
	case KStr:
		s := v.Str()
		buf = binary.AppendUvarint(buf, uint64(len(s)))
		buf = append(buf, s...)
	case KTuple, KList, KSet:
		e := v.Elems()
		buf = binary.AppendUvarint(buf, uint64(len(e)))
		return buf, keyFrame{elems: e}, len(e) > 0
	case KMap:
		m := v.Map()
		buf = binary.AppendUvarint(buf, uint64(len(m.Keys)))
		return buf, keyFrame{elems: m.Keys, vals: m.Vals}, len(m.Keys) > 0
	case KPos:
		if _, ok := v.Ref.(*Position); !ok {
			g := v.Ref.(GameRef)
			n := g.Arity()
			buf = binary.AppendUvarint(buf, uint64(g.GameID()))
			buf = binary.AppendUvarint(buf, uint64(n))
			r := uint64(v.N)
			for i := range n {
				buf = append(buf, byte(KInt))
				buf = binary.AppendVarint(buf, g.PackedArg(r, i))
			}
			break
		}
		p := v.Position()
		buf = binary.AppendUvarint(buf, uint64(p.Game.GameID()))
		buf = binary.AppendUvarint(buf, uint64(len(p.Args)))
		return buf, keyFrame{elems: p.Args}, len(p.Args) > 0
	case KSum:
		ps := sortedParts(v, 1)
		buf = binary.AppendUvarint(buf, uint64(len(ps)))
		return buf, keyFrame{elems: ps}, true
	case KInf:
		k := v.InfK()
		buf = binary.AppendUvarint(buf, uint64(len(k)))
		for _, x := range k {
			buf = binary.AppendVarint(buf, x)
		}
	case KFunc:
		buf = append(buf, v.Callable().Name()...)
		buf = append(buf, 0)
	}
	return buf, keyFrame{}, false
}
