package plan_test

import (
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/lang"
)

// before prints the first alternative of game g of src as lowered, for
// the SG search.
func before(t *testing.T, src string) string {
	t.Helper()
	f, err := lang.ParseFile("t.game", src)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range f.Stmts {
		if g, ok := st.(*lang.GameStmt); ok && g.Name.Name == "g" {
			return ir.LowerAlt(g.Alts[0].(*lang.Alt), ir.MoveSG).String()
		}
	}
	t.Fatal("no game g")
	return ""
}

// after compiles src (nothing runs) with the passes of off switched off
// and returns how game g's first alternative is planned, as --explain
// prints it: the passes that fired and the query, or "" when none did.
func after(t *testing.T, src string, off passes.Pass) string {
	t.Helper()
	s := eval.NewSession(eval.Options{Disable: off})
	if err := s.Check("t.game", src); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, x := range s.Explain() {
		if x.Kind != "game" || x.Name != "g" {
			continue
		}
		in := false
		for _, n := range x.Notes {
			switch {
			case strings.HasPrefix(n, "alternative 1 (line ") && strings.Contains(n, " is planned ("):
				in = true
				out = append(out, n[strings.Index(n, "planned"):])
			case in && strings.HasPrefix(n, "    "):
				out = append(out, strings.TrimSpace(n))
			default:
				in = false
			}
		}
	}
	return strings.Join(out, "\n")
}

type planCase struct {
	name, src string
	off       passes.Pass
	before    string // "": not checked
	want      string // "": not planned
}

func TestPasses(t *testing.T) {
	cases := []planCase{
		{name: "equalities", src: "game g(n) moves g(i) + g(j) for i in 1 .. n for j in 1 .. n if i + j == n\n",
			before: "range i = 1 .. n\nrange j = 1 .. n\nfilter i + j == n\nyield g(i) + g(j)",
			want:   "planned (equalities, bounds) as:\nguard |n| <= 2250000000000000000\nrange i = 1 .. n\nfilter n - i >= 1\nyield g(i) + g(n - i)"},
		{name: "equalities, the filters between kept", src: "game g(n) moves g(i) + g(j) for i in 1 .. n for j in 0 .. n if i < j if j - n == -i\n",
			want: "planned (equalities, bounds) as:\nguard |n| <= 2250000000000000000\nrange i = 1 .. n\nfilter i < n - i\nyield g(i) + g(n - i)"},
		{name: "inline: a board's index r * W + c, its bounds checks inlined", src: "let H = 2\nlet W = 2\ndef empty(s, r, c) = 0 <= r and r < H and 0 <= c and c < W and s[r * W + c] == 0\ngame g(s) moves g(update(s, r * W + c + 1, 1)) for r in 0 .. H - 1 for c in 0 .. W - 1 if empty(s, r, c + 1)\n",
			want: "planned (inline, algebra) as:\nguard s is a list of at least 4 ints, each |x| <= 4500000000000000000\nfilter s[1] == 0\nyield g(update(s, 1, 1))\nthen\nfilter false\nyield g(update(s, 2, 1))\nthen\nfilter s[3] == 0\nyield g(update(s, 3, 1))\nthen\nfilter false\nyield g(update(s, 4, 1))\nplanned (inline, algebra) as:\nfilter empty(s, 0, 1)\nyield g(update(s, 1, 1))\nthen\nfilter empty(s, 0, 2)\nyield g(update(s, 2, 1))\nthen\nfilter empty(s, 1, 1)\nyield g(update(s, 3, 1))\nthen\nfilter empty(s, 1, 2)\nyield g(update(s, 4, 1))"},
		{name: "equalities off", src: "game g(n) moves g(i) + g(j) for i in 1 .. n for j in 1 .. n if i + j == n\n", off: passes.Equalities},
		{name: "equalities: coefficient 2", src: "game g(n) moves g(i) + g(j) for i in 1 .. n for j in 1 .. n if i + 2 * j == n\n"},
		{name: "equalities: a call is not safe", src: "def f(x) = 10 / (x - 2)\ngame g(n) moves g(i) + g(j) for i in 1 .. n for j in 1 .. n if f(i) + j == n\n"},
		{name: "inline, then equalities", src: "def f(x) = x\ngame g(n) moves g(i) + g(j) for i in 1 .. n for j in 1 .. n if f(i) + j == n\n",
			want: "planned (inline, equalities, bounds) as:\nguard |n| <= 2250000000000000000\nrange i = 1 .. n\nfilter n - i >= 1\nyield g(i) + g(n - i)"},
		{name: "inline: a def of a sum of positions", src: "def opt(a, n) = g(a) + g(n - a)\ngame g(n) moves opt(a, n) for a in 1 .. (n - 1) / 2\n",
			want: "planned (inline) as:\nguard |n| <= 2250000000000000000\nrange a = 1 .. (n - 1) / 2\nyield g(a) + g(n - a)"},
		{name: "inline: a def declared after the game, an int def in a bound", src: "game g(n) moves opt(a, n) for a in 1 .. half(n)\ndef opt(a, n) = g(a) + g(n - a)\ndef half(n) = (n - 1) / 2\n",
			want: "planned (inline) as:\nguard |n| <= 2250000000000000000\nrange a = 1 .. (n - 1) / 2\nyield g(a) + g(n - a)"},
		{name: "inline: defs of defs", src: "def piece(a, b) = g(a, b)\ndef halves(w, h, i) = piece(i, h) + piece(w - i, h)\ngame g(w, h) moves halves(w, h, i) for i in 2 .. w - 2\n",
			want: "planned (inline) as:\nguard |w| <= 2250000000000000000\nrange i = 2 .. w - 2\nyield g(i, h) + g(w - i, h)"},
		{name: "inline: a def that calls itself is a call", src: "def f(x) = if x > 0 then f(x - 1) else 0\ngame g(n) moves g(f(n)) if n > 0\n"},
		{name: "conjunctions", src: "def ok(n) = n >= 2\ngame g(w) moves g(i) + g(w - i) for i in 1 .. w - 1 if ok(i) and ok(w - i)\n",
			want: "planned (inline, bounds) as:\nguard |w| <= 2250000000000000000\nrange i = 1 .. w - 1\nfilter i >= 2\nfilter w - i >= 2\nyield g(i) + g(w - i)"},
		{name: "deforest: a def of a list of sums of positions", src: "def options(w, h) = [g(i, h) + g(w - i, h) for i in 2 .. w - 2] + [g(w, j) + g(w, h - j) for j in 2 .. h - 2]\ngame g(w, h) moves o for o in options(w, h)\n",
			want: "planned (deforest) as:\nguard |w| <= 2250000000000000000\nguard |h| <= 2250000000000000000\nrange i' = 2 .. w - 2\nyield g(i', h) + g(w - i', h)\nthen\nrange j' = 2 .. h - 2\nyield g(w, j') + g(w, h - j')"},
		{name: "membership", src: "game g(n) moves g(k) for k in 0 .. n - 1 if n - k in {4, 1, 3, 1}\n",
			want: "planned (equalities) as:\nguard |n| <= 2250000000000000000\nelems k' in [-4, -3, -1]\nfilter n + k' >= 0\nfilter n + k' <= n - 1\nyield g(n + k')"},
		{name: "membership: a global after a let of an int", src: "let N = 5\nlet S = [3, 1]\ngame g(n) moves g(k) for k in 0 .. n if k + 1 in S\n",
			want: "planned (equalities) as:\nguard |n| <= 4500000000000000000\nelems k' in [1, 3]\nfilter k' - 1 >= 0\nfilter k' - 1 <= n\nyield g(k' - 1)"},
		{name: "membership: not affine", src: "game g(n) moves g(k) for k in 0 .. n - 1 if k * k in {1, 4}\n"},
		{name: "membership: a filter between that may fail", src: "game g(n) moves g(k) for k in 0 .. n - 1 if n / k > 0 if n - k in {1, 4}\n"},
		{name: "membership off", off: passes.Equalities, src: "game g(n) moves g(k) for k in 0 .. n - 1 if n - k in {4, 1, 3, 1}\n"},
		{name: "a guard written as a loop", src: "game g(n) moves g(a) + g(n - 1 - a) for a in 0 .. (n - 1) / 2 for p in if n >= 1 then [0] else []\n",
			want: "planned (deforest, bounds) as:\nguard |n| <= 4500000000000000000\nfilter n >= 1\nrange a = 0 .. (n - 1) / 2\nyield g(a) + g(n - 1 - a)"},
		{name: "a name tied by a set of one position", src: "game g(n) moves t for a in 0 .. (n - 2) / 2 if n >= 2 for t in {g(a) + g(n - 2 - a)}\n",
			want: "planned (deforest, bounds) as:\nguard |n| <= 4500000000000000000\nfilter n >= 2\nrange a = 0 .. (n - 2) / 2\nyield g(a) + g(n - 2 - a)"},
		{name: "hoisting: a filter that may fail stays", src: "game g(n) moves g(a) for a in 0 .. n - 1 if 10 / (n - 1) > 1\n"},
		{name: "hoisting: a division by a root, behind the guard that it is not 0", src: "game g(n) moves g(a) for a in 0 .. n - 1 if 10 / n > 1\n",
			want: "planned (bounds) as:\nguard |n| <= 4500000000000000000\nguard n != 0\nfilter 10 / n > 1\nrange a = 0 .. n - 1\nyield g(a)"},
		{name: "inline off", off: passes.Inline, src: "def opt(a, n) = g(a) + g(n - a)\ngame g(n) moves opt(a, n) for a in 1 .. (n - 1) / 2\n"},
		{name: "inline: a body that may fail is not inlined", src: "def opt(a, n) = g(a) + g(n / (a - 1))\ngame g(n) moves opt(a, n) for a in 1 .. (n - 1) / 2\n"},
		{name: "inline: an argument that may fail is not inlined", src: "def opt(a, n) = g(a) + g(n)\ngame g(n) moves opt(a, n / (a - 1)) for a in 1 .. (n - 1) / 2\n"},
		{name: "inline: a def of a comprehension is not inlined", src: "def opt(a, n) = g(len([1 for k in 0 .. a]))\ngame g(n) moves opt(a, n) for a in 1 .. (n - 1) / 2\n"},
		{name: "equalities: the last generator's variable is solved", src: "game g(n) moves g(i) + g(j) for j in 1 .. n for i in 1 .. n if i + 2 * j == n\n",
			want: "planned (equalities) as:\nguard |n| <= 1500000000000000000\nrange j = 1 .. n\nfilter n - 2 * j >= 1\nfilter n - 2 * j <= n\nyield g(n - 2 * j) + g(j)"},
		{name: "deforest: a comprehension in place", src: "game g(n) moves g(m) for m in [a + b for a in 0 .. n if a < 3 for b in 0 .. a] if m < n\n",
			want: "planned (deforest, bounds) as:\nguard |n| <= 2250000000000000000\nrange a' = 0 .. (if 2 < n then 2 else n)\nrange b' = 0 .. a'\nfilter a' + b' < n\nyield g(a' + b')"},
		{name: "deforest and dedup: a list iterated twice", src: "game g(n) moves g(n - s) for s in [x for x in [1, 3, 4]] + [y for y in [1, 3, 4]] if s <= n\n",
			want: "planned (deforest, dedup) as:\nelems x' in [1, 3, 4]\nfilter x' <= n\nyield g(n - x')"},
		{name: "dedup: the parts differ", src: "game g(n) moves g(n - s) for s in [x for x in [1, 3, 4]] + [y for y in [1, 3, 5]] if s <= n\n",
			want: "planned (deforest) as:\nelems x' in [1, 3, 4]\nfilter x' <= n\nyield g(n - x')\nthen\nelems y' in [1, 3, 5]\nfilter y' <= n\nyield g(n - y')"},
		{name: "dedup off", off: passes.Dedup, src: "game g(n) moves g(n - s) for s in [x for x in [1, 3, 4]] + [y for y in [1, 3, 4]] if s <= n\n",
			want: "planned (deforest) as:\nelems x' in [1, 3, 4]\nfilter x' <= n\nyield g(n - x')\nthen\nelems y' in [1, 3, 4]\nfilter y' <= n\nyield g(n - y')"},
		{name: "deforest", src: "def opts(n) = [n - s for s in [1, 3, 4] if s <= n]\ngame g(n) moves g(m) for m in opts(n)\n",
			before: "elems m in opts(n)\nyield g(m)",
			want:   "planned (deforest) as:\nguard |n| <= 4500000000000000000\nelems s' in [1, 3, 4]\nfilter s' <= n\nyield g(n - s')"},
		{name: "deforest then constsets", src: "def opts(n) = {n - s for s in [4, 1, 3] if s <= n}\ngame g(n) moves g(m) for m in opts(n)\n",
			want: "planned (deforest) as:\nguard |n| <= 4500000000000000000\nelems s' in [-4, -3, -1]\nfilter -s' <= n\nyield g(n + s')"},
		{name: "deforest off", src: "def opts(n) = [n - s for s in [1, 3, 4] if s <= n]\ngame g(n) moves g(m) for m in opts(n)\n", off: passes.Deforest},
		{name: "deforest: a global bound to a literal", src: "let S = [4, 1, 3]\ndef opts(n) = {n - s for s in S if s <= n}\ngame g(n) moves g(m) for m in opts(n)\n",
			want: "planned (deforest) as:\nguard |n| <= 4500000000000000000\nelems s' in [-4, -3, -1]\nfilter -s' <= n\nyield g(n + s')"},
		{name: "deforest: a global bound after code ran, behind the guard that it is a collection of ints", src: "print 1\nlet S = [1, 3, 4]\ndef opts(n) = [n - s for s in S if s <= n]\ngame g(n) moves g(m) for m in opts(n)\n",
			want: "planned (deforest) as:\nguard S is a collection of ints, each |x| <= 2250000000000000000\nguard |n| <= 2250000000000000000\nelems s' in S\nfilter s' <= n\nyield g(n - s')"},
		{name: "deforest: a global bound to an expression, behind the guard that it is a collection of ints", src: "let S = [1, 3, 2 + 2]\ndef opts(n) = [n - s for s in S if s <= n]\ngame g(n) moves g(m) for m in opts(n)\n",
			want: "planned (deforest) as:\nguard S is a collection of ints, each |x| <= 2250000000000000000\nguard |n| <= 2250000000000000000\nelems s' in S\nfilter s' <= n\nyield g(n - s')"},
		{name: "deforest: a global indexed is no collection root", src: "let S = [1, 3, 2 + 2]\ndef opts(n) = [n - S[i] for i in 0 .. 2 if S[i] <= n]\ngame g(n) moves g(m) for m in opts(n)\n"},
		{name: "deforest: a global after a def, a game and a literal let", src: "def f(x) = x\ngame h(n) moves h(n - 1) if n > 0\nlet T = (1, -2)\nlet S = {1, 3, -4}\ndef opts(n) = [n - s for s in S if s <= n]\ngame g(n) moves g(m) for m in opts(n)\n",
			want: "planned (deforest, unordered) as:\nguard |n| <= 4500000000000000000\nelems s' in [-4, 1, 3]\nfilter s' <= n\nyield g(n - s')"},
		{name: "bounds: a negated comparison", src: "let K = 3\ngame g(n) moves g(n - k) for k in 1 .. n for j in 0 .. 1 if not (k > K)\n",
			want: "planned (inline, bounds) as:\nguard |n| <= 4500000000000000000\nrange k = 1 .. (if 3 < n then 3 else n)\nrange j = 0 .. 1\nyield g(n - k)"},
		{name: "deforest: a call in the comprehension is not safe", src: "def f(x) = x / (x - 1)\ndef opts(n) = [f(n) - s for s in [1, 3, 4] if s <= n]\ngame g(n) moves g(m) for m in opts(n)\n"},
		{name: "deforest: / and % by a constant are safe", src: "def opts(n) = [n / 2 - s for s in [1, 3, 4] if s % 2 == 1]\ngame g(n) moves g(m) for m in opts(n)\n",
			want: "planned (deforest) as:\nguard |n| <= 4500000000000000000\nelems s' in [1, 3, 4]\nfilter s' % 2 == 1\nyield g(n / 2 - s')"},
		{name: "deforest: / by a name is not safe", src: "def opts(n) = [n - s for s in [1, 3, 4] if n / s >= 1]\ngame g(n) moves g(m) for m in opts(n)\n"},
		{name: "deforest: / by -1 is not safe", src: "def opts(n) = [n / -1 - s for s in [1, 3, 4]]\ngame g(n) moves g(m) for m in opts(n)\n"},
		{name: "deforest then equalities", src: "def splits(n) = [(i, j) for i in 1 .. n for j in 1 .. n if i + j == n]\ngame g(n) moves g(p[0]) + g(p[1]) for p in splits(n)\n",
			want: "planned (deforest, equalities, bounds) as:\nguard |n| <= 2250000000000000000\nrange i' = 1 .. n\nfilter n - i' >= 1\nyield g(i') + g(n - i')"},
		{name: "deforest: a tuple read whole and by index", src: "def splits(n) = [(i, n - i) for i in 1 .. n]\ngame g(n) moves g(p[1]) for p in splits(n) if p != (1, 2) if p[2 - 1] < 3 * p[0]\n",
			want: "planned (deforest, algebra) as:\nguard |n| <= 2250000000000000000\nrange i' = 1 .. n\nfilter i' != 1 or n - i' != 2\nfilter n - i' < 3 * i'\nyield g(n - i')"},
		{name: "deforest: an index out of range stays", src: "def splits(n) = [(i, n - i) for i in 1 .. n]\ngame g(n) moves g(p[2]) for p in splits(n)\n",
			want: "planned (deforest) as:\nguard |n| <= 2250000000000000000\nrange i' = 1 .. n\nyield g((i', n - i')[2])"},
		{name: "deforest: a union of sets of tuples, destructured", src: "def opts(a, b) = {(a - k, b) for k in 1 .. a} | {(a, b - k) for k in 1 .. b}\ngame g(a, b) moves g(x, y) for (x, y) in opts(a, b)\n",
			before: "elems (x, y) in opts(a, b)\nyield g(x, y)",
			want:   "planned (deforest) as:\nguard |a| <= 2250000000000000000\nguard |b| <= 2250000000000000000\nrange k' = 1 .. a\nyield g(k' - 1, b)\nthen\nrange k' = 1 .. b\nyield g(a, k' - 1)"},
		{name: "deforest: a union of three", src: "def opts(n) = {n - 1 for k in [1]} | ({n - 2 for k in [1] if n >= 2} | {n - s for s in 3 .. n})\ngame g(n) moves g(m) for m in opts(n)\n",
			want: "planned (deforest) as:\nguard |n| <= 2250000000000000000\nrange s' = 3 .. n\nyield g(s' - 3)\nthen\nfilter n >= 2\nyield g(n - 2)\nthen\nyield g(n - 1)"},
		{name: "inline in deforest: a helper's argument became a name of an int", src: "def ok(k, b, t) = k == b - t\ngame g(a, b) moves g(a, t) for k in [x for x in 1 .. b] + [y for y in 1 .. b] for t in 0 .. b - 1 if ok(k, b, t)\n",
			want: "planned (inline, deforest, equalities, bounds, dedup) as:\nguard |b| <= 2250000000000000000\nrange x' = 1 .. b\nyield g(a, b - x')"},
		{name: "deforest: a helper's options divided by the position, with no guard that it is not 0: the range is empty where it is", src: "def deg(v) = if v == 0 then 0 else 1 + v % 5\ndef opts(v) = [g((8 * v + k) % v) for k in 0 .. deg(v) - 1]\ngame g(v) moves m for m in opts(v)\n",
			want: "planned (deforest) as:\nguard |v| <= 562500000000000000\nrange k' = 0 .. (if v == 0 then 0 else 1 + v % 5) - 1\nyield g((8 * v + k') % v)"},
		{name: "deforest: a helper's options divided by the position, behind the guard that it is not 0: the range is not empty there", src: "def opts(v) = [g((8 * v + k) % v) for k in 0 .. v % 5]\ngame g(v) moves m for m in opts(v)\n",
			want: "planned (deforest) as:\nguard |v| <= 562500000000000000\nguard v != 0\nrange k' = 0 .. v % 5\nyield g((8 * v + k') % v)"},
		{name: "deforest: comprehensions over comprehensions in place, over the divisors of the position behind the guard that it is at least 1", src: "game g(n) moves t * g(n / t) for t in [x for x in [y for y in divisors(n)] + [z for z in divisors(n)]] + [w for w in divisors(n)] if t >= 2\n",
			want: "planned (deforest, dedup) as:\nguard |n| <= 4500000000000000000\nguard n >= 1\nelems y' in divisors(n)\nfilter y' >= 2\nyield y' * g(n / y')"},
		{name: "deforest: a def's comprehension over one that reads its parameters, the parameters written anew inside it", src: "def opts(b, a) = [g(a, b - k) for k in [x for x in 1 .. b / a] + [y for y in 1 .. b] if a > 0]\ngame g(a, b) moves m for m in opts(b, a)\n",
			want: "planned (deforest, bounds) as:\nguard |b| <= 2250000000000000000\nguard |a| <= 2250000000000000000\nguard a != 0\nfilter a > 0\nrange x' = 1 .. b / a\nyield g(a, b - x')\nthen\nfilter a > 0\nrange y' = 1 .. b\nyield g(a, b - y')"},
		{name: "deforest: a comprehension inside one that reads its names, the names written anew inside it", src: "game g(n) moves g(m) for m in [y for x in 1 .. n for y in [x - 1 for z in [1]]] + [n - 1 for z in [1]]\n",
			want: "planned (deforest) as:\nguard |n| <= 4500000000000000000\nrange x' = 1 .. n\nyield g(x' - 1)\nthen\nyield g(n - 1)"},
		{name: "deforest: divisors of an expression twice, the second alike the first, which is evaluated where the list was", src: "game g(n) moves g(t) for t in [x for x in divisors(n - 1)] + [y for y in divisors(n - 1)]\n",
			want: "planned (deforest, dedup) as:\nelems x' in divisors(n - 1)\nyield g(x')"},
		{name: "deforest: divisors of two expressions are not proved", src: "game g(n) moves g(t) for t in [x for x in divisors(n - 1)] + [y for y in divisors(n - 2)]\n"},
		{name: "deforest: min and max of ints are safe", src: "game g(n) moves g(m) for m in [x for x in 0 .. max(0, n - 2)] + [y for y in min(n, 3) .. n - 1]\n",
			want: "planned (deforest) as:\nguard |n| <= 4500000000000000000\nrange x' = 0 .. max(0, n - 2)\nyield g(x')\nthen\nrange y' = min(n, 3) .. n - 1\nyield g(y')"},
		{name: "deforest: min of a list literal of ints is an int", src: "game g(n) moves g(m) for m in [x for x in 0 .. min([n, 2])] + [y for y in 0 .. n - 1]\n",
			want: "planned (deforest) as:\nguard |n| <= 4500000000000000000\nrange x' = 0 .. min([n, 2])\nyield g(x')\nthen\nrange y' = 0 .. n - 1\nyield g(y')"},
		{name: "deforest: min of a list that may be empty is not an int's", src: "game g(n) moves g(m) for m in [x for x in 0 .. min([k for k in 1 .. n])] + [y for y in 0 .. n - 1]\n"},
		{name: "deforest: min of a list with a string is not an int's", src: "game g(n) moves g(m) for m in [x for x in 0 .. min([k for k in 1 .. n] + [\"a\"])] + [y for y in 0 .. n - 1]\n"},
		{name: "binds first: a generator over a set of one choice of lists", src: "game g(n) moves t * g(n / t) for t in divisors(n) for c in {if t >= 2 then [0] else []} for p in c\n",
			want: "planned (deforest) as:\nelems t in divisors(n)\nfilter t >= 2\nyield t * g(n / t)"},
		{name: "deforest: a concatenation of lists", src: "def opts(n) = [n - 1 for k in [1] if n >= 1] + [n - s for s in 2 .. n]\ngame g(n) moves g(m) for m in opts(n)\n",
			want: "planned (deforest) as:\nguard |n| <= 2250000000000000000\nfilter n >= 1\nyield g(n - 1)\nthen\nrange s' = 2 .. n\nyield g(n - s')"},
		{name: "deforest: the game before its helper", src: "game g(n) moves g(m) for m in opts(n)\ndef opts(n) = [n - s for s in [1, 3, 4] if s <= n]\n",
			want: "planned (deforest) as:\nguard |n| <= 4500000000000000000\nelems s' in [1, 3, 4]\nfilter s' <= n\nyield g(n - s')"},
		{name: "deforest: a union off", src: "def opts(a, b) = {(a - k, b) for k in 1 .. a} | {(a, b - k) for k in 1 .. b}\ngame g(a, b) moves g(x, y) for (x, y) in opts(a, b)\n", off: passes.Deforest},
		{name: "deforest: a tuple of another length", src: "def opts(a, b) = {(a - k, b, 0) for k in 1 .. a} | {(a, b - k) for k in 1 .. b}\ngame g(a, b) moves g(x, y) for (x, y) in opts(a, b)\n"},
		{name: "deforest: a union of a set and a list", src: "def opts(a, b) = {(a - k, b) for k in 1 .. a} | [(a, b - k) for k in 1 .. b]\ngame g(a, b) moves g(x, y) for (x, y) in opts(a, b)\n"},
		{name: "deforest: a union with a part that can fail", src: "def opts(a, b) = {(a - k, b) for k in 1 .. a} | {(a, b / k) for k in 1 .. b}\ngame g(a, b) moves g(x, y) for (x, y) in opts(a, b)\n"},
		{name: "bounds", src: "game g(n) moves g(a) + g(b) for a in 0 .. n if a < 3 for b in 0 .. a - 1\n",
			want: "planned (bounds) as:\nguard |n| <= 4500000000000000000\nrange a = 0 .. (if 2 < n then 2 else n)\nrange b = 0 .. a - 1\nyield g(a) + g(b)"},
		{name: "normalized first: a conjunction split, then bounds", src: "game g(n) moves g(a) + g(b) for a in 0 .. n if a < 3 and 1 <= a for b in 0 .. a - 1\n",
			want: "planned (bounds) as:\nguard |n| <= 4500000000000000000\nrange a = 1 .. (if 2 < n then 2 else n)\nrange b = 0 .. a - 1\nyield g(a) + g(b)"},
		{name: "a conjunction split with the fast loops off", off: passes.FastLoops, src: "game g(n) moves g(a) + g(b) for a in 0 .. n if a < 3 and 1 <= a for b in 0 .. a - 1\n",
			want: "planned (bounds) as:\nguard |n| <= 4500000000000000000\nrange a = 1 .. (if 2 < n then 2 else n)\nrange b = 0 .. a - 1\nyield g(a) + g(b)"},
		{name: "bounds: the last generator is the fast loop's", src: "game g(n) moves g(a) for a in 0 .. n if a < 3\n"},
		{name: "constsets", off: passes.Unordered, src: "game g(n) moves g(n - s) for s in [4, 1, 3, 1] if s <= n\n",
			before: "elems s in [4, 1, 3, 1]\nfilter s <= n\nyield g(n - s)",
			want:   "planned (constsets) as:\nelems s in [4, 1, 3]\nfilter s <= n\nyield g(n - s)"},
		{name: "constsets: no repeats", off: passes.Unordered, src: "game g(n) moves g(n - s) for s in [4, 1, 3] if s <= n\n"},
		{name: "constsets: the order is seen (a position may fail)", src: "game g(n) moves g(n - s) for s in [4, 1, 3, 1] if s <= n | g(n - 1) if 10 / n > 2\n", off: passes.Deforest,
			want: "planned (constsets) as:\nelems s in [4, 1, 3]\nfilter s <= n\nyield g(n - s)"},
		{name: "constsets off", src: "game g(n) moves g(n - s) for s in [4, 1, 3, 1] if s <= n\n", off: passes.ConstSets | passes.Unordered},
		{name: "set order: a literal ascending", src: "def opts(n) = {n + s - 5 for s in [4, 1, 3, 4] if s <= n}\ngame g(n) moves g(m) for m in opts(n)\n",
			want: "planned (deforest) as:\nguard |n| <= 4500000000000000000\nelems s' in [1, 3, 4]\nfilter s' <= n\nyield g(n + s' - 5)"},
		{name: "set order: a set literal downwards", src: "def opts(n) = {n - s for s in {4, 1, 3} if s <= n}\ngame g(n) moves g(m) for m in opts(n)\n",
			want: "planned (deforest) as:\nguard |n| <= 4500000000000000000\nelems s' in [-4, -3, -1]\nfilter -s' <= n\nyield g(n + s')"},
		{name: "set order: parts that overlap", src: "def opts(a, b) = {(a - k, b) for k in 1 .. a} | {(a - k, b - 1) for k in 1 .. a}\ngame g(a, b) moves g(x, y) for (x, y) in opts(a, b)\n"},
		{name: "set order: one value for every k", src: "def opts(n) = {n - 1 for k in 1 .. n}\ngame g(n) moves g(m) for m in opts(n)\n"},
		{name: "set order: two generators", src: "def opts(n) = {n - a - b for a in 1 .. 2 for b in 1 .. 2}\ngame g(n) moves g(m) for m in opts(n)\n"},
		{name: "shared: a move tested, then made", src: "def dead(b) = \"XXX\" in b\ngame g(b) moves g(b[:i] + \"X\" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == \".\" and not dead(b[:i] + \"X\" + b[i + 1:])\n",
			before: "range i = 0 .. len(b) - 1\nfilter b[i] == \".\" and not dead(b[:i] + \"X\" + b[i + 1:])\nyield g(b[:i] + \"X\" + b[i + 1:])",
			want:   "planned (shared) as:\nrange i = 0 .. len(b) - 1\nfilter b[i] == \".\"\nbind b' = b[:i] + \"X\" + b[i + 1:]\nfilter not dead(b')\nyield g(b')"},
		{name: "shared off", off: passes.Shared, src: "def dead(b) = \"XXX\" in b\ngame g(b) moves g(b[:i] + \"X\" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == \".\" and not dead(b[:i] + \"X\" + b[i + 1:])\n"},
		{name: "shared: the first thing a filter computes, a set", src: "def ok(S) = len(S) > 1\ngame g(S) moves g(S - {x}) for x in S if ok(S - {x})\n",
			want: "planned (shared) as:\nelems x in S\nbind S' = S - {x}\nfilter ok(S')\nyield g(S')"},
		{name: "shared: not computed first in its filter", src: "def ok(S) = len(S) > 1\ngame g(S) moves g(S - {x}) for x in S if (len(S) > 2) == ok(S - {x})\n"},
		{name: "shared: a conjunct that is not a bool of its own stays whole", src: "def ok(S) = len(S) > 1\ngame g(S, f) moves g(S - {x}, f) for x in S if f and ok(S - {x})\n"},
		{name: "shared: int arithmetic is left alone (inlined)", src: "def ok(n) = n % 3 != 0\ngame g(n) moves g(n - k) for k in 1 .. n if ok(n - k)\n",
			want: "planned (inline) as:\nguard |n| <= 2250000000000000000\nrange k = 1 .. n\nfilter (n - k) % 3 != 0\nyield g(n - k)"},
		{name: "conjunctions: a side that may not be a bool stays whole", src: "game g(n, f) moves g(n - k, f) for k in 1 .. n if f and k <= 3\n"},
		{name: "algebra: a loop over directions unrolled, its conditionals folded", src: "game g(a, b) moves g(if d == 0 then a - k else a, if d == 0 then b else b - k) for d in [0, 1] for k in 1 .. (if d == 0 then a else b)\n",
			want: "planned (algebra) as:\nrange k = 1 .. a\nyield g(a - k, b)\nthen\nrange k = 1 .. b\nyield g(a, b - k)"},
		{name: "algebra: tuples of directions, products by 0 and 1", src: "game g(a, b) moves g(a - k * dx, b - k * dy) for (dx, dy) in [(1, 0), (0, 1)] for k in 1 .. a + b if k * dx <= a and k * dy <= b\n",
			want: "planned (bounds, algebra) as:\nguard |a| <= 2250000000000000000\nguard |b| <= 2250000000000000000\nfilter 0 <= b\nrange k = 1 .. a + b\nfilter k <= a\nyield g(a - k, b)\nthen\nfilter 0 <= a\nrange k = 1 .. a + b\nfilter k <= b\nyield g(a, b - k)"},
		{name: "algebra: a loop nothing folds in stays", src: "game g(n) moves g(a) + g(n - k - a) for k in [1, 2] if k <= n for a in 0 .. (n - k) / 2\n"},
		{name: "algebra: a loop after another, unrolled for the SG search (no order seen)", src: "game g(a, b) moves g(a - k, if d == 0 then b else a) for k in 1 .. a for d in [0, 1]\n",
			want: "planned (algebra) as:\nguard |a| <= 2250000000000000000\nrange k = 1 .. a\nyield g(a - k, b)\nthen\nrange k = 1 .. a\nyield g(a - k, a)"},
		{name: "algebra: a loop after another stays where an option may fail (the order seen)", src: "game g(a, b) moves g(a - k, if d == 0 then b else 6 / (a - 2)) for k in 1 .. a for d in [0, 1]\n"},
		{name: "algebra: sum of over a pair", src: "game g(n) moves (sum of g(r) for r in [a, n - 1 - a]) for a in 0 .. n - 1\n",
			want: "planned (algebra) as:\nguard |n| <= 2250000000000000000\nrange a = 0 .. n - 1\nyield g(a) + g(n - 1 - a)"},
		{name: "algebra: sum of ints over a pair stays", src: "def f(x) = x\ngame g(n) moves *(sum of f(r) for r in [a, n - 1 - a]) for a in 0 .. n - 1\n"},
		{name: "algebra: min and max of a split", src: "game g(n) moves g(min(a, n - 1 - a)) + g(max(a, n - 1 - a)) for a in 0 .. n - 1\n",
			want: "planned (algebra) as:\nguard |n| <= 2250000000000000000\nrange a = 0 .. n - 1\nyield g(a) + g(n - 1 - a)"},
		{name: "algebra: min and max of a split whose positions may fail stay", src: "game g(n) moves g(min(a, n - 1 - a)) + g(max(a, n - 1 - a)) for a in 0 .. n - 1 | g(n - 1) if 10 / n > 2\n"},
		{name: "algebra: a sorted pair read by index", src: "def split(n, a) = sorted([a, n - a])\ngame g(n) moves g(p[0]) + g(p[1]) for a in 1 .. n - 1 for p in [split(n, a)] if p[0] != p[1]\n",
			want: "planned (inline, deforest, bounds, disjunctions, algebra) as:\nguard |n| <= 2250000000000000000\nrange a = 1 .. n - 1\nfilter a < n - a\nyield g(a) + g(n - a)\nthen\nrange a = 1 .. n - 1\nfilter a > n - a\nyield g(a) + g(n - a)"},
		{name: "algebra: a conditional its filter decided", src: "let S = [1, 3, 4]\ngame g(n) moves (if s <= n then g(n - s) else *0) for s in S if s <= n\n",
			want: "planned (unordered, algebra) as:\nguard |n| <= 4500000000000000000\nelems s in [1, 3, 4]\nfilter s <= n\nyield g(n - s)"},
		{name: "algebra: a conditional that reads none of the rule's variables, the rule once a branch", src: "game g(n) moves g(if n % 2 == 0 then n - k else n - 2 * k) for k in 1 .. n\n",
			want: "planned (bounds, algebra) as:\nguard |n| <= 4500000000000000000\nfilter n % 2 == 0\nrange k = 1 .. n\nyield g(n - k)\nthen\nfilter n % 2 != 0\nrange k = 1 .. n\nyield g(n - 2 * k)"},
		{name: "algebra: a conditional that may fail, behind the guard that it does not", src: "game g(n) moves g(if 12 / n > 1 then n - k else n - 2 * k) for k in 1 .. n\n",
			want: "planned (bounds, algebra) as:\nguard |n| <= 4500000000000000000\nguard n != 0\nfilter 12 / n > 1\nrange k = 1 .. n\nyield g(n - k)\nthen\nfilter 12 / n <= 1\nrange k = 1 .. n\nyield g(n - 2 * k)"},
		{name: "algebra off", off: passes.Algebra, src: "game g(n) moves (sum of g(r) for r in [a, n - 1 - a]) for a in 0 .. n - 1\n"},
		{name: "shared: a name bound again in between is another", src: "def ok(S) = len(S) > 1\ngame g(S) moves g(T) for x in S if ok(S - {x}) for T in [S - {x}] for x in T\n",
			want: "planned (shared) as:\nelems x in S\nbind S' = S - {x}\nfilter ok(S')\nbind T = S'\nelems x in T\nyield g(T)"},
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

// TestGuardHolds: in the variant for positions of packed int arguments
// the guard always holds (their ints are far smaller than its bounds):
// the planned rule is the only alternative, so a single-argument rule
// keeps its sweep; in the variant for other arguments the rule as
// written stays behind the guard's negation.
func TestGuardHolds(t *testing.T) {
	src := "def opts(n) = [n - s for s in [1, 3, 4] if s <= n]\ngame g(n) moves g(m) for m in opts(n)\n"
	s := eval.NewSession(eval.Options{})
	if err := s.Check("t.game", src); err != nil {
		t.Fatal(err)
	}
	for _, x := range s.Explain() {
		if x.Name != "g" {
			continue
		}
		text := x.String()
		for _, want := range []string{"(the guard holds for every position of int arguments: it is not tested)", "(a sweep)"} {
			if !strings.Contains(text, want) {
				t.Errorf("no %q in:\n%s", want, text)
			}
		}
		if strings.Contains(text, "as written") {
			t.Errorf("a fallback in:\n%s", text)
		}
	}
}

// comps returns the notes of game g of src, compiled with the passes of
// off switched off, that say how a comprehension is planned.
func comps(t *testing.T, src string, off passes.Pass) []string {
	t.Helper()
	s := eval.NewSession(eval.Options{Disable: off})
	if err := s.Check("t.game", src); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, x := range s.Explain() {
		for _, n := range x.Notes {
			if x.Name == "g" && strings.HasPrefix(n, "the comprehension at line ") {
				out = append(out, n)
			}
		}
	}
	return out
}

func TestComprehensions(t *testing.T) {
	cases := []struct {
		name, src string
		off       passes.Pass
		want      string // the notes, "|" between two
	}{
		{name: "len of a comprehension, equalities", src: "game g(n) moves g(n - s) for s in 1 .. len([1 for i in 1 .. n for j in 0 .. n if i + j == n])\n",
			want: "the comprehension at line 1 is planned (equalities, bounds) as: guard |n| <= 2250000000000000000; range i = 1 .. n; yield 1"},
		{name: "len off", off: passes.Equalities, src: "game g(n) moves g(n - s) for s in 1 .. len([1 for i in 1 .. n for j in 0 .. n if i + j == n])\n"},
		{name: "a list comprehension, bounds", off: passes.Deforest, src: "game g(n) moves g(m) for m in [a + b for a in 0 .. n if a < 3 for b in 0 .. a] if m < n\n",
			want: "the comprehension at line 1 is planned (bounds) as: guard |n| <= 4500000000000000000; range a = 0 .. (if 2 < n then 2 else n); range b = 0 .. a; yield a + b"},
		{name: "min of a comprehension", src: "game g(n) moves g(min([i for i in 0 .. n - 1 for j in 0 .. n if i + j == n + 1] + [0]))\n",
			want: "the comprehension at line 1 is planned (equalities, bounds) as: guard |n| <= 2250000000000000000; range i = 0 .. n - 1; filter n - i + 1 <= n; yield i"},
		{name: "max of a comprehension", src: "game g(n) moves g(max([i * 2 for i in 0 .. n for j in 0 .. n if i == n - j if n > 0])) if n > 0\n",
			want: "the comprehension at line 1 is planned (equalities, bounds) as: guard |n| <= 2250000000000000000; filter n > 0; range i = 0 .. n; yield i * 2"},
		{name: "sum of", src: "game g(n) moves sum of g(i) + g(j) for i in 0 .. n - 1 for j in 0 .. n - 1 if i + j == n - 1\n",
			want: "the comprehension at line 1 is planned (equalities, bounds) as: guard |n| <= 2250000000000000000; range i = 0 .. n - 1; yield g(i) + g(n - i - 1)"},
		{name: "a set comprehension, constsets", off: passes.Deforest | passes.Unordered, src: "game g(n) moves g(m) for m in {n - s for s in [3, 1, 3, 2] if s <= n}\n",
			want: "the comprehension at line 1 is planned (constsets) as: elems s in [3, 1, 2]; filter s <= n; yield n - s"},
		{name: "an outer generator over strings", src: "game g(n) moves g(n - len([1 for a in [\"x\", \"y\"] for b in 0 .. n if b == n]))\n",
			want: "the comprehension at line 1 is planned (equalities) as: guard |n| <= 4500000000000000000; elems a in [\"x\", \"y\"]; filter n >= 0; filter n <= n; yield 1"},
		{name: "a call is not safe", src: "game g(n) moves g(n - len([1 for a in 0 .. n for b in 0 .. n if a + b == len(str(n))]))\n"},
		{name: "len of a comprehension over one whose filter may fail, nothing after it can", src: "game g(n) moves g(n - 1) if n > 0 and len([v for v in [w for w in 0 .. n if 10 / (w - 3) > 0]]) > 2\n",
			want: "the comprehension at line 1 is planned (deforest) as: range w' = 0 .. n; filter 10 / (w' - 3) > 0; yield w'"},
		{name: "min over one whose filter may fail is not fused", src: "game g(n) moves g(n - 1) if n > 0 and min([v for v in [w for w in 0 .. n if 10 / (w - 3) > 0]]) > 2\n"},
		{name: "len over one whose filter may fail, an outer filter that may fail too", src: "game g(n) moves g(n - 1) if n > 0 and len([v for v in [w for w in 0 .. n if 10 / (w - 3) > 0] if 5 / (v - 4) > 0]) > 2\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := strings.Join(comps(t, c.src, c.off), "|"); got != c.want {
				t.Errorf("planned:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}
