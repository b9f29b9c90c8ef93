package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// Positions that are strings, their options made by slices,
// concatenations and characters replaced, written in place or through
// defs that inline (put(put(b, i), j): an argument evaluated first into a
// hidden local), and their characters tested as b[i] == "x" or
// b[i:i + 2] == "xx" (compile's strtest.go, build's splice.go): the same
// values and errors with the passes that build them on and off, also
// where the fast way's assumptions fail (indexes out of range or
// negative, characters that are not ASCII, operands that are not
// strings, a replacement of another length) and where a def fails.
var stringsCases = []string{
	// A string literal written in place of a def's parameter in an int
	// condition (the int analysis says no int, and the compiler agrees:
	// TestOptDiffRandom's program 190 of seed 20261121).
	`let K0 = 2
def d1(a, b, c) = (b) / (a)
game g1(n) moves g1(n - i) for i in (1, 4, 5) if d1("s", -(K0), i) != 0 if n > 0
print sg(g1(0))
print sg(g1(3))`,
	// Dawson's Kayles on a ring, a def called twice.
	`def put(s, i) = s[:i] + "." + s[i + 1:]
game ring(b) moves ring(put(put(b, i), (i + 1) % len(b))) for i in 0 .. len(b) - 1 if b[i] == "x" and b[(i + 1) % len(b)] == "x"
print [sg(ring(n * "x")) + sg(ring("." + (n - 1) * "x")) for n in 3 .. 12], moves(ring("xxx.x"))
print sg(ring("xéxx"))
print sg(ring(["x", "x", "x"]))
print sg(ring([1, 1]))`,
	// Three alternatives, two characters replaced, a slice tested.
	`game ring(b) moves
    ring(b[:i] + "..") for i in 0 .. len(b) - 2 if b[i:i + 2] == "xx" and i == len(b) - 2
  | ring(b[:i] + ".." + b[i + 2:]) for i in 0 .. len(b) - 3 if b[i:i + 2] == "xx"
  | ring("." + b[1:len(b) - 1] + ".") if len(b) > 1 and b[0] == "x" and b[len(b) - 1] == "x"
print [sg(ring(n * "x")) for n in 2 .. 12], sg(ring("xxéxx"))
print sg(ring(("x", "x", "x")))`,
	// Kayles on a row: one or two pins; the pair's index one past the end.
	`game k(b) moves k(b[:i] + "." + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == "x"
  | k(b[:i] + ".." + b[i + 2:]) for i in 0 .. len(b) - 1 if b[i] == "x" and "x" == b[i + 1]
print [sg(k(n * "x")) for n in 1 .. 10]
print sg(k("xx.x"))`,
	`game k(b) moves k(b[:i] + ".." + b[i + 2:]) for i in 0 .. len(b) - 1 if b[i:i + 2] != ".." and b[i] != "."
print [sg(k(n * "x")) for n in 1 .. 9], sg(k("x.éx"))`,
	// A def of three parameters, the character a name; of another
	// length, or not a string.
	`def put(s, i, ch) = s[:i] + ch + s[i + 1:]
game g(b) moves g(put(b, i, "X")) for i in 0 .. len(b) - 1 if b[i] == "."
print [sg(g(n * ".")) for n in 0 .. 8], sg(g(".X.é."))`,
	`def put(s, i, ch) = s[:i] + ch + s[i + 1:]
game g(b) moves g(put(b, i, c)) for i in 0 .. len(b) - 1 if b[i] == "." for c in ["X", "YY", "Z"]
print sg(g("...")), len(moves(g("..")))`,
	`def put(s, i, ch) = s[:i] + ch + s[i + 1:]
game g(b) moves g(put(b, i, c)) for i in 0 .. len(b) - 1 if b[i] == "." for c in ["X", 3]
print sg(g(".."))`,
	// Indexes out of range, negative ones, operands not strings.
	`game g(b) moves g(b[:i] + "X" + b[i + 1:]) for i in 0 .. len(b) if i < len(b) and b[i] == "." or i == len(b) and len(b) < 3
print sg(g("..")), moves(g("."))`,
	`game g(b) moves g(b[:i] + "X" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i - 1] == "."
print sg(g("..."))`,
	`game g(b) moves g(b[:i] + "X" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i - 1:i + 1] == ".."
print sg(g("..."))`,
	`game g(b) moves g(b[:i] + "X" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == "."
print sg(g(5))`,
	`game g(b) moves g(b[:i] + "X" + b[i + 1:]) for i in 0 .. 2 if b[i] == "."
print sg(g([".", ".", "."]))`,
	`game g(b) moves g(b[:i] + "X" + b[i + 1:]) for i in 0 .. 2 if b["a"] == "."
print sg(g("..."))`,
	`game g(b) moves g(b[:i] + "X" + b[i + 1:]) for i in 0 .. 2 if b[i:"a"] == "."
print sg(g("..."))`,
	// Errors inside the defs, on the trace; in an argument, off it.
	`def put(s, i) = s[:i] + "." + s[i + 1:]
game ring(b) moves ring(put(put(b, i), (i + 1) % len(b))) for i in 0 .. 1
print sg(ring(7))`,
	`def put(s, i) = s[:i] + "." + s[i + 1:]
game ring(b) moves ring(put(put(b, i), 1 / (i - 1))) for i in 0 .. len(b) - 1 if b[i] == "x"
print sg(ring("xxx"))`,
	`def put(s, i) = s[:i] + "." + s[i + 1:]
game ring(b) moves ring(put(put(b, i), "a")) for i in 0 .. len(b) - 1 if b[i] == "x"
print sg(ring("xxx"))`,
	`def put(s, i) = s[:i] + "." + s[i + 1:]
def two(s, i) = put(put(s, i), i + 2)
game g(b) moves g(two(b, i)) for i in 0 .. len(b) - 1 if b[i] == "x"
print [sg(g(n * "x")) for n in 1 .. 8]`,
	// The string the second argument; an argument before it failing.
	`def put(i, s) = s[:i] + "." + s[i + 1:]
game ring(b) moves ring(put((i + 1) % len(b), put(i, b))) for i in 0 .. len(b) - 1 if b[i] == "x" and b[(i + 1) % len(b)] == "x"
print [sg(ring(n * "x")) for n in 3 .. 10]
print sg(ring("xéxx"))`,
	`def put(i, s) = s[:i] + "." + s[i + 1:]
game ring(b) moves ring(put(10 / (i - 1), put(i, b))) for i in 0 .. len(b) - 1 if b[i] == "x"
print sg(ring("xxxx"))`,
	// The index an expression: by row and column, out of range, failing.
	`let W = 3
game g(b) moves g(b[:r * W + c] + "X" + b[r * W + c + 1:]) for r in 0 .. 2 for c in 0 .. W - 1 if r * W + c >= len(b) or b[r * W + c] == "."
print sg(g(6 * ".")), sg(g(7 * "."))`,
	`game g(b) moves g(b[:6 / i] + "X" + b[6 / i + 1:]) for i in 0 .. 3 if len(b) < 9
print sg(g(5 * "."))`,
	`game g(b) moves g(b[:6 / i] + "X" + b[6 / i + 1:]) for i in 1 .. 3 if "." in b
print sg(g(7 * ".")), sg(g(3 * "."))`,
	`def put(s, i) = s[:i] + "." + s[i + 1:]
game g(b) moves g(put(put(b, 0), len(b) - 1)) if b[0] == "x" or b[len(b) - 1] == "x"
print sg(g("xxx")), sg(g("x")), sg(g("x.x.."))
print sg(g(""))`,
	// The index (i + 1) % len(b), written twice.
	`game g(b) moves g(b[:(i + 1) % len(b)] + "." + b[(i + 1) % len(b) + 1:]) for i in 0 .. len(b) - 1 if b[i] == "." and b[(i + 1) % len(b)] == "x"
print [sg(g("." + n * "x")) for n in 0 .. 8], sg(g("")), sg(g("x.xéx"))
print sg(g([".", "x"]))`,
	// The bounds written out: 0 and len(b).
	`game k(b) moves k(b[0:i] + "." + b[i + 1:len(b)]) for i in 0 .. len(b) if i == len(b) and len(b) < 4 or i < len(b) and b[i] == "x"
print [sg(k(n * "x")) for n in 0 .. 6], sg(k("xéx"))
print sg(k([1, 2]))`,
	`game k(b) moves k(b[0:i] + [0] + b[i + 1:len(b)]) for i in 0 .. len(b) - 1 if b[i] == 1
print [sg(k(n * [1])) for n in 0 .. 6], sg(k("xx"))`,
	// Joined: an edit of the string's characters, elements not strings,
	// not ASCII, separators.
	`game ring(b) moves ring(join([if j == i or j == (i + 1) % len(b) then "." else b[j] for j in 0 .. len(b) - 1], "")) for i in 0 .. len(b) - 1 if b[i] == "x" and b[(i + 1) % len(b)] == "x"
print [sg(ring(n * "x")) for n in 2 .. 9], sg(ring("xxéxx")), sg(ring(["x", "x", "x"]))
print sg(ring(("x", "x", 1)))`,
	`game g(b) moves g(join([if j == i then "-" else b[j] for j in 0 .. len(b) - 1], s)) for i in 0 .. len(b) - 1 if b[i] == "." for s in ["", "é"] if len(b) < 4
print sg(g("..")), sg(g(".")), sg(g("é."))`,
	`game g(b) moves g(join([if j == i then 1 else b[j] for j in 0 .. len(b) - 1], "")) for i in 0 .. len(b) - 1 if b[i] == "."
print sg(g("x.x"))`,
	`game g(b) moves g(join([if j == i then c else if j == i + 1 then "-" else b[j] for j in 0 .. len(b) - 1], "")) for i in 0 .. len(b) - 1 if b[i] == "." for c in ["X", "ab", "é", "Y"] if len(b) < 5
print sg(g("..")), sg(g("x.")), len(moves(g("..."))), moves(g(".x."))`,
	`game g(b) moves g(join([if j == i then "X" else b[j] for j in 0 .. len(b) - 1], "")) for i in 0 .. len(b) - 1 if b[i] == "."
  | g(b[1:]) if len(b) > 0 and b[0] == "X"
print [sg(g(n * ".")) for n in 0 .. 7]`,
	`game g(b) moves g(join([if j == i then (if i == 1 then 7 else "X") else b[j] for j in 0 .. len(b) - 1], "-")) for i in 0 .. len(b) - 1 if b[i] == "."
print sg(g(".")), sg(g("x."))
print sg(g(".."))`,
	`game g(b) moves g(join([b[j] for j in 0 .. len(b) - 1 if j != i], "")) for i in 0 .. len(b) - 1
print [sg(g(n * "x")) for n in 0 .. 6]
print sg(g("xy")), sg(g([1]))`,
	`game g(b) moves g(join(["x", b], 5)) if len(b) < 3
print sg(g(""))`,
	// The characters enumerated, zipped.
	`def put(s, i) = s[:i] + "." + s[i + 1:]
game ring(b) moves ring(put(put(b, i), (i + 1) % len(b))) for (i, c) in enumerate(b) if c == "x" and b[(i + 1) % len(b)] == "x"
print [sg(ring(n * "x")) for n in 2 .. 9], sg(ring("xxéxx")), enumerate("aé"), zip("ab", [1, 2, 3]), chars("xé.")
print sg(ring(5))`,
	// Outside a rule: the hidden locals globals.
	`def put(s, i) = s[:i] + "." + s[i + 1:]
def put3(s, i, ch) = s[:i] + ch + s[i + 1:]
game ring(b) moves ring(put(put(b, i), (i + 1) % len(b))) for i in 0 .. len(b) - 1 if b[i] == "x" and b[(i + 1) % len(b)] == "x"
print sg(ring(put(put("xxxxxx", 0), 1))), [sg(ring(put(put(n * "x", 0), n - 1))) for n in 3 .. 9]
print put(put("abc", 0), 2), put3(put3("abc", 1, "é"), 0, "z"), put3("abc", 5, "Q"), put(put(put("abcd", 0), 1), 2)
let s = put3("xyz", 1, "..")
print s, len(s), s[1] == ".", s[1:3] == "..", sg(ring(put(put("xxxxxxx", 6), 7)))`,
	// A board of squares, a line of three "X" forbidden.
	`let W = 4
def dead(b) = any([b[j] == "X" and b[j + 1] == "X" and b[j + 2] == "X" for j in 0 .. len(b) - 3 if j % W <= W - 3])
game nota(b) moves nota(b[:i] + "X" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == "." and not dead(b[:i] + "X" + b[i + 1:])
print sg(nota(8 * ".")), sg(nota("X" + 7 * "."))`,
	// Strings in a list, len of strings not ASCII.
	`game g(b) moves g(b[:i] + ["X"] + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == "."
print sg(g([".", ".", "X"])), len("aé"), len("ab"), len("aé"[1:])`,
}

func TestStringsExact(t *testing.T) {
	t.Parallel()
	diffCases(t, stringsCases, passes.Strings, passes.Inline, passes.Composite, passes.All)
}
