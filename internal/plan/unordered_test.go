package plan_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// TestUnordered: the passes that reorder the yields for a consumer that
// sees neither their order nor their repeats (unordered.go): sorted
// literals, disjunctions, sets a helper builds.
func TestUnordered(t *testing.T) {
	cases := []planCase{
		// Sorted literals.
		{name: "sorted: a literal in place", src: "game g(n) moves g(n - s) for s in [4, 1, 3, 1] if s <= n\n",
			before: "elems s in [4, 1, 3, 1]\nfilter s <= n\nyield g(n - s)",
			want:   "planned (unordered) as:\nguard |n| <= 4500000000000000000\nelems s in [1, 3, 4]\nfilter s <= n\nyield g(n - s)"},
		{name: "sorted: a global", src: "let N = 5\nlet S = [57, 1, 4, 3, 1]\ngame g(n) moves g(n - s) for s in S if s <= n\n",
			want: "planned (unordered) as:\nguard |n| <= 4500000000000000000\nelems s in [1, 3, 4, 57]\nfilter s <= n\nyield g(n - s)"},
		{name: "sorted: a tuple with a negative element, bounded by a filter", src: "game g(n) moves g(n - s) for s in (5, 2, 2, -1) if s <= n if n - s < 50\n",
			want: "planned (unordered) as:\nguard |n| <= 4500000000000000000\nelems s in [-1, 2, 5]\nfilter s <= n\nfilter n - s < 50\nyield g(n - s)"},
		{name: "sorted: a set literal iterates so: the same list", src: "game g(n) moves g(n - s) for s in {4, 1, 3, 1} if s <= n\n",
			want: "planned (unordered) as:\nelems s in [1, 3, 4]\nfilter s <= n\nyield g(n - s)"},
		{name: "sorted off", off: passes.Unordered | passes.ConstSets, src: "game g(n) moves g(n - s) for s in [4, 1, 3, 1] if s <= n\n"},
		{name: "sorted: a position that may fail keeps the order", src: "game g(n) moves g(n - s) for s in [4, 1, 3] if s <= n | g(n - 1) if 10 / n > 2\n"},
		{name: "sorted: an option that may leave the guard keeps the order", src: "game g(n) moves g(2 * n - s) for s in [4, 1, 3] if s <= n\n"},
		{name: "sorted: an option of another game keeps the order", src: "game h(n) moves h(n - 1) if n > 0\ngame g(n) moves h(n - s) for s in [4, 1, 3] if s <= n\n"},
		{name: "sorted: an option above its position, bounded by a filter", src: "game g(n) moves g(n + s) for s in [4, 1, 3] if n + s < 10\n",
			want: "planned (unordered) as:\nguard |n| <= 4500000000000000000\nelems s in [1, 3, 4]\nfilter n + s < 10\nyield g(n + s)"},
		// Disjunctions.
		{name: "disjunctions: one variable, a membership", src: "game g(n) moves g(n - s) for s in 1 .. n if s == 4 or s == 1 or 3 == s\n",
			before: "range s = 1 .. n\nfilter s == 4 or s == 1 or 3 == s\nyield g(n - s)",
			want:   "planned (disjunctions) as:\nguard |n| <= 4500000000000000000\nelems s' in [1, 3, 4]\nfilter s' >= 1\nfilter s' <= n\nyield g(n - s')"},
		{name: "disjunctions: two variables, a union", src: "game g(a, b) moves g(x, y) for x in 0 .. a for y in 0 .. b if x + y == a + b - 1 or x + y == a + b - 2\n",
			want: "planned (equalities, disjunctions) as:\nguard |a| <= 1500000000000000000\nguard |b| <= 1500000000000000000\nrange x = 0 .. a\nfilter a + b - x - 1 >= 0\nfilter a + b - x - 1 <= b\nyield g(x, a + b - x - 1)\nthen\nrange x = 0 .. a\nfilter a + b - x - 2 >= 0\nfilter a + b - x - 2 <= b\nyield g(x, a + b - x - 2)"},
		{name: "disjunctions: different forms, a union", src: "game g(a, b) moves g(x, y) for x in 0 .. a for y in 0 .. b if x + y == a + b - 1 or y == b - 2\n",
			want: "planned (equalities, bounds, disjunctions) as:\nguard |a| <= 1500000000000000000\nguard |b| <= 1500000000000000000\nrange x = 0 .. a\nfilter a + b - x - 1 >= 0\nfilter a + b - x - 1 <= b\nyield g(x, a + b - x - 1)\nthen\nfilter b - 2 >= 0\nfilter b - 2 <= b\nrange x = 0 .. a\nyield g(x, b - 2)"},
		{name: "disjunctions: a disjunct that may fail", src: "game g(n) moves g(n - s) for s in 1 .. n if s == 1 or n / (s - 1) == 2\n"},
		{name: "disjunctions: not only equalities, a chain", src: "game g(n) moves g(n - s) for s in 1 .. n if s == 1 or s > n - 2\n",
			want: "planned (equalities, disjunctions) as:\nguard |n| <= 2250000000000000000\nfilter 1 >= 1\nfilter 1 <= n\nyield g(n - 1)\nthen\nrange s = 1 .. n\nfilter s < 1\nfilter s > n - 2\nyield g(n - s)\nthen\nrange s = 1 .. n\nfilter s > 1\nfilter s > n - 2\nyield g(n - s)"},
		{name: "disjunctions: a chain needs a bound or an equality", src: "game g(n) moves g(n - s) for s in 1 .. n if s == 1 or n % s < 2\n"},
		{name: "disjunctions: a union where a position may fail", src: "game g(a, b) moves g(x, y) for x in 0 .. a for y in 0 .. b if x + y == a + b - 1 or y == b - 2 | g(a / b, 0) if b > 0\n"},
		{name: "disjunctions off", off: passes.Disjunctions, src: "game g(n) moves g(n - s) for s in 1 .. n if s == 4 or s == 1 or 3 == s\n"},
		// Sets a helper builds.
		{name: "sets: positions", src: "let S = [5, 2, 3, 2]\ndef opts(n) = {g(n - s) for s in S if s <= n}\ngame g(n) moves p for p in opts(n)\n",
			before: "elems p in opts(n)\nyield p",
			want:   "planned (unordered) as:\nguard |n| <= 4500000000000000000\nelems s' in [2, 3, 5]\nfilter s' <= n\nyield g(n - s')"},
		{name: "sets: a union of two sets of positions", src: "def opts(a, b) = {g(a - k, b) for k in 1 .. a} | {g(a, b - k) for k in 1 .. b}\ngame g(a, b) moves p for p in opts(a, b)\n",
			want: "planned (unordered) as:\nguard |a| <= 2250000000000000000\nguard |b| <= 2250000000000000000\nrange k' = 1 .. a\nyield g(a - k', b)\nthen\nrange k' = 1 .. b\nyield g(a, b - k')"},
		{name: "sets: an element that may fail", src: "def opts(n) = {g(n / s) for s in 1 .. n}\ngame g(n) moves p for p in opts(n)\n"},
		{name: "sets: a position that may fail elsewhere", src: "def opts(n) = {g(n - s) for s in [1, 2] if s <= n}\ngame g(n) moves p for p in opts(n) | g(0) if 10 / n > 2\n"},
		// Sets of positions whose arguments are lists of ints.
		{name: "sets: list positions, read by index and len", src: "def opts(hs) = {g(sorted([if j == i then k else hs[j] for j in 0 .. len(hs) - 1])) for i in 0 .. len(hs) - 1 for k in 0 .. hs[i] - 1}\ngame g(hs) moves m for m in opts(hs)\n",
			want: "planned (unordered) as:\nguard hs is a list of ints, each |x| <= 4500000000000000000\nrange i' = 0 .. len(hs) - 1\nrange k' = 0 .. hs[i'] - 1\nyield g(sorted([if j == i' then k' else hs[j]; range j = 0 .. len(hs) - 1]))"},
		{name: "sets: list positions, an index in range where an or's left side is false", src: "def opts(b) = {g([if j == i then 1 else b[j] for j in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if b[i] == 0 and (i == 0 or b[i - 1] == 0) and (i == len(b) - 1 or b[i + 1] == 0)}\ngame g(b) moves m for m in opts(b)\n",
			want: "planned (bounds, unordered) as:\nguard b is a list of ints, each |x| <= 4500000000000000000\nrange i' = 0 .. len(b) - 1\nfilter b[i'] == 0\nfilter i' == 0 or b[i' - 1] == 0\nfilter i' == len(b) - 1 or b[i' + 1] == 0\nyield g([if j == i' then 1 else b[j]; range j = 0 .. len(b) - 1])"},
		{name: "sets: list positions, an index that may be -1", src: "def opts(b) = {g([if j == i then 1 else b[j] for j in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if b[i] == 0 and b[i - 1] == 0}\ngame g(b) moves m for m in opts(b)\n"},
		{name: "sets: list positions, an index that may be len", src: "def opts(hs) = {g([k]) for i in 0 .. len(hs) - 1 for k in 0 .. hs[i + 1]}\ngame g(hs) moves m for m in opts(hs)\n"},
		{name: "sets: list positions, an option's element that may leave the guard", src: "def opts(hs) = {g(sorted([if j == i then k else hs[j] for j in 0 .. len(hs) - 1])) for i in 0 .. len(hs) - 1 for k in 0 .. hs[i] + 1}\ngame g(hs) moves m for m in opts(hs)\n"},
		{name: "sets: list positions, an option of a string", src: "def opts(hs) = {g(str(k)) for i in 0 .. len(hs) - 1 for k in 0 .. hs[i] - 1}\ngame g(hs) moves m for m in opts(hs)\n"},
		{name: "sets: list positions, a list concatenated", src: "def opts(hs) = {g(hs + [k]) for k in 0 .. len(hs) - 1 if len(hs) < 3}\ngame g(hs) moves m for m in opts(hs)\n",
			want: "planned (bounds, unordered) as:\nguard hs is a list of ints, each |x| <= 4611686018427387904\nfilter len(hs) < 3\nrange k' = 0 .. len(hs) - 1\nyield g(hs + [k'])"},
		{name: "sets: list positions, update and range(len)", src: "def opts(hs) = {g(sorted(update(hs, i, k))) for i in range(len(hs)) for k in range(hs[i])}\ngame g(hs) moves m for m in opts(hs)\n",
			want: "planned (unordered) as:\nguard hs is a list of ints, each |x| <= 4999999\nelems i' in range(len(hs))\nelems k' in range(hs[i'])\nyield g(sorted(update(hs, i', k')))"},
		{name: "sets: list positions, slices", src: "def opts(b) = {g(b[:i] + [1] + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == 0}\ngame g(b) moves m for m in opts(b)\n",
			want: "planned (unordered) as:\nguard b is a list of ints, each |x| <= 4500000000000000000\nrange i' = 0 .. len(b) - 1\nfilter b[i'] == 0\nyield g(b[:i'] + [1] + b[i' + 1:])"},
		{name: "sets: list positions, a slice from -1", src: "def opts(b) = {g(b[i - 1:]) for i in 0 .. len(b) - 1 if b[i] == 0}\ngame g(b) moves m for m in opts(b)\n"},
		{name: "sets: list positions, range of a parameter's element that may be too long", src: "def opts(hs) = {g(update(hs, i, k)) for i in range(len(hs)) for k in range(hs[i] * 3 + 20000000)}\ngame g(hs) moves m for m in opts(hs)\n"},
		{name: "lists: elements at constant indexes, the guard asks for that many", src: "def opts(p) = [g([k, p[1]]) for k in 0 .. p[0] - 1] + [g([p[0], k]) for k in 0 .. p[1] - 1]\ngame g(p) moves m for m in opts(p)\n",
			want: "planned (deforest) as:\nguard p is a list of at least 2 ints, each |x| <= 4500000000000000000\nrange k' = 0 .. p[0] - 1\nyield g([k', p[1]])\nthen\nrange k' = 0 .. p[1] - 1\nyield g([p[0], k'])"},
		{name: "lists: a set of options, one shorter than the guard asks", src: "def opts(p) = {g([k]) for k in 0 .. p[0] - 1} | {g([p[0], k]) for k in 0 .. p[1] - 1}\ngame g(p) moves m for m in opts(p)\n"},
		{name: "lists: a set of options as long as the guard asks", src: "def opts(p) = {g([k, p[1]]) for k in 0 .. p[0] - 1} | {g([p[0], k]) for k in 0 .. p[1] - 1}\ngame g(p) moves m for m in opts(p)\n",
			want: "planned (unordered) as:\nguard p is a list of at least 2 ints, each |x| <= 4500000000000000000\nrange k' = 0 .. p[0] - 1\nyield g([k', p[1]])\nthen\nrange k' = 0 .. p[1] - 1\nyield g([p[0], k'])"},
		{name: "lists: a generator's name bound to a list the helper updates", src: "def place(b) = [update(b, i, 1) for i in range(len(b)) if b[i] == 0]\ngame g(b) moves g(c) for c in place(b)\n",
			want: "planned (deforest) as:\nguard b is a list of ints, each |x| <= 4500000000000000000\nelems i' in range(len(b))\nfilter b[i'] == 0\nyield g(update(b, i', 1))"},
		{name: "lists: an update of an update", src: "def steps(c) = [update(update(c, i, c[i] - m), i - 1, c[i - 1] + m) for i in 1 .. len(c) - 1 for m in 1 .. c[i]]\ngame g(c) moves g(x) for x in steps(c)\n",
			want: "planned (deforest) as:\nguard c is a list of ints, each |x| <= 2250000000000000000\nrange i' = 1 .. len(c) - 1\nrange m' = 1 .. c[i']\nyield g(update(update(c, i', c[i'] - m'), i' - 1, c[i' - 1] + m'))"},
		{name: "sets: closed where a range ends at a min", src: "def opts(a, b) = {g(a - k, b) for k in 1 .. a}\ngame g(a, b) moves m for m in opts(a, b) | g(a - k, b - k) for k in 1 .. min(a, b)\n",
			want: "planned (unordered) as:\nguard |a| <= 2250000000000000000\nguard |b| <= 2250000000000000000\nrange k' = 1 .. a\nyield g(a - k', b)"},
		{name: "sets: closed where the position divides and the range is empty at 0", src: "def deg(v) = if v == 0 then 0 else 1 + v % 5\ndef opts(v) = {g((8 * v + k) % v) for k in 0 .. deg(v) - 1}\ngame g(v) moves m for m in opts(v)\n",
			want: "planned (unordered) as:\nguard |v| <= 562500000000000000\nrange k' = 0 .. (if v == 0 then 0 else 1 + v % 5) - 1\nyield g((8 * v + k') % v)"},
		{name: "sets: closed where the position divides after a filter that it is positive", src: "def opts(v) = {g((3 * v + k) % v) for k in 0 .. 4 if v > 0}\ngame g(v) moves m for m in opts(v)\n",
			want: "planned (bounds, unordered) as:\nguard |v| <= 1500000000000000000\nfilter v > 0\nrange k' = 0 .. 4\nyield g((3 * v + k') % v)"},
		{name: "sets: not closed where the position divides and the range is not empty at 0", src: "def opts(v) = {g((8 * v + k) % v) for k in 0 .. v % 5}\ngame g(v) moves m for m in opts(v)\n"},
		{name: "sets: not closed where the option divided by the position may be above it", src: "def deg(v) = if v == 0 then 0 else 1 + v % 5\ndef opts(v) = {g((8 * v + k) % v + v) for k in 0 .. deg(v) - 1}\ngame g(v) moves m for m in opts(v)\n"},
		{name: "sets: closed over a global collection, behind the guard that its elements are ints at least 0", src: "def mix(x) = (x * 7 + 3) % 101\nlet S = {mix(i) % 10 + 1 for i in 1 .. 20}\ndef opts(n) = {g(n - s) for s in S if s <= n}\ngame g(n) moves m for m in opts(n)\n",
			want: "planned (unordered) as:\nguard S is a collection of ints, each 0 <= x <= 2250000000000000000\nguard |n| <= 2250000000000000000\nelems s' in S\nfilter s' <= n\nyield g(n - s')"},
		{name: "sets: closed over a global collection, elements of any sign where a filter bounds the option", src: "let S = [x - 5 for x in 0 .. 9]\ndef opts(n) = {g(n - s) for s in S if s <= n if s >= 1}\ngame g(n) moves m for m in opts(n)\n",
			want: "planned (unordered) as:\nguard S is a collection of ints, each |x| <= 2250000000000000000\nguard |n| <= 2250000000000000000\nelems s' in S\nfilter s' <= n\nfilter s' >= 1\nyield g(n - s')"},
		{name: "sets: not closed over a global collection whose elements add", src: "let S = [x - 5 for x in 0 .. 9]\ndef opts(n) = {g(n + s) for s in S if s <= n}\ngame g(n) moves m for m in opts(n)\n"},
		{name: "sets: closed where a range ends at a division", src: "def opts(n) = {g(a) + g(n - a) for a in 1 .. (n - 1) / 2}\ngame g(n) moves m for m in opts(n)\n",
			want: "planned (unordered) as:\nguard |n| <= 2250000000000000000\nrange a' = 1 .. (n - 1) / 2\nyield g(a') + g(n - a')"},
		{name: "sets: not closed where a range ends at a division by -2", src: "def opts(n) = {g(a) + g(n - a) for a in 1 .. (n - 1) / -2}\ngame g(n) moves m for m in opts(n)\n"},
		{name: "sets: closed where an option is modulo a constant", src: "def opts(v) = {g((v + k) % 1000) for k in 0 .. 2}\ngame g(v) moves m for m in opts(v)\n",
			want: "planned (unordered) as:\nguard |v| <= 4500000000000000000\nrange k' = 0 .. 2\nyield g((v + k') % 1000)"},
		{name: "sets off", off: passes.Unordered, src: "def opts(n) = {g(n - s) for s in [1, 2] if s <= n}\ngame g(n) moves p for p in opts(n)\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.before != "" {
				if got := before(t, c.src); got != c.before {
					t.Errorf("lowered:\n%s\nwant:\n%s", got, c.before)
				}
			}
			if got := after(t, c.src, c.off); got != c.want {
				t.Errorf("planned:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

// TestUnorderedComprehensions: a comprehension whose consumer sees
// neither the order nor the repeats (a set, min, max, any, all) iterates
// a literal sorted; a list does not.
func TestUnorderedComprehensions(t *testing.T) {
	cases := []struct {
		name, src string
		off       passes.Pass
		want      string
	}{
		{name: "min", src: "game g(n) moves g(min([n - s for s in [3, 1, 3] if s <= n] + [n]))\n"},
		{name: "min of a comprehension", src: "game g(n) moves g(n - min([s for s in [3, 1, 3] if s <= n])) if n >= 1\n",
			want: "the comprehension at line 1 is planned (unordered) as: guard |n| <= 4500000000000000000; elems s in [1, 3]; filter s <= n; yield s"},
		{name: "any", off: passes.Algebra, src: "game g(n) moves g(n - 1) if any([s == n for s in [3, 2, 3]])\n",
			want: "the comprehension at line 1 is planned (unordered) as: guard |n| <= 4500000000000000000; elems s in [2, 3]; yield s == n"},
		{name: "a set", off: passes.Deforest, src: "game g(n) moves g(m) for m in {n - s for s in [3, 1, 3, 2] if s <= n}\n",
			want: "the comprehension at line 1 is planned (constsets, unordered) as: guard |n| <= 4500000000000000000; range s = 1 .. 3; filter s <= n; yield n - s"},
		{name: "a set literal is the same list for a list, which sees the order", src: "game g(n) moves g(m) for m in [n - s for s in {4, -1, 3, 1} if s <= n]\n", off: passes.Deforest,
			want: "the comprehension at line 1 is planned (unordered) as: elems s in [-1, 1, 3, 4]; filter s <= n; yield n - s"},
		{name: "a list sees the order", off: passes.Deforest, src: "game g(n) moves g(m) for m in [n - s for s in [3, 1, 2] if s <= n]\n"},
		{name: "a list, a disjunction as a membership", off: passes.Deforest, src: "game g(n) moves g(m) for m in [n - s for s in 0 .. n if s == 3 or s == 1]\n",
			want: "the comprehension at line 1 is planned (disjunctions) as: guard |n| <= 4500000000000000000; elems s' in [1, 3]; filter s' >= 0; filter s' <= n; yield n - s'"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := joinNotes(comps(t, c.src, c.off)); got != c.want {
				t.Errorf("planned:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

func joinNotes(ns []string) string {
	out := ""
	for i, n := range ns {
		if i > 0 {
			out += "|"
		}
		out += n
	}
	return out
}
