package takebreak

// Every code of at most three digits (0.ddd and 4.ddd) against the tables
// of Tomek Czajka [TC] (tczajka_data_test.go), which checked and extended
// Flammenkamp's: each code is looked up in TC's tables of equivalent
// games; when its game is solved there, the values must be the game's
// (shifted by the heap sizes that cannot be taken whole), and the period
// proved must be the published one.

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/testenv"
)

// tcName is a code as TC writes it: "0.560" is ".56", "4.000" is "4".
func tcName(code string) string {
	code = strings.TrimRight(code, "0")
	code = strings.TrimPrefix(code, "0")
	if strings.HasSuffix(code, ".") {
		code = strings.TrimSuffix(code, ".")
	}
	return code
}

// tcGame returns the game TC's lookup tables give for a code ("" when the
// code has no moves).
func tcGame(t *testing.T, name string) string {
	if name == "" {
		return ""
	}
	dot := strings.IndexByte(name, '.')
	if dot < 0 {
		return name // ("4": no digit after the point)
	}
	digits := name[dot+1:]
	row := name[:dot+1] + digits[:len(digits)-1] + "x"
	d := int(digits[len(digits)-1] - '0')
	for _, r := range tcLookup {
		if r.row == row {
			if g := r.cells[d-1]; g != "-" {
				return g
			}
			return name
		}
	}
	t.Fatalf("%s: no row %s in the lookup tables", name, row)
	return ""
}

// tcCode is TC's name as a code for ParseCode.
func tcCode(name string) string {
	if !strings.Contains(name, ".") {
		return name + ".0"
	}
	if name[0] == '.' {
		return "0" + name
	}
	return name
}

// nimbers reads TC's values: one character a value, the period in
// parentheses, extended periodically to n+1 values.
func nimbers(t *testing.T, s string, n int) []uint32 {
	var pre, per []uint32
	cur := &pre
	for _, c := range s {
		switch {
		case c == '(':
			cur = &per
		case c == ')':
		default:
			v, err := strconv.ParseUint(string(c), 36, 8)
			if err != nil {
				t.Fatalf("nimbers %q: %v", s, err)
			}
			*cur = append(*cur, uint32(v))
		}
	}
	out := append([]uint32(nil), pre...)
	for len(out) <= n {
		out = append(out, per[(len(out)-len(pre))%len(per)])
	}
	return out[:n+1]
}

func TestPublishedAllCodes(t *testing.T) {
	type result struct {
		s    *Solver
		p    Period
		name string
	}
	solved := map[string]int{}
	for i, c := range tcSolved {
		solved[c.code] = i
	}
	trivial := map[string]int{}
	for i, c := range tcTrivial {
		trivial[c.code] = i
	}
	unsolved := map[string]bool{}
	for _, u := range tcUnsolved {
		unsolved[u] = true
	}
	// The games of the tables, each computed once and checked against
	// its entry.
	games := map[string]*Solver{}
	game := func(name string) *Solver {
		if s, ok := games[name]; ok {
			return s
		}
		s, err := NewSolver(mustCode(t, tcCode(name)), Options{})
		if err != nil {
			t.Fatal(err)
		}
		games[name] = s
		return s
	}
	const nEquiv = 3000
	counts := map[string]int{}
	// (The fast suite proves the period of one code of each game whose
	// proof is long, p + q past 100,000 (.56's four codes: one); the
	// others' values are still checked against the game's.)
	provedLong := map[string]bool{}
	codes := map[string]bool{}
	for _, code := range allCodes() {
		name := tcName(code)
		if codes[name] {
			continue // (the same code with zeros at the end)
		}
		codes[name] = true
		if name == "" {
			counts["no moves"]++
			continue
		}
		base := tcGame(t, name)
		var p, q int
		switch {
		case unsolved[base]:
			counts["unsolved"]++
			continue
		case trivial[base] > 0 || base == tcTrivial[0].code:
			c := tcTrivial[trivial[base]]
			p, q = c.p, c.q
			counts["trivial"]++
		default:
			i, ok := solved[base]
			if !ok {
				t.Errorf("%s: game %s is in none of the tables", name, base)
				continue
			}
			c := tcSolved[i]
			if c.p >= 1e6 && !*long {
				counts["long (skipped)"]++
				continue
			}
			p, q = c.p, c.q
			counts["solved"]++
		}
		// The values of the code are those of the game, shifted.
		g, s := game(base), game(name)
		g.Extend(nEquiv, nil)
		s.Extend(nEquiv, nil)
		// (v(n) = v_base(n - shift) for n >= max(shift, 0).)
		shift, found := 0, false
		for _, k := range []int{0, 1, -1, 2, -2, 3, -3} {
			ok := true
			for n := max(k, 0); n <= nEquiv-3 && ok; n++ {
				ok = s.Value(n) == g.Value(n-k)
			}
			if ok {
				shift, found = k, true
				break
			}
		}
		if !found {
			t.Errorf("%s: its values are not those of %s (TC's lookup) shifted by -3 .. 3", name, base)
			continue
		}
		if p+q > 100_000 && !testenv.IsLong() {
			if provedLong[base] {
				counts["proof left to the long suite"]++
				continue
			}
			provedLong[base] = true
		}
		// The last exception of the game, p - 1, shifted, when the
		// relation covers it; otherwise no later than max(shift, 0).
		pd := prove(s, 1<<24)
		wantP := p + shift
		exact := p-1+shift >= max(shift, 0)
		if !pd.Proved || pd.Q != q || exact && pd.P != wantP || !exact && pd.P > max(shift, 0) {
			t.Errorf("%s: period %+v; TC: %s has preperiod %d and period %d (shift %d)", name, pd, base, p, q, shift)
		}
	}
	// The entries themselves: TC's values of the trivial games, and the
	// statistics of the solved ones.
	for _, c := range tcTrivial {
		s := game(c.code)
		n := max(1000, 2*(c.p+c.q))
		s.Extend(n, nil)
		want := nimbers(t, c.nimbers, n)
		for i, w := range want {
			if s.Value(i) != w {
				t.Errorf("%s: heap %d has value %d; TC: %d", c.code, i, s.Value(i), w)
				break
			}
		}
	}
	for _, c := range tcSolved {
		if c.p >= 1e6 && !*long {
			continue
		}
		s := game(c.code)
		pd := prove(s, 1<<24)
		if !pd.Proved || pd.P != c.p || pd.Q != c.q {
			t.Errorf("%s: period %+v; TC: preperiod %d, period %d", c.code, pd, c.p, c.q)
			continue
		}
		top, at := uint32(0), 0
		for n := 0; n < s.Len(); n++ {
			if v := s.Value(n); v > top {
				top, at = v, n
			}
		}
		if top != c.largest || at != c.largestAt {
			t.Errorf("%s: largest value %d, first at heap %d; TC: %d at %d", c.code, top, at, c.largest, c.largestAt)
		}
		if c.mask == "" {
			continue
		}
		mask, pos := c.mask, 0
		if m, ok := strings.CutSuffix(mask, "+pos"); ok {
			mask, pos = m, 1
		}
		m, err := strconv.ParseUint(mask, 16, 32)
		if err != nil {
			t.Fatal(err)
		}
		rare, last := 0, -1
		for n := 0; n < s.Len(); n++ {
			// (With "+pos", TC counts a heap n as the bit n + 1: the
			// rare heaps of .127 are those whose value's parity is
			// the heap's.)
			if (bits.OnesCount32(s.Value(n)&uint32(m))+pos*(n+1))%2 == 0 {
				rare, last = rare+1, n
			}
		}
		if rare != c.rare || last != c.lastRare {
			t.Errorf("%s: %d rare heaps (mask %s), the last %d; TC: %d, %d", c.code, rare, c.mask, last, c.rare, c.lastRare)
		}
	}
	t.Logf("codes of at most three digits: %s", fmt.Sprint(counts))
}

// TestNot161Is36: Flammenkamp's table of equivalent games lists .161 as
// .36; TC found that they first differ at heap 519. They do: the same
// values for heaps 0 .. 518, not at 519.
func TestNot161Is36(t *testing.T) {
	a := solve(t, mustCode(t, "0.161"), 1000, Options{})
	b := solve(t, mustCode(t, "0.36"), 1000, Options{})
	if d := firstDiff(a, b, 1000); d != 519 {
		t.Errorf(".161 and .36 first differ at heap %d, not 519", d)
	} else {
		t.Logf("heap 519: .161 %d, .36 %d", a.Value(519), b.Value(519))
	}
	// (Nor are they the same up to a shift.)
	for k := 1; k <= 3; k++ {
		for _, x := range [][2]*Solver{{a, b}, {b, a}} {
			same := true
			for n := k; n <= 1000 && same; n++ {
				same = x[0].Value(n) == x[1].Value(n-k)
			}
			if same {
				t.Errorf(".161 and .36 are the same shifted by %d", k)
			}
		}
	}
}
