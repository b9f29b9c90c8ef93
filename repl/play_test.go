package repl

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// graph is an independent model of a game: each position, as the REPL
// prints it, with its options in move order.
type graph map[string][]string

// solve labels the positions by retrograde analysis, without the engine:
// outcome "N", "P" or "D" and remoteness (-1 for a draw). W(t+1) are the
// positions with an option in L(t), L(t+1) those whose options are all in
// W(t); a position's remoteness is the first t it appears, minus one.
func (g graph) solve() (map[string]string, map[string]int) {
	out, rem := map[string]string{}, map[string]int{}
	W, L := map[string]bool{}, map[string]bool{}
	for t := 1; ; t++ {
		W2, L2 := map[string]bool{}, map[string]bool{}
		for v, os := range g {
			win, lose := false, true
			for _, o := range os {
				win = win || L[o]
				lose = lose && W[o]
			}
			if win {
				W2[v] = true
			}
			if lose {
				L2[v] = true
			}
		}
		changed := false
		for v := range W2 {
			if out[v] == "" {
				out[v], rem[v], changed = "N", t-1, true
			}
		}
		for v := range L2 {
			if out[v] == "" {
				out[v], rem[v], changed = "P", t-1, true
			}
		}
		if !changed && len(W2) == len(W) && len(L2) == len(L) {
			break
		}
		W, L = W2, L2
	}
	for v := range g {
		if out[v] == "" {
			out[v], rem[v] = "D", -1
		}
	}
	return out, rem
}

func subGraph(top int, S []int) graph {
	g := graph{}
	for n := 0; n <= top; n++ {
		var os []string
		for _, s := range S {
			if s <= n {
				os = append(os, fmt.Sprintf("sub(%d)", n-s))
			}
		}
		g[fmt.Sprintf("sub(%d)", n)] = os
	}
	return g
}

const subDecl = "game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n\n"

// The graph of examples/cyclic_graph.game.
const tokDecl = `let E = {
    "z": [],
    "a1": ["b1", "z"],  "b1": ["a1"],
    "a2": ["b2", "b1"], "b2": ["a2", "c2"], "c2": ["c2", "b1"],
    "a3": ["b3", "b2"], "b3": ["a3"],
    "d": ["d", "a1", "a2"],
    "e": ["f"], "f": ["e", "a3"],
    "g": ["d", "z", "a1"],
    "h": ["e", "a1", "b1", "g"],
    "t": ["z", "a1"], "s": ["s", "t"],
    "k": ["b2", "s", "a2"]
}
game tok(v) moves tok(w) for w in E[v]
`

func tokGraph() graph {
	E := map[string][]string{
		"z": {}, "a1": {"b1", "z"}, "b1": {"a1"},
		"a2": {"b2", "b1"}, "b2": {"a2", "c2"}, "c2": {"c2", "b1"},
		"a3": {"b3", "b2"}, "b3": {"a3"},
		"d": {"d", "a1", "a2"}, "e": {"f"}, "f": {"e", "a3"},
		"g": {"d", "z", "a1"}, "h": {"e", "a1", "b1", "g"},
		"t": {"z", "a1"}, "s": {"s", "t"}, "k": {"b2", "s", "a2"},
	}
	g := graph{}
	for v, ws := range E {
		var os []string
		for _, w := range ws {
			os = append(os, fmt.Sprintf("tok(%q)", w))
		}
		g[fmt.Sprintf("tok(%q)", v)] = os
	}
	return g
}

// A heap of n counters: take 1 or 4, or add one when n % 5 == 2
// (examples/addback.game); positions up to 49 are closed under moves.
const heapDecl = "game heap(n) moves heap(n - s) for s in [1, 4] if s <= n | heap(n + 1) if n % 5 == 2\n"

func heapGraph() graph {
	g := graph{}
	for n := 0; n <= 49; n++ {
		var os []string
		for _, s := range []int{1, 4} {
			if s <= n {
				os = append(os, fmt.Sprintf("heap(%d)", n-s))
			}
		}
		if n%5 == 2 {
			os = append(os, fmt.Sprintf("heap(%d)", n+1))
		}
		g[fmt.Sprintf("heap(%d)", n)] = os
	}
	return g
}

// playWith runs decl, then the :play command cmd, answering each read of
// a move with respond(stdout so far); respond returning false ends the
// input (EOF).
func playWith(t *testing.T, decl, cmd string, respond func(out string) (string, bool)) (string, string, bool) {
	t.Helper()
	var out, errOut bytes.Buffer
	r := New(Config{Stdout: &out, Stderr: &errOut})
	if !r.Entry(context.Background(), decl, 1) {
		t.Fatalf("declaration failed: %s", errOut.String())
	}
	reads := 0
	r.readLine = func(string) (string, error) {
		if reads++; reads > 1000 {
			t.Fatalf("more than 1000 reads; output:\n%s", out.String())
		}
		line, ok := respond(out.String())
		if !ok {
			return "", io.EOF
		}
		return line, nil
	}
	ok := r.Entry(context.Background(), cmd, 20)
	return out.String(), errOut.String(), ok
}

var (
	grundyMoveRe = regexp.MustCompile(`(?m)^grundy moves to (.*)$`)
	turnRe       = regexp.MustCompile(`(?m)^(.*), your move:$`)
	optionRe     = regexp.MustCompile(`^ +(\d+)  (.*)$`)
)

// lastTurn parses the position and the options listed at the user's last
// turn.
func lastTurn(t *testing.T, out string) (string, []string) {
	t.Helper()
	i := strings.LastIndex(out, ", your move:\n")
	if i < 0 {
		t.Fatalf("no turn listed in:\n%s", out)
	}
	start := strings.LastIndex(out[:i], "\n") + 1
	pos := out[start:i]
	var opts []string
	for _, l := range strings.Split(out[i+len(", your move:\n"):], "\n") {
		m := optionRe.FindStringSubmatch(l)
		if m == nil {
			break
		}
		if m[1] != fmt.Sprint(len(opts)+1) {
			t.Fatalf("option numbered %s after %d options", m[1], len(opts))
		}
		opts = append(opts, m[2])
	}
	return pos, opts
}

// checkGrundyMoves checks every move grundy made in a transcript against
// the model: from an N-position a P-option of least remoteness, the first
// such in move order in a game with cycles or the first P-option in an
// acyclic one; from a P-position the first option of largest remoteness;
// from a draw an option that is a draw.
func checkGrundyMoves(t *testing.T, g graph, out string, loopy bool) {
	t.Helper()
	outc, rem := g.solve()
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		m := grundyMoveRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		from := ""
		if i > 0 && strings.HasPrefix(lines[i-1], "you move to ") {
			from = strings.TrimPrefix(lines[i-1], "you move to ")
		} else {
			continue // grundy's first move: checked by the caller
		}
		checkMove(t, g, outc, rem, from, m[1], loopy)
	}
}

func checkMove(t *testing.T, g graph, outc map[string]string, rem map[string]int, from, to string, loopy bool) {
	t.Helper()
	os, ok := g[from]
	if !ok {
		t.Fatalf("grundy moved from %q, not in the model", from)
	}
	if !slices.Contains(os, to) {
		t.Fatalf("grundy moved from %s to %s, not an option %v", from, to, os)
	}
	want := ""
	switch outc[from] {
	case "N":
		best := -1
		for _, o := range os {
			if outc[o] == "P" && (best < 0 || loopy && rem[o] < best) {
				best, want = rem[o], o
			}
		}
	case "P":
		best := -1
		for _, o := range os {
			if rem[o] > best {
				best, want = rem[o], o
			}
		}
	case "D":
		if outc[to] != "D" {
			t.Fatalf("grundy left the draw %s for %s (%s)", from, to, outc[to])
		}
		return
	}
	if to != want {
		t.Fatalf("grundy moved from %s (%s) to %s (%s, remoteness %d), want %s (remoteness %d)",
			from, outc[from], to, outc[to], rem[to], want, rem[want])
	}
}

// playModels are the games the play tests check grundy against, with
// their model graphs; loopy: the graph has cycles.
var playModels = []struct {
	name, decl string
	g          graph
	loopy      bool
}{
	{"subtraction", subDecl, subGraph(16, []int{1, 3, 4}), false},
	{"cyclic graph", tokDecl, tokGraph(), true},
	{"add back", heapDecl, heapGraph(), true},
}

// allUserStrategies plays cmd once for every sequence of user choices
// (depth first, by replay) and calls check with each transcript; it
// returns the number of games played.
func allUserStrategies(t *testing.T, g graph, decl, cmd string, check func(out string)) int {
	t.Helper()
	games := 0
	stack := [][]int{{}}
	for len(stack) > 0 {
		prefix := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		var chosen []int
		out, errOut, _ := playWith(t, decl, cmd, func(out string) (string, bool) {
			pos, opts := lastTurn(t, out)
			if !slices.Equal(opts, g[pos]) {
				t.Fatalf("options of %s listed as %v, the model says %v", pos, opts, g[pos])
			}
			i := len(chosen)
			c := 0
			if i < len(prefix) {
				c = prefix[i]
			} else {
				for j := 1; j < len(opts); j++ {
					stack = append(stack, append(slices.Clone(chosen), j))
				}
			}
			chosen = append(chosen, c)
			return fmt.Sprint(c + 1), true
		})
		if errOut != "" {
			t.Fatalf("%s: stderr %s", cmd, errOut)
		}
		games++
		check(out)
	}
	return games
}

// From every N-position, moving first, grundy wins against every
// strategy of the user, with the moves the model predicts.
func TestPlayGrundyWinsFromN(t *testing.T) {
	for _, tc := range playModels {
		t.Run(tc.name, func(t *testing.T) {
			outc, rem := tc.g.solve()
			starts := 0
			for v, o := range outc {
				if o != "N" || rem[v] > 13 {
					continue
				}
				starts++
				cmd := ":play second " + v
				n := allUserStrategies(t, tc.g, tc.decl, cmd, func(out string) {
					if !strings.HasSuffix(out, "grundy wins.\n") {
						t.Fatalf("%s: the game did not end in grundy's win:\n%s", cmd, out)
					}
					first := grundyMoveRe.FindStringSubmatch(out)
					checkMove(t, tc.g, outc, rem, v, first[1], tc.loopy)
					checkGrundyMoves(t, tc.g, out, tc.loopy)
					if got := strings.Count(out, "grundy moves to "); tc.loopy && 2*got-1 > rem[v] {
						t.Fatalf("%s: grundy made %d moves, more than remoteness %d allows:\n%s", cmd, got, rem[v], out)
					}
				})
				if n < 1 {
					t.Fatalf("%s: no game played", cmd)
				}
			}
			if starts < 3 {
				t.Fatalf("only %d starting positions", starts)
			}
		})
	}
}

// The user playing the model's winning moves (typed as positions) wins
// from every P-position when grundy moves first, and from every
// N-position when the user does.
func TestPlayUserWins(t *testing.T) {
	for _, tc := range playModels {
		t.Run(tc.name, func(t *testing.T) {
			outc, rem := tc.g.solve()
			for v, o := range outc {
				if o == "D" || len(tc.g[v]) == 0 || strings.HasPrefix(v, "heap(") && rem[v] > 12 {
					continue
				}
				cmd := ":play " + v
				if o == "P" {
					cmd = ":play second " + v
				}
				out, errOut, _ := playWith(t, tc.decl, cmd, func(out string) (string, bool) {
					pos, _ := lastTurn(t, out)
					best := ""
					for _, w := range tc.g[pos] {
						if outc[w] == "P" && (best == "" || rem[w] < rem[best]) {
							best = w
						}
					}
					if best == "" {
						t.Fatalf("%s: the user is at %s (%s) with no winning move:\n%s", cmd, pos, outc[pos], out)
					}
					return best, true
				})
				if errOut != "" || !strings.HasSuffix(out, "You win.\n") {
					t.Fatalf("%s: the user did not win:\n%s\nstderr: %s", cmd, out, errOut)
				}
				checkGrundyMoves(t, tc.g, out, tc.loopy)
			}
		})
	}
}

// grundy keeps a draw; the play stops when a position comes up three
// times, or after 100 moves from drawn positions.
func TestPlayDraws(t *testing.T) {
	out, _, _ := playWith(t, heapDecl, ":play heap(2)", func(string) (string, bool) { return "2", true })
	want := "you move to heap(3)\ngrundy moves to heap(2)\n"
	if strings.Count(out, want) != 2 || !strings.HasSuffix(out, "Draw: heap(2) has come up 3 times with you to move.\n") {
		t.Errorf("repetition:\n%s", out)
	}
	checkGrundyMoves(t, heapGraph(), out, true)

	// A cycle of 300 positions: no repetition within 100 moves.
	ring := "game ring(n) moves ring((n + 1) % 300)\n"
	out, _, _ = playWith(t, ring, ":play ring(0)", func(string) (string, bool) { return "1", true })
	if !strings.HasSuffix(out, "grundy moves to ring(100)\nDraw: 100 moves from drawn positions and neither player can force a win.\n") {
		t.Errorf("move cap:\n%s", out[max(0, len(out)-300):])
	}
	// Leaving the draw loses against grundy.
	moves := []string{"2", "1"} // heap(3), then from heap(2) take 1 to heap(1)
	out, _, _ = playWith(t, heapDecl, ":play heap(2)", func(string) (string, bool) {
		m := moves[0]
		moves = moves[1:]
		return m, true
	})
	if !strings.HasSuffix(out, "you move to heap(1)\ngrundy moves to heap(0)\nYou cannot move from heap(0). grundy wins.\n") {
		t.Errorf("leaving the draw:\n%s", out)
	}
}

// Scripted games through the piped REPL.
func TestPlayPiped(t *testing.T) {
	checkDrive(t, []driveCase{
		{"invalid inputs re-prompt", subDecl + ":play sub(2)\n0\n2\nfoo\n1 +\n\"x\"\nsub(5)\n\nsub(1)\nprint 7\n",
			"sub(2), your move:\n  1  sub(1)\nyou move to sub(1)\ngrundy moves to sub(0)\nYou cannot move from sub(0). grundy wins.\n7\n",
			"there is no move 0: type 1\nthere is no move 2: type 1\n" +
				"<stdin>:5:1: unknown name \"foo\"\n    foo\n    ^\n" +
				"<stdin>:6:4: expected an expression after \"+\", found end of input\n    1 +\n       ^\n" +
				"\"x\" is not a game: type 1, or the position your move leaves\n" +
				"sub(5) is not an option of sub(2) (list shows them)\n",
			0},
		{"a statement as a move points at it", subDecl + ":play sub(2)\n  let x = 5\nsub(1) sub(0)\nq\n", "You give up. grundy wins.\n",
			"<stdin>:3:3: expected an expression, not a statement\n      let x = 5\n      ^\n" +
				"<stdin>:4:8: expected one expression, found another after it\n    sub(1) sub(0)\n           ^\n", 0},
		{"not an option", subDecl + ":play sub(2)\nsub(0)\nsub(2)\n\"x\"\n1\n",
			"grundy wins.\n", "sub(0) is not an option of sub(2) (list shows them)\nsub(2) is the position now: type the position your move leaves\n\"x\" is not a game: type 1, or the position your move leaves\n", 0},
		{"quit keeps the session", subDecl + "let x = 5\n:play sub(10)\nq\nprint x\n",
			"You give up. grundy wins.\n5\n", "", 0},
		{"quit by :quit", subDecl + ":play sub(10)\n:quit\nprint 1\n", "You give up. grundy wins.\n1\n", "", 0},
		{"end of input mid-game", subDecl + ":play sub(10)\n1\n", "you move to sub(9)\ngrundy moves to sub(8)\nsub(8), your move:\n  1  sub(7)\n  2  sub(5)\n  3  sub(4)\nYou give up (end of input). grundy wins.\n", "", 0},
		{"sums compare as multisets", subDecl + ":play sub(3) + *2\n*1 + sub(3)\nlist\nhint\nsub(2)\n1\n",
			"you move to sub(3) + *1\ngrundy moves to sub(2) + *1\nsub(2) + *1, your move:\n  1  sub(1) + *1\n  2  sub(2)\n" +
				"sub(2) + *1, your move:\n  1  sub(1) + *1\n  2  sub(2)\nhint: winning: 1 (sub(1) + *1), 2 (sub(2)) (each leaves grundy a losing position)\n" +
				"you move to sub(2)\ngrundy moves to sub(1)\nsub(1), your move:\n  1  sub(0)\nyou move to sub(0)\ngrundy cannot move from sub(0). You win.\n", "", 0},
		{"a *0 part is dropped", ":play *1 + *2\n*1 + *1\n1\n",
			"you move to *1 + *1\ngrundy moves to *1\n*1, your move:\n  1  *0\nyou move to *0\ngrundy cannot move from *0. You win.\n", "", 0},
		{"hint on an N-position", subDecl + ":play sub(10)\nhint\nq\n", "hint: winning: 1 (sub(9)), 2 (sub(7)) (each leaves grundy a losing position)\n", "", 0},
		{"hint on a P-position", subDecl + ":play sub(7)\nhint\nq\n", "hint: no move wins: every option leaves grundy a winning position\n", "", 0},
		{"hint on a draw", heapDecl + ":play heap(2)\nhint\nq\n", "hint: no move wins, and none loses by force: 2 (heap(3)) keeps the draw\n", "", 0},
		{"grundy moves first", subDecl + ":play second sub(8)\nq\n", "grundy moves first.\ngrundy moves to sub(7)\nsub(7), your move:\n", "", 0},
		{"terminal at the start", subDecl + ":play sub(0)\nprint 1\n", "sub(0) has no moves: there is nothing to play (the player to move loses).\n1\n", "", 0},
		{"a game named second", "game second(n) moves second(n - 1) if n > 0\n:play second(1)\n1\n", "You move first", "", 0},
		{"needs a game", ":play\n", "", ":play needs a game, e.g.", 1},
		{"second needs a game", ":play second\n", "", ":play needs a game, e.g.", 1},
		{"not a game", ":play 1 + 2\n", "", ":play needs a game, found int 3\n", 1},
		{"error in the argument", "let a = 1\n:play second heap(3)\n", "", "<stdin>:2:14: unknown name \"heap\"\n    :play second heap(3)\n                 ^\n", 1},
		{"help lists :play", ":help play\n", ":play [second] G\n", "", 0},
	}, strings.HasPrefix)
}

// After the input of a game ends (Ctrl-D on a terminal), the session goes
// on with its bindings.
func TestPlayEOFKeepsSession(t *testing.T) {
	var out, errOut bytes.Buffer
	r := New(Config{Stdout: &out, Stderr: &errOut})
	ctx := context.Background()
	r.Entry(ctx, subDecl+"let x = 41\n", 1)
	r.readLine = func(string) (string, error) { return "", io.EOF }
	if !r.Entry(ctx, ":play sub(10)", 3) {
		t.Fatalf(":play failed: %s", errOut.String())
	}
	if !r.Entry(ctx, "print x + 1\n", 4) || !strings.HasSuffix(out.String(), "You give up (end of input). grundy wins.\n42\n") {
		t.Errorf("stdout:\n%s\nstderr:\n%s", out.String(), errOut.String())
	}
}
