package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// packEditsCases: positions whose one list argument is an edit, a mask
// edit, an update chain or a splice of a list, built as the words of
// its key (package packedit): lists of 0s and 1s, of bools and of small
// ints, tuples (an edit of one makes a list), an int that widens a list
// of bits to a byte an element, ints past 63 and strings that send the
// build back to the scratch, a list of small ints that the edit leaves
// all 0s and 1s (keyed a bit an element), lists past 64 and 127
// elements, the empty list, errors inside the arms, the index and the
// element spliced, an index out of range, moves listed, cycles.
var packEditsCases = []string{
	"game r(b) moves r([if j == i or j == (i + 1) % len(b) then 0 else b[j] for j in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if b[i] == 1 and b[(i + 1) % len(b)] == 1\nprint [sg(r(n * [1])) for n in 3 .. 12], sg(r((1, 1, 1, 1, 1))), sg(r([0] * 66 + [1, 1, 1, 1])) + 0 * len(moves(r([1, 1, 0, 1, 1])))\nprint moves(r([1, 1, 1, 0]))\n",
	// Tuple splices (Staircase and Silver Dollar as tuples): one and two
	// elements, elements that are not ints, a list where the rule
	// splices a tuple (an error), an index out of range (the slices
	// clamp), a string.
	`game st(c) moves st(c[:i - 1] + (c[i - 1] + m, c[i] - m) + c[i + 1:]) for i in 1 .. len(c) - 1 for m in 1 .. c[i]
game sv(c) moves sv(c[:i] + (p,) + c[i + 1:]) for i in 0 .. len(c) - 1 for p in (if i == 0 then 0 else c[i - 1] + 1) .. c[i] - 1
game x(c) moves x(c[:i] + ("a",) + c[i + 1:]) for i in 0 .. len(c) - 1 if c[i] != "a"
game o(c) moves o(c[:i] + (0,) + c[i + 1:]) for i in 0 .. len(c) + 1 if i >= len(c) or c[i] == 1
print sg(st((0, 2, 1, 3))), sg(st((0, 70, 1))), sg(sv((1, 3, 6))), sg(sv((0, 2, 100))), moves(st((0, 1, 1))), moves(sv((2, 5)))
print sg(x((1, "a", (2, 3)))), moves(x(("b", 1))), len(moves(o((1, 1))))
print sg(st([0, 1, 1]))
`,
	"game s(c) moves s([if j == i then c[j] - m else if j == i - 1 then c[j] + m else c[j] for j in 0 .. len(c) - 1]) for i in 1 .. len(c) - 1 for m in 1 .. c[i]\nprint sg(s([0, 1, 2, 3])), sg(s((0, 2, 1))), sg(s([0, 0, 1, 1])), sg(s([0, 40, 30])), sg(s([0, 1, 70])), moves(s((0, 1, 1)))\n",
	`game s2(c) moves s2(c[:i] + (7,) + c[i + 1:]) for i in 0 .. 2 if c[i] != "7"
print sg(s2("abc"))
`,
	`let NB = [[1, 3], [0, 2, 4], [1, 5], [0, 4], [1, 3, 5], [2, 4]]
game k(b) moves k([if u == v or u in NB[v] then 0 else b[u] for u in 0 .. 5]) for v in 0 .. 5 if b[v] == 1
game kt(b) moves kt([if u == v or u in NB[v] then false else b[u] for u in 0 .. 5]) for v in 0 .. 5 if b[v]
game k2(b) moves k2([if u == v or u in NB[v] then 2 else b[u] for u in 0 .. 5]) for v in 0 .. 5 if b[v] != 2
game ks(b) moves ks([if u == v or u in NB[v] then "x" else b[u] for u in 0 .. 5]) for v in 0 .. 5 if b[v] == 1
print sg(k([1] * 6)), sg(k((1, 1, 1, 0, 1, 1))), sg(kt([true] * 6)), sg(k2([0, 1, 3, 0, 1, 0])), sg(k2([0] * 6)), sg(ks([1] * 6))
print moves(k([1, 1, 0, 1, 1, 1])), moves(kt((true, true, false, true, true, true)))
print sg(k([1, 1, 1, 1, 1, "a"]))
`,
	"game t(b) moves t(update(b, i, 0)) for i in 0 .. len(b) - 1 if b[i] == 1\n  | t(update(update(b, i, 0), j, 1 - b[j])) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i - 1\ngame u(b) moves u(update(update(b, i, b[i] - 1), i + 1, b[i + 1] + 1)) for i in 0 .. len(b) - 2 if b[i] > 0\ngame w(b) moves w(update(b, i, if b[i] == 3 then 64 else b[i] + 1)) for i in 0 .. len(b) - 1 if b[i] < 3\nprint sg(t([1, 0, 1, 1, 0, 1])), sg(t((1, 1, 0, 1))), sg(u([3, 0, 0, 0])), sg(u((2, 0, 1))), sg(u([1, 0])), sg(w([0, 1, 2]))\nprint moves(u([2, 0, 1]))\ngame e(b) moves e(update(b, i + 5, 0)) for i in 0 .. len(b) - 1 if b[i] == 1\nprint sg(e([1, 1, 1, 1, 1, 1]))\n",
	"game sp(b) moves sp(b[:i] + [p] + b[i + 1:]) for i in 0 .. len(b) - 1 for p in 0 .. b[i] - 1\ngame bt(b) moves bt(b[:i] + [false] + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i]\nprint sg(sp([3, 1, 2])), sg(sp([1, 1, 1, 1])), sg(sp([0, 65, 2])), sg(bt([true, true, false, true])), moves(sp([1, 2]))\ngame bad(b) moves bad(b[:i] + [1 / (i - 2)] + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == 1\nprint sg(bad([1, 1, 1, 1]))\n",
	"game f(b) moves f([if j == i then 1 - b[j] else b[j] for j in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1\nprint outcome(f([0, 1, 0]))\nprint sg(f([0, 1]))\n",
	"game z(b) moves z([if j == i then 0 else b[j] for j in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if b[i] != 0\nprint sg(z([])), sg(z([0, 0])), sg(z([1, 2, 3, 127])), sg(z([0] * 127 + [1, 1, 1])), sg(z([0] * 128 + [2, 1])), sg(z([0] * 60 + [1, 1, 1, 1, 1, 1])), sg(z([1, -1, 2]))\ngame y(b) moves y([if j == i then 10 / (b[j] - 2) else b[j] for j in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if b[i] != 0\nprint sg(y([1, 3]))\nprint sg(y([1, 2]))\n",
	"game g(b) moves g(update(b, i, b[i] - k)) for i in 0 .. len(b) - 1 for k in [1, 3, 4] if k <= b[i]\ngame h(b) moves h([if j == i then b[j] - k else b[j] for j in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 for k in [2, 5] if k <= b[i]\ngame q(b) moves q(b[:i] + [b[i] - k] + b[i + 1:]) for i in 0 .. len(b) - 1 for k in [1, 4] if k <= b[i]\nprint sg(g([7, 12, 5])), sg(g((9, 6))), sg(h([13, 7, 6])), sg(h((12, 4))), sg(q([9, 14, 6])), moves(h([7, 5]))\n",
}

func TestPackEditsExact(t *testing.T) {
	diffCases(t, packEditsCases, passes.PackEdits, passes.All)
}
