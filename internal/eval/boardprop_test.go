package eval_test

// Property tests of board positions (LANGUAGE.md, "Boards: sequences,
// sets and bits"): one game written on an int bitmask, on a set and on a
// list must give the same SG values, and those must be the values of a
// brute-force mex search in Go over bitmasks (which knows nothing of the
// language). Random graphs for Node Kayles, random boards with holes for
// Cram.
//
// Then the int path against the generic path: a game or def whose
// arguments are all ints runs a variant compiled for ints (int closures,
// packed keys); the same rule with one non-int argument runs the generic
// variant (Values, generic operators). Random bit expressions in move
// rules, guards and defs must give the same values and the same errors,
// at the same positions, both ways.
//
// Counts scale with -prop.n and the cases change with -prop.seed, as in
// prop_test.go.

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/propgen"
	"github.com/grundy-lang/grundy/internal/testenv"
)

// mexSG is the SG value of a position given as a bitmask, by memoized
// mex over opts (the options of a mask).
func mexSG(memo map[uint64]int, s uint64, opts func(uint64) []uint64) int {
	if v, ok := memo[s]; ok {
		return v
	}
	seen := map[int]bool{}
	for _, o := range opts(s) {
		seen[mexSG(memo, o, opts)] = true
	}
	v := 0
	for seen[v] {
		v++
	}
	memo[s] = v
	return v
}

// maskSet is the set literal of the bits of m ("set()" when none).
func maskSet(m uint64) string {
	var xs []string
	for v := 0; m>>v != 0; v++ {
		if m>>v&1 == 1 {
			xs = append(xs, strconv.Itoa(v))
		}
	}
	if len(xs) == 0 {
		return "set()"
	}
	return "{" + strings.Join(xs, ", ") + "}"
}

// maskFlags is the list [b0, b1, ...] of the first n bits of m.
func maskFlags(m uint64, n int) string {
	xs := make([]string, n)
	for v := range n {
		xs[v] = strconv.Itoa(int(m >> v & 1))
	}
	return "[" + strings.Join(xs, ", ") + "]"
}

// maskList is the ascending list of the bits of m.
func maskList(m uint64) string {
	s := maskSet(m)
	if s == "set()" {
		return "[]"
	}
	return "[" + s[1:len(s)-1] + "]"
}

// sameValues checks a line "a b c ..." of k values, each want.
func sameValues(want, k int) func(string) string {
	return func(got string) string {
		w := strings.TrimSpace(strings.Repeat(strconv.Itoa(want)+" ", k))
		if got != w {
			return fmt.Sprintf("want %s (the brute-force value in each representation)", w)
		}
		return ""
	}
}

// randomMasks returns the full mask of n bits and k random submasks.
func randomMasks(r *rand.Rand, n, k int) []uint64 {
	full := uint64(1)<<n - 1
	ms := []uint64{full}
	for range k {
		ms = append(ms, r.Uint64()&full&r.Uint64()|r.Uint64()&full&r.Uint64())
	}
	return ms
}

// ---------------------------------------------------------------------------
// Node Kayles on random graphs: a move removes a vertex and its neighbours.

func TestBoardPropNodeKayles(t *testing.T) {
	t.Parallel()
	r, seed := propRand(t, 11)
	p := &prober{t: t, seed: seed}
	const graphs, perScript = 48, 8
	total := propCount(graphs)
	for b := 0; b < total; b += perScript {
		var units []*propgen.Unit
		for i := 0; i < perScript && b+i < total; i++ {
			units = append(units, nodeKaylesUnit(r, i))
		}
		p.run(units)
	}
	p.done()
}

func nodeKaylesUnit(r *rand.Rand, i int) *propgen.Unit {
	n := 1 + r.IntN(12)
	density := 0.1 + 0.5*r.Float64()
	nb := make([]uint64, n) // closed neighbourhoods
	for v := range n {
		nb[v] |= 1 << v
		for u := v + 1; u < n; u++ {
			if r.Float64() < density {
				nb[v] |= 1 << u
				nb[u] |= 1 << v
			}
		}
	}
	var sets, masks []string
	for v := range n {
		sets = append(sets, maskSet(nb[v]&^(1<<v)))
		masks = append(masks, strconv.FormatUint(nb[v], 10))
	}
	name := func(s string) string { return fmt.Sprintf("%s%d", s, i) }
	B, G, N := name("B"), name("G"), strconv.Itoa(n)
	kb, ks, kl, kf := name("kb"), name("ks"), name("kl"), name("kf")
	var d strings.Builder
	fmt.Fprintf(&d, "let %s = [%s]\nlet %s = [%s]\n", B, strings.Join(masks, ", "), G, strings.Join(sets, ", "))

	// The bitmask: several spellings of "v is there" and "clear B[v]".
	member := []string{"S & (1 << v) != 0", "S >> v & 1 == 1", "(S & 2 ** v) > 0", "S & (1 << v) == 1 << v"}[r.IntN(4)]
	clear := []string{"S ^ (S & %[1]s[v])", "S - (S & %[1]s[v])", "S & ((2 ** %[2]s - 1) ^ %[1]s[v])", "(S | %[1]s[v]) ^ %[1]s[v]"}[r.IntN(4)]
	fmt.Fprintf(&d, "game %s(S) moves %s(%s) for v in 0 .. %s - 1 if %s\n", kb, kb, fmt.Sprintf(clear, B, N), N, member)

	// The set of the vertices still there.
	// (A def of a comprehension as an operand: kept as bits per v,
	// internal/build/setcache.go.)
	fmt.Fprintf(&d, "def %s(v) = [u for u in sorted(%s[v]) if u != v]\n", name("nbl"), G)
	setMove := []string{"S - (%[1]s[v] | {v})", "S - %[1]s[v] - {v}", "(S ^ (S & %[1]s[v])) - {v}", "S & (set(0 .. %[2]s - 1) - ({v} | %[1]s[v]))", "S - ({v} | set(sorted(%[1]s[v])))", "S - set(%[1]s[v]) - set([v])", "S - set(%[3]s(v)) - {v}"}[r.IntN(7)]
	fmt.Fprintf(&d, "game %s(S) moves %s(%s) for v in S\n", ks, ks, fmt.Sprintf(setMove, G, N, name("nbl")))
	// The same set kept by a filter (a mask of words for each v:
	// internal/build/filter.go), as testdata/boards/nodekayles.game.
	filter := []string{"{u for u in S if u != v and not (u in %[1]s[v])}", "{u for u in S if not (u == v or u in %[1]s[v])}", "{u for u in S if u != v if u not in %[1]s[v]}", "{u for u in S if not %[2]s(u, v)}"}[r.IntN(4)]
	// (A def in the filter's condition: its mask computed through it.)
	hit := []string{"u == v or u in %[1]s[v]", "abs(u - v) == 0 or (u in %[1]s[v]) == true"}[r.IntN(2)]
	fmt.Fprintf(&d, "def %s(u, v) = %s\n", name("hit"), fmt.Sprintf(hit, G))
	fmt.Fprintf(&d, "game %s(S) moves %s(%s) for v in S\n", kf, kf, fmt.Sprintf(filter, G, name("hit")))

	// The move as a def's body (inlined into the built option:
	// internal/build/inline.go), a set operator or a filter.
	kd, take := name("kd"), name("take")
	body := []string{fmt.Sprintf(setMove, G, N, name("nbl")), fmt.Sprintf(filter, G, name("hit"))}[r.IntN(2)]
	fmt.Fprintf(&d, "def %s(S, v) = %s\ngame %s(S) moves %s(%s(S, v)) for v in S\n", take, body, kd, kd, take)

	// A list: flags by vertex, or the ascending list of the vertices there.
	flags := r.IntN(2) == 0
	if flags {
		listMove := []string{
			"[if u == v or u in %[1]s[v] then 0 else x for (u, x) in enumerate(L)]",
			"[x * (if u == v or u in %[1]s[v] then 0 else 1) for (u, x) in zip(0 .. len(L) - 1, L)]",
		}[r.IntN(2)]
		fmt.Fprintf(&d, "game %s(L) moves %s(%s) for v in 0 .. len(L) - 1 if L[v] == 1\n", kl, kl, fmt.Sprintf(listMove, G))
	} else {
		fmt.Fprintf(&d, "game %s(L) moves %s([u for u in L if u != v and u not in %s[v]]) for v in L\n", kl, kl, G)
	}

	memo := map[uint64]int{}
	opts := func(s uint64) []uint64 {
		var o []uint64
		for v := range n {
			if s>>v&1 == 1 {
				o = append(o, s&^nb[v])
			}
		}
		return o
	}
	un := &propgen.Unit{Decl: d.String()}
	for _, m := range randomMasks(r, n, 5) {
		list := maskList(m)
		if flags {
			list = maskFlags(m, n)
		}
		un.Ask(fmt.Sprintf("sg(%s(%d)), sg(%s(%s)), sg(%s(%s)), sg(%s(%s)), sg(%s(%s))", kb, m, ks, maskSet(m), kl, list, kf, maskSet(m), kd, maskSet(m)), sameValues(mexSG(memo, m, opts), 5))
	}
	return un
}

// ---------------------------------------------------------------------------
// Cram on random boards with holes: a move covers two free neighbouring
// cells.

func TestBoardPropCram(t *testing.T) {
	t.Parallel()
	r, seed := propRand(t, 12)
	p := &prober{t: t, seed: seed}
	const boards, perScript = 40, 8
	total := propCount(boards)
	for b := 0; b < total; b += perScript {
		var units []*propgen.Unit
		for i := 0; i < perScript && b+i < total; i++ {
			units = append(units, cramUnit(r, i))
		}
		p.run(units)
	}
	p.done()
}

func cramUnit(r *rand.Rand, i int) *propgen.Unit {
	w, h := 1+r.IntN(5), 1+r.IntN(4)
	for w*h > 16 {
		w, h = 1+r.IntN(5), 1+r.IntN(4)
	}
	n := w * h
	name := func(s string) string { return fmt.Sprintf("%s%d", s, i) }
	cb, cs, cl, cf, cr := name("cb"), name("cs"), name("cl"), name("cf"), name("cr")
	W, H, N := strconv.Itoa(w), strconv.Itoa(h), strconv.Itoa(n)
	var d strings.Builder
	// The bitmask: cell (r, c) is bit r * W + c.
	fmt.Fprintf(&d, "game %[1]s(S) moves\n    %[1]s(S ^ (3 << v)) for v in 0 .. %[3]s - 2 if v %% %[2]s != %[2]s - 1 and S >> v & 3 == 3\n", cb, W, N)
	fmt.Fprintf(&d, "  | %[1]s(S ^ (1 << v) ^ (1 << (v + %[2]s))) for v in 0 .. %[3]s - %[2]s - 1 if S & (1 << v) != 0 and S & (1 << (v + %[2]s)) != 0\n", cb, W, N)
	// The set of free cells (r, c).
	fmt.Fprintf(&d, "game %[1]s(S) moves %[1]s(S - {(r, c), (r + dr, c + dc)}) for (r, c) in S for (dr, dc) in [(0, 1), (1, 0)] if (r + dr, c + dc) in S\n", cs)
	// The set kept by a filter, as testdata/boards/cram.game.
	fmt.Fprintf(&d, "game %[1]s(S) moves\n    %[1]s({x for x in S if x != a and x != b}) for a in S for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] if b in S\n", cf)
	// The set of free cells, each option the sum of its regions in one
	// shape (components, canon: sets of bits), as examples/frontier.game.
	fmt.Fprintf(&d, "def %[2]s(F) = sum of %[1]s(canon(R)) for R in components(F)\n", cr, name("split"))
	fmt.Fprintf(&d, "game %[1]s(F) moves\n    %[2]s(F - {(r, c), (r, c + 1)}) for (r, c) in F if (r, c + 1) in F\n", cr, name("split"))
	fmt.Fprintf(&d, "  | %[2]s(F - {(r, c), (r + 1, c)}) for (r, c) in F if (r + 1, c) in F\n", cr, name("split"))
	// Helper defs: the dominoes a list comprehension, the move a def
	// (inlined into the built option: internal/build/inline.go).
	cd := name("cd")
	fmt.Fprintf(&d, "def %[1]sdom(S) = [(a, b) for a in S for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] if b in S]\n", cd)
	fmt.Fprintf(&d, "def %[1]scover(S, a, b) = %[2]s\n", cd, []string{"S - {a, b}", "{x for x in S if x != a and x != b}", "S - {a} - {b}"}[r.IntN(3)])
	fmt.Fprintf(&d, "game %[1]s(S) moves %[1]s(%[1]scover(S, a, b)) for (a, b) in %[1]sdom(S)\n", cd)
	// A list of row strings, "." free and "#" taken.
	fmt.Fprintf(&d, "game %[1]s(B) moves\n    %[1]s(update(B, r, B[r][:c] + \"##\" + B[r][c + 2:])) for r in 0 .. %[2]s - 1 for c in 0 .. %[3]s - 2 if B[r][c:c + 2] == \"..\"\n", cl, H, W)
	fmt.Fprintf(&d, "  | %[1]s(update(update(B, r, update(B[r], c, \"#\")), r + 1, update(B[r + 1], c, \"#\"))) for r in 0 .. %[2]s - 2 for c in 0 .. %[3]s - 1 if B[r][c] == \".\" and B[r + 1][c] == \".\"\n", cl, H, W)

	opts := func(s uint64) []uint64 {
		var o []uint64
		for v := range n {
			if v%w != w-1 && s>>v&3 == 3 {
				o = append(o, s&^(3<<v))
			}
			if v+w < n && s>>v&1 == 1 && s>>(v+w)&1 == 1 {
				o = append(o, s&^(1<<v|1<<(v+w)))
			}
		}
		return o
	}
	memo := map[uint64]int{}
	un := &propgen.Unit{Decl: d.String()}
	for _, m := range randomMasks(r, n, 4) {
		var cells, rows []string
		for y := range h {
			row := ""
			for x := range w {
				if m>>(y*w+x)&1 == 1 {
					cells = append(cells, fmt.Sprintf("(%d, %d)", y, x))
					row += "."
				} else {
					row += "#"
				}
			}
			rows = append(rows, strconv.Quote(row))
		}
		set := "set()"
		if len(cells) > 0 {
			set = "{" + strings.Join(cells, ", ") + "}"
		}
		want := mexSG(memo, m, opts)
		un.Ask(fmt.Sprintf("sg(%s(%d)), sg(%s(%s)), sg(%s([%s])), sg(%s(%s)), sg(%s(%s)), sg(%s(%s))", cb, m, cs, set, cl, strings.Join(rows, ", "), cf, set, cr, set, cd, set), sameValues(want, 6))
		if bits.OnesCount64(m) <= 8 {
			// outcome agrees too (P exactly when the value is 0)
			word := "N"
			if want == 0 {
				word = "P"
			}
			un.Ask(fmt.Sprintf("outcome(%s(%d)), outcome(%s(%s))", cb, m, cs, set), func(got string) string {
				if got != word+" "+word {
					return "want " + word + " " + word
				}
				return ""
			})
		}
	}
	return un
}

// ---------------------------------------------------------------------------
// The int path against the generic path.

// bitsGen makes random int expressions over some names with the bit
// operators (and + - for variety); shift counts and exponents are mostly
// small, sometimes anything, so some expressions fail.
type bitsGen struct{ r *rand.Rand }

func (g bitsGen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

func (g bitsGen) expr(names []string, depth int) string {
	if depth <= 0 || g.r.IntN(3) == 0 {
		if g.r.IntN(3) > 0 {
			return g.pick(names...)
		}
		return g.pick("0", "1", "2", "3", "7", "-1", "-4", "62", "63", "64", "255")
	}
	a, b := g.expr(names, depth-1), g.expr(names, depth-1)
	switch g.r.IntN(10) {
	case 0:
		return "(" + a + " & " + b + ")"
	case 1:
		return "(" + a + " | " + b + ")"
	case 2:
		return "(" + a + " ^ " + b + ")"
	case 3:
		return "(" + a + " << " + g.pick("0", "1", "3", b) + ")"
	case 4:
		return "(" + a + " >> " + g.pick("1", "2", b) + ")"
	case 5:
		return "(" + a + " ** " + g.pick("0", "2", "3", b) + ")"
	case 6:
		return "(1 << " + a + ")"
	case 7:
		return "(" + a + " + " + b + ")"
	case 8:
		return "(" + a + " - " + b + ")"
	}
	return "(" + a + " & " + g.pick("1", "7", "-8") + ")"
}

// bitsProgram returns a program whose game and def take a last argument
// z: called with z = (0) every argument is an int (the int variants);
// with z = "z" the generic variants run. Z in the text is where z goes.
func (g bitsGen) program() string {
	var b strings.Builder
	fmt.Fprintf(&b, "def f(a, c, z) = %s\n", g.expr([]string{"a", "c"}, 3))
	fmt.Fprintf(&b, "game h(n, S, z) moves\n    h(n - 1, %s & 63, z) for v in 0 .. 3 if n > 0 and %s %s %s\n",
		g.expr([]string{"S", "v", "n"}, 3), g.expr([]string{"S", "v", "n"}, 2), g.pick("!=", "<", ">=", "=="), g.expr([]string{"S", "v"}, 1))
	fmt.Fprintf(&b, "  | *(%s & 7) for v in [0] if n > 0 and f(S, n, z) %s 0\n", g.expr([]string{"S", "n"}, 2), g.pick("!=", ">", "<="))
	fmt.Fprintf(&b, "  | h(n - 1, S >> 1, z) + h(n - 1, %s & 31, z) for v in [0] if n > 1\n", g.expr([]string{"S", "n"}, 2))
	fmt.Fprintf(&b, "print [f(a, c, Z) for a in -3 .. 3 for c in [0, 1, 5]]\n")
	for range 3 {
		fmt.Fprintf(&b, "print sg(h(%d, %d, Z)), outcome(h(%d, %d, Z))\n", g.r.IntN(6), g.r.IntN(64), g.r.IntN(5), g.r.IntN(64))
	}
	return b.String()
}

func TestBoardIntVsGeneric(t *testing.T) {
	t.Parallel()
	r, seed := propRand(t, 13)
	g := bitsGen{r}
	n := propCount(testenv.Scale(50, 300))
	var values, errs, fails int
	for range n {
		src := g.program()
		intSrc := strings.ReplaceAll(src, "Z", "(0)") // as wide as "z": the same columns
		genSrc := strings.ReplaceAll(src, "Z", `"z"`)
		// Both ways with the optimizing passes on, then both off.
		var a, b optRun
		same := true
		for _, on := range []bool{true, false} {
			a = runOpt(optCase{name: "b.game", src: intSrc}, on)
			b = runOpt(optCase{name: "b.game", src: genSrc}, on)
			if a.panic != "" || b.panic != "" {
				t.Fatalf("seed %d: a Go panic\n%s\n%s\n%s", seed, intSrc, a, b)
			}
			// The generic run's error shows its own source line where
			// the error is on a query line: compare it as the int run's.
			bErr := strings.ReplaceAll(b.err, `"z"`, "(0)")
			if a.out != b.out || a.err != bErr || a.class != b.class {
				same = false
				fails++
				t.Errorf("seed %d (passes on: %v): int and generic paths differ\nscript (Z = (0) or \"z\"):\n%s=== ints:\n%s\n=== generic:\n%s", seed, on, optIndent(src), a, b)
				break
			}
		}
		if !same {
			if fails >= 5 {
				t.FailNow()
			}
			continue
		}
		if a.err != "" {
			errs++
		}
		values += strings.Count(a.out, "\n")
	}
	t.Logf("%d programs: %d printed lines compared, %d ended in the same error", n, values, errs)
	if errs > n*2/3 {
		t.Errorf("%d of %d programs fail: the generator compares too few values", errs, n)
	}
}

// ---------------------------------------------------------------------------
// Edits: a list comprehension copying a list but for the elements at a few
// indexes (Staircase Nim's move, [if j == i - 1 then c[j] + m else if j ==
// i then c[j] - m else c[j] for j in 0 .. len(c) - 1]) is built as a copy
// with those elements computed (the pass edits, internal/build/edits.go).
// Random arms (indexes in and out of range, equal, not ints, failing;
// elements that overflow or are not ints) over random lists, tuples and
// strings must give the same values and errors, at the same positions,
// with the pass on and off.

// editsGen writes random programs of edits.
type editsGen struct{ r *rand.Rand }

func (g editsGen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

// program is one game whose move rebuilds its list by an edit of one to
// three arms, and the positions whose values it prints.
func (g editsGen) program() string {
	var b strings.Builder
	arms := 1 + g.r.IntN(3)
	var body strings.Builder
	for range arms {
		eq := func() string {
			at := g.pick("i - 1", "i", "i + 1", "0", "len(c)", "-1", `"x"`, "c[0]", "i * 0 + 1", "(i + 1) % 3", "(i + 1) % len(c)", "abs(i - 2)")
			if g.r.IntN(2) == 0 {
				return at + " == j"
			}
			return "j == " + at
		}
		j := eq()
		for g.r.IntN(3) == 0 {
			// (j == A or j == B: two arms of one element.)
			j += " or " + eq()
		}
		x := g.pick("c[j] + m", "c[j] - m", "m", "j", "c[j] - 1", `"s"`, "c[j] * 4611686018427387904", "c[j] + c[0]", "(c[j], m)", "c[j] / (m - 1)")
		fmt.Fprintf(&body, "if %s then %s else ", j, x)
	}
	fmt.Fprintf(&b, "game st(c) moves\n    st([%sc[j] for j in 0 .. len(c) - 1])\n        for i in %s for m in 1 .. %s\n",
		body.String(), g.pick("1 .. len(c) - 1", "0 .. len(c)", "[1, 0]"), g.pick("2", "1", "0"))
	// (A move from a list whose element is not an int, or whose
	// element overflows, meets an error: most games print values.)
	for range 4 {
		n := 1 + g.r.IntN(4)
		xs := make([]string, n)
		for k := range xs {
			xs[k] = strconv.Itoa(g.r.IntN(3))
		}
		if g.r.IntN(8) == 0 {
			xs[g.r.IntN(n)] = `"a"`
		}
		lit := "[" + strings.Join(xs, ", ") + "]"
		switch g.r.IntN(10) {
		case 0:
			lit = "(" + strings.Join(xs, ", ") + ",)"
		case 1:
			lit = `"ab"`
		}
		fmt.Fprintf(&b, "print sg(st(%s)), outcome(st(%s))\n", lit, lit)
	}
	return b.String()
}

func TestBoardPropEdits(t *testing.T) {
	t.Parallel()
	r, seed := propRand(t, 17)
	g := editsGen{r}
	n := propCount(testenv.Scale(5, 200))
	var values, errs, fails, skipped int
	for range n {
		src := g.program()
		// (An arm that adds coins makes cycles and endless games: the
		// limits end them, at the same step both ways.)
		c := optCase{name: "e.game", src: src, limits: engine.Limits{MaxStates: 3000, MaxSteps: 300_000, MaxDepth: 300}, timeout: 20 * time.Second}
		on := runOptWith(c, 0)
		off := runOptWith(c, passes.Edits)
		if on.panic != "" || off.panic != "" {
			t.Fatalf("seed %d: a Go panic\n%s\n%s\n%s", seed, src, on, off)
		}
		if optInterrupted(on) || optInterrupted(off) {
			// (The test's deadline, not a limit of the program: a busy
			// machine, nothing to compare.)
			skipped++
			continue
		}
		if on.out != off.out || on.err != off.err || on.class != off.class {
			fails++
			t.Errorf("seed %d: edits on and off differ\nscript:\n%s=== on:\n%s\n=== off:\n%s", seed, optIndent(src), on, off)
			if fails >= 5 {
				t.FailNow()
			}
			continue
		}
		if on.err != "" {
			errs++
		}
		values += strings.Count(on.out, "\n")
	}
	t.Logf("%d programs: %d printed lines compared, %d ended in the same error, %d past the test's deadline", n, values, errs, skipped)
	if skipped > n/3 {
		t.Errorf("%d of %d programs ran past the test's deadline", skipped, n)
	}
	if errs > n*2/3 {
		t.Errorf("%d of %d programs fail: the generator compares too few values", errs, n)
	}
}
