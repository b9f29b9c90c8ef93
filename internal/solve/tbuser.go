package solve

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/takebreak"
)

// UserAt is the heap from which sg of a declared game tries the rule.
const UserAt = 2048

// tbShape is the options of one heap: the heaps of one-heap options (0:
// the whole heap taken), and the splits of c tokens into two nonempty
// heaps (every split, or every split into different heaps).
type tbShape struct {
	ones   []int64
	splits []tbSplit
}

type tbSplit struct {
	c       int64
	unequal bool
}

// tbUser is a declared game's take-and-break rule and how far its heaps
// were checked.
type tbUser struct {
	e       *search
	probes  []engine.ProbeFunc
	fr      *engine.Frame
	Rule    *takebreak.Game
	Checked int64 // heaps 0 .. checked follow the rule
	Broken  bool  // heap checked+1 does not
	noted   bool  // (and --explain says so)
	Calls   int64 // check's calls (a test counts them)
	got     tbShape
}

// shape reads heap n's options through the probes; false when they are
// not one-heap options and splits of this game (or a probe fails).
func (u *tbUser) shape(g *engine.Game, n int64, out *tbShape) (ok bool) {
	e := u.e
	at := markRun(e.Engine)
	defer func() {
		if x := recover(); x != nil {
			rethrow(e.Th, x)
			// (The general way meets the error, in its place.)
			at.restore(e.Engine)
			ok = false
		}
	}()
	out.ones, out.splits = out.ones[:0], out.splits[:0]
	fr := u.fr
	fr.Slots[0] = value.Int(n)
	// One run of a loop: one-heap options or splits.
	run := func(st engine.FastState, lo, hi int64, elems []int64) bool {
		if elems == nil && hi < lo {
			return true
		}
		for t := 0; t < st.Nt; t++ {
			if st.Games[t] != g {
				return false
			}
		}
		switch st.Nt {
		case 1:
			d := int64(st.Steps[0])
			k0 := int64(st.Keys[0])
			if elems != nil {
				if len(elems) > 64 {
					return false
				}
				for _, x := range elems {
					out.ones = append(out.ones, k0+d*(x-lo))
				}
				return true
			}
			if hi-lo >= 64 {
				return false // (take any number: no finite rule)
			}
			for x := lo; x <= hi; x++ {
				out.ones = append(out.ones, k0+d*(x-lo))
			}
		case 2:
			d0, d1 := int64(st.Steps[0]), int64(st.Steps[1])
			if elems != nil || d0+d1 != 0 || d0*d0 != 1 {
				return false
			}
			// One part runs over a0 .. a1, the other is c minus it.
			k0, k1 := int64(st.Keys[0]), int64(st.Keys[1])
			c := k0 + k1
			a0, a1 := k0, k0+(hi-lo)
			if d0 < 0 {
				a0, a1 = k0-(hi-lo), k0
			}
			if a0 < 0 || c-a1 < 0 {
				return false
			}
			if a0 == 0 || a1 == c {
				// A part of 0 tokens: the option is one heap of c (heap
				// 0 has no options: value 0).
				out.ones = append(out.ones, c)
			}
			// The smaller parts: a0 .. a1 below c/2, and c - a above.
			h := c / 2
			l1, h1 := max(a0, 1), min(a1, h)
			l2, h2 := c-min(a1, c-1), c-max(a0, h+1)
			lo, hi := int64(1)<<62, int64(-1)
			if l1 <= h1 {
				lo, hi = l1, h1
			}
			if l2 <= h2 {
				if lo <= hi && (l2 > hi+1 || h2 < lo-1) {
					return false // (a gap)
				}
				lo, hi = min(lo, l2), max(hi, h2)
			}
			switch {
			case lo > hi:
			case lo != 1:
				return false
			case hi == h:
				out.splits = append(out.splits, tbSplit{c: c})
			case hi == h-1 && c%2 == 0:
				out.splits = append(out.splits, tbSplit{c: c, unequal: true})
			default:
				return false
			}
		default:
			return false
		}
		return true
	}
	for _, p := range u.probes {
		if !p(fr, run) {
			return false
		}
	}
	slices.Sort(out.ones)
	out.ones = slices.Compact(out.ones)
	if len(out.ones) > 0 && out.ones[0] < 0 {
		return false
	}
	slices.SortFunc(out.splits, func(a, b tbSplit) int {
		switch {
		case a.c != b.c:
			return int(a.c - b.c)
		case a.unequal == b.unequal:
			return 0
		case a.unequal:
			return 1
		}
		return -1
	})
	out.splits = slices.Compact(out.splits)
	// (Every split and also every split into different heaps: every split.)
	for i := 0; i+1 < len(out.splits); i++ {
		if out.splits[i].c == out.splits[i+1].c {
			out.splits = slices.Delete(out.splits, i+1, i+2)
		}
	}
	return true
}

// predict returns the options of heap n under the rule.
func predict(rule *takebreak.Game, n int64, out *tbShape) {
	out.ones, out.splits = out.ones[:0], out.splits[:0]
	for _, r := range rule.Rules {
		t := int64(r.Take)
		if t > n {
			continue
		}
		rem := n - t
		if r.Ways&takebreak.Whole != 0 && rem == 0 {
			out.ones = append(out.ones, 0)
		}
		if r.Ways&takebreak.One != 0 && rem >= 1 {
			out.ones = append(out.ones, rem)
		}
		if r.Ways&takebreak.Two != 0 && (rem >= 2 && !r.Unequal || rem >= 3) {
			out.splits = append(out.splits, tbSplit{c: rem, unequal: r.Unequal && rem%2 == 0})
		}
	}
	slices.Sort(out.ones)
	out.ones = slices.Compact(out.ones)
	slices.SortFunc(out.splits, func(a, b tbSplit) int { return int(a.c - b.c) })
}

func sameShape(a, b *tbShape) bool {
	return slices.Equal(a.ones, b.ones) && slices.Equal(a.splits, b.splits)
}

// userRule infers the take-and-break rule of declared game g from the
// options of its first heaps and checks it on them; nil when they follow
// none.
func (u *tbUser) infer(g *engine.Game) *takebreak.Game {
	const first = 64
	whole, one := map[int64]bool{}, map[int64]bool{}
	// two: by take, 1 when splits were seen (of an odd number of tokens,
	// where the heaps always differ), 2 when one of an even number into
	// equal heaps too, 3 when even numbers are split into different heaps
	// only.
	two := map[int64]int{}
	var sh tbShape
	for n := int64(0); n <= first; n++ {
		if !u.shape(g, n, &sh) {
			return nil
		}
		for _, m := range sh.ones {
			switch t := n - m; {
			case t <= 0:
				return nil // (no tokens taken: a loop)
			case m == 0:
				whole[t] = true
			default:
				one[t] = true
			}
		}
		for _, s := range sh.splits {
			t := n - s.c
			if t < 0 {
				return nil
			}
			k := 1
			if s.c%2 == 0 {
				k = 2
				if s.unequal {
					k = 3
				}
			}
			if old := two[t]; old > 1 && k > 1 && old != k {
				return nil
			}
			two[t] = max(two[t], k)
		}
	}
	rule := &takebreak.Game{Name: g.GName}
	var takes []int64
	for _, m := range []map[int64]bool{whole, one} {
		for t := range m {
			if !slices.Contains(takes, t) {
				takes = append(takes, t)
			}
		}
	}
	for t := range two {
		if !slices.Contains(takes, t) {
			takes = append(takes, t)
		}
	}
	slices.Sort(takes)
	for _, t := range takes {
		r := takebreak.Rule{Take: int(t)}
		if whole[t] {
			r.Ways |= takebreak.Whole
		}
		if one[t] {
			r.Ways |= takebreak.One
		}
		if k := two[t]; k > 0 {
			r.Ways |= takebreak.Two
			r.Unequal = k == 3
		}
		if t > first/2 {
			return nil // (a rule that takes more than half the heaps checked)
		}
		rule.Rules = append(rule.Rules, r)
	}
	if len(rule.Rules) == 0 || rule.Check() != nil {
		return nil // (no move from the first heaps: the rule is elsewhere)
	}
	var want tbShape
	for n := int64(0); n <= first; n++ {
		u.shape(g, n, &sh)
		predict(rule, n, &want)
		if !sameShape(&sh, &want) {
			return nil
		}
	}
	u.Checked = first
	return rule
}

// check checks the heaps up to n against the rule; it returns the last
// heap that follows it (n, or less once a heap does not).
func (u *tbUser) check(g *engine.Game, n int64) int64 {
	u.Calls++
	var want tbShape
	for !u.Broken && u.Checked < n {
		m := u.Checked + 1
		if !u.shape(g, m, &u.got) {
			u.Broken = true
			break
		}
		predict(u.Rule, m, &want)
		if !sameShape(&u.got, &want) {
			u.Broken = true
			break
		}
		u.Checked = m
	}
	if u.Broken && !u.noted && g.Explain != nil {
		u.noted = true
		g.Explain.Notes = append(g.Explain.Notes, fmt.Sprintf("heap %d does not follow that rule: the values of heaps from %d on come from the general engine", u.Checked+1, u.Checked+1))
	}
	return min(u.Checked, n)
}

// userTakeBreak makes declared game g of one int a take-and-break family
// when its rule is one (once): g.periodic is then set, with g.user.
func userTakeBreak(e *search, g *engine.Game) {
	th := e.Th
	if g.UserTried || g.Probes == nil || g.NArgs != 1 {
		return
	}
	g.UserTried = true
	u := &tbUser{e: e, probes: g.Probes, fr: th.LooseFrame(g.Nslots)}
	rule := u.infer(g)
	if rule == nil {
		return
	}
	u.Rule = rule
	pd := newPeriodic(rule, g.GName)
	pd.User, pd.game = u, g
	g.Periodic = pd
	e.tables = append(e.tables, pd)
	if g.Explain != nil {
		g.Explain.Notes = append(g.Explain.Notes, fmt.Sprintf("its heaps follow the take-and-break rule %s: their values come from the sparse-space engine (package takebreak), each heap's options checked against the rule", DescribeRule(rule)))
	}
}

// DescribeRule names a take-and-break rule: its octal code, and what it
// does when a code cannot say it (unequal heaps).
func DescribeRule(r *takebreak.Game) string {
	var b strings.Builder
	lead := uint8(0)
	var digits []uint8
	unequal := false
	for _, x := range r.Rules {
		if x.Unequal {
			unequal = true
		}
		if x.Take == 0 {
			lead = x.Ways
			continue
		}
		for len(digits) < x.Take {
			digits = append(digits, 0)
		}
		digits[x.Take-1] |= x.Ways
	}
	fmt.Fprintf(&b, "%x.", lead)
	for _, d := range digits {
		fmt.Fprintf(&b, "%x", d)
	}
	if len(digits) == 0 {
		b.WriteString("0")
	}
	if unequal {
		b.WriteString(" (the heaps of a split differ in size)")
	}
	return b.String()
}
