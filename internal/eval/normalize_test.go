package eval_test

import (
	"strings"
	"testing"
	"time"
)

// Edge cases of the normalizations that bring spellings to one shape
// (package rewrite: alias and partner bindings over any values, wrappers
// of positions, guards as helper defs): the same output and errors
// (positions, traces) with every pass on and off.
var normalizeCases = []struct{ name, src string }{
	{"a wrapper computing its argument, overflowing", `
let S = {1, 3, 4}
def take(n, s) = sub(n - s)
game sub(n) moves take(n, s) for s in S if s <= n
print [sg(sub(n)) for n in 0 .. 20]
print sg(sub(-9223372036854775807))
`},
	{"wrappers of two levels, the last computing", `
def piece(a, b) = part(a, b)
def part(x, y) = cut(x * 2 / 2, y)
game cut(w, h) moves piece(i, h) + piece(w - i, h) for i in 2 .. w - 2 | piece(w, j) + piece(w, h - j) for j in 2 .. h - 2
print [sg(cut(w, h)) for w in 2 .. 9 for h in 2 .. 9]
print sg(cut(4611686018427387914, 3))
`},
	{"a wrapper computing, overflowing in the fast loop", `
def piece(a, b) = part(a, b)
def part(x, y) = cut(x + 5000000000000000000 - 5000000000000000000, y)
game cut(w, h) moves piece(i, h) + piece(w - i, h) for i in 2 .. w - 2 | piece(w, j) + piece(w, h - j) for j in 2 .. h - 2
print [sg(cut(w, h)) for w in 2 .. 9 for h in 2 .. 9]
print sg(cut(5000000000000000000, 3))
`},
	{"sg of defs that wrap positions, and of defs that do not", `
def at(a, b) = q((a, b))
def two(a) = at(a, 1) + at(1, a)
def notgame(a) = a + 1
def shadow(q) = q
def pair(a) = [at(a, 0), (a, at(0, a))]
game q(p) moves q((p[0] - k, p[1])) for k in 1 .. p[0]
print sg(at(3, 4)), outcome(two(3)), sg(sum of at(a, a) for a in 0 .. 5), pair(2)
print sg(shadow(*3)), sg(shadow(q((2, 2))))
print sg(notgame(2))
`},
	{"mutual recursion under inlined defs with literals", `
def even(n) = if n == 0 then true else odd(n - 1)
def odd(n) = if n == 0 then false else even(n - 1)
def both(n) = (even(n), [odd(n)], {even(n + 1)})
print both(10)
print both(-1)
`},
	{"a wrapper computing from a global", `
def take(n, s) = sub(n - s * K)
game sub(n) moves take(n, s) for s in 1 .. 3 if s * K <= n
print sg(sub(5))
let K = 2
print [sg(sub(n)) for n in 0 .. 20]
`},
	{"guard helpers of two levels, overflowing", `
def wide(x) = x >= 2
def fits(i, w) = wide(i) and wide(w + w - i - w)
game cut(w, h) moves cut(i, h) + cut(w - i, h) for i in 0 .. w if fits(i, w) | cut(w, j) + cut(w, h - j) for j in 0 .. h if fits(j, h)
print [sg(cut(w, h)) for w in 2 .. 9 for h in 2 .. 9]
print sg(cut(4611686018427387914, 3))
`},
	{"guard helpers with not, a literal and a global", `
let L = 1
def inside(n, s) = not (s > n) and true
def ok(n, s) = inside(n, s) and s >= L
game sub(n) moves sub(n - s) for s in {1, 2, 5} if ok(n, s)
print [sg(sub(n)) for n in 0 .. 20]
`},
	{"a guard helper dropping an argument", `
def ok(n, s, z) = n - s >= 0
game sub(n) moves sub(n - s) for s in 1 .. 5 if ok(n, s, 1 / (s - 3))
print sg(sub(2))
print sg(sub(9))
`},
	{"a guard helper on a value that is not an int", `
def ok(n, s) = n - s >= 0
game sub(n) moves sub(n - s) for s in [1, "a"] if ok(n, s)
print sg(sub(0))
print sg(sub(3))
`},
	{"partner bindings over a set of other values", `
game sub(n) moves sub(m) for s in S for m in [n - s] if m >= 0
let S = {1, 2, *1}
print sg(sub(3))
`},
	{"a destructured tuple, shadowed and swapped", `
game q(p) moves q((a - k, b)) for (a, b) in [p] for k in 1 .. a
  | q((b, a - 1)) for (a, b) in [p] for a in [b] if a > 0
  | q((a, b - k)) for (b, a) in [(p[1], p[0])] for k in 1 .. b
print [sg(q((a, b))) for a in 0 .. 5 for b in 0 .. 5]
`},
	{"a destructured tuple of the wrong length", `
game q(p) moves q((a - 1, b)) for (a, b) in [p] for k in 1 .. a
print sg(q((2, 2)))
print sg(q((2, 2, 2)))
`},
}

func TestNormalizeDiff(t *testing.T) {
	t.Parallel()
	for _, c := range normalizeCases {
		start := time.Now()
		optCheck(t, c.name, optCase{name: "t.game", src: strings.TrimPrefix(c.src, "\n")}, true)
		if d := time.Since(start); d > time.Second {
			t.Logf("%s: %v", c.name, d)
		}
	}
}
