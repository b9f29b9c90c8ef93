package eval_test

// Differential tests of the pruned search's lists of options (package
// partgen, engine.Game.GenParts): a script runs with the options that
// are sums of regions of cells listed as rows (solve.PrunedLists) and
// listed as values, the pruned search taking every position asked for
// after a few plain ones; the two must print the same, fail the same,
// and visit and generate as many positions (the lists change how an
// option is made and keyed, never what the search does). Each script
// also runs against the plain search (prunedSame).

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/solve"
)

// listsRun is what a run printed, its error and its counters.
type listsRun struct {
	out, err      string
	states, moves int64
}

// runLists runs src with the lists on or off, the pruned search taking
// the positions asked for after `after` plain ones.
func runLists(src string, lists bool, after int64) listsRun {
	old, oldAny, oldLists := solve.PrunedAfter, solve.PrunedAnyRule, solve.PrunedLists
	solve.PrunedAfter, solve.PrunedAnyRule, solve.PrunedLists = after, true, lists
	defer func() { solve.PrunedAfter, solve.PrunedAnyRule, solve.PrunedLists = old, oldAny, oldLists }()
	var out strings.Builder
	s := eval.NewSession(eval.Options{Stdout: &out})
	var r listsRun
	if err := s.ExecFile(context.Background(), "lists.game", src); err != nil {
		r.err = err.Error()
	}
	st := s.Stats()
	r.out, r.states, r.moves = out.String(), st.States, st.Moves
	return r
}

// listsSame fails unless src runs alike with the lists and without, and
// (plain) as the plain search runs it.
func listsSame(t *testing.T, name, src string, plain bool) listsRun {
	t.Helper()
	var on listsRun
	for _, after := range []int64{1, 40} {
		on = runLists(src, true, after)
		off := runLists(src, false, after)
		if on != off {
			t.Fatalf("%s (after %d): lists %+v\nvalues %+v\nscript:\n%s", name, after, on, off, src)
		}
	}
	if plain {
		prunedSame(t, name+".game", src)
	}
	return on
}

// TestPrunedListsCram: Cram as the sum of its regions on random boards
// with holes (one to six rows), the 3 x n boards, sums of boards, and
// boards the lists cannot read (cells past column 63, negative ones):
// their options are values.
func TestPrunedListsCram(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 29))
	n, most := 14, 20
	if longTests() {
		n, most = 80, 30
	}
	var b strings.Builder
	b.WriteString(cramSplit)
	for range n {
		rows := 1 + r.IntN(6)
		cols := 1 + r.IntN(max(1, most/rows-1))
		board := randomBoard(r, rows, cols)
		fmt.Fprintf(&b, "print sg(cram(%s)), outcome(cram(%s))\n", board, board)
	}
	b.WriteString(`def board(m, n) = {(r, c) for r in 0 .. m - 1 for c in 0 .. n - 1}
print [sg(cram(board(3, n))) for n in 3 .. 8]
print sg(cram(board(3, 4)) + cram(board(3, 6)) + *4), winning(cram(board(2, 5)))
print sg(cram({(r, c + 60) for r in 0 .. 2 for c in 0 .. 6})), sg(cram({(r - 1, c - 3) for r in 0 .. 2 for c in 0 .. 5}))
`)
	on := listsSame(t, "cram", b.String(), true)
	if !strings.Contains(on.out, "[0, 1, 1, 4, 1, 3]\n") {
		t.Errorf("3 x n: got\n%s", on.out)
	}
}

// TestPrunedListsShapes: the spellings the lists read and those they do
// not, side by side: a def's argument a local (no set built), a sum
// written in the rule, alternatives that list values among those that
// list rows, two games, a def named canon (not the built-in), a game
// whose rule fails on some regions, and Node Kayles (components with
// ADJ: values).
func TestPrunedListsShapes(t *testing.T) {
	for _, c := range []struct{ name, src string }{
		{"local", `
def split(F) = sum of c(canon(R)) for R in components(F)
game c(F) moves split(G) for G in [F - {(r, c), (r + 1, c)} for (r, c) in F if (r + 1, c) in F] | split(F - {x}) for x in F if len(F) % 3 == 0
print [sg(c({(r, k) for r in 0 .. 2 for k in 0 .. n})) for n in 0 .. 5]`},
		{"written", `
game c(F) moves (sum of c(canon(R)) for R in components(G)) for G in [F - {(r, k), (r, k + 1)} for (r, k) in F if (r, k + 1) in F]
print [sg(c({(r, k) for r in 0 .. 1 for k in 0 .. n})) for n in 0 .. 6]`},
		{"mixed", `
def split(F) = sum of c(canon(R)) for R in components(F)
game c(F) moves *1 if len(F) == 4 | split(F - {(r, k), (r, k + 1)}) for (r, k) in F if (r, k + 1) in F | c(F - {x}) + *2 for x in F if len(F) % 4 == 1
print [sg(c({(r, k) for r in 0 .. 2 for k in 0 .. n})) for n in 0 .. 4]`},
		{"two games", `
def sa(F) = sum of a(canon(R)) for R in components(F)
def sb(F) = sum of b(canon(R)) for R in components(F)
game a(F) moves sb(F - {(r, k), (r, k + 1)}) for (r, k) in F if (r, k + 1) in F
game b(F) moves sa(F - {(r, k), (r + 1, k)}) for (r, k) in F if (r + 1, k) in F | sa(F - {x}) for x in F if len(F) == 3
print [sg(a({(r, k) for r in 0 .. 2 for k in 0 .. n})) for n in 0 .. 5]`},
		{"filter", `
def split(F) = sum of c(canon(R)) for R in components(F)
game c(F) moves split({x for x in F if x != a and x != b}) for a in F for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] if b in F
print [sg(c({(r, k) for r in 0 .. 2 for k in 0 .. n})) for n in 0 .. 5], sg(c({(r, k + 62) for r in 0 .. 1 for k in 0 .. 3}))`},
		{"filter test", `
def split(F) = sum of c(canon(R)) for R in components(F)
game c(F) moves split({x for x in F if x[0] != r or x[1] < k or x[1] > k + 1}) for (r, k) in F if (r, k + 1) in F
print [sg(c({(r, k) for r in 0 .. 2 for k in 0 .. n})) for n in 0 .. 5]`},
		{"filter error", `
def split(F) = sum of c(canon(R)) for R in components(F)
game c(F) moves split({x for x in F if x != a and 12 / (x[1] - 4) != 5}) for a in F if len(F) > 2
print [sg(c({(r, k) for r in 0 .. 1 for k in 0 .. n})) for n in 0 .. 5]`},
		{"filter list", `
def split(F) = sum of c(canon(R)) for R in components(F)
game c(F) moves split({x for x in L if x != a}) for a in F for L in [sorted(F)] if len(F) % 2 == 1
print [sg(c({(r, k) for r in 0 .. 2 for k in 0 .. n})) for n in 0 .. 3]`},
		{"user canon", `
def canon(S) = S
def split(F) = sum of c(canon(R)) for R in components(F)
game c(F) moves split(F - {(r, k), (r, k + 1)}) for (r, k) in F if (r, k + 1) in F
print [sg(c({(r, k) for r in 0 .. 2 for k in 0 .. n})) for n in 0 .. 4]`},
		{"error", `
def split(F) = sum of c(canon(R)) for R in components(F)
game c(F) moves split(F - {(r, k), (r, k + 1)}) for (r, k) in F if (r, k + 1) in F and 12 / (len(F) - 5) > -100
print [sg(c({(r, k) for r in 0 .. 2 for k in 0 .. n})) for n in 0 .. 4]`},
		{"kayles", `
def cells(m, n) = {(r, c) for r in 0 .. m - 1 for c in 0 .. n - 1}
def near(S) = {(r, c): {(r + dr, c + dc) for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] if (r + dr, c + dc) in S} for (r, c) in S}
let ADJ = near(cells(10, 10))
def split(S) = sum of kayles(canon(P)) for P in components(S, ADJ)
game kayles(S) moves split(S - ({v} | ADJ[v])) for v in S
print [sg(kayles(cells(3, n))) for n in 1 .. 7]`},
	} {
		t.Run(c.name, func(t *testing.T) { listsSame(t, c.name, strings.TrimPrefix(c.src, "\n")+"\n", true) })
	}
}

// kaylesGraph is Node Kayles as the sum of its regions under the
// adjacency map ADJ (components(S, ADJ)), with canon (kayles) and
// without (kplain), over cells of a 24 x 24 board (the long suite's
// boards are up to 23 columns wide).
const kaylesGraph = `def cells(m, n) = {(r, c) for r in 0 .. m - 1 for c in 0 .. n - 1}
def near(S) = {(r, c): {(r + dr, c + dc) for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] if (r + dr, c + dc) in S} for (r, c) in S}
let ADJ = near(cells(24, 24))
def split(S) = sum of kayles(canon(P)) for P in components(S, ADJ)
game kayles(S) moves split(S - ({v} | ADJ[v])) for v in S
def plain(S) = sum of kplain(P) for P in components(S, ADJ)
game kplain(S) moves plain(S - ({v} | ADJ[v])) for v in S
`

// TestPrunedListsGraph: components(S, ADJ) listed as rows (package
// cellgraph) against values: Node Kayles with and without canon on
// random boards with holes, the 3 x n boards and sums of them.
func TestPrunedListsGraph(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 29))
	n, most := 10, 14
	if longTests() {
		n, most = 60, 24
	}
	var b strings.Builder
	b.WriteString(kaylesGraph)
	for range n {
		rows := 1 + r.IntN(5)
		cols := 1 + r.IntN(max(1, most/rows-1))
		board := randomBoard(r, rows, cols)
		fmt.Fprintf(&b, "print sg(kayles(%s)), sg(kplain(%s))\n", board, board)
	}
	b.WriteString(`print [sg(kayles(cells(3, n))) for n in 1 .. 7], [sg(kplain(cells(3, n))) for n in 1 .. 5]
print sg(kayles(cells(3, 4)) + kplain(cells(2, 5)) + *3), winning(kayles(cells(3, 5)))
`)
	on := listsSame(t, "kayles graph", b.String(), true)
	if on.err != "" {
		t.Errorf("the script failed: %s", on.err)
	}
	if !strings.Contains(on.out, "[2, 1, 1, 0, 3, 3, 2] [2, 1, 1, 0, 3]\n") {
		t.Errorf("3 x n: got\n%s", on.out)
	}
}

// TestPrunedListsGraphShapes: the adjacency maps and spellings the lists
// read and those they do not: a king's neighbours, a map that is not
// symmetric with keys and neighbours that are not cells of 0 .. 63, ADJ
// an argument of the def (before S: S built in a scratch; after it: S a
// value), Cram's regions without canon, cells past column 63 (values),
// and the errors: a cell whose neighbours are not a collection, ADJ not
// a map.
func TestPrunedListsGraphShapes(t *testing.T) {
	for _, c := range []struct{ name, src string }{
		{"king", `
def cells(m, n) = {(r, c) for r in 0 .. m - 1 for c in 0 .. n - 1}
let K = {(r, c): [(r + a, c + b) for a in -1 .. 1 for b in -1 .. 1 if (a, b) != (0, 0)] for (r, c) in cells(8, 8)}
def split(S) = sum of k(canon(P)) for P in components(S, K)
game k(S) moves split(S - {v}) for v in S | split(S - ({v} | set(K[v]))) for v in S
print [sg(k(cells(2, n))) for n in 1 .. 5], sg(k(cells(3, 3)))`},
		{"odd map", `
let A = {(0, 0): [(0, 2), 5, (70, 1)], (0, 2): {(1, 2)}, (1, 0): [(1, 1)], "x": [(0, 1)], (-1, 0): [(0, 0)], (1, 2): []}
def split(S) = sum of g(P) for P in components(S, A)
game g(S) moves split(S - {v}) for v in S if len(S) > 1 | split(S - {v, w}) for v in S for w in S if v < w
print sg(g({(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)})), sg(g({(0, 0), (0, 2), (1, 2), (1, 1)}))`},
		{"adj first", `
def cells(m, n) = {(r, c) for r in 0 .. m - 1 for c in 0 .. n - 1}
def near(S) = {(r, c): [(r + 1, c), (r, c + 1), (r - 1, c), (r, c - 1)] for (r, c) in S}
let ADJ = near(cells(6, 6))
def split(A, S) = sum of kay(canon(P)) for P in components(S, A)
game kay(S) moves split(ADJ, S - ({v} | set(ADJ[v]))) for v in S
print [sg(kay(cells(3, n))) for n in 1 .. 5]`},
		{"adj last", `
def cells(m, n) = {(r, c) for r in 0 .. m - 1 for c in 0 .. n - 1}
def near(S) = {(r, c): [(r + 1, c), (r, c + 1), (r - 1, c), (r, c - 1)] for (r, c) in S}
let ADJ = near(cells(6, 6))
def split(S, A) = sum of kay(canon(P)) for P in components(S, A)
game kay(S) moves split(S - ({v} | set(ADJ[v])), ADJ) for v in S
print [sg(kay(cells(3, n))) for n in 1 .. 5]`},
		{"cram plain", `
def split(F) = sum of c(R) for R in components(F)
game c(F) moves split(F - {(r, k), (r, k + 1)}) for (r, k) in F if (r, k + 1) in F | split(F - {(r, k), (r + 1, k)}) for (r, k) in F if (r + 1, k) in F
print [sg(c({(r, k) for r in 0 .. 2 for k in 0 .. n})) for n in 0 .. 5]`},
		{"far", `
def cells(m, n) = {(r, c + 60) for r in 0 .. m - 1 for c in 0 .. n - 1}
def near(S) = {(r, c): {(r + dr, c + dc) for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] if (r + dr, c + dc) in S} for (r, c) in S}
let ADJ = near(cells(4, 8))
def split(S) = sum of kayles(P) for P in components(S, ADJ)
game kayles(S) moves split(S - ({v} | ADJ[v])) for v in S
print [sg(kayles(cells(3, n))) for n in 1 .. 6]`},
		{"partial map", `
def cells(m, n) = {(r, c) for r in 0 .. m - 1 for c in 0 .. n - 1}
let ADJ = {(r, c): [(r + 1, c), (r, c + 1), (r - 1, c), (r, c - 1)] for (r, c) in cells(2, 3)}
def split(S) = sum of g(canon(P)) for P in components(S, ADJ)
game g(S) moves split(S - {v}) for v in S | split(S - {v, w}) for v in S for w in S if v < w and len(S) % 3 == 0
print [sg(g(cells(3, n))) for n in 1 .. 4]`},
		{"bad neighbours", `
def cells(m, n) = {(r, c) for r in 0 .. m - 1 for c in 0 .. n - 1}
let ADJ = {(r, c): 7 if (r, c) == (2, 3) else [(r + 1, c), (r, c + 1)] for (r, c) in cells(3, 5)}
def split(S) = sum of kayles(canon(P)) for P in components(S, ADJ)
game kayles(S) moves split(S - {v}) for v in S
print [sg(kayles(cells(2, n))) for n in 1 .. 3]
print sg(kayles(cells(3, 4)))`},
		{"not a map", `
let ADJ = [(0, 1)]
def split(S) = sum of kayles(canon(P)) for P in components(S, ADJ)
game kayles(S) moves split(S - {v}) for v in S
print sg(kayles({(0, 0), (0, 1), (1, 1)}))`},
	} {
		t.Run(c.name, func(t *testing.T) {
			on := listsSame(t, c.name, strings.TrimPrefix(c.src, "\n")+"\n", true)
			if strings.HasPrefix(c.name, "bad") || strings.HasPrefix(c.name, "not") {
				if on.err == "" {
					t.Errorf("%s: no error; printed\n%s", c.name, on.out)
				}
			} else if on.err != "" {
				t.Errorf("%s: %s", c.name, on.err)
			}
		})
	}
}
