package eval_test

// Walks: the last for clause of a move rule over a range of x whose option
// is a position of one list of ints changing with x in a few elements
// (update(c, i, p) for p in A .. B, an edit with c[j] + m and c[j] - m, a
// literal [c[0], p]) looks its options up by rewriting the bytes of a key
// (internal/build/walk.go). Random rules (elements x, E + x, x + E,
// E - x, x - E and E; indexes in and out of range, not ints, taken by
// two arms; lists and tuples, of 0s and 1s, with elements near 0 and 63
// and past them; ranges empty, of one value, long) over random lists must
// give the same values and errors, at the same positions, with the pass
// on and off; and so with a step limit that falls inside the walks.

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/testenv"
)

// walksGen writes random programs of walks.
type walksGen struct{ r *rand.Rand }

func (g walksGen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

// elem is an element changing with p (or not).
func (g walksGen) elem() string {
	return g.pick("p", "p", "c[i] - p", "p + c[0]", "c[j] + p", "c[j] - p", "p - 1", "63 - p", "p + 60", "c[i]", "p - c[i]", "1 - p", `"s"`, "p * 2", "c[j] + p * 0")
}

// option is the list (or tuple) a move makes.
func (g walksGen) option() string {
	noJ := func(s string) string { return strings.ReplaceAll(s, "c[j]", "c[0]") }
	switch g.r.IntN(5) {
	case 0, 1:
		x := "c"
		if g.r.IntN(3) == 0 {
			x = fmt.Sprintf("update(c, %s, %s)", g.pick("0", "i", "len(c) - 1"), noJ(g.elem()))
		}
		return fmt.Sprintf("update(%s, %s, %s)", x, g.pick("i", "i", "0", "len(c) - 1", "i + 1", "-1", `"x"`, "len(c)", "(i + 1) % len(c)"), noJ(g.elem()))
	case 2, 3:
		var b strings.Builder
		for range 1 + g.r.IntN(3) {
			at := g.pick("i", "i - 1", "i + 1", "0", "len(c)", "-1", `"x"`, "(i + 1) % len(c)")
			fmt.Fprintf(&b, "if j == %s then %s else ", at, g.elem())
		}
		return fmt.Sprintf("[%sc[j] for j in 0 .. len(c) - 1]", b.String())
	}
	n := 1 + g.r.IntN(3)
	xs := make([]string, n)
	for k := range xs {
		xs[k] = g.pick(noJ(g.elem()), "c[0]", "1", "0")
	}
	if g.r.IntN(2) == 0 {
		return "(" + strings.Join(xs, ", ") + ",)"
	}
	return "[" + strings.Join(xs, ", ") + "]"
}

// rule is a move rule that walks: a well-founded one (an element
// lowered by p, coins moved down a staircase) half the time, else a
// random one.
func (g walksGen) rule() string {
	switch g.r.IntN(8) {
	case 0:
		return fmt.Sprintf("w(update(c, i, p)) for i in 0 .. len(c) - 1 for p in %s .. c[i] - 1", g.pick("0", "1", "c[i] - 3", "i", "(if i == 0 then 0 else c[i - 1] + 1)"))
	case 1:
		return fmt.Sprintf("w(update(c, i, c[i] - p)) for i in 0 .. len(c) - 1 for p in %s .. c[i]", g.pick("1", "2", "c[i] - 2"))
	case 2, 4:
		return "w([if j == i - 1 then c[j] + m else if j == i then c[j] - m else c[j] for j in 0 .. len(c) - 1]) for i in 1 .. len(c) - 1 for m in 1 .. c[i]"
	case 3:
		// (Two arms of one index: the first takes it.)
		return fmt.Sprintf("w([if j == %s then c[j] - m else if j == %s then %s else c[j] for j in 0 .. len(c) - 1]) for i in 0 .. len(c) - 1 for m in 1 .. c[i]",
			g.pick("i", "i - 1"), g.pick("i", "i + 1", "0"), g.pick("c[j] + m", "m", "c[j] - m"))
	}
	lo := g.pick("0", "1", "c[i]", "c[i] - 2", "-3", "i", "60")
	hi := g.pick("c[i] - 1", "c[i]", "c[i] + 3", "i", "70", "lo", "3")
	if hi == "lo" {
		hi = lo
	}
	return fmt.Sprintf("w(%s) for i in 0 .. len(c) - 1 for p in %s .. %s", g.option(), lo, hi)
}

// program is one game whose move walks, and the positions whose values
// it prints.
func (g walksGen) program() string {
	var b strings.Builder
	rule := g.rule()
	if end := strings.Index(rule, ") for i in"); g.r.IntN(3) == 0 && strings.HasPrefix(rule, "w(") && end > 0 {
		// (The option built by a def, inlined: walked as its body.)
		x := "p"
		if strings.Contains(rule, "for m in") {
			x = "m"
		}
		fmt.Fprintf(&b, "def mv(c, i, %s) = %s\n", x, rule[2:end])
		rule = fmt.Sprintf("w(mv(c, i, %s))%s", x, rule[end+1:])
	}
	fmt.Fprintf(&b, "game w(c) moves\n    %s\n", rule)
	for range 4 {
		n := 1 + g.r.IntN(5)
		xs := make([]string, n)
		for k := range xs {
			xs[k] = strconv.Itoa(g.r.IntN(8))
			if g.r.IntN(8) == 0 {
				xs[k] = g.pick("62", "63", "64", "-1", "12")
			}
		}
		if g.r.IntN(25) == 0 {
			xs[g.r.IntN(n)] = `"a"`
		}
		lit := "[" + strings.Join(xs, ", ") + "]"
		if g.r.IntN(6) == 0 {
			lit = "(" + strings.Join(xs, ", ") + ",)"
		}
		fmt.Fprintf(&b, "print sg(w(%s)), outcome(w(%s))\n", lit, lit)
	}
	return b.String()
}

func TestBoardPropWalks(t *testing.T) {
	t.Parallel()
	r, seed := propRand(t, 19)
	g := walksGen{r}
	n := propCount(testenv.Scale(5, 250))
	var values, errs, fails, skipped, stepLimits int
	for k := range n {
		src := g.program()
		// (Moves that raise elements make long or endless games: the
		// limits end them, at the same step both ways; every third
		// program with a step limit that falls inside the walks.)
		lim := engine.Limits{MaxStates: 20000, MaxSteps: 1_000_000, MaxDepth: 300}
		if k%4 == 0 {
			lim.MaxSteps = int64(200 + r.IntN(5000))
		}
		c := optCase{name: "w.game", src: src, limits: lim, timeout: 20 * time.Second}
		on := runOptWith(c, 0)
		off := runOptWith(c, passes.Walks)
		if on.panic != "" || off.panic != "" {
			t.Fatalf("seed %d: a Go panic\n%s\n%s\n%s", seed, src, on, off)
		}
		if optInterrupted(on) || optInterrupted(off) {
			skipped++ // (the test's deadline on a busy machine)
			continue
		}
		if on.out != off.out || on.err != off.err || on.class != off.class {
			fails++
			t.Errorf("seed %d: walks on and off differ\nscript:\n%s=== on:\n%s\n=== off:\n%s", seed, optIndent(src), on, off)
			if fails >= 5 {
				t.FailNow()
			}
			continue
		}
		if on.err != "" {
			errs++
			if strings.Contains(on.err, "step limit") {
				stepLimits++
			}
		}
		values += strings.Count(on.out, "\n")
	}
	t.Logf("%d programs: %d printed lines compared, %d ended in the same error (%d at the step limit), %d past the test's deadline", n, values, errs, stepLimits, skipped)
	if skipped > n/3 {
		t.Errorf("%d of %d programs ran past the test's deadline", skipped, n)
	}
	if errs > n*2/3 {
		t.Errorf("%d of %d programs fail: the generator compares too few values", errs, n)
	}
}

// The walk fires on the rules it is for (the explanation says so), and
// not with the pass off.
func TestWalksFire(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"game s(c) moves s(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1\nprint sg(s([3, 5, 9])), sg(s([1, 2]))\n", "walk with p"},
		{"def mv(c, i, p) = update(c, i, p)\ngame s(c) moves s(mv(c, i, p)) for i in 0 .. len(c) - 1 for p in (if i == 0 then 0 else c[i - 1] + 1) .. c[i] - 1\nprint sg(s([3, 5, 9])), sg(s([1, 2]))\n", "walk with p"},
		{"game st(c) moves\n    st([if j == i - 1 then c[j] + m else if j == i then c[j] - m else c[j] for j in 0 .. len(c) - 1])\n        for i in 1 .. len(c) - 1 for m in 1 .. c[i]\nprint sg(st([0, 2, 3, 1]))\n", "walk with m"},
	} {
		for _, off := range []passes.Pass{0, passes.Walks} {
			var out bytes.Buffer
			s := eval.NewSession(eval.Options{Stdout: &out, Disable: off})
			if err := s.ExecFile(context.Background(), "w.game", tc.src); err != nil {
				t.Fatal(err)
			}
			var notes strings.Builder
			for _, x := range s.Explain() {
				notes.WriteString(x.String())
			}
			if got := strings.Contains(notes.String(), tc.want); got != (off == 0) || out.Len() == 0 {
				t.Errorf("%s(walks off: %v) the explanation says %q: %v\n%s", tc.src, off != 0, tc.want, got, notes.String())
			}
		}
	}
}

// A walk whose first list has an element out of 0 .. 63 that comes into
// it (p from c[i] - 2) keys each later list as the list itself is keyed:
// the option that is the position itself is met as such (a cycle), and
// the steps are the plain way's (a step limit falls at the same place).
func TestWalksFromOutside(t *testing.T) {
	for si, src := range []string{`game w(c) moves
    w([if j == i then p else if j == i then c[i] else if j == 0 then 63 - p else c[j] for j in 0 .. len(c) - 1]) for i in 0 .. len(c) - 1 for p in c[i] - 2 .. c[i] + 3
print sg(w([1, 5, 5, 2])), outcome(w([1, 5, 5, 2]))
`, `game u(c) moves u(update(c, i, p)) for i in 0 .. len(c) - 1 for p in c[i] - 3 .. c[i] + 1
print sg(u([1, 2, 0])), outcome(u([1, 2, 0])), sg(u((0, 1, 2,)))
`} {
		// (A step limit is checked every 4,096 steps: limits just past a
		// check fall at the next one. The fast suite: half the limits,
		// turning with the script.)
		for _, steps := range testenv.Rotate([]int64{4097, 12289, 40961, 851969}, 2, si) {
			c := optCase{name: "w.game", src: src, limits: engine.Limits{MaxSteps: steps}, timeout: 20 * time.Second}
			on, off := runOptWith(c, 0), runOptWith(c, passes.Walks)
			if on.panic != "" || on.out != off.out || on.err != off.err {
				t.Errorf("max steps %d: walks on and off differ\nscript:\n%s=== on:\n%s\n=== off:\n%s", steps, optIndent(src), on, off)
			}
		}
	}
}
