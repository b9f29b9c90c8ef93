package eval

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// TestExplain: each alternative says which path it takes, and why not the
// fast one; defs say whether they are inlined.
func TestExplain(t *testing.T) {
	src := `let S = {1, 3, 4}
def ok(n, s) = n - s >= 0
def wrap(n) = sub(n)
def mid(n) = n / 2
game sub(n) moves sub(n - s) for s in S if s <= n
game grd(n) moves grd(a) + grd(n - a) for a in 1 .. (n - 1) / 2 if 2 * a < n
game slow(n) moves slow(n - s) for s in S if ok(n, s)
game sq(n) moves sq(n - s) for s in S if s * s <= n
game tup(p) moves tup((p[0] - 1, p[1])) for k in 1 .. 1 if p[0] > 0
game tl(a, b) moves tl(a * k - 1, b) for k in 1 .. 1 if a > 0
game rec(n) moves *k for k in 0 .. n - 1
def fact(n) = if n == 0 then 1 else n * fact(n - 1)
game dg(v) moves dg((v * 7 + k * k) % v) for k in 1 .. v - 1
game dgg(v) moves dgg((v * 7 + k * k) % v) for k in 1 .. 9 if mid(v) >= k
game dsq(v) moves dsq((v * 7 + k * k) % v) for k in 1 .. 9 if k * k < v
def below(v, k) = mid(v) >= k
game dgd(v) moves dgd((v * 7 + k * k) % v) for k in 1 .. 9 if below(v, k)
def mix(x) = (x * 1103515245 + 12345) % 2147483647
def deg(v) = if v == 0 then 0 else 1 + mix(8 * v + 7) % 5
game dag(v) moves dag(mix(8 * v + k) % v) for k in 0 .. deg(v) - 1
`
	got := explained(t, src)
	want := map[string][]string{
		"game sub":  {"alternative 1 (line 5): fast loop: for s over ", "1 if clause turned into bounds on s", "(a sweep)"},
		"game grd":  {"fast loop: for a over a range", "a split"},
		"game slow": {"alternative 1 (line 7): fast loop", "1 if clause turned into bounds on s"},
		"game sq":   {"alternative 1 (line 8): one position per option", "no fast loop: the if clause at line 8 tests s in a way that is not a bound"},
		"game tup":  {"stored as 2 int arguments", "alternative 1 (line 9): fast loop: for k over a range"},
		"game tl":   {"general path: an argument of tl is not k times a constant"},
		"game rec":  {"its option is not a position or a sum of at most 4 positions"},
		"def fact":  {"recursive: called, not inlined"},
		"game dg":   {"alternative 1 (line 13): one position per option, looked up in the memo tables, its argument computed for up to 16 values of the last for clause before their lookups"},
		"game dgg":  {"alternative 1 (line 14): one position per option, looked up in the memo tables, its argument computed for up to 16 values of the last for clause before their lookups; its if clause is a bound of the range, computed once"},
		"game dsq":  {"range k = 1 .. (if isqrt(v - 1) < 9 then isqrt(v - 1) else 9)", "alternative 1 (line 15): one position per option, looked up in the memo tables, its argument computed for up to 16 values of the last for clause before their lookups"},
		"game dgd":  {"alternative 1 (line 17): one position per option, looked up in the memo tables, its argument computed for up to 16 values of the last for clause before their lookups; its if clause is a bound of the range, computed once"},
		"def below": {"inlined where it is called"},
		"game dag":  {"alternative 1 (line 20): one position per option"},
		"def mix":   {"int arithmetic"},
		"def deg":   {"int arithmetic"},
		"def ok":    {"inlined where it is called"},
		"def mid":   {"int arithmetic: inlined as int code"},
		"def wrap":  {"inlined where it is called"},
	}
	for _, k := range []string{"game sq"} {
		if strings.Contains(got[k], "computed for up to") || strings.Contains(got[k], "a bound of the range") {
			t.Errorf("%s's options are batched, but its last clause is an if clause that is not a bound:\n%s", k, got[k])
		}
	}
	for k, text := range got {
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			if strings.HasPrefix(l, "  alternative ") && slices.Contains(lines[i+1:], l) {
				t.Errorf("%s: the line %q is in its explanation twice:\n%s", k, l, text)
			}
		}
	}
	for k, subs := range want {
		text, ok := got[k]
		if !ok {
			t.Errorf("no explanation for %s; have %v", k, got)
			continue
		}
		for _, sub := range subs {
			if !strings.Contains(text, sub) {
				t.Errorf("%s: explanation\n%s\ndoes not contain %q", k, text, sub)
			}
		}
	}
	if len(got) != len(want) {
		t.Errorf("explained %d declarations, want %d (the library's games are not explained): %v", len(got), len(want), got)
	}
}

// TestExplainSwitchedOff: with the fast loops switched off, every
// alternative says so.
func TestExplainSwitchedOff(t *testing.T) {
	s := NewSession(Options{Disable: passes.FastLoops})
	if err := s.ExecFile(context.Background(), "t.game", "game sub(n) moves sub(n - s) for s in 1 .. 2 if s <= n\n"); err != nil {
		t.Fatal(err)
	}
	xs := s.Explain()
	if len(xs) != 1 || !strings.Contains(xs[0].String(), "fast loops are switched off") {
		t.Fatalf("explanations %v, want one saying fast loops are switched off", xs)
	}
}

// TestExplainLoadFile: code loaded through LoadFile (the Go API) compiles
// as ExecFile does (the same paths), also after a later file declares a
// def again: the code loaded before keeps the old def, the new code sees
// the new one.
func TestExplainLoadFile(t *testing.T) {
	src := `def step(n) = n - 1
def piece(a) = heap(a)
game heap(n) moves piece(k) for k in 0 .. n - 1
game down(n) moves down(step(n)) if n > 0
print sg(heap(5)), sg(down(4))
`
	var outA, outB strings.Builder
	a := NewSession(Options{Stdout: &outA})
	if err := a.ExecFile(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	b := NewSession(Options{Stdout: &outB})
	if err := b.LoadFile(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	render := func(xs []*passes.Explanation) string {
		var s strings.Builder
		for _, x := range xs {
			s.WriteString(x.String())
		}
		return s.String()
	}
	if ra, rb := render(a.Explain()), render(b.Explain()); ra != rb || outA.String() != outB.String() {
		t.Fatalf("ExecFile:\n%s%s\nLoadFile:\n%s%s", outA.String(), ra, outB.String(), rb)
	}
	if !strings.Contains(render(b.Explain()), "int arithmetic: inlined") {
		t.Errorf("LoadFile does not inline:\n%s", render(b.Explain()))
	}
	// A later file declares step again: down keeps the old one.
	outB.Reset()
	if err := b.LoadFile(context.Background(), "u.game", "def step(n) = n - 2\ngame down2(n) moves down2(step(n)) if n > 1\nprint sg(down(4)), sg(down2(4)), step(10)\n"); err != nil {
		t.Fatal(err)
	}
	if outB.String() != "0 0 8\n" {
		t.Errorf("after redeclaring step: %q, want %q", outB.String(), "0 0 8\n")
	}
}

// passCorpus has a declaration for each pass that changes how one is
// compiled.
const passCorpus = `def mix(x) = (x * 1103515245 + 12345) % 2147483647
def ok(n, s) = n - s >= 0
game sub(n) moves sub(n - s) for s in {1, 3, 4} if ok(n, s)
game cut(w) moves cut(i) + cut(w - i) for i in 1 .. w - 1
game dag(v) moves dag(mix(v + k) % v) for k in 0 .. 2 if v > 0
game q(p) moves q((p[0] - k, p[1])) for k in 1 .. p[0] | q((p[0], p[1] - k)) for k in 1 .. p[1]
game row(r) moves row(r[:i] + r[i + 1:]) for i in 0 .. len(r) - 1 if r[i] == 1
game loop(n) moves loop((n + 1) % 5)
def near(v) = [(v[0] + d, v[1]) for d in [-1, 1] if v[0] + d >= 0 and v[0] + d < 6]
game walk(v, s) moves walk(u, s | {u}) for u in near(v) if u not in s
print sg(sub(50)), sg(cut(30)), sg(dag(200)), sg(q((4, 5))), sg(row([1, 0, 1, 1])), outcome(loop(0)), sg(walk((3, 0), {(3, 0)}))
`

// TestExplainPassesFired: --explain says which passes fired for each
// declaration; none with every pass off, never one that is off, and
// each pass that changes a declaration's code fires somewhere in the
// corpus when all are on.
func TestExplainPassesFired(t *testing.T) {
	fired := func(off passes.Pass) (map[string]passes.Pass, passes.Pass) {
		s := NewSession(Options{Disable: off})
		if err := s.ExecFile(context.Background(), "t.game", passCorpus); err != nil {
			t.Fatal(err)
		}
		by, all := map[string]passes.Pass{}, passes.Pass(0)
		for _, x := range s.Explain() {
			by[x.Kind+" "+x.Name] = x.Fired
			all |= x.Fired
			if !strings.Contains(x.String(), "  passes fired: ") {
				t.Errorf("%s %s: no line of passes fired:\n%s", x.Kind, x.Name, x)
			}
		}
		return by, all
	}
	if by, all := fired(passes.All); all != 0 {
		t.Errorf("with every pass off, passes fired: %v", by)
	}
	for _, p := range Passes() {
		if by, all := fired(p); all&p != 0 {
			t.Errorf("with %v off, it fired: %v", p, by)
		}
	}
	by, all := fired(0)
	compileTime := passes.Stream | passes.FastLoops | passes.Inline | passes.LoopyOpen | passes.Fuse | passes.Sweep | passes.Composite | passes.Ints | passes.Tuples
	if missing := compileTime &^ all; missing != 0 {
		t.Errorf("never fired: %v (fired: %v)", missing, by)
	}
	for name, want := range map[string]passes.Pass{
		"game cut":  passes.FastLoops | passes.Ints,
		"game dag":  passes.Inline | passes.Fuse,
		"game q":    passes.Tuples,
		"game row":  passes.Composite,
		"def mix":   passes.Fuse | passes.Ints,
		"game walk": passes.Tuples | passes.Deforest, // (near yields pairs: fused)
	} {
		if by[name]&want != want {
			t.Errorf("%s: fired %v, want %v among them", name, by[name], want)
		}
	}
}

// TestExplainNoHeapsClaimed: a game of one int argument whose options are
// positions of itself is checked for a take-and-break rule, and --explain
// says so without calling its alternatives loops over heaps (a loopy game
// without for, a bitmask game have none).
func TestExplainNoHeapsClaimed(t *testing.T) {
	src := `game loop(v) moves loop((v + 1) % 3) | loop(v)
game bits(m) moves bits(m ^ (m & (7 << v) >> 1)) for v in 0 .. 60 if m & (1 << v) != 0
`
	s := NewSession(Options{})
	if err := s.ExecFile(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, x := range s.Explain() {
		text := x.String()
		if strings.Contains(text, "heaps of itself") {
			t.Errorf("%s %s: explanation claims heaps:\n%s", x.Kind, x.Name, text)
		}
		if strings.Contains(text, "its one int argument may be a heap") {
			n++
		}
	}
	if n == 0 {
		t.Errorf("no explanation says the take-and-break check runs")
	}
}

// TestExplainBoardArguments: a set filter is named with the names its
// masks are kept by, and after a run each argument of a game's positions
// says which representation it got: a bitset over a universe of N
// elements, packed ints, a string over an alphabet, a general key and
// why; with bitsets and strings off, no universe and no alphabet.
func TestExplainBoardArguments(t *testing.T) {
	src := `game cram(S) moves cram({x for x in S if x != a and x != b}) for a in S for b in [(a[0], a[1] + 1)] if b in S
game div(S) moves div({e for e in S if e % d != 0}) for d in S
game row(b) moves row(update(b, i, 0)) for i in 0 .. len(b) - 1 if b[i] == 1
game word(w) moves word(w[1:]) if w != ""
game pile(h) moves pile(update(h, 0, h[0] - 1)) if h[0] > 0
print sg(cram({(0, 0), (0, 1), (0, 2)})), sg(div(set(divisors(4320)) - {1})), sg(row([1, 1, 0])), sg(word("abc")), sg(pile([5, 2]))
`
	for _, on := range []bool{true, false} {
		var disable passes.Pass
		if !on {
			disable = passes.Bitsets | passes.Strings
		}
		s := NewSession(Options{Disable: disable})
		if err := s.ExecFile(context.Background(), "t.game", src); err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, x := range s.Explain() {
			got[x.Kind+" "+x.Name] = x.String()
		}
		want := map[string][]string{
			"game cram": {"its filter (set-comp x", "is the set less the elements equal to a and b, a word operation (no mask kept)", "argument 1 of its positions: a bitset over a universe of 3 elements"},
			"game div":  {"for each value of d", "argument 1 of its positions: a bitset over a universe of 47 elements (6 bytes of bits)"},
			"game row":  {"argument 1 of its positions: a list of 0s and 1s, packed a bit an element"},
			"game pile": {"argument 1 of its positions: a list or tuple of ints, packed as varints"},
			"game word": {"argument 1 of its positions: a string over an alphabet of 3 characters, packed (2 bits a character)"},
		}
		if !on {
			want["game word"] = []string{"argument 1 of its positions: general key: a string, its bytes"}
			want["game cram"] = []string{"argument 1 of its positions: a bitset of cells"}
			want["game div"] = []string{"argument 1 of its positions: a bitset of small ints (0 to 4,095); general key: a set, element by element"}
		}
		for k, subs := range want {
			for _, sub := range subs {
				if !strings.Contains(got[k], sub) {
					t.Errorf("bitsets on: %v: %s: explanation\n%s\ndoes not contain %q", on, k, got[k], sub)
				}
			}
		}
		if !on && strings.Contains(got["game div"], "a bitset over a universe") {
			t.Errorf("bitsets off, and a universe:\n%s", got["game div"])
		}
	}
}

// TestExplainPlannedBoards: the plans of this kind of rule say what they
// are: a generator over right(i) + down(i) a choice loop over the places
// of the elements, a set of cells iterated by a tuple pattern a guarded
// collection of pairs, all([a in S, b in S]) two filters, and the option's
// set read on its words through a def (ok(X, i)) and inside a
// comprehension of the if clause.
func TestExplainPlannedBoards(t *testing.T) {
	src := `let W = 3
def right(i) = if i % W < W - 1 then [i + 1] else []
def down(i) = if i / W < 1 then [i + W] else []
game cr(S) moves cr(S - {i, j}) for i in S for j in right(i) + down(i) if j in S
game cm(F) moves cm(F - {(r, c), (a, b)}) for (r, c) in F for (a, b) in [(r, c + 1), (r + 1, c)] if (a, b) in F
let E = [(0, 1), (1, 2)]
game ak(S) moves ak(S - {a, b}) for (a, b) in E if all([a in S, b in S])
let LINES = [{0, 1, 2}, {3, 4, 5}]
def dead(X) = any([all([j in X for j in L]) for L in LINES])
def ok(X, i) = not dead(X | {i})
game nj(X) moves nj(X | {i}) for i in 0 .. 5 if not (i in X) and ok(X, i)
game nq(X) moves nq(X | {i}) for i in 0 .. 5 if i not in X and not any([(X | {i}) & L == L for L in LINES])
print sg(cr(set(0 .. 5))), sg(cm({(0, 0), (0, 1), (1, 1)})), sg(ak({0, 1, 2})), sg(nj(set())), sg(nq(set()))
`
	got := explained(t, src)
	want := map[string][]string{
		"game cr": {"range k' = 0 .. 1", "bind j = if k' == 0 then i + 1 else i + 3", "guard S is a collection of ints"},
		"game cm": {"guard F is a collection of 2-tuples of ints", "bind a = if k' == 0 then r else r + 1"},
		"game ak": {"guard S is a collection (only tested for membership)", "filter a in S", "filter b in S"},
		"game nj": {"any at line 9 on the words (masks)", "ok inlined"},
		"game nq": {"any at line 12 on the words (masks)"},
	}
	for k, subs := range want {
		for _, sub := range subs {
			if !strings.Contains(got[k], sub) {
				t.Errorf("%s: explanation\n%s\ndoes not contain %q", k, got[k], sub)
			}
		}
	}
}

// explained runs src in a session with every pass on and returns what
// --explain says of each declaration, by its kind and name.
func explained(t *testing.T, src string) map[string]string {
	t.Helper()
	s := NewSession(Options{})
	if err := s.ExecFile(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, x := range s.Explain() {
		got[x.Kind+" "+x.Name] = x.String()
	}
	return got
}
