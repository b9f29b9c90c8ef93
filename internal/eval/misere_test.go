package eval_test

// Property tests of misere(G) against an independent brute force.
//
// Each unit declares one or two random acyclic games in grundy source (DAG
// games whose options are sums of lower nodes and a nimber, DAG games
// built so that every follower has SG value 0 or 1, subtraction games,
// take-and-break rules, nim heaps written as a game) and asks misere of
// random sums of their positions and nimbers, with `k * G`, `sum of` and
// big heaps. Each printed line is checked against a misère win/lose search
// in Go over the game tree of the whole sum: a state is the exact sequence
// of parts as the moves leave them (terminal parts and *0 included, never
// sorted or merged), a move replaces one part in place by the parts of one
// of its options, and a player with no move has won. It knows nothing of
// misère Nim, nim heaps, SG values or multisets.
//
// A second layer checks known facts from the literature, which the brute
// force cannot reach for large sizes: Bouton's misère Nim rule, misère
// subtraction games S = {1..k}, She Loves Me She Loves Me Not, and the
// first misère Kayles values. A third checks errors and run limits.

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/propgen"
	"github.com/grundy-lang/grundy/internal/testenv"

	"github.com/grundy-lang/grundy/internal/eval"
)

// msWorld holds the kinds of games of one unit (package propgen's Universe:
// kind 0 the nimber, their options and positions) and the misère brute
// force.
type msWorld struct {
	*propgen.Universe
	memo map[string]bool // exact sequence of parts -> the player to move wins
}

func newMsWorld() *msWorld {
	return &msWorld{Universe: propgen.NewUniverse(), memo: map[string]bool{}}
}

func msSeqKey(ps []propgen.Part) string {
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, "%d.%d,", p.K, p.S)
	}
	return b.String()
}

// wins: misère play, the player to move wins. With no move anywhere the
// opponent made the last move and lost.
func (w *msWorld) wins(ps []propgen.Part) bool {
	key := msSeqKey(ps)
	if v, ok := w.memo[key]; ok {
		return v
	}
	win, moved := false, false
	for i, p := range ps {
		for _, o := range w.Opts(p) {
			moved = true
			next := make([]propgen.Part, 0, len(ps)+len(o))
			next = append(next, ps[:i]...)
			next = append(next, o...)
			next = append(next, ps[i+1:]...)
			if !w.wins(next) {
				win = true
				break
			}
		}
		if win {
			break
		}
	}
	if !moved {
		win = true
	}
	w.memo[key] = win
	return win
}

func msWord(win bool) string {
	if win {
		return "N"
	}
	return "P"
}

func msInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// ---------------------------------------------------------------------------
// Random games. Every game has a weight (a DAG node's number, a heap's
// size, a nimber's size); an option's parts weigh less in total than the
// part they replace, so every play is short and the brute force stays small.

// A msOpt of a DAG node: a sum of lower nodes and a nimber.
type msOpt struct {
	ws []int
	k  int
}

// dagDecl declares `game NAME(v) moves (sum of NAME(w) for w in ws) + *k
// for (ws, k) in O[v]`.
func dagDecl(w *msWorld, name string, O [][]msOpt) (string, int) {
	var k int
	k = w.Kind(name, func(s int) [][]propgen.Part {
		var out [][]propgen.Part
		for _, o := range O[s] {
			var ps []propgen.Part
			for _, x := range o.ws {
				ps = append(ps, propgen.Part{K: k, S: x})
			}
			out = append(out, append(ps, propgen.Part{K: 0, S: o.k}))
		}
		return out
	})
	var rows []string
	for _, opts := range O {
		var os []string
		for _, o := range opts {
			os = append(os, fmt.Sprintf("(%s, %d)", msInts(o.ws), o.k))
		}
		rows = append(rows, "["+strings.Join(os, ", ")+"]")
	}
	decl := fmt.Sprintf("let O_%[1]s = [%[2]s]\ngame %[1]s(v) moves (sum of %[1]s(w) for w in ws) + *k for (ws, k) in O_%[1]s[v]\n",
		name, strings.Join(rows, ",\n    "))
	return decl, k
}

// randOpt: up to two lower nodes and a nimber, weighing less than v.
func randOpt(r *rand.Rand, v, maxNim int) msOpt {
	var o msOpt
	left := v - 1
	for range r.IntN(3) {
		if left < 0 {
			break
		}
		x := r.IntN(left + 1)
		o.ws = append(o.ws, x)
		left -= x
	}
	if left > 0 && r.IntN(3) == 0 {
		o.k = r.IntN(min(left, maxNim) + 1)
	}
	return o
}

// randDagGame: n nodes, each with up to maxDeg random options.
func randDagGame(r *rand.Rand, n, maxDeg int) [][]msOpt {
	O := make([][]msOpt, n)
	for v := 1; v < n; v++ {
		for range r.IntN(maxDeg + 1) {
			O[v] = append(O[v], randOpt(r, v, 5))
		}
	}
	return O
}

// randCGame: a DAG game all of whose followers have SG value 0 or 1: the
// options of a node are sums of lower nodes and *0 or *1; when they have
// both values 0 and 1, those of one value are dropped.
func randCGame(r *rand.Rand, n, maxDeg int) [][]msOpt {
	O := make([][]msOpt, n)
	sg := make([]int, n)
	for v := 1; v < n; v++ {
		var opts []msOpt
		var vals []int
		for range r.IntN(maxDeg + 1) {
			o := randOpt(r, v, 1)
			x := o.k
			for _, w := range o.ws {
				x ^= sg[w]
			}
			opts, vals = append(opts, o), append(vals, x)
		}
		if slices.Contains(vals, 0) && slices.Contains(vals, 1) {
			drop := r.IntN(2)
			var kept []msOpt
			for i, o := range opts {
				if vals[i] != drop {
					kept = append(kept, o)
				}
			}
			opts = kept
			sg[v] = 1 - drop
		} else if slices.Contains(vals, 0) {
			sg[v] = 1
		}
		O[v] = opts
	}
	return O
}

// subDecl declares a subtraction game with the set S.
func subDecl(w *msWorld, name string, S []int) (string, int) {
	var k int
	k = w.Kind(name, func(n int) [][]propgen.Part {
		var o [][]propgen.Part
		for _, s := range S {
			if s <= n {
				o = append(o, []propgen.Part{{K: k, S: n - s}})
			}
		}
		return o
	})
	return fmt.Sprintf("game %[1]s(n) moves %[1]s(n - s) for s in %[2]s if s <= n\n", name, msInts(S)), k
}

// takeBreakDecl: take t in T tokens from a row, leaving two rows (either
// possibly empty), Kayles-like; split: also only when both rows are nonempty.
func takeBreakDecl(w *msWorld, name string, T []int, split bool) (string, int) {
	var k int
	lo := 0
	if split {
		lo = 1
	}
	k = w.Kind(name, func(n int) [][]propgen.Part {
		var o [][]propgen.Part
		for _, t := range T {
			if split && t <= n {
				o = append(o, []propgen.Part{{K: k, S: n - t}})
			}
			for a := lo; a <= n-t-lo; a++ {
				o = append(o, []propgen.Part{{K: k, S: a}, {K: k, S: n - t - a}})
			}
		}
		return o
	})
	if split {
		return fmt.Sprintf("game %[1]s(n) moves %[1]s(n - t) for t in %[2]s if t <= n\n  | %[1]s(a) + %[1]s(n - t - a) for t in %[2]s for a in 1 .. n - t - 1\n", name, msInts(T)), k
	}
	return fmt.Sprintf("game %[1]s(n) moves %[1]s(a) + %[1]s(n - t - a) for t in %[2]s for a in 0 .. n - t\n", name, msInts(T)), k
}

// heapDecl declares nim heaps as a game (every position's tree is a nim
// heap), some options with an extra *0.
func heapDecl(w *msWorld, name string) (string, int) {
	var k int
	k = w.Kind(name, func(n int) [][]propgen.Part {
		var o [][]propgen.Part
		for m := range n {
			if m%2 == 0 {
				o = append(o, []propgen.Part{{K: k, S: m}})
			} else {
				o = append(o, []propgen.Part{{K: k, S: m}, {K: 0, S: 0}})
			}
		}
		return o
	})
	return fmt.Sprintf("game %[1]s(n) moves %[1]s(m) for m in 0 .. n - 1 if m %% 2 == 0 | %[1]s(m) + *0 for m in 0 .. n - 1 if m %% 2 == 1\n", name), k
}

// ---------------------------------------------------------------------------
// Units and batches.

type msQuery struct {
	g propgen.GExpr
}

type msUnit struct {
	w       *msWorld
	decl    string
	queries []msQuery
}

func (u *msUnit) ask(g propgen.GExpr) { u.queries = append(u.queries, msQuery{g}) }

func (u *msUnit) script(only *msQuery) string {
	var b strings.Builder
	b.WriteString(u.decl)
	for i := range u.queries {
		if only == nil || only == &u.queries[i] {
			fmt.Fprintf(&b, "print misere(%s)\n", u.queries[i].g.Text)
		}
	}
	return b.String()
}

func msRun(src string) (string, error) {
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Stdout: &out})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	err := s.ExecFile(ctx, "misere.game", src)
	return out.String(), err
}

// msBatch runs the units as one script and checks every line.
func msBatch(t *testing.T, seed uint64, units []*msUnit) (lines int) {
	t.Helper()
	var b strings.Builder
	for _, u := range units {
		b.WriteString(u.decl)
	}
	type at struct {
		u *msUnit
		q *msQuery
	}
	var order []at
	for _, u := range units {
		for i := range u.queries {
			fmt.Fprintf(&b, "print misere(%s)\n", u.queries[i].g.Text)
			order = append(order, at{u, &u.queries[i]})
		}
	}
	out, err := msRun(b.String())
	if err != nil {
		for _, u := range units {
			if _, uerr := msRun(u.script(nil)); uerr != nil {
				t.Fatalf("seed %d: script fails: %v\nstandalone script:\n%s", seed, uerr, u.script(nil))
			}
		}
		t.Fatalf("seed %d: batch fails: %v", seed, err)
	}
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != len(order) {
		t.Fatalf("seed %d: %d lines printed, want %d", seed, len(got), len(order))
	}
	fails := 0
	for i, a := range order {
		want := msWord(a.u.w.wins(a.q.g.Parts))
		if got[i] != want {
			t.Errorf("seed %d: misere(%s) = %s, want %s (brute force over the whole sum)\nstandalone script:\n%s",
				seed, a.q.g.Text, got[i], want, a.u.script(a.q))
			if fails++; fails >= 5 {
				t.FailNow()
			}
		}
	}
	return len(order)
}

// msWeight is the total weight of a sum's parts (a part's weight is its
// state): it bounds the length of every play.
func msWeight(g propgen.GExpr) int {
	n := 0
	for _, p := range g.Parts {
		n += p.S
	}
	return n
}

// msSmall draws from gen until the weight is at most maxW.
func msSmall(gen func() propgen.GExpr, maxW int) propgen.GExpr {
	for {
		if g := gen(); msWeight(g) <= maxW {
			return g
		}
	}
}

// msRandSum: 1 to 4 parts from pick, sometimes with a nimber, written as
// +, `sum of` or `k * G`.
func msRandSum(r *rand.Rand, pick func() propgen.GExpr, maxNim int) propgen.GExpr {
	var gs []propgen.GExpr
	for range 1 + r.IntN(3) {
		gs = append(gs, pick())
	}
	if r.IntN(3) == 0 {
		gs = append(gs, propgen.Nim(r.IntN(maxNim+1)))
	}
	r.Shuffle(len(gs), func(i, j int) { gs[i], gs[j] = gs[j], gs[i] })
	switch r.IntN(6) {
	case 0:
		return propgen.SumOf(gs...)
	case 1:
		if len(gs) >= 2 {
			return propgen.Plus(propgen.Copies(1+r.IntN(3), gs[0]), propgen.Plus(gs[1:]...))
		}
	case 2:
		if len(gs) <= 2 {
			return propgen.Copies(2, propgen.Plus(gs...))
		}
	}
	return propgen.Plus(gs...)
}

func msUnitFor(r *rand.Rand, i int) *msUnit {
	w := newMsWorld()
	u := &msUnit{w: w}
	var picks []func() propgen.GExpr
	addDag := func(name string, O [][]msOpt) {
		decl, k := dagDecl(w, name, O)
		u.decl += decl
		picks = append(picks, func() propgen.GExpr { return w.Pos(k, r.IntN(len(O))) })
	}
	switch r.IntN(6) {
	case 0, 1:
		addDag(fmt.Sprintf("d%d", i), randDagGame(r, 4+r.IntN(8), 1+r.IntN(3)))
	case 2:
		addDag(fmt.Sprintf("c%d", i), randCGame(r, 4+r.IntN(10), 1+r.IntN(3)))
	case 3:
		S := r.Perm(5)[:1+r.IntN(3)]
		for j := range S {
			S[j]++
		}
		slices.Sort(S)
		decl, k := subDecl(w, fmt.Sprintf("s%d", i), S)
		u.decl += decl
		picks = append(picks, func() propgen.GExpr { return w.Pos(k, r.IntN(14)) })
	case 4:
		T := r.Perm(3)[:1+r.IntN(2)]
		for j := range T {
			T[j]++
		}
		slices.Sort(T)
		decl, k := takeBreakDecl(w, fmt.Sprintf("t%d", i), T, r.IntN(2) == 0)
		u.decl += decl
		picks = append(picks, func() propgen.GExpr { return w.Pos(k, r.IntN(8)) })
	default:
		decl, k := heapDecl(w, fmt.Sprintf("h%d", i))
		u.decl += decl
		picks = append(picks, func() propgen.GExpr { return w.Pos(k, r.IntN(6)) })
	}
	if r.IntN(3) == 0 {
		// A second game in the same sums.
		if r.IntN(2) == 0 {
			addDag(fmt.Sprintf("e%d", i), randCGame(r, 3+r.IntN(6), 2))
		} else {
			addDag(fmt.Sprintf("e%d", i), randDagGame(r, 3+r.IntN(5), 2))
		}
	}
	pick := func() propgen.GExpr { return picks[r.IntN(len(picks))]() }
	for range 10 {
		u.ask(msSmall(func() propgen.GExpr { return msRandSum(r, pick, 4) }, msMaxWeight))
	}
	// Big heaps (the misère Grundy value of the rest decides).
	for range 2 {
		u.ask(propgen.Plus(msSmall(pick, msMaxWeight-11), propgen.Nim(8+r.IntN(4))))
	}
	// Two big heaps: *b decides through the misère Grundy value of U + *a,
	// which is often b when U acts like *(a ^ b).
	for range 3 {
		a := 8 + r.IntN(6)
		u.ask(propgen.Plus(msSmall(pick, 4), propgen.Nim(a), propgen.Nim(a^r.IntN(4))))
	}
	// U + *m for m = 0..4: a loss for exactly one m (checked by brute force).
	g := msSmall(pick, msMaxWeight-4)
	for m := range 5 {
		u.ask(propgen.Plus(g, propgen.Nim(m)))
	}
	return u
}

// msMaxWeight bounds the weight of the sums asked about.
const msMaxWeight = 16

func TestMisereProp(t *testing.T) {
	t.Parallel()
	const seed = 20260601
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	lines := 0
	units, perScript := testenv.Scale(15, 300), testenv.Scale(15, 30)
	for b := 0; b < units; b += perScript {
		var us []*msUnit
		for i := range perScript {
			us = append(us, msUnitFor(r, i))
		}
		lines += msBatch(t, seed+uint64(b), us)
	}
	t.Logf("%d misere queries checked against brute force", lines)
}

// ---------------------------------------------------------------------------
// Known facts.

// misereNim is Bouton's rule for misère Nim: with every heap <= 1, the
// player to move loses iff the number of heaps of size 1 is odd; otherwise
// iff the xor of the sizes is 0.
func misereNim(heaps []int) string {
	x, big, ones := 0, false, 0
	for _, h := range heaps {
		x ^= h
		if h > 1 {
			big = true
		}
		if h == 1 {
			ones++
		}
	}
	if !big {
		return msWord(ones%2 == 0)
	}
	return msWord(x != 0)
}

func TestMisereKnown(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 11))
	var src strings.Builder
	var want []string
	ask := func(expr, w string) {
		fmt.Fprintf(&src, "print misere(%s)\n", expr)
		want = append(want, w)
	}
	src.WriteString("game heap(n) moves heap(m) for m in 0 .. n - 1\n")
	// Misère Nim, as nimbers and as a declared game whose positions are
	// nim heaps; many heaps of size 1 among them.
	for range 200 {
		n := 1 + r.IntN(7)
		heaps := make([]int, n)
		big := make([]int, n) // some heaps larger, as nimbers only
		var nims, poss []string
		for i := range heaps {
			switch r.IntN(3) {
			case 0:
				heaps[i] = r.IntN(2)
			case 1:
				heaps[i] = r.IntN(4)
			default:
				heaps[i] = r.IntN(60)
			}
			big[i] = heaps[i]
			if r.IntN(4) == 0 {
				big[i] += 1000
			}
			nims = append(nims, fmt.Sprintf("*%d", big[i]))
			poss = append(poss, fmt.Sprintf("heap(%d)", heaps[i]))
		}
		ask(strings.Join(nims, " + "), misereNim(big))
		ask(strings.Join(poss, " + "), misereNim(heaps))
	}
	ask("*1 + *1", "N")                      // the xor is 0, yet the player to move wins
	ask("sum of *1 for i in 1 .. 1001", "P") // an odd number of heaps *1
	ask("100000 * *1", "N")
	ask("*100001 + *100000 + *1", "P")
	// Misère subtraction game S = {1, .., k}: the player to move loses iff
	// n % (k + 1) == 1.
	for k := 1; k <= 4; k++ {
		fmt.Fprintf(&src, "game bachet%d(n) moves bachet%d(n - s) for s in 1 .. %d if s <= n\n", k, k, k)
		for range 10 {
			n := r.IntN(3000)
			ask(fmt.Sprintf("bachet%d(%d)", k, n), msWord(n%(k+1) != 1))
		}
	}
	// She Loves Me, She Loves Me Not (one petal per move): the player to
	// move loses iff the number of petals is odd. Every position is in the
	// class whose followers have SG values 0 and 1 only.
	src.WriteString("game daisy(n) moves daisy(n - 1) if n > 0\n")
	ask("daisy(300000)", "N")
	ask("daisy(299999)", "P")
	for range 20 {
		a, b, c := r.IntN(50), r.IntN(50), r.IntN(50)
		ask(fmt.Sprintf("daisy(%d) + daisy(%d) + daisy(%d)", a, b, c), msWord((a+b+c)%2 == 0))
	}
	// Kayles: 0 pins, no move: N. 1: P (the only move is the last).
	// 2 and 3: N (move to 1 pin). 4: its options are 3, 1+2, 2, 1+1, all N
	// (1+2 is misère Nim with xor 3; 1+1 has an even number of 1s): P.
	// 5 and 6: N (move to 4).
	src.WriteString("game kayles(n) moves kayles(a) + kayles(n - t - a) for t in [1, 2] for a in 0 .. n - t\n")
	for n, w := range []string{"N", "P", "N", "N", "P", "N", "N"} {
		ask(fmt.Sprintf("kayles(%d)", n), w)
	}
	out, err := msRun(src.String())
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d", len(got), len(want))
	}
	lines := strings.Split(src.String(), "\n")
	prints := 0
	for _, l := range lines {
		if !strings.HasPrefix(l, "print ") {
			continue
		}
		if got[prints] != want[prints] {
			t.Errorf("%s: got %s, want %s", l, got[prints], want[prints])
		}
		prints++
	}
}

// TestMisereLimits: an infinite game and a huge one stop with the run's
// limit errors, at the call.
func TestMisereLimits(t *testing.T) {
	tests := []struct {
		src    string
		limits engine.Limits
		want   string
	}{
		{"game up(n) moves up(n + 1) | *2\nprint misere(up(0))\n", engine.Limits{MaxStates: 10000},
			"t.game:2:7: state limit reached: more than 10000 positions"},
		{"game up(n) moves up(n + 1) | *2\nprint misere(up(0))\n", engine.Limits{MaxSteps: 100000},
			"t.game:2:7: step limit reached"},
		{"game up(n) moves up(n + 1) | *2\nprint misere(up(0))\n", engine.Limits{Timeout: 50 * time.Millisecond},
			"t.game:2:7: time limit reached"},
		// A search over sums: thousands of copies of a game that is not nim-like.
		{"game g(n) moves g(n - 1) if n > 0 | *2 if n > 0\nprint misere(3000 * g(2) + 3000 * g(3))\n", engine.Limits{MaxStates: 5000},
			"t.game:2:7: state limit reached: more than 5000 positions"},
	}
	for _, tc := range tests {
		s := eval.NewSession(eval.Options{Stdout: io.Discard, Limits: tc.limits})
		start := time.Now()
		err := s.ExecFile(context.Background(), "t.game", tc.src)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.src, err, tc.want)
		}
		if d := time.Since(start); d > 30*time.Second {
			t.Errorf("%q: stopping took %v", tc.src, d)
		}
	}
	// Cancellation.
	s := eval.NewSession(eval.Options{Stdout: io.Discard})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(30 * time.Millisecond)
		cancel()
	}()
	err := s.ExecFile(ctx, "t.game", "game up(n) moves up(n + 1) | *2\nprint misere(up(0))\n")
	if err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Errorf("got %v, want an interrupted error", err)
	}
}
