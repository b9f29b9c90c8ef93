package grundy

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
)

// Value is a grundy value: none, a bool, an int, a string, a tuple, list,
// set or map, a game (a nimber, a position or a sum of games), an infinite
// SG value, or a function. Values are immutable and cheap to copy; the
// zero Value is none.
//
// The accessors report whether v has the kind they read, in the style of
// a type assertion:
//
//	if n, ok := v.Int(); ok { ... }
//
// A Value holding a game belongs to the Interpreter that made it (or
// whose Go game made it): passing it to another Interpreter is an error.
type Value struct{ v value.Value }

// Kind is the type of a Value.
type Kind uint8

// The kinds of values.
const (
	NoneKind     Kind = iota // none, e.g. the remoteness of a draw
	BoolKind                 // true or false
	IntKind                  // a 64-bit integer
	StringKind               // a string
	TupleKind                // (a, b)
	ListKind                 // [a, b]
	SetKind                  // {a, b}, elements ascending
	MapKind                  // {k: v}, keys ascending
	NimberKind               // *k, a nim heap
	PositionKind             // name(args): a position of a game family
	SumKind                  // a + b: a sum of two or more games
	InfiniteKind             // ∞K: the SG value of a position that can be drawn out
	FuncKind                 // a function or game family used as a value
)

var kindNames = [...]string{"none", "bool", "int", "string", "tuple", "list", "set", "map", "nimber", "position", "sum", "infinite SG value", "function"}

// String names the kind.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// None is the none value (the zero Value).
var None Value

// Int returns the int n.
func Int(n int64) Value { return Value{value.Int(n)} }

// Bool returns true or false.
func Bool(b bool) Value { return Value{value.Bool(b)} }

// String returns the string s.
func String(s string) Value { return Value{value.Str(s)} }

// List returns the list of the given elements, in order.
func List(elems ...Value) Value { return Value{value.List(unwrapAll(elems))} }

// Tuple returns the tuple of the given elements.
func Tuple(elems ...Value) Value { return Value{value.Tuple(unwrapAll(elems))} }

// Set returns the set of the given elements (duplicates dropped).
func Set(elems ...Value) Value { return Value{value.SetOf(unwrapAll(elems))} }

// Map returns the map of keys[i] to vals[i]; a later duplicate key wins.
// It panics if the slices differ in length.
func Map(keys, vals []Value) Value {
	if len(keys) != len(vals) {
		panic("grundy.Map: " + strconv.Itoa(len(keys)) + " keys but " + strconv.Itoa(len(vals)) + " values")
	}
	return Value{value.MapOf(unwrapAll(keys), unwrapAll(vals))}
}

// Nimber returns the nimber *n, a nim heap of n tokens: its options are
// *0 to *(n-1). It panics if n < 0.
func Nimber(n int64) Value {
	if n < 0 {
		panic("grundy.Nimber: negative size " + strconv.FormatInt(n, 10))
	}
	return Value{value.Nimber(n)}
}

// Sum returns the sum of games: a move is a move in one of them. Nested
// sums are flattened; the sum of no games is *0 and the sum of one game is
// that game. It panics if a part is not a game.
func Sum(games ...Value) Value {
	for _, g := range games {
		if !g.IsGame() {
			panic("grundy.Sum: " + g.Kind().String() + " " + g.Repr() + " is not a game")
		}
	}
	return Value{value.SumOf(unwrapAll(games))}
}

// Kind returns the kind of v.
func (v Value) Kind() Kind {
	switch v.v.Kind() {
	case value.KNone:
		return NoneKind
	case value.KBool:
		return BoolKind
	case value.KInt:
		return IntKind
	case value.KStr:
		return StringKind
	case value.KTuple:
		return TupleKind
	case value.KList:
		return ListKind
	case value.KSet:
		return SetKind
	case value.KMap:
		return MapKind
	case value.KNim:
		return NimberKind
	case value.KPos:
		return PositionKind
	case value.KSum:
		return SumKind
	case value.KInf:
		return InfiniteKind
	}
	return FuncKind
}

// TypeName names v's type as grundy's error messages do: "int",
// "string", "list", ..., "game" for a nimber, a position or a sum, "sg
// value" for an infinite SG value, "function", "built-in" or "game" for
// a function.
func (v Value) TypeName() string { return v.v.TypeName() }

// String returns v as the script's print shows it: strings without
// quotes at the top level, positions as name(args), nimbers as *k, sums as
// a + b, sets and maps in ascending order, infinite SG values as ∞{0, 2}.
func (v Value) String() string { return value.Format(v.v) }

// Repr returns v as it appears inside a container: like String, but a
// string is quoted.
func (v Value) Repr() string { return value.Repr(v.v) }

// Int returns the value of an int.
func (v Value) Int() (int64, bool) { return v.v.Int(), v.v.Kind() == value.KInt }

// Bool returns the value of a bool.
func (v Value) Bool() (bool, bool) { return v.v.Truth(), v.v.Kind() == value.KBool }

// Str returns the text of a string.
func (v Value) Str() (string, bool) {
	if v.v.Kind() != value.KStr {
		return "", false
	}
	return v.v.Str(), true
}

// Nimber returns the size of a nimber *n.
func (v Value) Nimber() (int64, bool) { return v.v.Int(), v.v.Kind() == value.KNim }

// Elems returns the elements of a list or tuple in order, of a set in
// ascending order, or a map's keys in ascending order; nil for other
// kinds. The slice is a copy.
func (v Value) Elems() []Value { return wrapAll(v.v.Elems()) }

// Len returns the number of elements of a list, tuple, set or map, and
// the number of characters of a string; 0 for other kinds.
func (v Value) Len() int {
	if s, ok := v.Str(); ok {
		return len([]rune(s))
	}
	return len(v.v.Elems())
}

// Index returns element i (from 0) of a list or tuple. It panics if v is
// not a list or tuple or i is out of range, like indexing a slice.
func (v Value) Index(i int) Value {
	if k := v.v.Kind(); k != value.KList && k != value.KTuple {
		panic("grundy: Index of a " + v.Kind().String())
	}
	return Value{v.v.Elems()[i]}
}

// Lookup returns the value of key in a map.
func (v Value) Lookup(key Value) (Value, bool) {
	if v.v.Kind() != value.KMap {
		return None, false
	}
	m := v.v.Map()
	for i, k := range m.Keys {
		if value.Equal(k, key.v) {
			return Value{m.Vals[i]}, true
		}
	}
	return None, false
}

// MapItems returns the keys of a map, ascending, and their values; nil
// slices for other kinds.
func (v Value) MapItems() (keys, vals []Value) {
	if v.v.Kind() != value.KMap {
		return nil, nil
	}
	m := v.v.Map()
	return wrapAll(m.Keys), wrapAll(m.Vals)
}

// IsGame reports whether v is a game: a nimber, a position or a sum.
func (v Value) IsGame() bool { return v.v.IsGame() }

// Position returns the position v holds.
func (v Value) Position() (Position, bool) {
	if v.v.Kind() != value.KPos {
		return Position{}, false
	}
	return Position{v.v}, true
}

// Parts returns the games a sum is made of, in the order written; for a
// nimber or a position, the game itself; nil for other kinds.
func (v Value) Parts() []Value {
	if !v.IsGame() {
		return nil
	}
	return wrapAll(v.v.Parts())
}

// SG returns the SG value v holds: an int (a finite value) or an
// infinite SG value, as the script's sg(G) returns them.
func (v Value) SG() (SG, bool) {
	switch v.v.Kind() {
	case value.KInt:
		return SG{N: v.v.Int()}, true
	case value.KInf:
		return SG{Infinite: true, K: append([]int64{}, v.v.InfK()...)}, true
	}
	return SG{}, false
}

// Equal reports whether v and w are the same value. Sums are equal when
// they have the same parts in any order.
func (v Value) Equal(w Value) bool { return value.Equal(v.v, w.v) }

// Position is a position of a game family: its name and its arguments,
// as in cut(4, 2).
type Position struct{ v value.Value }

// Name returns the name of the position's game family.
func (p Position) Name() string { return p.v.Position().Game.Name() }

// Args returns the arguments of the position (a copy).
func (p Position) Args() []Value { return wrapAll(p.v.Position().Args) }

// Arg returns argument i (from 0). It panics if i is out of range.
func (p Position) Arg(i int) Value { return Value{p.v.Position().Args[i]} }

// Game returns the position's game family, to make other positions of it.
func (p Position) Game() Game { return Game{p.v.Position().Game.(*engine.Game)} }

// Value returns the position as a Value.
func (p Position) Value() Value { return Value{p.v} }

// String returns the position as print shows it, e.g. cut(4, 2).
func (p Position) String() string { return value.Format(p.v) }

// Game is a game family of an Interpreter: declared by a script, written
// in Go (see GameDef), or from the standard library.
type Game struct{ g *engine.Game }

// Name returns the family's name.
func (g Game) Name() string { return g.g.Name() }

// Arity returns the number of arguments of its positions.
func (g Game) Arity() int { return g.g.Arity() }

// Position returns the position of the family with the given arguments.
// It does not run a Go family's Check, and cannot fail but for the
// number of arguments: the position is checked before it is used as a
// game (GameDef.Check); Interpreter.Position checks it at once. It panics
// when the number of arguments is not the family's arity.
func (g Game) Position(args ...Value) Value {
	if len(args) != g.g.Arity() {
		panic(fmt.Sprintf("grundy: game %s takes %d arguments, not %d", g.g.Name(), g.g.Arity(), len(args)))
	}
	return Value{g.g.Position(unwrapAll(args)...)}
}

// SG is a generalized Sprague-Grundy value. A position of a game without
// cycles has a finite value N: it is 0 exactly when the player to move
// loses, and the value of a sum is the xor of its parts' values. A
// position on or reaching a cycle may instead be infinite, ∞K, with K the
// set of finite values among its options (Smith and Fraenkel).
type SG struct {
	N        int64   // the value, when finite
	Infinite bool    // whether the value is ∞K
	K        []int64 // K of an infinite value, ascending
}

// String returns the value as print shows it: 3, or ∞{0, 2}.
func (s SG) String() string {
	if !s.Infinite {
		return strconv.FormatInt(s.N, 10)
	}
	var b strings.Builder
	b.WriteString("∞{")
	for i, k := range s.K {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatInt(k, 10))
	}
	b.WriteString("}")
	return b.String()
}

// Outcome returns who wins a game whose SG value is s: the player to
// move when s is finite and not 0, or infinite with 0 in K; the other
// player when s is 0; neither (a draw) otherwise.
func (s SG) Outcome() Outcome {
	switch {
	case !s.Infinite && s.N == 0:
		return PreviousWins
	case !s.Infinite:
		return NextWins
	}
	for _, k := range s.K {
		if k == 0 {
			return NextWins
		}
	}
	return Draw
}

// Outcome is who wins a game under optimal play. Its String is the
// letter a script's outcome(G) returns.
type Outcome byte

// The outcomes.
const (
	NextWins     Outcome = 'N' // the player to move wins (an N-position)
	PreviousWins Outcome = 'P' // the player to move loses (a P-position)
	Draw         Outcome = 'D' // neither player can force a win (games with cycles)
)

// String returns "N", "P" or "D".
func (o Outcome) String() string { return string(rune(o)) }

func wrapAll(vs []value.Value) []Value {
	if vs == nil {
		return nil
	}
	out := make([]Value, len(vs))
	for i, v := range vs {
		out[i] = Value{v}
	}
	return out
}

func unwrapAll(vs []Value) []value.Value {
	out := make([]value.Value, len(vs))
	for i, v := range vs {
		out[i] = v.v
	}
	return out
}
