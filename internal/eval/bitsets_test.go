package eval_test

// Property tests of the bitsets pass (sets of a position's argument as
// bitsets over a universe, set filters {x for x in S if C} as masks):
// board games whose positions are sets of elements of every kind (small
// ints, ints past 4,095, strings, tuples, cells), written as a set
// filtered by a comprehension, as a set difference, as a list and as an
// int bitmask, must give the values of a brute-force mex search in Go
// over bitmasks, with all passes on, with bitsets alone off and with all
// of them off; a filter whose condition fails must fail the same way in
// all three.
//
// Counts scale with -prop.n and the cases change with -prop.seed, as in
// prop_test.go.

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/testenv"
)

// bitsetRuns runs src with all passes on, with bitsets off and with all
// off, and returns the three runs (the first is compared with want, the
// others with it).
func bitsetRuns(t *testing.T, label, src, want string) {
	t.Helper()
	c := optCase{name: "t.game", src: src}
	on := runOptWith(c, 0)
	if want != "" && (on.out != want || on.err != "") {
		t.Errorf("%s: with all passes on\n got: %s\nwant: %s\nscript:\n%s", label, on, want, optIndent(src))
		return
	}
	for _, off := range []passes.Pass{passes.Bitsets, passes.All} {
		r := runOptWith(c, off)
		if ok, why := optSame(on, r, true); !ok {
			t.Errorf("%s: without %s: %s\nscript:\n%s\n=== all passes:\n%s\n=== without %s:\n%s", label, off, why, optIndent(src), on, off, r)
		}
	}
}

// labelOf writes vertex v of a board in one of the kinds of elements.
func labelOf(kind, v int) string {
	switch kind {
	case 0:
		return strconv.Itoa(v)
	case 1:
		return strconv.Itoa(5000 + 37*v)
	case 2:
		return fmt.Sprintf("%q", "v"+strconv.Itoa(v))
	case 3:
		return fmt.Sprintf("(%d, %d)", v, 9-v)
	}
	return fmt.Sprintf("(%d, %d)", v/4, v%4) // a cell
}

// labelSet is the set literal of the vertices of mask m as labels.
func labelSet(kind int, m uint64) string {
	var xs []string
	for v := 0; m>>v != 0; v++ {
		if m>>v&1 == 1 {
			xs = append(xs, labelOf(kind, v))
		}
	}
	if len(xs) == 0 {
		return "set()"
	}
	return "{" + strings.Join(xs, ", ") + "}"
}

// TestBitsetsNodeKayles: Node Kayles on random graphs whose vertices are
// labels of every kind, a move written as a filter (by membership in a
// map of lists, by a let's set, by equality), a difference, and on an int
// bitmask.
func TestBitsetsNodeKayles(t *testing.T) {
	t.Parallel()
	r, _ := propRand(t, 41)
	for i := range propCount(16) {
		kind := i % 5
		n := 2 + r.IntN(9)
		nb := make([]uint64, n) // open neighbourhoods
		for v := range n {
			for u := v + 1; u < n; u++ {
				if r.Float64() < 0.35 {
					nb[v] |= 1 << u
					nb[u] |= 1 << v
				}
			}
		}
		var lists, sets, masks []string
		for v := range n {
			var l []string
			for u := range n {
				if nb[v]>>u&1 == 1 {
					l = append(l, labelOf(kind, u))
				}
			}
			lists = append(lists, labelOf(kind, v)+": ["+strings.Join(l, ", ")+"]")
			sets = append(sets, labelOf(kind, v)+": "+labelSet(kind, nb[v]|1<<v))
			masks = append(masks, strconv.FormatUint(nb[v]|1<<v, 10))
		}
		var d strings.Builder
		fmt.Fprintf(&d, "let NB = {%s}\nlet CL = {%s}\nlet M = [%s]\n", strings.Join(lists, ", "), strings.Join(sets, ", "), strings.Join(masks, ", "))
		d.WriteString("game kf(S) moves kf({u for u in S if u != v and not (u in NB[v])}) for v in S\n")
		d.WriteString("game kn(S) moves kn({u for u in S if u not in CL[v]}) for v in S\n")
		d.WriteString("game kd(S) moves kd(S - CL[v]) for v in S\n")
		d.WriteString("game kt(p) moves kt((p[0] + 1, {u for u in p[1] if not (u in CL[v])})) for v in p[1]\n")
		d.WriteString("game kb(S) moves kb(S & ~M[v]) for v in 0 .. len(M) - 1 if S & (1 << v) != 0\n")
		memo := map[uint64]int{}
		opts := func(s uint64) []uint64 {
			var o []uint64
			for v := range n {
				if s>>v&1 == 1 {
					o = append(o, s&^(nb[v]|1<<v))
				}
			}
			return o
		}
		var want strings.Builder
		for _, m := range randomMasks(r, n, 4) {
			S := labelSet(kind, m)
			fmt.Fprintf(&d, "print sg(kf(%s)), sg(kn(%[1]s)), sg(kd(%[1]s)), sg(kt((0, %[1]s))), sg(kb(%d))\n", S, m)
			fmt.Fprintf(&want, "%s\n", strings.TrimSpace(strings.Repeat(strconv.Itoa(mexSG(memo, m, opts))+" ", 5)))
		}
		d.WriteString("print moves(kf(" + labelSet(kind, 1<<n-1) + "))\n")
		bitsetRuns(t, fmt.Sprintf("graph %d (kind %d)", i, kind), d.String(), "")
		// (The values alone: the moves line is compared between the runs.)
		c := optCase{name: "t.game", src: d.String()}
		on := runOptWith(c, 0)
		if lines := strings.SplitAfter(on.out, "\n"); len(lines) < 2 || strings.Join(lines[:len(lines)-2], "") != want.String() {
			t.Errorf("graph %d (kind %d): got\n%swant\n%sscript:\n%s", i, kind, on, want.String(), optIndent(d.String()))
		}
	}
}

// TestBitsetsDivisors: the divisor game (a move names a divisor and takes
// it and its multiples away) on the divisors of random N, past 4,095
// and not, as a filter by a remainder and on an int bitmask of the
// divisors' indexes.
func TestBitsetsDivisors(t *testing.T) {
	t.Parallel()
	r, _ := propRand(t, 42)
	for range propCount(12) {
		var n int
		var ds []int
		for {
			n = 2 + r.IntN(60000)
			ds = ds[:0]
			for k := 2; k <= n; k++ {
				if n%k == 0 {
					ds = append(ds, k)
				}
			}
			if len(ds) <= 20 {
				break
			}
		}
		mult := make([]uint64, len(ds))
		var masks []string
		for a := range ds {
			for b := range ds {
				if ds[b]%ds[a] == 0 {
					mult[a] |= 1 << b
				}
			}
			masks = append(masks, strconv.FormatUint(mult[a], 10))
		}
		memo := map[uint64]int{}
		opts := func(s uint64) []uint64 {
			var o []uint64
			for a := range ds {
				if s>>a&1 == 1 {
					o = append(o, s&^mult[a])
				}
			}
			return o
		}
		full := uint64(1)<<len(ds) - 1
		src := fmt.Sprintf(`let N = %d
let M = [%s]
game div(S) moves div({e for e in S if e %% d != 0}) for d in S
game divb(S) moves divb(S & ~M[i]) for i in 0 .. len(M) - 1 if S & (1 << i) != 0
print sg(div(set(divisors(N)) - {1})), sg(divb(%d))
print sg(div({e for e in divisors(N) if e > 1 and e %% 2 == 1}))
`, n, strings.Join(masks, ", "), full)
		v := mexSG(memo, full, opts)
		var odd uint64
		for a, x := range ds {
			if x%2 == 1 {
				odd |= 1 << a
			}
		}
		want := fmt.Sprintf("%d %d\n%d\n", v, v, mexSG(memo, odd, opts))
		bitsetRuns(t, fmt.Sprintf("N = %d", n), src, want)
	}
}

// TestBitsetsCram: Cram on random boards with holes, the free cells as
// (row, column) tuples, a move written as a filter of two cells.
func TestBitsetsCram(t *testing.T) {
	t.Parallel()
	r, _ := propRand(t, 43)
	for i := range propCount(10) {
		w, h := 1+r.IntN(4), 1+r.IntN(3)
		var cells []string
		var m uint64
		for rr := range h {
			for c := range w {
				if r.IntN(5) > 0 {
					cells = append(cells, fmt.Sprintf("(%d, %d)", rr, c))
					m |= 1 << (rr*w + c)
				}
			}
		}
		S := "set()"
		if len(cells) > 0 {
			S = "{" + strings.Join(cells, ", ") + "}"
		}
		memo := map[uint64]int{}
		opts := func(s uint64) []uint64 {
			var o []uint64
			for rr := range h {
				for c := range w {
					a := rr*w + c
					if s>>a&1 == 0 {
						continue
					}
					if c+1 < w && s>>(a+1)&1 == 1 {
						o = append(o, s&^(3<<a))
					}
					if rr+1 < h && s>>(a+w)&1 == 1 {
						o = append(o, s&^(1<<a|1<<(a+w)))
					}
				}
			}
			return o
		}
		src := fmt.Sprintf(`game cram(S) moves
    cram({x for x in S if x != a and x != b}) for a in S for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] if b in S
game cram2(S) moves cram2(S - {a, b}) for a in S for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] if b in S
print sg(cram(%s)), sg(cram2(%[1]s))
`, S)
		v := mexSG(memo, m, opts)
		bitsetRuns(t, fmt.Sprintf("board %d", i), src, fmt.Sprintf("%d %d\n", v, v))
	}
}

// TestBitsetsErrors: a filter whose condition fails, or whose set is not
// a set, fails at the same element with the same message, with the
// passes on and off; a let read by a filter is read as it is.
func TestBitsetsErrors(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		// 10 % x fails at x = 0, the first element tested.
		"game g(S) moves g({x for x in S if 10 % x != 0}) for v in S\nprint sg(g({3, 0, 5}))\n",
		// Fails only at 0, which only some positions hold.
		"game g(S) moves g({x for x in S if x != v and 12 % x == 0}) for v in S\nprint sg(g({4, 6, 5000, 7}))\nprint sg(g({0, 6}))\n",
		// The first error in ascending order: "a" < "b" fail, 1 does not.
		"game g(S) moves g({x for x in S if x + 1 > v}) for v in S\nprint sg(g({1, 2, 3}))\nprint sg(g({1, \"a\"}))\n",
		// Not a set: a list, a string.
		"game g(S) moves g({x for x in S if x != v}) for v in S\nprint sg(g([1, 2, 3]))\nprint sg(g(\"abc\"))\n",
		// A condition that is not a bool.
		"game g(S) moves g({x for x in S if x}) for v in S\nprint sg(g({1, 2}))\n",
		// A let the filter reads; a set of sets (boxed keys).
		"let T = {1, 3}\ngame g(S) moves g({x for x in S if x not in T and x != v}) for v in S\nprint sg(g({1, 2, 3, 4, 5}))\nprint sg(g({{1}, {2}}))\n",
		// Sets of positions: general keys.
		"game h(n) moves h(n - 1) if n > 0\ngame g(S) moves g({x for x in S if x != v}) for v in S\nprint sg(g({h(1), h(2), h(3)}))\n",
	} {
		bitsetRuns(t, "errors", src, "")
	}
}

// TestBitsetsRing: Dawson's Kayles on a ring of n pins (a move knocks
// down two standing neighbours) written as a list of 0s and 1s (keyed a
// bit a pin), a string, a set of the standing pins (filtered) and an int
// bitmask, on random rings.
func TestBitsetsRing(t *testing.T) {
	t.Parallel()
	r, _ := propRand(t, 44)
	for i := range propCount(10) {
		n := 3 + r.IntN(12)
		memo := map[uint64]int{}
		opts := func(s uint64) []uint64 {
			var o []uint64
			for a := range n {
				b := (a + 1) % n
				if s>>a&1 == 1 && s>>b&1 == 1 {
					o = append(o, s&^(1<<a|1<<b))
				}
			}
			return o
		}
		src := fmt.Sprintf(`let N = %d
game rl(b) moves rl(update(update(b, i, 0), (i + 1) %% N, 0)) for i in 0 .. N - 1 if b[i] == 1 and b[(i + 1) %% N] == 1
game rs(b) moves rs(b[:i] + ".." + b[i + 2:]) for i in 0 .. N - 2 if b[i] == "X" and b[i + 1] == "X"
  | rs("." + b[1:N - 1] + ".") if b[N - 1] == "X" and b[0] == "X"
game rt(S) moves rt({x for x in S if x != i and x != (i + 1) %% N}) for i in S if (i + 1) %% N in S
game rb(m) moves rb(m & ~(1 << i) & ~(1 << ((i + 1) %% N))) for i in 0 .. N - 1 if m >> i & 1 == 1 and m >> ((i + 1) %% N) & 1 == 1
`, n)
		var want strings.Builder
		for _, m := range randomMasks(r, n, 3) {
			var l, str []string
			for a := range n {
				l = append(l, strconv.Itoa(int(m>>a&1)))
				str = append(str, map[uint64]string{0: ".", 1: "X"}[m>>a&1])
			}
			src += fmt.Sprintf("print sg(rl([%s])), sg(rs(%q)), sg(rt(%s)), sg(rb(%d))\n", strings.Join(l, ", "), strings.Join(str, ""), maskSet(m), m)
			v := strconv.Itoa(mexSG(memo, m, opts))
			fmt.Fprintf(&want, "%s %s %s %s\n", v, v, v, v)
		}
		bitsetRuns(t, fmt.Sprintf("ring %d (n = %d)", i, n), src, want.String())
	}
}

// TestBitsetsFilterWords: a filter's masks are kept by a word of its
// locals' values when each is a small int or a cell (filter.go, wordKey),
// else by their key. Locals of every kind (ints small and large, negative,
// cells on and off the 64 x 64 board, an int and a cell of the same bit,
// strings; one to four locals) over random sets of mixed elements give the
// values they give with the bitsets off, and with every pass off (a
// position's value tells 5, (0, 5) and (0, 1) from the others: an int and
// a cell of the same bit kept under one mask would give another value).
func TestBitsetsFilterWords(t *testing.T) {
	t.Parallel()
	// An int and a cell of the same bit, 5 and (0, 5), as values of one
	// of two locals: their masks differ (kept under one, the root's value
	// would be 1).
	bitsetRuns(t, "5 and (0, 5)", `game w(S, k) moves w({x for x in S if x != c and x != d}, k - 1) for c in [(0, 5), 5] for d in [7] if k > 0 and c in S
  | *1 for y in [0] if 5 in S and k == 2 | *0 for y in [0] if k == 3
print sg(w({5, (0, 5), 1}, 3))
`, "3\n")
	r, _ := propRand(t, 47)
	elems := []string{"0", "1", "5", "64", "-1", "300000", "(0, 1)", "(1, 0)", "(0, 5)", "(1, 0)", "(64, 0)", "(0, 63)", `"s"`}
	for i := range propCount(testenv.Scale(6, 12)) {
		var in []string
		for _, e := range elems {
			if r.IntN(3) > 0 {
				in = append(in, e)
			}
		}
		S := "set()"
		if len(in) > 0 {
			S = "{" + strings.Join(in, ", ") + "}"
		}
		src := fmt.Sprintf(`let P = [%s]
game f1(S, k) moves f1({x for x in S if x != a}, k - 1) for a in P if k > 0 and a in S
  | *2 for y in [0] if 5 in S | *3 for y in [0] if (0, 5) in S | *4 for y in [0] if (0, 1) in S
game f2(S, k) moves f2({x for x in S if x != a and x != b}, k - 1) for a in P for b in P if k > 0 and a in S
  | *2 for y in [0] if 5 in S | *3 for y in [0] if (0, 5) in S | *4 for y in [0] if (0, 1) in S
game f3(S, k) moves f3({x for x in S if x != a and not (x == b) and x != c}, k - 1) for a in P for b in [P[0], a] for c in [(0, 5), 5] if k > 0 and b in S
  | *2 for y in [0] if 5 in S | *3 for y in [0] if (0, 5) in S | *4 for y in [0] if (0, 1) in S
game f4(S, k) moves f4({x for x in S if x != a and x != b and x != c and x != d}, k - 1) for a in P for b in P for c in [a] for d in [(1, 0)] if k > 0 and a in S and b in S
  | *2 for y in [0] if 5 in S | *3 for y in [0] if (0, 5) in S | *4 for y in [0] if (0, 1) in S
print sg(f1(%[2]s, 3)), sg(f2(%[2]s, 2)), sg(f3(%[2]s, 3)), sg(f4(%[2]s, 2))
`, strings.Join(elems, ", "), S)
		bitsetRuns(t, fmt.Sprintf("set %d", i), src, "")
	}
}

// TestBitsetsFilterGraphArgument: a filter that reads a graph passed as
// an argument (kept by the graph's id: by identity, or by its key for an
// equal graph made again) gives the values it gives with the bitsets off
// and with every pass off, with several graphs in one run (two equal
// ones made apart, a third that differs in one edge) and sums of their
// positions (a mask kept for one graph used for another would change a
// value).
func TestBitsetsFilterGraphArgument(t *testing.T) {
	t.Parallel()
	r, _ := propRand(t, 61)
	for i := range propCount(testenv.Scale(4, 12)) {
		n := 8 + r.IntN(5)
		var adj []string
		for v := range n {
			var nb []string
			for u := range n {
				if u != v && ((u*v+u+v+i)%5 == 1 || u-v == 1 || v-u == 1) {
					nb = append(nb, strconv.Itoa(u))
				}
			}
			adj = append(adj, "["+strings.Join(nb, ", ")+"]")
		}
		cut := r.IntN(n)
		src := fmt.Sprintf(`let N = %d
let G = [%s]
let H = [[u for u in x] for x in G]
let K = [if v == %d then [] else [u for u in G[v] if u != %d] for v in 0 .. N - 1]
game nk(S, A) moves nk({u for u in S if u != v and not (u in A[v])}, A) for v in S
print [sg(nk(set(0 .. n - 1), A)) for n in 1 .. N for A in [G, H, K]]
print sg(nk(set(0 .. N - 1), G) + nk(set(0 .. N - 2), K) + nk(set(1 .. N - 1), H))
`, n, strings.Join(adj, ", "), cut, cut)
		if on := runOptWith(optCase{name: "t.game", src: src}, 0); on.err != "" || on.out == "" {
			t.Fatalf("graph %d: %s\nscript:\n%s", i, on, optIndent(src))
		}
		bitsetRuns(t, fmt.Sprintf("graph %d", i), src, "")
	}
}
