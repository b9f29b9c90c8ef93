package eval_test

// Differential tests of the pruned search (internal/solve/pruned.go): a
// script runs with the search taking every position asked for at once
// (solve.PrunedAfter lowered to 1) and with the pass off (the plain
// search computes everything), and the two must print the same and fail
// the same. Random boards of Cram and random graphs of Node Kayles,
// written as sums of their regions, and games of other shapes: nimbers
// and repeated parts in options, several games, cycles, errors, sg inside
// a rule. GRUNDY_LONG_TESTS=1 runs more and larger ones.

import (
	"context"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/solve"
	"github.com/grundy-lang/grundy/internal/testenv"
)

// longTests reports whether the long tests run (package internal/testenv).
func longTests() bool { return testenv.IsLong() }

// prunedSame runs src with the pruned search at once and without it, and
// fails unless the runs agree.
func prunedSame(t *testing.T, name, src string) optRun {
	t.Helper()
	old, oldAny, oldFail := solve.PrunedAfter, solve.PrunedAnyRule, solve.PrunedMayFail
	solve.PrunedAfter, solve.PrunedAnyRule, solve.PrunedMayFail = 1, true, true
	defer func() { solve.PrunedAfter, solve.PrunedAnyRule, solve.PrunedMayFail = old, oldAny, oldFail }()
	c := optCase{name: name, src: src}
	on := runOptWith(c, 0)
	off := runOptWith(c, passes.Pruned)
	if ok, why := optSame(on, off, true); !ok {
		t.Fatalf("%s: %s\nscript:\n%s\n=== pruned:\n%s\n=== plain:\n%s", name, why, optIndent(src), on, off)
	}
	return on
}

// cramSplit is Cram as the sum of its canonical regions.
const cramSplit = `def split(F) = sum of cram(canon(R)) for R in components(F)
game cram(F) moves
    split(F - {(r, c), (r, c + 1)}) for (r, c) in F if (r, c + 1) in F
  | split(F - {(r, c), (r + 1, c)}) for (r, c) in F if (r + 1, c) in F
`

// randomBoard is a random set of cells of a rows x cols box, as grundy
// source.
func randomBoard(r *rand.Rand, rows, cols int) string {
	var cells []string
	for i := range rows {
		for j := range cols {
			if r.IntN(5) != 0 {
				cells = append(cells, fmt.Sprintf("(%d, %d)", i, j))
			}
		}
	}
	if len(cells) == 0 {
		return "{(0, 0)}"
	}
	return "{" + strings.Join(cells, ", ") + "}"
}

// TestPrunedCram: Cram on random boards with holes, and on the 3 x n
// boards, whose values are published (0 1 1 4 1 3 1 2 from n = 3).
func TestPrunedCram(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n, most := 12, 20
	if longTests() {
		n, most = 60, 30
	}
	var b strings.Builder
	b.WriteString(cramSplit)
	for range n {
		rows := 1 + r.IntN(5)
		cols := 1 + r.IntN(max(1, most/rows-1))
		board := randomBoard(r, rows, cols)
		fmt.Fprintf(&b, "print sg(cram(%s)), outcome(cram(%s))\n", board, board)
	}
	b.WriteString("def board(m, n) = {(r, c) for r in 0 .. m - 1 for c in 0 .. n - 1}\n")
	b.WriteString("print [sg(cram(board(3, n))) for n in 3 .. 8]\n")
	b.WriteString("print sg(cram(board(3, 4)) + cram(board(3, 6)) + *4), winning(cram(board(2, 5)))\n")
	on := prunedSame(t, "cram.game", b.String())
	if !strings.Contains(on.out, "[0, 1, 1, 4, 1, 3]\n") {
		t.Errorf("3 x n: got\n%s", on.out)
	}
}

// TestPrunedKayles: Node Kayles on random graphs (an adjacency map), as
// the sum of the parts components(S, ADJ) finds; and on the 3 x n grid
// (OEIS A316632: 2 1 1 0 3 3 2 2 from n = 1).
func TestPrunedKayles(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n, most := 15, 14
	if longTests() {
		n, most = 60, 22
	}
	var b strings.Builder
	for i := range n {
		v := 2 + r.IntN(most-1)
		var adj []string
		for u := range v {
			var ns []string
			for w := u + 1; w < v; w++ {
				if r.IntN(4) == 0 || w == u+1 && r.IntN(2) == 0 {
					ns = append(ns, fmt.Sprint(w))
				}
			}
			adj = append(adj, fmt.Sprintf("%d: [%s]", u, strings.Join(ns, ", ")))
		}
		fmt.Fprintf(&b, "let A%d = {%s}\n", i, strings.Join(adj, ", "))
		fmt.Fprintf(&b, "def near%d(v) = set(A%d[v]) | {u for u in 0 .. %d if v in A%d[u]}\n", i, i, v-1, i)
		fmt.Fprintf(&b, "def split%d(S) = sum of k%d(P) for P in components(S, A%d)\n", i, i, i)
		fmt.Fprintf(&b, "game k%d(S) moves split%d(S - ({v} | near%d(v))) for v in S\n", i, i, i)
		fmt.Fprintf(&b, "print sg(k%d(set(0 .. %d)))\n", i, v-1)
	}
	b.WriteString(`def cells(m, n) = {(r, c) for r in 0 .. m - 1 for c in 0 .. n - 1}
def near(S) = {(r, c): {(r + dr, c + dc) for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] if (r + dr, c + dc) in S} for (r, c) in S}
let ADJ = near(cells(12, 12))
def split(S) = sum of kayles(canon(P)) for P in components(S, ADJ)
game kayles(S) moves split(S - ({v} | ADJ[v])) for v in S
print [sg(kayles(cells(3, n))) for n in 1 .. 8]
`)
	on := prunedSame(t, "kayles.game", b.String())
	if !strings.HasSuffix(on.out, "[2, 1, 1, 0, 3, 3, 2, 2]\n") {
		t.Errorf("3 x n: got\n%s", on.out)
	}
}

// TestPrunedShapes: options of every shape the search reads, games it
// gives up on (cycles, infinite values), errors (the plain search's), and
// positions asked for again and inside sums.
func TestPrunedShapes(t *testing.T) {
	for _, c := range []struct{ name, src string }{
		{"nimbers", `
game g(S) moves g(S - {x}) + *x for x in S | *len(S) + g(S - {x, x + 1}) for x in S if x + 1 in S
print [sg(g(set(0 .. n))) for n in 0 .. 7]`},
		{"repeats", `
game g(S) moves g(S - {x}) + g(S - {x}) + g(S - {x, y}) for x in S for y in S if x < y | g(S - {x}) for x in S
print [sg(g(set(1 .. n))) for n in 0 .. 7]`},
		{"big values", `
game heap(S) moves heap(set(0 .. x - 1)) for x in S
print [sg(heap(set(0 .. n))) + sg(heap(set(0 .. n)) + heap({2, 4})) for n in 0 .. 40]`},
		{"two games", `
game a(S) moves b(S - {x}) + b({x}) for x in S
game b(S) moves a(S - {x}) for x in S | a(S - {x, y}) for x in S for y in S if x < y
print [sg(a(set(1 .. n))) for n in 1 .. 7], [outcome(b(set(1 .. n))) for n in 1 .. 7]`},
		{"strings", `
game s(w) moves s(w[:i] + w[i + 2:]) for i in 0 .. len(w) - 2 if w[i] != w[i + 1] | s(w[1:]) if len(w) % 3 == 0
print [sg(s(w)) for w in ["abab", "aabbab", "abcabcab", "abbaabbaab"]]`},
		{"two arguments", `
let G = [{1}, {0, 2}, {1, 3}, {2, 4}, {3, 5}, {4, 6}, {5, 7}, {6, 8}, {7, 9}, {8}, {3}, {10, 1}, {11, 4}]
game k(G, S) moves k(G, S - G[v] - {v}) for v in S
print [sg(k(G, set(0 .. n))) for n in 0 .. 12]`},
		{"cycles", `
game h(S) moves h(S ^ {x}) for x in [1, 2, 3] | h(S - {x}) for x in S if x > 3
print [sg(h(set(n .. n + 3))) for n in 1 .. 5]`},
		{"infinite parts", `
game loop(n) moves loop(1 - n) | *1
game g(S) moves g(S - {x}) + loop(0) for x in S if x % 2 == 0 | g(S - {x}) for x in S if x % 2 == 1
print sg(g(set(1 .. 6))), outcome(g(set(1 .. 5)))`},
		{"error below", `
game g(S) moves g(S - {x}) for x in S if 10 / (len(S) - 2) > 0 | g(S - {x, y}) for x in S for y in S if x < y
print sg(g(set(1 .. 7)))`},
		{"sg inside", `
game f(S) moves f(S - {x}) for x in S
game g(S) moves g(S - {x}) + *sg(f({x, x + 1})) for x in S
print [sg(g(set(1 .. n))) for n in 1 .. 8]`},
		{"asked inside", `
game g(S) moves g(S - {x}) for x in S if sg(g({x})) == 0 or len(S) > 3 | *2
print sg(g(set(1 .. 6)))`},
		{"int parts", `
game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n
game g(S) moves g(S - {x}) + sub(100000 * x) for x in S | g(S - {x}) + *x for x in S if x > 2
print [sg(g(set(1 .. n))) for n in 1 .. 6]`},
		{"sums asked", `
game g(S) moves g(S - {x}) for x in S | g(S - {x, x + 2}) for x in S
print sg(g(set(1 .. 8)) + g(set(2 .. 7)) + g(set(1 .. 8))), winning(g(set(1 .. 5)) + *3)`},
	} {
		t.Run(c.name, func(t *testing.T) { prunedSame(t, c.name+".game", strings.TrimPrefix(c.src, "\n")+"\n") })
	}
}

// runStates runs src in a fresh session with checkpoint file cp (and
// limits), and returns what it printed, its error and the positions it
// visited.
func runStates(t *testing.T, cp, src string, limits engine.Limits) (string, error, int64) {
	t.Helper()
	var out strings.Builder
	s := eval.NewSession(eval.Options{Stdout: &out, Checkpoint: cp, Limits: limits})
	err := s.ExecFile(context.Background(), "t.game", src)
	return out.String(), err, s.Stats().States
}

// TestPrunedCheckpoint: with --checkpoint, the pruned search saves its
// values for the script (when the run ends, also when a limit stops it)
// and a run of the same script goes on from them: it prints the same and
// searches far less; a run of another script does not use them; a file
// whose values of the pruned search are broken is an error that names
// it.
func TestPrunedCheckpoint(t *testing.T) {
	old := solve.PrunedAfter
	solve.PrunedAfter = 1
	defer func() { solve.PrunedAfter = old }()
	dir := t.TempDir()
	cp := filepath.Join(dir, "cp")
	src := cramSplit + "def board(m, n) = {(r, c) for r in 0 .. m - 1 for c in 0 .. n - 1}\nprint sg(cram(board(3, 7))), sg(cram(board(4, 5)))\n"
	fresh, err, full := runStates(t, "", src, engine.Limits{})
	if err != nil || fresh != "1 2\n" {
		t.Fatalf("%q, %v", fresh, err)
	}
	// Stopped by a limit half way: what it found is saved.
	if _, err, _ := runStates(t, cp, src, engine.Limits{MaxStates: full / 2}); err == nil || !strings.Contains(err.Error(), "state limit") {
		t.Fatalf("the run with half the states: %v", err)
	}
	out, err, resumed := runStates(t, cp, src, engine.Limits{})
	if err != nil || out != fresh || resumed >= full*3/4 {
		t.Fatalf("resumed: %q, %v, %d positions (fresh: %d)", out, err, resumed, full)
	}
	out, err, again := runStates(t, cp, src, engine.Limits{})
	if err != nil || out != fresh || again > full/10 {
		t.Fatalf("again: %q, %v, %d positions (fresh: %d)", out, err, again, full)
	}
	t.Logf("positions: fresh %d, resumed %d, again %d", full, resumed, again)
	// Another script: not its values.
	other := strings.Replace(src, "print", "print \"values\",", 1)
	if out, err, n := runStates(t, cp, other, engine.Limits{}); err != nil || out != "values "+fresh || n != full {
		t.Fatalf("another script: %q, %v, %d positions (fresh: %d)", out, err, n, full)
	}
	// The same script with the file's values broken (its checksum right).
	data, _ := os.ReadFile(cp)
	i := strings.Index(string(data), "pruned ")
	if i < 0 {
		t.Fatalf("no values of the pruned search in the file:\n%.200q", data)
	}
	head := string(data[:i])
	header, _, _ := strings.Cut(string(data[i:]), "\n")
	f := strings.Fields(header)
	body := head + f[0] + " " + f[1] + " 3\n\xff\xff\xff"
	os.WriteFile(cp, []byte(body+fmt.Sprintf("end %08x\n", crc32.Checksum([]byte(body), crc32.MakeTable(crc32.Castagnoli)))), 0o644)
	if _, err, _ := runStates(t, cp, src, engine.Limits{}); err == nil || !strings.Contains(err.Error(), "--checkpoint "+cp+": it holds values of the pruned search that cannot be read") {
		t.Fatalf("broken values: %v", err)
	}
}

// TestPrunedOnlySums: the pruned search takes the positions of a game
// whose options may be sums (through a def too); a game whose options
// never are (the boards of internal/eval/testdata/boards) is searched the plain
// way: every position visited is known.
func TestPrunedOnlySums(t *testing.T) {
	old := solve.PrunedAfter
	solve.PrunedAfter = 1
	defer func() { solve.PrunedAfter = old }()
	board := "def board(m, n) = {(r, c) for r in 0 .. m - 1 for c in 0 .. n - 1}\n"
	for _, c := range []struct {
		name, src string
		pruned    bool
	}{
		{"sums of regions", cramSplit + board + "print sg(cram(board(3, 5)))\n", true},
		{"a nimber added", "game g(S) moves g(S - {x}) + *x for x in S\nprint sg(g(set(0 .. 6)))\n", true},
		{"a sum through a def", "def two(S, x) = g(S - {x}) + g({x})\ngame g(S) moves two(S, x) for x in S if len(S) > 1\nprint sg(g(set(0 .. 6)))\n", true},
		{"no sums", "game cram(S) moves cram(S - {(r, c), (r, c + 1)}) for (r, c) in S if (r, c + 1) in S | cram(S - {(r, c), (r + 1, c)}) for (r, c) in S if (r + 1, c) in S\n" + board + "print sg(cram(board(3, 5)))\n", false},
		{"a position through a def", "def take(S, x) = g(S - {x})\ngame g(S) moves take(S, x) for x in S\nprint sg(g(set(0 .. 6)))\n", false},
	} {
		s := eval.NewSession(eval.Options{Stdout: &strings.Builder{}})
		if err := s.ExecFile(context.Background(), "t.game", c.src); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		st := s.Stats()
		if pruned := st.States > st.Memoized; pruned != c.pruned {
			t.Errorf("%s: %d positions visited, %d known: pruned %v, want %v", c.name, st.States, st.Memoized, pruned, c.pruned)
		}
	}
}

// TestPrunedCheckpointCopies: a game copied while the program runs (the
// fixed pass's copies, one for each fixed argument) is numbered in the
// order of the run, which the values a run finds in the checkpoint file
// change: the file keeps the values of the games compiled, not of the
// copies, so that a run that resumes prints what the first printed, and
// so does every run after it.
func TestPrunedCheckpointCopies(t *testing.T) {
	src := `def T(S) = if S == 0 then set() else S
game b(x, S) moves b(x, S - {v}) + *0 for v in T(S) if v % x != 0 | b(x, S - {v, w}) for v in T(S) for w in T(S) if v < w and (v + w) % x == 0
game a(S) moves a(S - {v}) + *0 for v in S | b(len(S) % 2 + 2, 0) if len(S) >= 11
print sg(a(set(1 .. 12)))
print sg(b(3, set(1 .. 14))), sg(b(2, set(1 .. 14)))
`
	want := runOptWith(optCase{name: "t.game", src: src}, passes.All)
	if want.err != "" {
		t.Fatal(want)
	}
	cp := filepath.Join(t.TempDir(), "cp")
	for i := range 3 {
		if out, err, _ := runStates(t, cp, src, engine.Limits{}); err != nil || out != want.out {
			t.Fatalf("run %d with the checkpoint file: %q, %v; every pass off: %q", i, out, err, want.out)
		}
	}
}

// TestPrunedMayFail: a rule that may fail by its values (resolve.MayFail)
// is left to the plain search, which evaluates it at every position: the
// pruned search skips positions and stops listing options once the known
// ones decide, and an error there was not raised (a value printed where
// the plain search fails). Rules that cannot fail so (Cram, Node Kayles
// of a global map of neighbours) still get the pruned search.
func TestPrunedMayFail(t *testing.T) {
	old := solve.PrunedAfter
	solve.PrunedAfter = 1
	defer func() { solve.PrunedAfter = old }()
	for i, src := range []string{
		"game g(S) moves g(S - {x}) + *0 for x in S if S != {2, 4, 6} or 1 / 0 == 0\nprint sg(g(set(1 .. 10)))\n",
		"game g(S) moves g(S - {x}) + *0 for x in S if S != {2, 4, 6} or 1 / 0 == 0\nprint outcome(g(set(1 .. 10))), winning(g(set(1 .. 9)))\n",
		"def split(F) = sum of g(canon(R)) for R in components(F)\ndef board(m, n) = {(r, c) for r in 0 .. m - 1 for c in 0 .. n - 1}\n" +
			"game g(F) moves split(F - {(r, c)}) for (r, c) in F if (r, c + 1) not in F and (sum([r * 7 + c * 3 for (r, c) in F]) % 205 != 172 or 1 / 0 == 0)\nprint sg(g(board(4, 4)))\n",
		"def pick(L, i) = L[i]\ngame g(S) moves g(S - {x}) + *0 for x in S if pick([1, 2, 3], len(S) - 4) > 0\nprint sg(g(set(1 .. 9)))\n",
		"game g(S) moves g(S - {x}) + *0 for x in S if len(S) > 6 or min(S - {1, 2, 3, 4, 5, 6}) > 0\nprint sg(g(set(1 .. 9)))\n",
	} {
		c := optCase{name: "t.game", src: src}
		on, off := runOptWith(c, 0), runOptWith(c, passes.Pruned)
		if ok, why := optSame(on, off, true); !ok || on.err == "" {
			t.Errorf("case %d: %s (an error expected)\nscript:\n%s\n=== all passes:\n%s\n=== pruned off:\n%s", i, why, optIndent(src), on, off)
		}
	}
	// (Cram and Node Kayles as examples/frontier.game writes them.)
	var out strings.Builder
	s := eval.NewSession(eval.Options{Stdout: &out})
	src := cramSplit + "def board(m, n) = {(r, c) for r in 0 .. m - 1 for c in 0 .. n - 1}\n" +
		"def near(S) = {(r, c): {x for x in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] if x in S} for (r, c) in S}\nlet ADJ = near(board(3, 9))\n" +
		"def parts(S) = sum of kayles(canon(P)) for P in components(S, ADJ)\ngame kayles(S) moves parts(S - ({v} | ADJ[v])) for v in S\nprint sg(cram(board(3, 7))), sg(kayles(board(3, 9)))\n"
	if err := s.ExecFile(context.Background(), "t.game", src); err != nil || out.String() != "1 2\n" {
		t.Fatalf("%q, %v", out.String(), err)
	}
	if st := s.Stats(); st.States > 3000 {
		t.Errorf("%d positions visited: not the pruned search's few", st.States)
	}
}
