package eval_test

// Tests of the passes for boards written as strings and the lines of a
// board: masks (any and all of a comprehension without its list; a
// test of each index of a list of indexes, and the lists of a list of
// them, as word masks), strings (strings built in scratch buffers and
// keyed packed over an alphabet), shared (an expression a filter
// computes first and the yield again computed once). One game written
// as a string, a list of 0s and 1s, a set and an int bitmask must give
// the values of a brute-force search in Go, with all passes on, each of
// these off and all off; scripts whose lines or boards are not what the
// masks assume must fail or not exactly as the plain evaluator does.

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/testenv"
)

// stringRuns runs src with all passes on, with masks, strings and shared
// off one at a time and with all of them off: the first run must print
// want (when it is not ""), the others the same as it, or fail the same.
func stringRuns(t *testing.T, label, src, want string) {
	t.Helper()
	c := optCase{name: "t.game", src: src}
	on := runOptWith(c, 0)
	if want != "" && (on.out != want || on.err != "") {
		t.Errorf("%s: with all passes on\n got: %s\nwant: %s\nscript:\n%s", label, on, want, optIndent(src))
		return
	}
	for _, off := range []passes.Pass{passes.Masks, passes.Strings, passes.Shared, passes.All} {
		r := runOptWith(c, off)
		if ok, why := optSame(on, r, true); !ok {
			t.Errorf("%s: without %s: %s\nscript:\n%s\n=== all passes:\n%s\n=== without %s:\n%s", label, off, why, optIndent(src), on, off, r)
		}
	}
}

// notaktoLines are the lines of k cells of a w x h board (across, down,
// both diagonals), as lists of cell numbers r * w + c.
func notaktoLines(w, h, k int) [][]int {
	var out [][]int
	for r := range h {
		for c := range w {
			for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				r2, c2 := r+(k-1)*d[0], c+(k-1)*d[1]
				if r2 < 0 || r2 >= h || c2 < 0 || c2 >= w {
					continue
				}
				var l []int
				for i := range k {
					l = append(l, (r+i*d[0])*w+c+i*d[1])
				}
				out = append(out, l)
			}
		}
	}
	return out
}

// TestNotaktoSpellings: Notakto (write an X on an empty cell; a move may
// not complete a line of k X; who cannot move loses) on random boards,
// from random positions, written as a string (slices and update), a list
// of 0s and 1s (slices and update), a set of the cells with an X, and an
// int bitmask (the lines as masks, and bit by bit).
func TestNotaktoSpellings(t *testing.T) {
	t.Parallel()
	r, _ := propRand(t, 47)
	for i := range propCount(testenv.Scale(4, 8)) {
		w, h := 1+r.IntN(4), 1+r.IntN(4)
		for w*h > 12 {
			w, h = 1+r.IntN(4), 1+r.IntN(4)
		}
		k := 2 + r.IntN(2)
		n := w * h
		lines := notaktoLines(w, h, k)
		var masks []uint64
		var lits []string
		for _, l := range lines {
			var m uint64
			var xs []string
			for _, c := range l {
				m |= 1 << c
				xs = append(xs, strconv.Itoa(c))
			}
			masks = append(masks, m)
			lits = append(lits, "["+strings.Join(xs, ", ")+"]")
		}
		dead := func(s uint64) bool {
			for _, m := range masks {
				if s&m == m {
					return true
				}
			}
			return false
		}
		memo := map[uint64]int{}
		opts := func(s uint64) []uint64 {
			var o []uint64
			for c := range n {
				if t := s | 1<<c; s>>c&1 == 0 && !dead(t) {
					o = append(o, t)
				}
			}
			return o
		}
		src := fmt.Sprintf(`let N = %d
let LINES = [%s]
let MASKS = [sum([1 << j for j in L]) for L in LINES]
def deadS(b) = any([all([b[j] == "X" for j in L]) for L in LINES])
game s1(b) moves s1(b[:i] + "X" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == "." and not deadS(b[:i] + "X" + b[i + 1:])
game s2(b) moves s2(update(b, i, "X")) for i in 0 .. N - 1 if b[i] != "X" if not deadS(update(b, i, "X"))
def deadL(b) = any([all([b[j] == 1 for j in L]) for L in LINES])
game l1(b) moves l1(b[:i] + [1] + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == 0 and not deadL(b[:i] + [1] + b[i + 1:])
game l2(b) moves l2(update(b, i, 1)) for i in 0 .. N - 1 if b[i] == 0 and not deadL(update(b, i, 1))
def deadT(S) = any([all([j in S for j in L]) for L in LINES])
game t1(S) moves t1(S | {i}) for i in 0 .. N - 1 if i not in S and not deadT(S | {i})
def deadB(m) = any([m & x == x for x in MASKS])
game b1(m) moves b1(m | (1 << i)) for i in 0 .. N - 1 if m & (1 << i) == 0 and not deadB(m | (1 << i))
def deadC(m) = any([all([m >> j & 1 == 1 for j in L]) for L in LINES])
game b2(m) moves b2(m | (1 << i)) for i in 0 .. N - 1 if m >> i & 1 == 0 and not deadC(m | (1 << i))
`, n, strings.Join(lits, ", "))
		var want strings.Builder
		for _, m := range append(randomMasks(r, n, 3), 0) {
			if dead(m) {
				continue
			}
			var str, l []string
			for c := range n {
				str = append(str, map[uint64]string{0: ".", 1: "X"}[m>>c&1])
				l = append(l, strconv.Itoa(int(m>>c&1)))
			}
			s := strings.Join(str, "")
			src += fmt.Sprintf("print sg(s1(%q)), sg(s2(%q)), sg(l1([%s])), sg(l2([%s])), sg(t1(%s)), sg(b1(%d)), sg(b2(%d))\n", s, s, strings.Join(l, ", "), strings.Join(l, ", "), maskSet(m), m, m)
			v := strconv.Itoa(mexSG(memo, m, opts))
			fmt.Fprintf(&want, "%s %s %s %s %s %s %s\n", v, v, v, v, v, v, v)
		}
		stringRuns(t, fmt.Sprintf("notakto %d (%d x %d, lines of %d)", i, w, h, k), src, want.String())
	}
}

// TestMasksExact: folds the masks pass takes, and folds whose lines,
// boards or elements are not what the masks assume (which then run as
// written), and sums of comprehensions (streamed): the same values and
// the same errors at the same places.
func TestMasksExact(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, src string }{
		{"lines in range", `let LINES = [[0, 1, 2], [2, 3], [], [3]]
def f(b) = [any([all([b[j] == "X" for j in L]) for L in LINES]), all([any([b[j] != "X" for j in L]) for L in LINES]), any([b[j] == "X" for j in LINES[0]]), all([b[j] == "." for j in LINES[1]])]
print f("XXX."), f("...X"), f("X.X."), f(["X", "X", "X", 1]), f(("X", ".", "X", "X"))`},
		{"an index past the board", `let LINES = [[0, 1], [2, 9]]
def dead(b) = any([all([b[j] == "X" for j in L]) for L in LINES])
print dead("XX..")`},
		{"an index past the board, a list", `let LINES = [[0, 1], [2, 4]]
def dead(b) = any([all([b[j] == 1 for j in L]) for L in LINES])
print dead([1, 1, 0, 0])`},
		{"a negative index", `let LINES = [[0, 1], [-1, 2]]
def dead(b) = any([all([b[j] == "X" for j in L]) for L in LINES])
print dead("XX..")`},
		{"a line that is not a list", `let LINES = [[0, 1], 5]
def dead(b) = any([all([b[j] == "X" for j in L]) for L in LINES])
print dead("XX..")`},
		{"an index that is not an int", `let LINES = [[0, 1], [1, "a"]]
def dead(b) = any([all([b[j] == "X" for j in L]) for L in LINES])
print dead("XX..")`},
		{"lines as tuples and sets", `let LINES = ((0, 1), {2, 3}, [1, 3])
def dead(b) = any([all([b[j] == "X" for j in L]) for L in LINES])
print dead("XX.."), dead(".X.X"), dead("..X."), dead("..XX")`},
		{"a board that is not indexable", `let LINES = [[0, 1]]
def dead(b) = any([all([b[j] == "X" for j in L]) for L in LINES])
print dead({0: "X", 1: "X"}), dead(5)`},
		{"a board of characters that are not ASCII", `let LINES = [[0, 1], [1, 2]]
def dead(b) = any([all([b[j] == "é" for j in L]) for L in LINES])
print dead("éé."), dead(".éé"), dead("é.é")`},
		{"a character that is several", `let LINES = [[0, 1]]
def f(b) = [all([b[j] == "XX" for j in L]) for L in LINES] + [any([b[j] != 1 for j in L]) for L in LINES]
print f("XX")`},
		{"no lines, empty lines", `def f(b, LS) = [any([all([b[j] == "X" for j in L]) for L in LS]), all([all([b[j] == "X" for j in L]) for L in LS]), any([any([b[j] == "X" for j in L]) for L in LS])]
print f("", []), f("", [[], []]), f(".", [[], [0]]), f(5, [[], []])`},
		{"membership", `let LINES = [[0, 1], [1, 5]]
def f(S) = [any([all([j in S for j in L]) for L in LINES]), all([any([j not in S for j in L]) for L in LINES])]
print f({0, 1}), f({1, 5}), f([5, 1]), f((0, 3)), f({0: 1, 1: 2}), f(set()), f({(0, 1)}), f({"a", 1, 0})`},
		{"membership of a string", `let LINES = [[0, 1]]
def f(S) = any([all([j in S for j in L]) for L in LINES])
print f("01")`},
		{"int masks", `let MS = [3, 12, 5, -1, 0]
def f(m) = [any([m & x == x for x in MS]), all([x & m != x for x in MS]), any([x == m & x for x in MS]), all([m & x == 0 for x in MS]), any([x & m != 0 for x in MS])]
print f(0), f(3), f(15), f(-1), f(1 << 62)`},
		{"int masks with a string", `let MS = [3, "a"]
def f(m) = any([m & x == x for x in MS])
print f(3)`},
		{"int masks of a board that is not an int", `let MS = [3]
def f(m) = any([m & x == x for x in MS])
print f({0, 1})`},
		{"the board computed first", `let MS = [3, 6]
def f(m) = any([(m << 70) & x == x for x in MS])
print f(1)`},
		{"the board computed first, no masks", `def f(m, MS) = any([(m << 70) & x == x for x in MS])
print f(1, [])`},
		{"a let used before it is bound", `def f(b) = any([all([b[j] == "X" for j in L]) for L in LATER])
print f("XX")
let LATER = [[0, 1]]`},
		{"a board read before it is bound", `def f(L) = any([B[j] == "X" for j in L])
print f([]), f([0])
let B = "X"`},
		{"lets made again", `let LINES = [[0, 1]]
def dead(b) = any([all([b[j] == "X" for j in L]) for L in LINES])
print dead("XX.")
let LINES = [[1, 2]]
print dead("XX."), dead(".XX")`},
		{"lines unpacked, and", `let LINES = [(0, 1, 2), [1, 2, 3], (3, 0, 1)]
def f(b) = [any([b[x] == 1 and b[y] == 1 and b[z] == 1 for (x, y, z) in LINES]), all([b[x] != "X" or b[y] != "X" or b[z] != "X" for (x, y, z) in LINES])]
print f([1, 1, 1, 0]), f([0, 1, 1, 1]), f([1, 0, 1, 1]), f("XXX."), f(".X.X")`},
		{"lines unpacked, a line of another length", `let LINES = [(0, 1, 2), (1, 2)]
def dead(b) = any([b[x] == 1 and b[y] == 1 and b[z] == 1 for (x, y, z) in LINES])
print dead([1, 1, 1, 0])
print dead([0, 1, 1, 0])`},
		{"lines unpacked, a set line", `let LINES = [{0, 1, 2}]
def dead(b) = any([b[x] == 1 and b[y] == 1 and b[z] == 1 for (x, y, z) in LINES])
print dead([1, 1, 1, 0])`},
		{"lines unpacked, an index past the board after the decision", `let LINES = [(0, 1, 9), (1, 2, 3)]
def dead(b) = any([b[x] == 1 and b[y] == 1 and b[z] == 1 for (x, y, z) in LINES])
print dead([0, 1, 1, 1]), dead([1, 0, 1, 1])
print dead([1, 1, 1, 1])`},
		{"lines unpacked, tests in another order or of another name", `let LINES = [(0, 1), (1, 2)]
def f(b) = [any([b[y] == 1 and b[x] == 1 for (x, y) in LINES]), any([b[x] == 1 and b[x] == 1 for (x, y) in LINES]), any([b[x] == 1 and b[y] == 0 for (x, y) in LINES])]
print f([1, 1, 0]), f([0, 1, 0]), f([1, 0, 1])`},
		{"all and any of elements that are not bools", `def f(xs) = [any([x > 0 for x in xs]), all([x for x in xs])]
print any([x for x in [false, 1, true]]), all([x for x in [true, false, 1]])
print any([x for x in [1, true]])`},
		{"an error after the element that decides", `print any([10 / x > 1 for x in [1, 0]])`},
		{"a non-bool before an error", `print all([if x == 0 then 5 else 10 / (x - 1) > 0 for x in [0, 1]])`},
		{"a non-bool before the element that decides", `print all([if x == 0 then "a" else false for x in [0, 1]])`},
		{"sums of ints", `def f(n) = sum([x * x for x in 1 .. n if x % 2 == 1])
print f(10), f(0), sum([x for x in []]), sum([-9223372036854775807 - 1 + x for x in [1, 0]])`},
		{"a sum of an element that is not an int", `print sum([if x == 2 then "a" else x for x in 1 .. 4])`},
		{"a sum of a game", `game g(n) moves g(n - 1) if n > 0
print sum([g(x) for x in 1 .. 3])`},
		{"a sum's error after a non-int", `print sum([if x == 2 then "a" else 10 / (x - 3) for x in 1 .. 4])`},
		{"a sum that overflows before a non-int", `print sum([[9223372036854775807, 1, "a"][i] for i in 0 .. 2])`},
		{"a sum that overflows down", `print sum([[-9223372036854775807, -1, -1, "x"][i] for i in 0 .. 3])`},
		{"a sum's error in a def", `def f(xs) = sum([x for x in xs])
def g(n) = f([1, n])
print g(2), g("b")`},
	} {
		stringRuns(t, c.name, c.src+"\n", "")
	}
}

// TestStringBuilds: strings built in scratch buffers (slices,
// concatenations, updates) and keyed over an alphabet: the same values
// and errors as the operators give, for ASCII strings and others, as an
// option and as a value.
func TestStringBuilds(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, src string }{
		{"slices and concatenations", `game g(b) moves g(b[:i] + b[i + 2:]) for i in 0 .. len(b) - 2 if b[i] != b[i + 1] | g(b[1:] + "a") if len(b) % 4 == 1 and b[0] == "b"
print [sg(g(w)) for w in ["abab", "babba", "aabbabab", "", "ba"]], moves(g("babab"))`},
		{"updates", `game g(b) moves g(update(b, i, "X")) for i in 0 .. len(b) - 1 if b[i] == "." and "XXX" not in update(b, i, "X")
print [sg(g(w)) for w in ["", ".", "......", "X.X.X..", "..X"]], winning(g("....."))`},
		{"an update by a string of several characters", `game g(b) moves g(update(b, i, "XY")) for i in 0 .. len(b) - 1 if b[i] == "." and len(b) < 6
print sg(g("..")), moves(g(".."))`},
		{"characters that are not ASCII", `game g(b) moves g(b[:i] + "é" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == "."
print sg(g("..é.")), moves(g(".é"))`},
		{"a slice with a bound past the end", `game g(b) moves g(b[:i] + b[i + 5:]) for i in 0 .. len(b) - 1 if b[i] == "a"
print sg(g("abcab"))`},
		{"a negative bound", `game g(b) moves g(b[:i - 1] + "x") for i in 0 .. len(b) - 1 if b[i] == "a"
print sg(g("ab"))`},
		{"a bound that is not an int", `game g(b) moves g(b[:"a"] + "x") for i in 0 .. len(b) - 1
print sg(g("ab"))`},
		{"a string plus a list", `game g(b) moves g(b[:i] + [1]) for i in 0 .. len(b) - 1
print sg(g("ab"))`},
		{"a list plus a string", `game g(b) moves g(b[:i] + "x") for i in 0 .. len(b) - 1
print sg(g([1, 2]))`},
		{"a slice of a number", `game g(b) moves g(b[:1] + "x") if b != "x"
print sg(g(5))`},
		{"more than sixteen characters", `let A = "abcdefghijklmnopqrstuvwxyz"
game g(b) moves g(b[1:]) if len(b) > 0 | g(b[:len(b) - 1] + A[len(b)]) if len(b) > 0 and len(b) < 20 and b[len(b) - 1] != A[len(b)]
print [sg(g(A[:n])) for n in 0 .. 20], sg(g("zzzz"))`},
		{"strings and other values as one argument", `game g(b) moves g(b[1:]) if b != "" and b != [] | g([1] + b[1:]) if b != "" and b[0] == "a"
print sg(g("abc")), sg(g("bab"))`},
		{"a value built and printed", `def f(b, i) = b[:i] + "X" + b[i + 1:]
print f("....", 2), f("é..", 1), f([1, 2, 3], 1)`},
		{"a list spliced with an element computed", `game g(c) moves g(c[:i] + [p] + c[i + 1:]) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if i == 0 or p > c[i - 1]
game h(c) moves h(c[:i] + [c[i] / (i - 1)] + c[i + 1:]) for i in 0 .. len(c) if c != [] and c[0] > 0
game k(c) moves k(c[:i] + [(i, c[i])] + c[i + 1:]) for i in 0 .. len(c) - 1 if c[i] == 1
print sg(g([1, 3, 6])), moves(g([0, 2])), sg(k([1, 0, 1])), moves(k([1, 1]))
print sg(h([2, 3, 5]))
print sg(k((1, 1)))`},
		{"two arguments", `game g(a, b) moves g(b, a[:i] + "X" + a[i + 1:]) for i in 0 .. len(a) - 1 if a[i] == "." and len(b) > 0
print sg(g("...", "..")), sg(g("..", "..."))`},
	} {
		stringRuns(t, c.name, c.src+"\n", "")
	}
}
