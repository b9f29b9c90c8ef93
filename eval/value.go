package eval

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
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
	k   Kind
	n   int64 // int, bool (0/1), nimber size
	ref any   // *string, *Seq, *Set, *Map, *Position, *Sum, *Inf, Callable
}

// Seq holds the elements of a list or tuple. Values are immutable.
type Seq struct{ Elems []Value }

// Set holds distinct elements in ascending order.
type Set struct {
	Elems []Value
	bm    *bitmap // the set as a bitmap, when it was made from one (bitset.go)
}

// Map holds distinct keys in ascending order and their values.
type Map struct {
	Keys []Value
	Vals []Value
}

// Position is a position of a declared game: the game and its arguments.
type Position struct {
	Game   *Game
	Args   []Value
	r      uint64 // memo key, once computed
	hasRef bool
}

// Sum is a sum of two or more games (nimbers and positions), in the order
// written.
//
// A long sum whose parts are all compact positions of one game (sum of
// g(x) for ...) keeps only their keys until its parts are asked for.
type Sum struct {
	Parts []Value // nil while packed
	game  *Game
	keys  []uint64
}

// parts returns the parts of the sum, building them once from the keys of
// a packed sum.
func (s *Sum) parts() []Value {
	if s.Parts == nil && s.keys != nil {
		ps := make([]Value, len(s.keys))
		for i, k := range s.keys {
			ps[i] = s.game.packedPosition(k)
		}
		s.Parts = ps
	}
	return s.Parts
}

// Inf is an infinite generalized Sprague-Grundy value: the set K of finite
// values of the position's options, ascending.
type Inf struct{ K []int64 }

// Callable is a function value: a built-in, a def, or a game family.
type Callable interface {
	Name() string
	kindName() string
}

// Constructors.

var (
	None  = Value{}
	True  = Value{k: KBool, n: 1}
	False = Value{k: KBool, n: 0}
)

func Int(n int64) Value { return Value{k: KInt, n: n} }
func Bool(b bool) Value {
	if b {
		return True
	}
	return False
}
func Str(s string) Value         { return Value{k: KStr, ref: &s} }
func Nimber(n int64) Value       { return Value{k: KNim, n: n} }
func List(elems []Value) Value   { return Value{k: KList, ref: &Seq{elems}} }
func Tuple(elems []Value) Value  { return Value{k: KTuple, ref: &Seq{elems}} }
func FuncValue(c Callable) Value { return Value{k: KFunc, ref: c} }
func InfValue(k []int64) Value   { return Value{k: KInf, ref: &Inf{k}} }

// SetOf makes a set of the given elements (sorted and deduplicated in place).
func SetOf(elems []Value) Value {
	slices.SortFunc(elems, Compare)
	elems = slices.CompactFunc(elems, Equal)
	return Value{k: KSet, ref: &Set{Elems: elems}}
}

// MapOf makes a map; a later duplicate key wins.
func MapOf(keys, vals []Value) Value {
	idx := make([]int, len(keys))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return Compare(keys[a], keys[b]) })
	m := &Map{}
	for j, i := range idx {
		if j+1 < len(idx) && Equal(keys[i], keys[idx[j+1]]) {
			continue
		}
		m.Keys = append(m.Keys, keys[i])
		m.Vals = append(m.Vals, vals[i])
	}
	return Value{k: KMap, ref: m}
}

// SumOf makes the sum of games: nested sums are flattened; no parts is *0
// and one part is that part.
func SumOf(games []Value) Value {
	n, flat := 0, true
	for _, g := range games {
		if g.k == KSum {
			n += len(g.ref.(*Sum).parts())
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
		return Value{k: KSum, ref: &Sum{Parts: games[:len(games):len(games)]}}
	}
	parts := make([]Value, 0, n)
	for _, g := range games {
		if g.k == KSum {
			parts = append(parts, g.ref.(*Sum).parts()...)
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
	return Value{k: KSum, ref: &Sum{Parts: parts}}
}

// Accessors.

func (v Value) Kind() Kind { return v.k }

// Int returns the int (or bool as 0/1, or nimber size).
func (v Value) Int() int64 { return v.n }

// Truth returns the bool.
func (v Value) Truth() bool { return v.n != 0 }

// Str returns the string of a KStr.
func (v Value) Str() string { return *v.ref.(*string) }

// Elems returns the elements of a list, tuple or set, in order.
func (v Value) Elems() []Value {
	switch v.k {
	case KList, KTuple:
		return v.ref.(*Seq).Elems
	case KSet:
		return v.ref.(*Set).Elems
	case KMap:
		return v.ref.(*Map).Keys
	}
	return nil
}

// MapOf returns the map of a KMap.
func (v Value) Map() *Map { return v.ref.(*Map) }

// Position returns the position of a KPos.
//
// A position whose arguments pack into its game's memo key is stored
// compactly (the game in ref, the key in n, no allocation); Position then
// builds the record from the key.
func (v Value) Position() *Position {
	if g, ok := v.ref.(*Game); ok {
		return &Position{Game: g, Args: g.args(uint64(v.n)), r: uint64(v.n), hasRef: true}
	}
	return v.ref.(*Position)
}

// Parts returns the parts of a game: a sum's parts, or the game itself.
func (v Value) Parts() []Value {
	if v.k == KSum {
		return v.ref.(*Sum).parts()
	}
	return []Value{v}
}

// InfK returns K of an infinite SG value.
func (v Value) InfK() []int64 { return v.ref.(*Inf).K }

// Callable returns the function of a KFunc.
func (v Value) Callable() Callable { return v.ref.(Callable) }

// IsGame reports whether v is a game value (nimber, position or sum).
func (v Value) IsGame() bool { return v.k == KNim || v.k == KPos || v.k == KSum }

// TypeName names v's type for error messages.
func (v Value) TypeName() string {
	if v.k == KFunc {
		return v.ref.(Callable).kindName()
	}
	return v.k.String()
}

// Equality and order.

// Equal reports structural equality. Sums are equal when they have the same
// parts, in any order.
func Equal(a, b Value) bool {
	if a.k != b.k {
		return false
	}
	switch a.k {
	case KNone:
		return true
	case KBool, KInt, KNim:
		return a.n == b.n
	case KPos:
		_, ca := a.ref.(*Game)
		_, cb := b.ref.(*Game)
		if ca || cb {
			// A compact position's arguments pack, and a position
			// whose arguments pack is always compact.
			return a.ref == b.ref && a.n == b.n
		}
	}
	return Compare(a, b) == 0
}

// Compare is a total order on values: by kind first, then by contents.
// Sets and maps iterate in this order.
func Compare(a, b Value) int {
	if a.k != b.k {
		ka, kb := a.k, b.k
		return cmp.Compare(ka, kb)
	}
	switch a.k {
	case KNone:
		return 0
	case KBool, KInt, KNim:
		return cmp.Compare(a.n, b.n)
	case KStr:
		return strings.Compare(a.Str(), b.Str())
	case KTuple, KList, KSet:
		return slices.CompareFunc(a.Elems(), b.Elems(), Compare)
	case KMap:
		ma, mb := a.Map(), b.Map()
		if c := slices.CompareFunc(ma.Keys, mb.Keys, Compare); c != 0 {
			return c
		}
		return slices.CompareFunc(ma.Vals, mb.Vals, Compare)
	case KPos:
		if a.ref == b.ref && a.n == b.n {
			return 0
		}
		pa, pb := a.Position(), b.Position()
		if pa.Game != pb.Game {
			if c := strings.Compare(pa.Game.name, pb.Game.name); c != 0 {
				return c
			}
			return cmp.Compare(pa.Game.id, pb.Game.id)
		}
		return slices.CompareFunc(pa.Args, pb.Args, Compare)
	case KSum:
		return slices.CompareFunc(sortedParts(a), sortedParts(b), Compare)
	case KInf:
		return slices.Compare(a.InfK(), b.InfK())
	case KFunc:
		return strings.Compare(a.Callable().Name(), b.Callable().Name())
	}
	return 0
}

func sortedParts(v Value) []Value {
	p := slices.Clone(v.ref.(*Sum).parts())
	slices.SortFunc(p, Compare)
	return p
}

// Printing.

// Format renders v as print shows it: strings raw at the top level and
// quoted inside containers.
func Format(v Value) string {
	var b strings.Builder
	writeValue(&b, v, false)
	return b.String()
}

// Repr renders v as it appears inside a container (strings quoted).
func Repr(v Value) string {
	var b strings.Builder
	writeValue(&b, v, true)
	return b.String()
}

func writeSeq(b *strings.Builder, open, close string, elems []Value) {
	b.WriteString(open)
	for i, e := range elems {
		if i > 0 {
			b.WriteString(", ")
		}
		writeValue(b, e, true)
	}
	b.WriteString(close)
}

func writeValue(b *strings.Builder, v Value, quote bool) {
	switch v.k {
	case KNone:
		b.WriteString("none")
	case KBool:
		b.WriteString(strconv.FormatBool(v.n != 0))
	case KInt:
		b.WriteString(strconv.FormatInt(v.n, 10))
	case KStr:
		if quote {
			b.WriteString(strconv.Quote(v.Str()))
		} else {
			b.WriteString(v.Str())
		}
	case KList:
		writeSeq(b, "[", "]", v.Elems())
	case KTuple:
		e := v.Elems()
		if len(e) == 1 {
			writeSeq(b, "(", ",)", e)
		} else {
			writeSeq(b, "(", ")", e)
		}
	case KSet:
		if len(v.Elems()) == 0 {
			b.WriteString("set()")
		} else {
			writeSeq(b, "{", "}", v.Elems())
		}
	case KMap:
		m := v.Map()
		b.WriteByte('{')
		for i := range m.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			writeValue(b, m.Keys[i], true)
			b.WriteString(": ")
			writeValue(b, m.Vals[i], true)
		}
		b.WriteByte('}')
	case KNim:
		b.WriteByte('*')
		b.WriteString(strconv.FormatInt(v.n, 10))
	case KPos:
		p := v.Position()
		writeSeq(b, p.Game.name+"(", ")", p.Args)
	case KSum:
		for i, p := range v.ref.(*Sum).parts() {
			if i > 0 {
				b.WriteString(" + ")
			}
			writeValue(b, p, true)
		}
	case KInf:
		b.WriteString("∞{")
		for i, k := range v.InfK() {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.FormatInt(k, 10))
		}
		b.WriteByte('}')
	case KFunc:
		c := v.Callable()
		fmt.Fprintf(b, "<%s %s>", c.kindName(), c.Name())
	}
}

// Keys: canonical byte encodings, used to intern positions.

// appendKey appends a canonical encoding of v: equal values encode alike.
func appendKey(buf []byte, v Value) []byte { return appendKeyMax(buf, v, math.MaxInt) }

// maxKeyBytes bounds the encoding of a position's arguments.
const maxKeyBytes = 1 << 20

// appendKeyMax is appendKey that stops early (leaving more than limit
// bytes) once the encoding is longer than limit: values can be huge, for
// example a map that holds the previous one as key and value doubles in
// size at each step.
func appendKeyMax(buf []byte, v Value, limit int) []byte {
	if len(buf) > limit {
		return buf
	}
	appendKey := func(buf []byte, v Value) []byte { return appendKeyMax(buf, v, limit) }
	buf = append(buf, byte(v.k))
	switch v.k {
	case KBool, KInt, KNim:
		buf = binary.AppendVarint(buf, v.n)
	case KStr:
		s := v.Str()
		buf = binary.AppendUvarint(buf, uint64(len(s)))
		buf = append(buf, s...)
	case KTuple, KList, KSet:
		e := v.Elems()
		buf = binary.AppendUvarint(buf, uint64(len(e)))
		for _, x := range e {
			buf = appendKey(buf, x)
		}
	case KMap:
		m := v.Map()
		buf = binary.AppendUvarint(buf, uint64(len(m.Keys)))
		for i := range m.Keys {
			buf = appendKey(buf, m.Keys[i])
			buf = appendKey(buf, m.Vals[i])
		}
	case KPos:
		if g, ok := v.ref.(*Game); ok {
			buf = binary.AppendUvarint(buf, uint64(g.id))
			buf = binary.AppendUvarint(buf, uint64(g.arity))
			r := uint64(v.n)
			for i := g.arity - 1; i >= 0; i-- {
				buf = appendKey(buf, Int(g.unfield(r>>(uint(i)*g.bits)&(1<<g.bits-1))))
			}
			break
		}
		p := v.Position()
		buf = binary.AppendUvarint(buf, uint64(p.Game.id))
		buf = binary.AppendUvarint(buf, uint64(len(p.Args)))
		for _, x := range p.Args {
			buf = appendKey(buf, x)
		}
	case KSum:
		ps := sortedParts(v)
		buf = binary.AppendUvarint(buf, uint64(len(ps)))
		for _, x := range ps {
			buf = appendKey(buf, x)
		}
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
	return buf
}

// Checked integer arithmetic.

func addOK(a, b int64) (int64, bool) {
	c := a + b
	return c, (c > a) == (b > 0)
}

func subOK(a, b int64) (int64, bool) {
	c := a - b
	return c, (c < a) == (b > 0)
}

func mulOK(a, b int64) (int64, bool) {
	c := a * b
	if int64(int32(a)) == a && int64(int32(b)) == b {
		// Both fit in 32 bits: the product fits in 64 (no division).
		return c, true
	}
	return c, a == 0 || c/a == b && (a != -1 || b != math.MinInt64)
}
