package stdlib

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
)

// The built-ins of boards (LANGUAGE.md, "Boards: sequences, sets and
// bits"): functional update, strings as rows of cells, integer sums and
// the sequence helpers.

var boards = []*engine.Builtin{
	{BName: "update", MinArgs: 3, MaxArgs: 3, Pure: true, Updates: true,
		Doc: "update(X, I, V): a copy of list or tuple X with element I replaced by V; of string X with character I replaced by the string V; of map X with key I bound to V. Error: I out of range.",
		Fn:  update},
	{BName: "join", MinArgs: 2, MaxArgs: 2, Pure: true, Joins: true,
		Doc: `join(XS, SEP): the strings of XS (a list, tuple or set) joined with SEP between them: join(["a", "b"], "-") is "a-b". Error: an element that is not a string.`,
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			xs := elems(c, 0, a[0], "join")
			if a[1].Kind() != value.KStr {
				c.ArgFail(1, "join needs a string separator, found %s %s", a[1].TypeName(), value.Shown(a[1]))
			}
			sep := a[1].Str()
			n := len(sep) * max(len(xs)-1, 0)
			for _, x := range xs {
				if x.Kind() != value.KStr {
					c.ArgFail(0, "join needs strings, found %s %s", x.TypeName(), value.Shown(x))
				}
				n += len(x.Str())
			}
			c.Alloc(int64(n))
			var b strings.Builder
			b.Grow(n)
			for i, x := range xs {
				c.Poll(i)
				if i > 0 {
					b.WriteString(sep)
				}
				b.WriteString(x.Str())
			}
			return value.Str(b.String())
		}},
	{BName: "chars", MinArgs: 1, MaxArgs: 1, Pure: true,
		Doc: `chars(S): the characters of string S as a list of one-character strings: chars("ab") is ["a", "b"].`,
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			if a[0].Kind() != value.KStr {
				c.ArgFail(0, "chars needs a string, found %s %s", a[0].TypeName(), value.Shown(a[0]))
			}
			return value.List(chars(c, a[0].Str()))
		}},
	{BName: "sum", MinArgs: 1, MaxArgs: 1, Pure: true, Sums: true,
		Doc: "sum(XS): the integer sum of a list, tuple or set of ints (0 when empty); `sum of` is the sum of games. Errors: an element that is not an int, overflow.",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			total := int64(0)
			for _, x := range elems(c, 0, a[0], "sum") {
				if x.Kind() != value.KInt {
					hint := ""
					if x.IsGame() {
						hint = `; for a sum of games write "sum of"`
					}
					c.ArgFail(0, "sum needs ints, found %s %s%s", x.TypeName(), value.Shown(x), hint)
				}
				s := total + x.Int()
				if (s > total) != (x.Int() > 0) {
					c.Fail("integer overflow: the sum does not fit in 64 bits")
				}
				total = s
			}
			return value.Int(total)
		}},
	{BName: "reversed", MinArgs: 1, MaxArgs: 1, Pure: true,
		Doc: "reversed(XS): a list of the elements of a list, tuple, set or map (its keys), or of the characters of a string, last first.",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			xs := seqElems(c, a[0], "reversed")
			out := c.Clone(xs)
			slices.Reverse(out)
			return value.List(out)
		}},
	{BName: "enumerate", MinArgs: 1, MaxArgs: 1, Pure: true,
		Doc: "enumerate(XS): a list of (i, x) tuples, i counting from 0, for the elements x of a list, tuple, set, map (its keys) or string (its characters).",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			xs := seqElems(c, a[0], "enumerate")
			c.AllocValues(3 * len(xs)) // each a tuple of two
			out, pairs := make([]value.Value, len(xs)), pairsOf(len(xs))
			for i, x := range xs {
				c.Poll(i)
				out[i] = pairs.at(i, value.Int(int64(i)), x)
			}
			return value.List(out)
		}},
	{BName: "zip", MinArgs: 2, MaxArgs: 2, Pure: true,
		Doc: "zip(XS, YS): a list of the pairs (x, y) of the elements of XS and YS in order, as long as the shorter.",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			xs, ys := seqElems(c, a[0], "zip"), seqElems(c, a[1], "zip")
			n := min(len(xs), len(ys))
			c.AllocValues(3 * n) // each a tuple of two
			out, pairs := make([]value.Value, n), pairsOf(n)
			for i := range n {
				c.Poll(i)
				out[i] = pairs.at(i, xs[i], ys[i])
			}
			return value.List(out)
		}},
}

// pairs are the storage of n tuples of two, made at once (enumerate and
// zip make a list of them).
type pairs struct {
	seqs  []value.Seq
	elems []value.Value
}

func pairsOf(n int) pairs {
	return pairs{make([]value.Seq, n), make([]value.Value, 2*n)}
}

// at is tuple i, (x, y).
func (p pairs) at(i int, x, y value.Value) value.Value {
	e := p.elems[2*i : 2*i+2 : 2*i+2]
	e[0], e[1] = x, y
	p.seqs[i].Elems = e
	return value.Value{K: value.KTuple, Ref: &p.seqs[i]}
}

// seqElems is elems, also taking a string as its characters.
func seqElems(c *engine.Call, v value.Value, fn string) []value.Value {
	if v.Kind() != value.KStr {
		return elems(c, 0, v, fn)
	}
	return chars(c, v.Str())
}

// chars returns the characters of s as one-character strings.
func chars(c *engine.Call, s string) []value.Value {
	// Each a Value and a string header; its bytes are s's.
	c.AllocValues(2 * len(s))
	out := make([]value.Value, 0, utf8.RuneCountInString(s))
	for i := 0; i < len(s); {
		c.Poll(len(out))
		if s[i] < utf8.RuneSelf {
			// (An ASCII character: its string made once.)
			out = append(out, value.Char(s[i]))
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			out = append(out, value.Str(string(r)))
		} else {
			out = append(out, value.Str(s[i:i+n]))
		}
		i += n
	}
	return out
}

func update(c *engine.Call, a []value.Value) value.Value {
	x, i, v := a[0], a[1], a[2]
	index := func(n int, what string) int {
		if i.Kind() != value.KInt {
			c.ArgFail(1, "update needs an int index for a %s, found %s %s", x.TypeName(), i.TypeName(), value.Shown(i))
		}
		if i.Int() < 0 || i.Int() >= int64(n) {
			c.ArgFail(1, "index %d out of range (the %s has %d %s%s)", i.Int(), x.TypeName(), n, what, plural(n))
		}
		return int(i.Int())
	}
	switch x.Kind() {
	case value.KList, value.KTuple:
		xs := c.Clone(x.Elems())
		xs[index(len(xs), "element")] = v
		if x.Kind() == value.KList {
			return value.List(xs)
		}
		return value.Tuple(xs)
	case value.KStr:
		if s := x.Str(); value.IsASCII(s) {
			// (A character a byte: the bytes sliced, no runes.)
			c.Alloc(int64(2 * len(s)))
			k := index(len(s), "character")
			if v.Kind() != value.KStr {
				c.ArgFail(2, "update of a string needs a string to put in, found %s %s", v.TypeName(), value.Shown(v))
			}
			return value.Str(s[:k] + v.Str() + s[k+1:])
		}
		c.Alloc(int64(6 * len(x.Str()))) // its runes, then the new string
		rs := []rune(x.Str())
		k := index(len(rs), "character")
		if v.Kind() != value.KStr {
			c.ArgFail(2, "update of a string needs a string to put in, found %s %s", v.TypeName(), value.Shown(v))
		}
		return value.Str(string(rs[:k]) + v.Str() + string(rs[k+1:]))
	case value.KMap:
		m := x.Map()
		c.AllocValues(2 * len(m.Keys))
		j, found := slices.BinarySearchFunc(m.Keys, i, value.Compare)
		// (The keys in order already, the new one in its place: a value
		// never changes, so the map made shares the keys it keeps.)
		if found {
			vals := slices.Clone(m.Vals)
			vals[j] = v
			return value.Value{K: value.KMap, Ref: &value.Map{Keys: m.Keys, Vals: vals}}
		}
		return value.Value{K: value.KMap, Ref: &value.Map{Keys: slices.Insert(slices.Clone(m.Keys), j, i), Vals: slices.Insert(slices.Clone(m.Vals), j, v)}}
	}
	c.ArgFail(0, "update needs a list, tuple, string or map, found %s %s", x.TypeName(), value.Shown(x))
	return value.None
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
