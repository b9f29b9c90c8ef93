package eval_test

// Differential tests of filters whose conditions hold comprehensions
// (package purecond's Plain: any and all over a comprehension of
// plain parts, the names it binds no names of the mask), and of list
// comprehensions that keep an element or put a constant under a
// condition of the index alone (package build's mask edits): the same
// values and errors with the bitsets pass, the edits pass, the masks
// pass or all passes off.

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// compCondCases: set and list filters whose conditions fold a
// comprehension over offsets, a local, a def inlined; errors inside the
// comprehension (an index out of range, a division by zero) at the first
// element that meets them; sets the masks cannot represent.
var compCondCases = []string{
	// Node Kayles on cells, the neighbours by offsets.
	"let (W, H) = (3, 3)\nlet D = [(0, 0), (0, 1), (1, 0), (0, -1), (-1, 0)]\ngame nk(S) moves nk({x for x in S if not any([x == (v[0] + dr, v[1] + dc) for (dr, dc) in D])}) for v in S\nlet all = {(r, c) for r in 0 .. H - 1 for c in 0 .. W - 1}\nprint sg(nk(all)) + sum([sg(nk(all - {v})) for v in all])\n",
	// all, an if clause inside, a literal in place, a def inlined.
	"def near(a, b, d) = abs(a[0] - b[0] - d) + abs(a[1] - b[1]) == 0\ngame nk(S) moves nk({x for x in S if all([not near(x, v, d) for d in [0, 1, -1] if d != 5])}) for v in S\nprint sg(nk({(r, c) for r in 0 .. 2 for c in 0 .. 3}))\n",
	// A comprehension over a local's neighbours (a map of lists).
	"let NB = {v: [u for u in 0 .. 11 if abs(u - v) == 1 or abs(u - v) == 4] for v in 0 .. 11}\ngame nk(S) moves nk({u for u in S if u != v and not any([u == w for w in NB[v]])}) for v in S\nprint sg(nk(set(0 .. 11)))\n",
	// The inner name shadows the filter's.
	"let D = [1, 2]\ngame g(S) moves g({x for x in S if x != v and not any([x == v + 9 for x in D])}) for v in S\nprint sg(g(set(0 .. 6)))\n",
	// An index out of range inside the comprehension, at the first element.
	"let D = [(0, 0), (0, 1)]\ngame nk(S) moves nk({x for x in S if not any([x == (v[0] + dr, v[2] + dc) for (dr, dc) in D])}) for v in S\nprint sg(nk({(0, 0), (0, 1), (1, 1)}))\n",
	// A division by zero, met only for some elements.
	"let D = [0, 1, 2]\ngame g(S) moves g({x for x in S if not any([x == v + 6 / (x - d - 3) for d in D])}) for v in S\nprint sg(g(set(0 .. 5)))\nprint sg(g(set(0 .. 9)))\n",
	// Elements the masks cannot represent: mixed kinds, large ints.
	"let D = [0, 1]\ngame g(S) moves g({x for x in S if not any([x == v + d for d in D])}) for v in S if v != \"a\"\nprint sg(g({1, 2, 3, \"a\", 4}))\nprint sg(g({100000, 100001, 5, 6, 7}))\n",
	"let D = [(0, 0), (0, 1), (1, 0)]\ngame g(S) moves g({x for x in S if not any([x == (v[0] + a, v[1] + b) for (a, b) in D])}) for v in S if len(v) == 2\nprint sg(g({(0, 0), (0, 1), (1, 1), (2, 1), (70, 3), (1, 2, 3)}))\n",
	// A list filter of its game's own position.
	"let D = [0, 1, -1]\ngame g(L) moves g([x for x in L if not any([x == v + d for d in D])]) for v in L\nprint sg(g([0, 1, 2, 3, 5, 6, 8]))\n",
	// A set operand kept as masks, a comprehension inside.
	"let D = [0, 1, -1]\ngame g(S) moves g(S - {v + d for d in D}) for v in S\nprint sg(g(set(0 .. 9)))\n",
	// A set comprehension inside the condition; a set operand that holds
	// comprehensions (kept as masks only without them).
	"let D = [0, 1, -1]\ngame g(S) moves g({x for x in S if not (x in {v + d for d in D})}) for v in S\nprint sg(g(set(0 .. 9)))\n",
	"let D = [1, 2, 3, 4]\ngame h(xs) moves h(xs - ({y for y in D} | {x})) for x in xs\nprint sg(h({4, 6, -1}))\n",
	"game h(xs) moves\n    h(xs - {x} - (({x * 1000} | {x}) | ({y for y in 1 .. 4} | {x}))) for x in xs\n  | h(xs - {x} - {x * 1000}) for x in xs if x not in {0, 2}\nprint sg(h({4, 6, 6, -1}))\n",
	// The comprehension's elements not bools: any of ints.
	"let D = [0, 2]\ngame g(S) moves g({x for x in S if not any([x - v - d for d in D])}) for v in S\nprint sg(g(set(0 .. 5)))\n",
}

// boxedOperandCases: a literal with an element the position's universe
// lacks, less (or and) a filter of the set: the literal's scratch holds
// boxed values, not ids, and the filter's masks do not apply to it (they
// did: g({0, 1, 2}) was 1 where it is a draw).
var boxedOperandCases = []string{
	"game g(S) moves g(S ^ ({3, 2} - {e for e in S if e == 2})) for x in S if x == 2\nprint sg(g({0, 1, 2})), sg(g({0, 1, 2, 3}))\n",
	"game g(S) moves g(S ^ ({3, 2} & {e for e in S if e != 2})) for x in S if x == 2\n  | g((S - {3, x} ^ {3, 2, 1} - {e for e in S if e % 2 == 0}) & set(0 .. 6)) for x in S if x == 1\nprint sg(g({0, 1, 2})), sg(g({0, 1, 2, 3})), sg(g({1, 5}))\n",
}

func TestBoxedOperandDiff(t *testing.T) {
	t.Parallel()
	diffCases(t, boxedOperandCases, passes.All)
	diffCases(t, boxedOperandCases, passes.Bitsets)
}

func TestCompCondDiff(t *testing.T) {
	t.Parallel()
	diffCases(t, compCondCases, passes.Bitsets, passes.Masks, passes.Algebra, passes.All)
}

// maskEditCases: list comprehensions that keep b[j] or put a value
// under a condition of j and other names (package maskedit): strings
// joined, lists of ints, the branches either way round, a sub-range, a
// name put; an index past the end, a condition that fails or is not a
// bool, a value put that is not a character, a string not ASCII, a map.
var maskEditCases = []string{
	"let (W, H) = (3, 3)\ndef near(u, v) = u == v or (u / W == v / W and abs(u - v) == 1) or abs(u - v) == W\ngame nk(b) moves nk(join([if near(u, v) then \".\" else b[u] for u in 0 .. W * H - 1], \"\")) for v in 0 .. W * H - 1 if b[v] == \"o\"\nlet all = (W * H) * \"o\"\nprint sg(nk(all)) + sum([sg(nk(all[:v] + \".\" + all[v + 1:])) for v in 0 .. W * H - 1])\n",
	"let E = \".\"\ngame nk(b) moves nk(join([if not (abs(u - v) <= 1) then b[u] else E for u in 0 .. len(b) - 1], \"\")) for v in 0 .. len(b) - 1 if b[v] == \"o\"\nprint sg(nk(\"ooooooo\")), sg(nk(\"oo.ooo.oo\"))\n",
	"game g(b) moves g([if u == v or u == v + 1 then 0 else b[u] for u in 0 .. len(b) - 1]) for v in 0 .. len(b) - 2 if b[v] == 1 and b[v + 1] == 1\nprint sg(g([1, 1, 1, 1, 1, 1, 1, 1]))\n",
	"game g(b) moves g([if u == v or u == v + 1 then 0 else b[u] for u in 0 .. len(b) - 1]) for v in 0 .. len(b) - 2 if b[v] == 1 and b[v + 1] == 1\nprint sg(g([1, 1, true, 1, 1, \"x\", 1, 1]))\n",
	"game nk(b) moves nk([if abs(u - v) <= 1 then \".\" else b[u] for u in 0 .. 7]) for v in 0 .. len(b) - 1 if b[v] == \"o\"\nprint sg(nk(\"oooooooo\"))\nprint sg(nk(\"ooooooo\"))\n",
	"game nk(b) moves nk(join([if 10 / (u - v - 3) > 0 then \".\" else b[u] for u in 0 .. len(b) - 1], \"\")) for v in 0 .. len(b) - 1 if b[v] == \"o\"\nprint sg(nk(\"ooo\"))\nprint sg(nk(\"oooooo\"))\n",
	"game nk(b) moves nk(join([if u - v then \".\" else b[u] for u in 0 .. len(b) - 1], \"\")) for v in 0 .. len(b) - 1 if b[v] == \"o\"\nprint sg(nk(\"ooo\"))\n",
	"game nk(b) moves nk(join([if u == v then \"..\" else b[u] for u in 0 .. len(b) - 1], \"\")) for v in 0 .. len(b) - 1 if b[v] == \"o\"\nprint sg(nk(\"oooo\"))\n",
	"game nk(b) moves nk(join([if u == v then 0 else b[u] for u in 0 .. len(b) - 1], \"\")) for v in 0 .. len(b) - 1 if b[v] == \"o\"\nprint sg(nk(\"oooo\"))\n",
	"game nk(b) moves nk(join([if abs(u - v) <= 1 then \"é\" else b[u] for u in 0 .. len(b) - 1], \"\")) for v in 0 .. len(b) - 1 if b[v] == \"o\"\nprint sg(nk(\"ooooo\")), sg(nk(\"éoooo\"))\n",
	"game g(b) moves g([if u == v then 0 else b[u] for u in 1 .. 3]) for v in 0 .. 3 if b[v] != 0\nprint sg(g({0: 1, 1: 1, 2: 1, 3: 1}))\nprint sg(g([1, 1, 1, 1, 1]))\n",
	"let NB = {v: [u for u in 0 .. 9 if abs(u - v) == 2] for v in 0 .. 9}\ngame g(b) moves g([if u == v or u in NB[v] then 0 else b[u] for u in 0 .. len(b) - 1]) for v in 0 .. len(b) - 1 if b[v] == 1\nprint sg(g([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]))\n",
	"game g(b) moves g([if u == v then 0 else b[u] for u in 0 .. len(b) - 1]) for v in 0 .. len(b) - 1 if b[v] == 1\nprint sg(g([])), sg(g([1])), sg(g([1, 0, 1]))\n",
	"game g(b) moves g([if abs(u - v - 2) <= 2 then 0 else b[u] for u in 0 .. len(b) - 1]) for v in 0 .. len(b) - 1 if b[v] == 1 and v % 30 == 0\nprint sg(g([1 for i in 0 .. 69])), sg(g([1 for i in 0 .. 129]))\n",
	// Conditions that call defs with arguments that are expressions
	// (plain: purecond), defs inside them too; a def that reads a let
	// made again (the masks kept by the let's value); an argument whose
	// def fails; a string.
	`let K = 1
def far(x, y) = abs(x - y) > K
game g(b) moves g([if far(u + 0, v * 1) then b[u] else 0 for u in 0 .. len(b) - 1]) for v in 0 .. len(b) - 1 if b[v] == 1
print sg(g([1] * 7)), moves(g([1, 1, 0, 1, 1, 1]))
let K = 2
game g2(b) moves g2([if far(u + 0, v * 1) then b[u] else 0 for u in 0 .. len(b) - 1]) for v in 0 .. len(b) - 1 if b[v] == 1
print sg(g2([1] * 7)), moves(g2([1, 1, 0, 1, 1, 1])), moves(g([1, 1, 1, 0, 1, 1, 1]))
`,
	`let K = 2
def far(x, y) = abs(x - y) > K
def inv(x) = 10 / x > 1
game g(b) moves g([if far(u + 0, v * 1) then b[u] else 0 for u in 0 .. len(b) - 1]) for v in 0 .. len(b) - 1 if b[v] == 1
game h(b) moves h([if inv(u - v - 2) then 0 else b[u] for u in 0 .. len(b) - 1]) for v in 0 .. len(b) - 1 if b[v] == 1
print sg(g([1] * 9)), moves(g([1, 1, 0, 1, 1, 1]))
print sg(h([1, 1, 1, 1, 1, 1]))
`,
	`def near(u, v) = abs(u - v) <= 1
game s(b) moves s(join([if near(u * 1, v + 0) then "." else b[u] for u in 0 .. len(b) - 1], "")) for v in 0 .. len(b) - 1 if b[v] == "o"
print sg(s("ooooooo")), moves(s("oo.ooo"))
`,
	`let (W, H) = (3, 3)
def cell(r, c) = r * W + c
def ok(r, c) = 0 <= r and r < H and 0 <= c and c < W
def nb(v) = [cell(v / W + dr, v % W + dc) for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] if ok(v / W + dr, v % W + dc)]
game nk(b) moves nk([if u == v or u in nb(v) then 0 else b[u] for u in 0 .. W * H - 1]) for v in 0 .. W * H - 1 if b[v] == 1
print sg(nk([1] * 9)), [sg(nk(update([1] * 9, v, 0))) for v in 0 .. 8], moves(nk([1, 0, 1, 1, 1, 0, 0, 1, 1]))
`,
}

func TestMaskEditDiff(t *testing.T) {
	t.Parallel()
	diffCases(t, maskEditCases, passes.MaskEdits, passes.Strings, passes.All)
}
