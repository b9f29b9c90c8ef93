package eval

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/solve"
	"github.com/grundy-lang/grundy/internal/testenv"
)

// declareLoops writes the game of an octal code as a grundy declaration
// whose alternatives are all loops (the shape a user writes a subtraction
// game or Kayles in), in one of several equivalent spellings.
func declareLoops(name, code string, r *rand.Rand) string {
	var alts []string
	dot := strings.IndexByte(code, '.')
	add := func(k, d int) {
		K := fmt.Sprint(k)
		switch {
		case d&3 == 3 && k > 0:
			alts = append(alts, fmt.Sprintf("%s(n - s) for s in [%s] if s <= n", name, K))
		case d&2 != 0 && k > 0:
			alts = append(alts, fmt.Sprintf("%s(n - s) for s in {%s} if s < n", name, K))
		case d&1 != 0 && k > 0:
			alts = append(alts, fmt.Sprintf("%s(n - s) for s in [%s] if s <= n if s >= n", name, K))
		}
		if d&4 != 0 {
			switch r.IntN(3) {
			case 0:
				alts = append(alts, fmt.Sprintf("%s(a) + %s(n - %s - a) for a in 1 .. (n - %s) / 2", name, name, K, K))
			case 1:
				alts = append(alts, fmt.Sprintf("%s(a) + %s(n - %s - a) for a in 1 .. n - %s - 1", name, name, K, K))
			default:
				alts = append(alts, fmt.Sprintf("%s(n - %s - a) + %s(a) for a in 1 .. n if 2 * a <= n - %s", name, K, name, K))
			}
		}
	}
	if dot == 1 {
		var d int
		fmt.Sscanf(code[:1], "%x", &d)
		add(0, d)
	}
	for i, c := range code[dot+1:] {
		var d int
		fmt.Sscanf(string(c), "%x", &d)
		add(i+1, d)
	}
	if len(alts) == 0 {
		return ""
	}
	return fmt.Sprintf("game %s(n) moves\n    %s\n", name, strings.Join(alts, "\n  | "))
}

func runOut(t *testing.T, src string, o Options) (string, *Session) {
	t.Helper()
	var out strings.Builder
	o.Stdout = &out
	s := NewSession(o)
	if err := s.ExecFile(context.Background(), "t.game", src); err != nil {
		t.Fatalf("%v\nin:\n%s", err, src)
	}
	return out.String(), s
}

// TestUserTakeBreak: declared take-and-break games (random octal codes,
// written as loops) give the values of octal(CODE), computed by the
// sparse-space engine once a heap above 2048 is asked (the game's
// periodic is then set); asked in the other order too.
func TestUserTakeBreak(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	recognized := 0
	codes := testenv.Scale(20, 40) // (the fast suite: the first 20 codes)
	for i := 0; i < codes; i++ {
		code := "0."
		for range 1 + r.IntN(3) {
			code += fmt.Sprint(r.IntN(8))
		}
		src := declareLoops("g", code, r)
		if src == "" {
			continue
		}
		const n = 3000
		first := fmt.Sprintf("print sg(g(%d)) == sg(octal(%q)(%d))\n", n, code, n)
		all := fmt.Sprintf("print [sg(g(n)) for n in 0 .. %d] == [sg(octal(%q)(n)) for n in 0 .. %d]\n", n, code, n)
		for _, order := range []string{first + all, all + first} {
			out, s := runOut(t, src+order, Options{})
			if out != "true\ntrue\n" {
				t.Fatalf("%s: %q\n%s", code, out, src+order)
			}
			g := gameByName(s.env.Engine, "g")
			if g != nil && solve.TableOf(g) != nil && solve.TableOf(g).User != nil {
				recognized++
				// Heaps asked one after the other extend the table in
				// stretches that double, never heap by heap past the
				// largest heap asked (n).
				if l := solve.TableOf(g).Solver.Len(); l > 2*n+2 {
					t.Errorf("%s: %d heaps computed for heaps up to %d", code, l, n)
				}
			}
		}
	}
	if recognized < codes {
		t.Errorf("only %d runs used the sparse engine", recognized)
	}
}

// TestUserTakeBreakBreaks: a game that follows a take-and-break rule up
// to some heap only goes back to the general engine there: its values
// are those of the general engine (all fast paths off) on both sides.
func TestUserTakeBreakBreaks(t *testing.T) {
	for _, src := range []string{
		// Kayles below 2500, then only one pin at a time.
		"game h(n) moves h(a) + h(n - 1 - a) for a in 0 .. n - 1 | h(a) + h(n - 2 - a) for a in 0 .. n - 2 if n < 2500\n",
		// A split whose range narrows from heap 2600 on.
		"game h(n) moves h(a) + h(n - 1 - a) for a in 1 .. min((n - 1) / 2, 1300)\n",
		// A subtraction set that grows with the heap.
		"game h(n) moves h(n - s) for s in 1 .. 1 + n / 2500 if s <= n\n",
	} {
		q := "print [sg(h(n)) for n in 2400 .. 2700], sg(h(4000))\n"
		fast, s := runOut(t, src+"print sg(h(4000))\n"+q, Options{})
		slow, _ := runOut(t, src+"print sg(h(4000))\n"+q, Options{Disable: passes.All})
		if fast != slow {
			t.Errorf("%s: %q, the general engine says %q", src, fast, slow)
		}
		g := gameByName(s.env.Engine, "h")
		if g == nil || solve.TableOf(g) == nil || solve.TableOf(g).User == nil {
			t.Errorf("%s: not taken for a take-and-break game", src)
		} else if u := solve.TableOf(g).User; !u.Broken || u.Checked < 2400 || u.Checked > 2700 {
			t.Errorf("%s: the rule holds to heap %d (broken %v)", src, u.Checked, u.Broken)
		}
	}
}

// TestUserTakeBreakNot: games that are not take-and-break games stay on
// the general engine.
func TestUserTakeBreakNot(t *testing.T) {
	for _, src := range []string{
		"game h(n) moves h(k) for k in 0 .. n - 1\n",                                       // nim: any number taken
		"game h(n) moves h(a) + h(n - a) + h(0) for a in 1 .. n - 1\n",                     // a third position
		"game h(n) moves h(a) + h(n - 1 - a) for a in 1 .. (n - 1) / 3\n",                  // a third of the splits
		"game h(n) moves h(n - s) for s in {1, 2} if s <= n | *1 for x in [0] if n == 5\n", // a nimber
	} {
		out, s := runOut(t, src+"print sg(h(3000))\n", Options{})
		slow, _ := runOut(t, src+"print sg(h(3000))\n", Options{Disable: passes.All})
		if out != slow {
			t.Errorf("%s: %q, the general engine says %q", src, out, slow)
		}
		if g := gameByName(s.env.Engine, "h"); g != nil && solve.TableOf(g) != nil {
			t.Errorf("%s: taken for a take-and-break game %s", src, solve.DescribeRule(solve.TableOf(g).Solver.Game()))
		}
	}
}

// gameByName returns the engine's game of that name (the last declared).
func gameByName(e *engine.Engine, name string) *engine.Game {
	var out *engine.Game
	for _, g := range e.Games {
		if g.GName == name {
			out = g
		}
	}
	return out
}

// TestUserTakeBreakNested: a rule whose loop over the split sits under
// another for clause (Kayles as spec.md writes it: for t in [1, 2] for a
// in 0 .. n - t) is read through the loop's runs for each take, and gets
// the values of octal(CODE) from the sparse-space engine.
func TestUserTakeBreakNested(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 12; i++ {
		// Takes with digit 7 (leave nothing, one heap or two).
		var takes []string
		digits := []byte("000")
		for k := 1; k <= 3; k++ {
			if r.IntN(2) == 0 || k == 3 && len(takes) == 0 {
				takes = append(takes, fmt.Sprint(k))
				digits[k-1] = '7'
			}
		}
		code := "0." + strings.TrimRight(string(digits), "0")
		set := "[" + strings.Join(takes, ", ") + "]"
		if i%2 == 1 {
			set = "{" + strings.Join(takes, ", ") + "}"
		}
		src := fmt.Sprintf("game g(n) moves g(a) + g(n - t - a) for t in %s for a in 0 .. n - t\n", set)
		const n = 3000
		out, s := runOut(t, src+fmt.Sprintf("print sg(g(%d)) == sg(octal(%q)(%d)), [sg(g(n)) for n in 0 .. 300] == [sg(octal(%q)(n)) for n in 0 .. 300]\n", n, code, n, code), Options{})
		if out != "true true\n" {
			t.Fatalf("%s: %q\n%s", code, out, src)
		}
		g := gameByName(s.env.Engine, "g")
		if g == nil || solve.TableOf(g) == nil || solve.TableOf(g).User == nil {
			t.Errorf("%s: not taken for a take-and-break game", src)
		} else if got := solve.DescribeRule(solve.TableOf(g).User.Rule); got != code {
			t.Errorf("%s: rule %s, want %s", src, got, code)
		}
	}
}

// TestUserTakeBreakTable: a large heap of a declared take-and-break
// game makes the table as large as the heaps asked for, not twice that
// (it is computed a stretch at a time, which doubled the table).
func TestUserTakeBreakTable(t *testing.T) {
	if testing.Short() {
		t.Skip("1.2 million heaps of Kayles")
	}
	const n = 1_200_000
	src := fmt.Sprintf("game k(n) moves k(a) + k(n - t - a) for t in [1, 2] for a in 0 .. n - t\nprint sg(k(%d)) == sg(kayles(%d))\n", n, n)
	out, s := runOut(t, src, Options{})
	if out != "true\n" {
		t.Fatalf("%q", out)
	}
	g := gameByName(s.env.Engine, "k")
	if g == nil || solve.TableOf(g) == nil || solve.TableOf(g).User == nil {
		t.Fatal("Kayles declared is not run as a take-and-break game")
	}
	st := solve.TableOf(g).Solver.Stats()
	if most := int64(n+1+segmentSlack) * int64(st.BytesPerHeap); st.TableBytes > most {
		t.Errorf("the table of %d heaps takes %d bytes, more than %d", solve.TableOf(g).Solver.Len(), st.TableBytes, most)
	}
}

// segmentSlack is the heaps a table may hold beyond those asked for.
const segmentSlack = 1 << 16

// TestUserTakeBreakBroken: a declared game whose heaps follow a
// take-and-break rule only up to a heap (its second subtraction value is
// 94: the rule inferred from the first heaps takes 25) has the right
// values past it, says so in --explain, and a table of its heaps does not
// ask the checker again for each heap past it.
func TestUserTakeBreakBroken(t *testing.T) {
	src := "game g(n) moves g(n - s) for s in {25, 94, 300} if s <= n\nprint sum([sg(g(n)) for n in 0 .. 5000])\n"
	plain := "game g(n) moves g(n - s) for s in {25, 94, 300} if s <= n and n >= 0\nprint sum([sg(g(n)) for n in 0 .. 5000])\n"
	out, s := runOut(t, src, Options{})
	want, _ := runOut(t, plain, Options{Disable: passes.All})
	if out != want {
		t.Fatalf("%q, plain %q", out, want)
	}
	g := gameByName(s.env.Engine, "g")
	if g == nil || solve.TableOf(g) == nil || solve.TableOf(g).User == nil {
		t.Fatal("g is not tried as a take-and-break game")
	}
	u := solve.TableOf(g).User
	if !u.Broken || u.Checked != 93 {
		t.Fatalf("broken %v at heap %d, want heap 94", u.Broken, u.Checked+1)
	}
	if u.Calls > 20 {
		t.Errorf("the checker was asked %d times for 5,001 heaps", u.Calls)
	}
	if notes := strings.Join(g.Explain.Notes, "\n"); !strings.Contains(notes, "heap 94 does not follow that rule") {
		t.Errorf("--explain does not say where the rule stops:\n%s", notes)
	}
}
