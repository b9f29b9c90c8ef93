// Package stdlib owns grundy's standard library: the built-in functions
// (their traits, which the compiler reads, and their Go code), the game
// families written in Go (Kayles, Dawson's Kayles) and the prelude of
// games written in grundy (games.game). Registry returns them as one
// engine.Registry, the value a session is made with; each entry's Doc says
// its arguments, result and errors, and spec.md lists them in one table.
package stdlib

import (
	"math"
	"math/bits"
	"slices"
	"sync"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
)

var (
	std     *engine.Registry
	stdOnce sync.Once
)

// Registry returns the standard library, sealed (shared by every session
// that uses it; Clone it to add built-ins or games of your own).
func Registry() *engine.Registry {
	stdOnce.Do(func() {
		r := engine.NewRegistry()
		for _, list := range [][]*engine.Builtin{all, boards, regions, {misereBuiltin, graphBuiltin}} {
			for _, b := range list {
				r.Add(b)
			}
		}
		addGames(r)
		r.Seal()
		std = r
	})
	return std
}

// Docs returns each built-in's name and documentation, sorted by name.
func Docs() [][2]string {
	var out [][2]string
	for _, b := range Registry().Builtins() {
		out = append(out, [2]string{b.BName, b.Doc})
	}
	return out
}

var all = []*engine.Builtin{
	{BName: "sg", MinArgs: 1, MaxArgs: 1, SGArgs: true, Query: engine.QuerySG,
		Doc: "sg(G): the Sprague-Grundy value of game G, an int; for a sum, the xor of its parts; ∞K for a position that can be drawn out (games with cycles). Error: G is not a game.",
		Fn:  func(c *engine.Call, a []value.Value) value.Value { return c.Th.SG(c, a[0]) }},
	{BName: "outcome", MinArgs: 1, MaxArgs: 1, SGArgs: true, Query: engine.QueryOutcome,
		Doc: `outcome(G): "N" if the player to move wins, "P" if the player to move loses, "D" if neither can force a win. Error: G is not a game.`,
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			switch c.Th.Outcome(c, a[0]) {
			case "N":
				return outN
			case "P":
				return outP
			}
			return outD
		}},
	{BName: "moves", MinArgs: 1, MaxArgs: 1,
		Doc: "moves(G): the list of the options of G, each distinct option once, in the order the move rule generates them; for a sum, part by part. Error: G is not a game.",
		Fn:  func(c *engine.Call, a []value.Value) value.Value { return value.List(c.Th.Moves(c, a[0])) }},
	{BName: "winning", MinArgs: 1, MaxArgs: 1,
		Doc: "winning(G): the options of G that win for the player who moves there (the P-positions among its options), in move order; empty when G is not an N-position. For a position of a game with cycles they come in order of remoteness, so that always taking the first one ends the game in a win.",
		Fn:  func(c *engine.Call, a []value.Value) value.Value { return value.List(c.Th.Winning(c, a[0])) }},
	{BName: "remoteness", MinArgs: 1, MaxArgs: 1,
		Doc: "remoteness(G): the number of moves until the game ends under optimal play (the winner hurries, the loser delays); none for a draw.",
		Fn:  func(c *engine.Call, a []value.Value) value.Value { return c.Th.Remoteness(c, a[0]) }},
	{BName: "len", Pure: true, MinArgs: 1, MaxArgs: 1,
		Doc: "len(X): the number of elements of a list, tuple, set or map, or of characters of a string.",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			switch a[0].Kind() {
			case value.KList, value.KTuple, value.KSet, value.KMap:
				return value.Int(int64(value.Count(a[0])))
			case value.KStr:
				return value.Int(int64(len([]rune(a[0].Str()))))
			}
			c.ArgFail(0, "len needs a list, tuple, set, map or string, found %s", a[0].TypeName())
			return value.None
		},
		Fold:  func(c *engine.Call, acc, x value.Value, n int) value.Value { return value.Int(int64(n + 1)) },
		Count: true, IntResult: true,
		Quick1: func(a value.Value) (value.Value, bool) {
			switch a.Kind() {
			case value.KList, value.KTuple, value.KSet, value.KMap:
				return value.Int(int64(value.Count(a))), true
			case value.KStr:
				// (A string known to be ASCII: a byte a character.)
				if a.N == 1 {
					return value.Int(int64(len(a.Str()))), true
				}
				return value.Int(int64(utf8.RuneCountInString(a.Str()))), true
			}
			return value.None, false
		}},
	{BName: "min", Pure: true, MinArgs: 1, MaxArgs: -1,
		Doc: "min(XS) or min(a, b, ...): the smallest element. Errors: an empty collection, elements that cannot be ordered.",
		Fn:  func(c *engine.Call, a []value.Value) value.Value { return extreme(c, "min", a, -1) },
		Fold: func(c *engine.Call, acc, x value.Value, n int) value.Value {
			return foldExtreme(c, "min", acc, x, n, -1)
		},
		IntFold: -1,
		Quick1:  func(a value.Value) (value.Value, bool) { return setExtreme(a, -1) },
		Quick2: func(a, b value.Value) (value.Value, bool) {
			if a.Kind() == value.KInt && b.Kind() == value.KInt {
				return value.Int(min(a.Int(), b.Int())), true
			}
			return value.None, false
		}},
	{BName: "max", Pure: true, MinArgs: 1, MaxArgs: -1,
		Doc: "max(XS) or max(a, b, ...): the largest element. Errors: an empty collection, elements that cannot be ordered.",
		Fn:  func(c *engine.Call, a []value.Value) value.Value { return extreme(c, "max", a, 1) },
		Fold: func(c *engine.Call, acc, x value.Value, n int) value.Value {
			return foldExtreme(c, "max", acc, x, n, 1)
		},
		IntFold: 1,
		Quick1:  func(a value.Value) (value.Value, bool) { return setExtreme(a, 1) },
		Quick2: func(a, b value.Value) (value.Value, bool) {
			if a.Kind() == value.KInt && b.Kind() == value.KInt {
				return value.Int(max(a.Int(), b.Int())), true
			}
			return value.None, false
		}},
	{BName: "abs", Pure: true, IntResult: true, MinArgs: 1, MaxArgs: 1,
		Doc: "abs(n): the absolute value of an int. Error: overflow for the most negative int.",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			n := needInt(c, 0, a[0], "abs")
			if n == math.MinInt64 {
				c.Fail("integer overflow: abs(%d) does not fit in 64 bits", n)
			}
			return value.Int(max(n, -n))
		}},
	{BName: "sorted", Pure: true, Sorts: true, MinArgs: 1, MaxArgs: 1,
		Doc: "sorted(XS): a list of the elements of a list, tuple, set or map (its keys), ascending.",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			xs := c.Clone(elems(c, 0, a[0], "sorted"))
			checkOrdered(c, "sorted", xs)
			if k := a[0].Kind(); k != value.KSet && k != value.KMap || len(xs) > 0 && xs[0].Kind() != value.KInt && xs[0].Kind() != value.KStr {
				c.Sort(xs) // (a set's or map's ints or strings are in order)
			}
			return value.List(xs)
		}},
	{BName: "str", Pure: true, MinArgs: 1, MaxArgs: 1,
		Doc: "str(X): the text print would show for X.",
		Fn:  func(c *engine.Call, a []value.Value) value.Value { return value.Str(c.Format(a[0])) }},
	{BName: "keys", Pure: true, MinArgs: 1, MaxArgs: 1,
		Doc: "keys(M): the keys of map M as a sorted list.",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			if a[0].Kind() != value.KMap {
				c.ArgFail(0, "keys needs a map, found %s", a[0].TypeName())
			}
			return value.List(c.Clone(a[0].Elems()))
		}},
	{BName: "get", Pure: true, MinArgs: 3, MaxArgs: 3,
		Doc: "get(M, K, DEFAULT): the value of key K in map M, or DEFAULT when K is not a key.",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			if a[0].Kind() != value.KMap {
				c.ArgFail(0, "get needs a map, found %s", a[0].TypeName())
			}
			m := a[0].Map()
			if i, ok := slices.BinarySearchFunc(m.Keys, a[1], value.Compare); ok {
				return m.Vals[i]
			}
			return a[2]
		}},
	{BName: "set", Pure: true, MinArgs: 0, MaxArgs: 1,
		Doc: "set() is the empty set; set(XS) the set of the elements of a list, tuple, set or map (its keys).",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			if len(a) == 0 {
				return value.SetOf(nil)
			}
			return c.SetOf(c.Clone(elems(c, 0, a[0], "set")))
		}},
	{BName: "all", Pure: true, MinArgs: 1, MaxArgs: 1,
		Doc: "all(XS): true when every element of XS is true (all([]) is true). Error: an element that is not a bool.",
		Fn:  func(c *engine.Call, a []value.Value) value.Value { return allAny(c, "all", a[0], true) }, AllAny: 1},
	{BName: "any", Pure: true, MinArgs: 1, MaxArgs: 1,
		Doc: "any(XS): true when some element of XS is true (any([]) is false). Error: an element that is not a bool.",
		Fn:  func(c *engine.Call, a []value.Value) value.Value { return allAny(c, "any", a[0], false) }, AllAny: -1},
	{BName: "divisors", Pure: true, MinArgs: 1, MaxArgs: 1,
		Doc: "divisors(n): the divisors of n >= 1 as an ascending list, 1 and n included. Error: n < 1.",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			ds := divisorsOf(c, a[0], nil)
			out := make([]value.Value, len(ds))
			for i, d := range ds {
				out[i] = value.Int(d)
			}
			return value.List(out)
		},
		Ints: func(c *engine.Call, a []value.Value, buf []int64) []int64 { return divisorsOf(c, a[0], buf) }},
	{BName: "ints", MinArgs: 0, MaxArgs: 0,
		Doc: "ints(): all the whitespace-separated integers of standard input, as a list (a leading - allowed). Error: a word that is not an integer.",
		Fn:  func(c *engine.Call, a []value.Value) value.Value { return c.Th.Ints(c) }},
}

// divisorsOf appends the divisors of v (an int >= 1) to buf.
func divisorsOf(c *engine.Call, v value.Value, buf []int64) []int64 {
	n := needInt(c, 0, v, "divisors")
	if n < 1 {
		c.ArgFail(0, "divisors needs a positive int, found %d", n)
	}
	if n < 1<<32 {
		// 32-bit division, several times faster.
		return divisors(c, uint32(n), buf)
	}
	return divisors(c, uint64(n), buf)
}

// divisors appends the divisors of n >= 1 to buf in ascending order. It factors n
// by trial division, which stops at the square root of what is left to
// factor (for most n far below the square root of n), and then builds
// the divisors from the prime powers.
func divisors[T uint32 | uint64](c *engine.Call, n T, buf []int64) []int64 {
	var fbuf [64]T // prime factors with multiplicity (at most 63)
	fs := fbuf[:0]
	m := n
	steps := 0
	// (Past 2^16, a 64-bit n's rest has at most 3 prime factors: found
	// by Pollard's rho, not by dividing up to its square root.)
	limit := ^uint64(0)
	if uint64(n) >= 1<<32 {
		limit = 1 << 16
	}
	for d := T(2); uint64(d)*uint64(d) <= uint64(m) && uint64(d) <= limit; d++ {
		if steps++; steps&(1<<20-1) == 0 {
			c.Tick()
		}
		for m%d == 0 {
			fs = append(fs, d)
			m /= d
		}
		if d > 2 {
			d++ // odd candidates after 2
		}
	}
	if m > 1 && uint64(m) > limit*limit {
		for _, f := range factor64(uint64(m), nil) {
			fs = append(fs, T(f))
		}
		slices.Sort(fs)
	} else if m > 1 {
		fs = append(fs, m)
	}
	// Each prime power multiplies the divisors found so far.
	count := 1
	for i := 0; i < len(fs); {
		j := i
		for j < len(fs) && fs[j] == fs[i] {
			j++
		}
		count *= j - i + 1
		i = j
	}
	var dbuf [256]T // (the divisors, on the stack unless many)
	ds := dbuf[:1]
	if count > len(dbuf) {
		ds = make([]T, 1, count)
	}
	ds[0] = 1
	for i := 0; i < len(fs); {
		p, j := fs[i], i
		for j < len(fs) && fs[j] == p {
			j++
		}
		k := len(ds)
		pk := T(1)
		for range j - i {
			pk *= p
			for _, d := range ds[:k] {
				ds = append(ds, d*pk)
			}
		}
		i = j
	}
	slices.Sort(ds)
	for _, d := range ds {
		buf = append(buf, int64(d))
	}
	return buf
}

// The outcomes, made once (outcome is called in tight loops).
var outN, outP, outD = value.Str("N"), value.Str("P"), value.Str("D")

func needInt(c *engine.Call, i int, v value.Value, fn string) int64 {
	if v.Kind() != value.KInt {
		c.ArgFail(i, "%s needs an int, found %s %s", fn, v.TypeName(), value.Shown(v))
	}
	return v.Int()
}

func elems(c *engine.Call, i int, v value.Value, fn string) []value.Value {
	switch v.Kind() {
	case value.KList, value.KTuple, value.KSet, value.KMap:
		return v.Elems()
	}
	c.ArgFail(i, "%s needs a list, tuple, set or map, found %s %s", fn, v.TypeName(), value.Shown(v))
	return nil
}

func checkOrdered(c *engine.Call, fn string, xs []value.Value) {
	for i, x := range xs {
		switch x.Kind() {
		case value.KInt, value.KStr, value.KBool, value.KList, value.KTuple:
		default:
			c.Fail("%s: cannot order %s %s", fn, x.TypeName(), value.Shown(x))
		}
		if i > 0 && x.Kind() != xs[0].Kind() {
			c.Fail("%s: cannot order %s and %s", fn, xs[0].TypeName(), x.TypeName())
		}
	}
}

func extreme(c *engine.Call, fn string, a []value.Value, sign int) value.Value {
	xs := a
	if len(a) == 1 {
		if v, ok := setExtreme(a[0], sign); ok {
			return v
		}
		xs = elems(c, 0, a[0], fn)
		if len(xs) == 0 {
			c.ArgFail(0, "%s of an empty %s", fn, a[0].TypeName())
		}
	}
	checkOrdered(c, fn, xs)
	best := xs[0]
	for _, x := range xs[1:] {
		if value.Compare(x, best)*sign > 0 {
			best = x
		}
	}
	return best
}

// foldExtreme is one step of min or max over a stream, with extreme's
// checks and messages.
func foldExtreme(c *engine.Call, fn string, acc, x value.Value, n int, sign int) value.Value {
	if n == 0 {
		checkOrdered(c, fn, []value.Value{x})
		return x
	}
	checkOrdered(c, fn, []value.Value{acc, x})
	if value.Compare(x, acc)*sign > 0 {
		return x
	}
	return acc
}

func allAny(c *engine.Call, fn string, v value.Value, isAll bool) value.Value {
	for _, x := range elems(c, 0, v, fn) {
		if x.Kind() != value.KBool {
			c.ArgFail(0, "%s needs bools, found %s %s", fn, x.TypeName(), value.Shown(x))
		}
		if x.Truth() != isAll {
			return value.Bool(!isAll)
		}
	}
	return value.Bool(isAll)
}

// setExtreme is min (sign -1) or max (+1) of v when it is a set whose
// ends say it without an error: a set's elements ascend, so its least and
// its largest are its ends, when they are of one kind that orders (so are
// the others: kinds order first).
func setExtreme(v value.Value, sign int) (value.Value, bool) {
	if v.K != value.KSet {
		return value.None, false
	}
	lo, ok1 := setEnd(v, false)
	hi, ok2 := setEnd(v, true)
	if !ok1 || !ok2 || lo.K != hi.K || !(lo.K == value.KInt || lo.K == value.KStr || lo.K == value.KBool || lo.K == value.KList || lo.K == value.KTuple) {
		return value.None, false
	}
	if sign > 0 {
		return hi, true
	}
	return lo, true
}

// setEnd is the least (or, last, the largest) element of set v, read
// from its ids where they are of a universe (their elements not made);
// ok is false for an empty set.
func setEnd(v value.Value, last bool) (value.Value, bool) {
	if u, w, ok := value.UniWords(v); ok {
		ord := u.Order()
		if ord == nil {
			b, ok := endBit(w, last)
			if !ok {
				return value.Value{}, false
			}
			return u.Elem(b), true
		}
		// (Ids not in their elements' order: the first id of the order
		// from that end that the set holds, among the first 64; else,
		// the universe far larger than the set, the least or largest
		// of the elements of its ids, compared.)
		for i := range min(len(ord), 64) {
			id := ord[i]
			if last {
				id = ord[len(ord)-1-i]
			}
			if int(id>>6) < len(w) && w[id>>6]&(1<<(id&63)) != 0 {
				return u.Elem(int(id)), true
			}
		}
		var best value.Value
		found := false
		for i, x := range w {
			for ; x != 0; x &= x - 1 {
				e := u.Elem(i*64 + bits.TrailingZeros64(x))
				if c := value.Compare(e, best); !found || c > 0 == last && c != 0 {
					best, found = e, true
				}
			}
		}
		return best, found
	}
	xs := v.Elems()
	if len(xs) == 0 {
		return value.Value{}, false
	}
	if last {
		return xs[len(xs)-1], true
	}
	return xs[0], true
}

// endBit is the lowest (or, last, the highest) bit set in w.
func endBit(w []uint64, last bool) (int, bool) {
	if !last {
		for i, x := range w {
			if x != 0 {
				return i*64 + bits.TrailingZeros64(x), true
			}
		}
		return 0, false
	}
	for i := len(w) - 1; i >= 0; i-- {
		if w[i] != 0 {
			return i*64 + bits.Len64(w[i]) - 1, true
		}
	}
	return 0, false
}
