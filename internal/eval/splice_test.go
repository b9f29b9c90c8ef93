package eval_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// A splice, b[:i] + "X" + b[i + 1:] (b[:i] + [1] + b[i + 1:]), is b
// with one element replaced where i is an index of a string of ASCII
// characters b (a list), and the concatenation as written anywhere else
// (i out of b, negative, not an int; b a list for a string's splice, a
// string or a tuple for a list's, a string with a character that is not
// ASCII): the same values and errors with the passes on and off, as a
// position's argument (its key), as a value made (a def's argument,
// printed) and shared by a filter and the option (Notakto's spelling).
func TestSplices(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, src string }{
		{"as a position", `game g(b) moves g(b[:i] + "X" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == "."
print [sg(g(w)) for w in ["", ".", "....", "X.X..", "..X"]], moves(g("..."))`},
		{"shared by a filter", `def three(b) = "XXX" in b
game g(b) moves g(b[:i] + "X" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == "." and not three(b[:i] + "X" + b[i + 1:])
print [sg(g(n * ".")) for n in 0 .. 9], winning(g("......"))`},
		{"indexes out of the string", `def f(b, i) = b[:i] + "X" + b[i + 1:]
print [f("abcd", i) for i in 0 .. 7], [f("", i) for i in 0 .. 1]`},
		{"a negative index", `def f(b, i) = b[:i] + "X" + b[i + 1:]
print f("abcd", 1), f("abcd", -1)`},
		{"a list, a string that is not ASCII, an index that is not an int", `def f(b, i) = b[:i] + "X" + b[i + 1:]
print f("é..", 1), f("..é", 0)
print f([1, 2, 3], 1)`},
		{"an index that is not an int", `def f(b, i) = b[:i] + "X" + b[i + 1:]
print f("abc", "x")`},
		{"a number", `def f(b, i) = b[:i] + "X" + b[i + 1:]
print f(5, 1)`},
		{"other names, other characters", `def f(b, c, i, j) = b[:i] + "Y" + b[i + 1:] + c[:j] + "é" + c[j + 1:]
print f("....", "abc", 2, 1), f("ab", "cd", 0, 5)`},
		{"lists", `def f(b, i) = b[:i] + [1] + b[i + 1:]
game g(b) moves g(b[:i] + [1] + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == 0 and sum(b[:i] + [1] + b[i + 1:]) < 4
print [f([0, 0, 5], i) for i in 0 .. 5], f([], 0), f(["a", (1, 2), [3]], 1), f([0, 1 << 40], 0)
print [sg(g(n * [0])) for n in 0 .. 7], moves(g([0, 1, 0]))`},
		{"a list splice at a negative index", `def f(b, i) = b[:i] + [1] + b[i + 1:]
print f([0, 0], 1), f([0, 0], -1)`},
		{"a list splice of a tuple", `def f(b, i) = b[:i] + [1] + b[i + 1:]
print f((0, 0), 1)`},
		{"a list splice of a string", `def f(b, i) = b[:i] + [1] + b[i + 1:]
print f("ab", 1)`},
	} {
		stringRuns(t, c.name, c.src+"\n", "")
	}
	r := rand.New(rand.NewPCG(51, 52))
	var src strings.Builder
	src.WriteString("def f(b, i) = b[:i] + \"X\" + b[i + 1:]\n")
	for range 40 {
		b := make([]byte, r.IntN(12))
		for j := range b {
			b[j] = ".XO"[r.IntN(3)]
		}
		fmt.Fprintf(&src, "print [f(%q, i) for i in 0 .. %d]\n", b, len(b)+r.IntN(3))
	}
	stringRuns(t, "random strings", src.String(), "")
}

// TestTwoSplices: two splices (and three), h[:i] + (x,) + h[i + 1:j] + (y,) + h[j +
// 1:] (build's splice2.go), against the concatenation as written, on
// random lists and tuples and every i and j of them and past them (i >=
// j, j out of the list, i negative), literals of two elements, an
// element that fails, a tuple's literal for a list, values not ints.
func TestTwoSplices(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, src string }{
		{"Moore's Nim", `game nimk(h) moves nimk(h[:i] + (x,) + h[i + 1:]) for i in 0 .. len(h) - 1 for x in 0 .. h[i] - 1
  | nimk(h[:i] + (x,) + h[i + 1:j] + (y,) + h[j + 1:]) for i in 0 .. len(h) - 1 for j in i + 1 .. len(h) - 1 for x in 0 .. h[i] - 1 for y in 0 .. h[j] - 1
game nl(h) moves nl(h[:i] + [x] + h[i + 1:j] + [y] + h[j + 1:]) for i in 0 .. len(h) - 1 for j in i + 1 .. len(h) - 1 for x in 0 .. h[i] - 1 for y in 0 .. h[j] - 1
print sg(nimk((3, 2, 2))), sg(nl([3, 2, 2])), moves(nl([1, 1, 0])), moves(nimk((1, 0, 1)))`},
		{"bounds", `def f(h, i, j) = h[:i] + [7] + h[i + 1:j] + [8] + h[j + 1:]
def t(h, i, j) = h[:i] + (7, 9) + h[i + 2:j] + ("a",) + h[j + 1:]
print [f([1, 2, 3, 4], i, j) for i in -1 .. 5 for j in -1 .. 5 if i >= 0 and j >= 0], [t((1, 2, 3, 4, 5), i, j) for i in 0 .. 6 for j in 0 .. 6]
print f((1, 2, 3), 0, 2), f(["a", [1], (2,)], 0, 2)`},
		{"negative", `def f(h, i, j) = h[:i] + [7] + h[i + 1:j] + [8] + h[j + 1:]
print f([1, 2, 3, 4], 1, -1)`},
		{"a tuple's literal for a list", `def t(h, i, j) = h[:i] + (7,) + h[i + 1:j] + (8,) + h[j + 1:]
print t((1, 2, 3), 0, 2)
print t([1, 2, 3], 0, 2)`},
		{"three splices", `def f(h, i, j, k) = h[:i] + [7] + h[i + 1:j] + [8, 9] + h[j + 2:k] + [6] + h[k + 1:]
game m3(h) moves m3(h[:i] + (h[i] - 1,) + h[i + 1:j] + (h[j] - 1,) + h[j + 1:k] + (h[k] - 1,) + h[k + 1:]) for i in 0 .. len(h) - 1 for j in i + 1 .. len(h) - 1 for k in j + 1 .. len(h) - 1 if h[i] > 0 and h[j] > 0 and h[k] > 0
print [f([1, 2, 3, 4, 5, 6], i, j, k) for i in 0 .. 6 for j in 0 .. 6 for k in 0 .. 6], sg(m3((2, 2, 1, 3))), moves(m3((1, 1, 1, 0)))
print f((1, 2, 3, 4, 5), 0, 1, 3)`},
		{"an element that fails", `def f(h, i, j) = h[:i] + [10 / h[i]] + h[i + 1:j] + [8] + h[j + 1:]
print f([5, 1, 2], 0, 2)
print f([0, 1, 2], 0, 2)`},
	} {
		stringRuns(t, c.name, c.src+"\n", "")
	}
}
