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
	// The comprehension's elements not bools: any of ints.
	"let D = [0, 2]\ngame g(S) moves g({x for x in S if not any([x - v - d for d in D])}) for v in S\nprint sg(g(set(0 .. 5)))\n",
}

func TestCompCondDiff(t *testing.T) {
	t.Parallel()
	diffCases(t, compCondCases, passes.Bitsets, passes.Masks, passes.Algebra, passes.All)
}
