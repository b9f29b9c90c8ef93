package stdlib

import (
	_ "embed"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
)

//go:embed games.game
var gamesSrc string

// addGames adds the game families: the prelude games.game, Kayles and
// Dawson's Kayles as take-and-break families, and the built-ins that make
// families from codes.
func addGames(r *engine.Registry) {
	r.AddPrelude("<stdlib/games.game>", gamesSrc)
	for _, tb := range []struct{ name, code, doc string }{
		{"kayles", "0.77", "kayles(n): Kayles, a row of n pins; a move knocks down one pin or two adjacent ones (octal game 0.77). Dudeney 1908, Dawson 1935; Guy and Smith proved its period 12 from n = 71. OEIS A002186."},
		{"dawson", "0.07", "dawson(n): Dawson's Kayles, a row of n pins; a move knocks down two adjacent pins (octal game 0.07, Dawson's chess with one pawn more). Period 34 from n = 53. OEIS A002187(n - 1)."},
	} {
		t, err := engine.ParseOctal(tb.code)
		if err != nil {
			panic(err)
		}
		t.Name, t.Doc = tb.name, tb.doc
		r.AddGame(&engine.GameDef{Name: tb.name, Arity: 1, Doc: tb.doc, TakeBreak: t})
	}
	for _, b := range gameBuiltins {
		r.Add(b)
	}
}

var gameBuiltins = []*engine.Builtin{
	{BName: "octal", MinArgs: 1, MaxArgs: 1,
		Doc: `octal(CODE): the family of the take-and-break game with that code, "d0.d1d2...": digit dk says how k tokens may be taken (bit 1: the whole heap, bit 2: leaving one heap, bit 4: leaving two, hex digits 8-f: leaving three). octal("0.77") is Kayles, octal("0.07") Dawson's Kayles, octal("0.137") Dawson's chess. Error: a malformed code.`,
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			if a[0].Kind() != value.KStr {
				c.ArgFail(0, "octal needs a code string such as \"0.77\", found %s %s", a[0].TypeName(), value.Shown(a[0]))
			}
			t, err := engine.ParseOctal(a[0].Str())
			if err != nil {
				c.Fail("%v", err)
			}
			t.Name = "octal(" + value.Repr(a[0]) + ")"
			t.Doc = "the take-and-break game " + a[0].Str()
			return c.Th.TakeBreakFamily(t)
		}},
	{BName: "subtraction", MinArgs: 1, MaxArgs: 1,
		Doc: "subtraction(S): the family of the subtraction game with the finite set S of positive ints: a move takes s counters from the heap, for some s in S. Its period is proved (the values of the last max(S) heaps determine the rest). Error: S is not a collection of positive ints.",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			xs := elems(c, 0, a[0], "subtraction")
			t := &engine.TakeBreak{}
			var ks []int64
			for _, x := range xs {
				if x.Kind() != value.KInt || x.Int() < 1 {
					c.ArgFail(0, "subtraction needs positive ints, found %s %s", x.TypeName(), value.Shown(x))
				}
				ks = append(ks, x.Int())
			}
			slices.Sort(ks)
			ks = slices.Compact(ks)
			set := make([]value.Value, len(ks))
			for i, k := range ks {
				t.Rules = append(t.Rules, engine.TakeRule{K: k, Ways: 3})
				set[i] = value.Int(k)
			}
			t.Name = "subtraction(" + value.Repr(value.SetOf(set)) + ")"
			t.Doc = "the subtraction game " + value.Repr(value.SetOf(set))
			return c.Th.TakeBreakFamily(t)
		}},
	{BName: "period", MinArgs: 1, MaxArgs: 2,
		Doc: "period(F) or period(F, N): the period of the family F (a game of one int, or a function of one int returning a game) as a tuple (p, q, s): the smallest q >= 1, then the smallest p, with sg(F(n + q)) == sg(F(n)) + s for all n >= p. Proved for take-and-break families (octal, subtraction, kayles, dawson), otherwise observed on n in 0 .. N (default 2000); periodic(F) says which. Error: no period found.",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			p := c.Th.Period(c, a[0], upTo(c, a))
			if !p.Found {
				c.Fail("period: no period found in sg(%s(n)) for n in 0 .. %d (periodic(F) tests for one; period(F, N) looks further)", familyName(a[0]), p.UpTo)
			}
			return value.Tuple([]value.Value{value.Int(p.P), value.Int(p.Q), value.Int(p.S)})
		}},
	{BName: "periodic", MinArgs: 1, MaxArgs: 2,
		Doc: `periodic(F) or periodic(F, N): how the period of family F is known: "proved" (a theorem licenses the finite check: Guy and Smith for take-and-break games, the pigeonhole argument for subtraction games), "observed to N" (it holds for n in 0 .. N), or "none found to N".`,
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			return value.Str(c.Th.Period(c, a[0], upTo(c, a)).Describe())
		}},
	{BName: "mex", Pure: true, MinArgs: 1, MaxArgs: 1,
		Doc: "mex(XS): the minimum excludant, the smallest int >= 0 not in the collection XS. Error: an element that is not an int.",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			xs := elems(c, 0, a[0], "mex")
			seen := make([]bool, len(xs)+1)
			for _, x := range xs {
				if x.Kind() != value.KInt {
					c.ArgFail(0, "mex needs ints, found %s %s", x.TypeName(), value.Shown(x))
				}
				if n := x.Int(); n >= 0 && n < int64(len(seen)) {
					seen[n] = true
				}
			}
			m := 0
			for seen[m] {
				m++
			}
			return value.Int(int64(m))
		}},
	{BName: "nimsum", Pure: true, MinArgs: 1, MaxArgs: -1,
		Doc: "nimsum(XS) or nimsum(a, b, ...): the exclusive or of ints (0 for none): the SG value of a sum of nim heaps of those sizes.",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			xs := a
			if len(a) == 1 && a[0].Kind() != value.KInt {
				xs = elems(c, 0, a[0], "nimsum")
			}
			var acc int64
			for _, x := range xs {
				if x.Kind() != value.KInt {
					c.Fail("nimsum needs ints, found %s %s", x.TypeName(), value.Shown(x))
				}
				acc ^= x.Int()
			}
			return value.Int(acc)
		}},
	{BName: "primes", Pure: true, MinArgs: 1, MaxArgs: 1,
		Doc: "primes(N): the primes up to N, ascending (a sieve). Error: N above 100,000,000.",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			n := needInt(c, 0, a[0], "primes")
			if n > 100_000_000 {
				c.ArgFail(0, "primes(%d): at most 100000000", n)
			}
			if n < 2 {
				return value.List(nil)
			}
			// A bit per number, and the primes: fewer than
			// 1.26 n / ln n of them (Rosser and Schoenfeld).
			count := int(1.26*float64(n)/math.Log(float64(n))) + 1
			c.Alloc(n/8 + 1)
			out := c.Alloced(count)
			composite := make([]uint64, n/64+1)
			for i := int64(2); i <= n; i++ {
				if i&(1<<16-1) == 0 {
					c.Tick()
				}
				if composite[i/64]&(1<<(i%64)) != 0 {
					continue
				}
				out = append(out, value.Int(i))
				for j := i * i; j <= n; j += i {
					composite[j/64] |= 1 << (j % 64)
				}
			}
			return value.List(out)
		}},
	{BName: "fibs", Pure: true, MinArgs: 1, MaxArgs: 1,
		Doc: "fibs(LIMIT): the distinct Fibonacci numbers 1, 2, 3, 5, 8, ... up to LIMIT, ascending (a subtraction set, e.g. for Fibonacci Nim).",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			lim := needInt(c, 0, a[0], "fibs")
			var out []value.Value
			for x, y := int64(1), int64(2); x <= lim; x, y = y, x+y {
				out = append(out, value.Int(x))
				if y < x { // overflow
					break
				}
			}
			return value.List(out)
		}},
	{BName: "gcd", Pure: true, MinArgs: 2, MaxArgs: 2,
		Doc: "gcd(a, b): the greatest common divisor of two ints, >= 0 (gcd(0, 0) is 0).",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			x, y := needInt(c, 0, a[0], "gcd"), needInt(c, 1, a[1], "gcd")
			g := gcd(x, y)
			if g < 0 {
				c.Fail("integer overflow: gcd(%d, %d) does not fit in 64 bits", x, y)
			}
			return value.Int(g)
		}},
	{BName: "lcm", Pure: true, MinArgs: 2, MaxArgs: 2,
		Doc: "lcm(a, b): the least common multiple of two ints, >= 0. Error: overflow.",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			x, y := needInt(c, 0, a[0], "lcm"), needInt(c, 1, a[1], "lcm")
			if x == 0 || y == 0 {
				return value.Int(0)
			}
			g := gcd(x, y)
			q := x / g
			hi, lo := bits.Mul64(uint64(absI(q)), uint64(absI(y)))
			if g < 0 || q == math.MinInt64 || y == math.MinInt64 || hi != 0 || lo > math.MaxInt64 {
				c.Fail("integer overflow: lcm(%d, %d) does not fit in 64 bits", x, y)
			}
			return value.Int(int64(lo))
		}},
	{BName: "popcount", Pure: true, MinArgs: 1, MaxArgs: 1,
		Doc: "popcount(n): the number of 1 bits of an int n >= 0. Error: n < 0.",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			n := needInt(c, 0, a[0], "popcount")
			if n < 0 {
				c.ArgFail(0, "popcount needs an int >= 0, found %d", n)
			}
			return value.Int(int64(bits.OnesCount64(uint64(n))))
		}},
	{BName: "isqrt", Pure: true, IntResult: true, MinArgs: 1, MaxArgs: 1,
		Doc: "isqrt(n): the largest int r >= 0 with r * r <= n, the square root of n rounded down; -1 for n < 0 (no such r).",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			return value.Int(Isqrt(needInt(c, 0, a[0], "isqrt")))
		}},
	{BName: "mask", Pure: true, IntResult: true, MinArgs: 1, MaxArgs: 1,
		Doc: "mask(n): the int whose n lowest bits are 1, (1 << n) - 1, for n from 0 to 63 (mask(63) is the largest int). Error: n outside 0 .. 63.",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			n := needInt(c, 0, a[0], "mask")
			if n < 0 || n > 63 {
				c.ArgFail(0, "mask needs a number of bits from 0 to 63, found %d (ints have 64 bits, one of them the sign: ~mask(63) is the smallest int)", n)
			}
			return value.Int(int64(uint64(1)<<n - 1))
		}},
	{BName: "range", Pure: true, IntRange: true, MinArgs: 1, MaxArgs: 3,
		Doc: "range(n), range(a, b), range(a, b, step): the list a, a + step, ... stopping before b (as in Python; a = 0 and step = 1 by default). Errors: step 0; more than 10,000,000 elements.",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			var lo, hi, step int64 = 0, 0, 1
			switch len(a) {
			case 1:
				hi = needInt(c, 0, a[0], "range")
			default:
				lo, hi = needInt(c, 0, a[0], "range"), needInt(c, 1, a[1], "range")
				if len(a) == 3 {
					step = needInt(c, 2, a[2], "range")
				}
			}
			if step == 0 {
				c.ArgFail(2, "range: the step must not be 0")
			}
			var n uint64
			if step > 0 && hi > lo {
				n = (uint64(hi-lo) + uint64(step) - 1) / uint64(step)
			} else if step < 0 && hi < lo {
				n = (uint64(lo-hi) + uint64(-step) - 1) / uint64(-step)
			}
			if n > 10_000_000 {
				c.Fail("range of %d elements is too long (at most 10000000)", n)
			}
			c.AllocValues(int(n))
			out := make([]value.Value, n)
			for i := range out {
				c.Poll(i)
				out[i] = value.Int(lo + int64(i)*step)
			}
			return value.List(out)
		}},
}

func upTo(c *engine.Call, a []value.Value) int64 {
	if len(a) < 2 {
		return 0
	}
	n := needInt(c, 1, a[1], c.Name)
	if n < 1 {
		c.ArgFail(1, "%s: the range to check must be at least 1, found %d", c.Name, n)
	}
	return n
}

func familyName(f value.Value) string {
	if f.Kind() == value.KFunc {
		return f.Callable().Name()
	}
	return value.Repr(f)
}

func absI(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func gcd(x, y int64) int64 {
	for y != 0 {
		x, y = y, x%y
	}
	if x < 0 {
		return -x // -MinInt64 stays negative: overflow, reported by the caller
	}
	return x
}

var _ = fmt.Sprint

// GameDocs returns the standard library's game families and their
// documentation (the comment above each game in games.game, or the Go
// family's Doc), sorted by name.
func GameDocs() [][2]string {
	var out [][2]string
	for _, d := range Registry().Games() {
		out = append(out, [2]string{d.Name, d.Doc})
	}
	var comment []string
	for _, line := range strings.Split(gamesSrc, "\n") {
		switch {
		case strings.HasPrefix(line, "# "):
			comment = append(comment, strings.TrimPrefix(line, "# "))
		case strings.HasPrefix(line, "game "):
			name := strings.TrimPrefix(line, "game ")
			if i := strings.IndexByte(name, ')'); i >= 0 {
				name = name[:i+1]
			}
			base := name
			if i := strings.IndexByte(base, '('); i >= 0 {
				base = base[:i]
			}
			out = append(out, [2]string{base, name + ": " + strings.Join(comment, " ")})
			comment = nil
		case strings.TrimSpace(line) == "":
			comment = nil
		}
	}
	slices.SortFunc(out, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
	return out
}

// Isqrt is the largest r >= 0 with r * r <= n, or -1 for n < 0.
func Isqrt(n int64) int64 {
	if n < 0 {
		return -1
	}
	r := int64(math.Sqrt(float64(n)))
	for r > 0 && (r > 3037000499 || r*r > n) {
		r--
	}
	for r < 3037000499 && (r+1)*(r+1) <= n {
		r++
	}
	return r
}
