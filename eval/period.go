package eval

import (
	"fmt"
	"math"
)

// This file finds the periods of game families of one int parameter:
// the smallest q >= 1, then the smallest preperiod p, and the saltus s with
// sg(F(n + q)) == sg(F(n)) + s for every n >= p. For take-and-break
// families (octal and hexadecimal codes, finite subtraction sets) the
// period is proved by the theorem of Guy and Smith; for other families it
// is observed on a finite range. A proved period also answers sg of any
// position of the family at once (engine.go asks periodicValue).

// periodic is what is known of a take-and-break family's period.
type periodic struct {
	tried  bool // a proof was attempted
	proved bool
	p, q   int64
	vals   []int32 // sg(0 .. p+q-1)
	upTo   int64   // values computed, when not proved
	seq    []int32 // the values computed for the proof attempt
}

// Period is the answer of period(F).
type Period struct {
	P, Q, S int64
	Found   bool
	Proved  bool
	UpTo    int64 // the values checked: n in 0 .. UpTo
}

const (
	defaultPeriodRange = 2000
	autoProveAt        = 1 << 16 // sg of a larger heap tries to prove a period first
)

// maxProveN is the largest heap the proof computes values for: the values
// of heaps up to n cost about n^2/4 operations when moves split a heap in
// two, n^3/36 in three.
func maxProveN(t *TakeBreak) int64 {
	switch t.maxHeaps() {
	case 3:
		return 1 << 11
	case 2:
		return 1 << 13
	}
	return 1 << 20
}

// proofBound returns the end of the range [p, bound) on which
// G(n + q) == G(n) must be checked for the theorem to prove the period:
// for moves that leave at most one heap, p + t; at most two heaps,
// 2p + q + t (Guy and Smith); three heaps, 3p + 2q + t, where t is the
// most tokens a move takes.
func (t *TakeBreak) proofBound(p, q int64) int64 {
	var tk int64
	for _, r := range t.Rules {
		tk = max(tk, r.K)
	}
	h := int64(t.maxHeaps())
	return h*p + (h-1)*q + tk
}

// takeBreakValues extends seq with the SG values of heaps len(seq) .. n.
func takeBreakValues(th *Thread, pos Pos, t *TakeBreak, seq []int32, n int64) []int32 {
	var mark []int32
	stamp := int32(0)
	see := func(v int32) {
		if int(v) >= len(mark) {
			mark = append(mark, make([]int32, int(v)+1-len(mark)+64)...)
		}
		mark[v] = stamp
	}
	for h := int64(len(seq)); h <= n; h++ {
		if h&255 == 0 {
			th.tick(pos)
			th.checkLimits(pos)
		}
		stamp++
		for _, r := range t.Rules {
			if r.K > h {
				break
			}
			rem := h - r.K
			if r.Ways&1 != 0 && rem == 0 {
				see(0)
			}
			if r.Ways&2 != 0 && rem >= 1 && r.K > 0 {
				see(seq[rem])
			}
			if r.Ways&4 != 0 {
				for a := int64(1); 2*a <= rem; a++ {
					see(seq[a] ^ seq[rem-a])
				}
			}
			if r.Ways&8 != 0 {
				for a := int64(1); 3*a <= rem; a++ {
					for b := a; a+2*b <= rem; b++ {
						see(seq[a] ^ seq[b] ^ seq[rem-a-b])
					}
				}
			}
		}
		m := int32(0)
		for int(m) < len(mark) && mark[m] == stamp {
			m++
		}
		seq = append(seq, m)
	}
	return seq
}

// prove tries to prove the period of take-and-break family g, computing
// values up to maxProveN.
func (g *Game) prove(th *Thread, pos Pos) {
	pd := g.periodic
	if pd.tried {
		return
	}
	t := g.takeBreak
	limit := maxProveN(t)
	for n := int64(128); ; n *= 2 {
		n = min(n, limit)
		pd.seq = takeBreakValues(th, pos, t, pd.seq, n)
		if p, q, ok := provedPeriod(t, pd.seq); ok {
			pd.proved, pd.p, pd.q = true, p, q
			pd.vals = pd.seq[:p+q]
			break
		}
		if n == limit {
			break
		}
	}
	pd.upTo = int64(len(pd.seq)) - 1
	pd.tried = true
}

// provedPeriod returns the smallest period q and its preperiod p that the
// values prove, if any.
func provedPeriod(t *TakeBreak, seq []int32) (p, q int64, ok bool) {
	n := int64(len(seq)) - 1
	for q := int64(1); 2*q <= n; q++ {
		i := n - q
		for i >= 0 && seq[i+q] == seq[i] {
			i--
		}
		p := i + 1
		if t.proofBound(p, q)+q-1 <= n {
			return p, q, true
		}
	}
	return 0, 0, false
}

// periodicValue returns the value of position r of g from its proved
// period, when it has one and r is past the preperiod; it first tries to
// prove the period when r is a large heap.
func (g *Game) periodicValue(th *Thread, r uint64) (sgv, bool) {
	var n int64
	if r&genBit == 0 {
		n = g.unfield(r)
	} else {
		a := g.args(r)[0]
		if a.k != KInt {
			return 0, false
		}
		n = a.n
	}
	pd := g.periodic
	if !pd.proved {
		if pd.tried || n < autoProveAt {
			return 0, false
		}
		g.prove(th, g.pos)
		if !pd.proved {
			return 0, false
		}
	}
	if n < pd.p {
		return 0, false
	}
	return pd.vals[pd.p+(n-pd.p)%pd.q], true
}

// Period finds the period of family f (a function of one int whose values
// are games): proved for take-and-break families, otherwise observed on
// n in 0 .. upTo (upTo <= 0: the default range).
func (th *Thread) Period(c *Call, f Value, upTo int64) Period {
	if f.k == KFunc {
		if g, ok := f.Callable().(*Game); ok && g.periodic != nil && g.arity == 1 {
			g.prove(th, c.Pos)
			if pd := g.periodic; pd.proved {
				return Period{P: pd.p, Q: pd.q, Found: true, Proved: true, UpTo: pd.upTo}
			}
			if upTo <= 0 {
				return observedPeriod(int32s(g.periodic.seq))
			}
		}
	}
	if upTo <= 0 {
		upTo = defaultPeriodRange
	}
	if upTo > math.MaxInt32 {
		c.Fail("period: cannot check %d values", upTo)
	}
	vals := make([]int64, 0, upTo+1)
	for n := int64(0); n <= upTo; n++ {
		c.Tick()
		v := familyAt(c, f, n)
		s := th.sgOf(c, v)
		if s < 0 {
			c.Fail("period: sg(%s) is %s, not a finite value: a game with cycles has no period here", Format(v), Format(th.engine.sgValue(s)))
		}
		vals = append(vals, int64(s))
	}
	return observedPeriod(vals)
}

func int32s(xs []int32) []int64 {
	out := make([]int64, len(xs))
	for i, x := range xs {
		out[i] = int64(x)
	}
	return out
}

// familyAt returns F(n) for a family value F, checking that it is a game.
func familyAt(c *Call, f Value, n int64) Value {
	if f.k != KFunc {
		c.Fail("period needs a game family (a game's name, or a function of one int that returns a game), found %s %s", f.TypeName(), Repr(f))
	}
	switch fn := f.Callable().(type) {
	case *Game:
		if fn.arity != 1 {
			c.Fail("period needs a family of positions of one int, but game %s takes %d arguments", fn.name, fn.arity)
		}
	case *Func:
		if len(fn.params) != 1 {
			c.Fail("period needs a function of one int, but %s takes %d arguments", fn.name, len(fn.params))
		}
	}
	fr := c.Th.newFrame(0)
	v := callValue(fr, c.Pos, []Pos{c.Pos}, f, []Value{Int(n)})
	c.Th.release(fr)
	if !v.IsGame() {
		c.Fail("period: %s(%d) is %s %s, not a game", f.Callable().Name(), n, v.TypeName(), Repr(v))
	}
	return v
}

// observedPeriod finds the smallest q, then the smallest p, with a
// constant saltus on the values given; the periodic part must cover at
// least half of the values and three periods.
func observedPeriod(vals []int64) Period {
	n := int64(len(vals)) - 1
	for q := int64(1); 3*q <= n+1; q++ {
		s := vals[n] - vals[n-q]
		i := n - q
		for i >= 0 && vals[i+q]-vals[i] == s {
			i--
		}
		p := i + 1
		tail := n + 1 - p
		if tail >= 3*q && 2*tail >= n+1 {
			return Period{P: p, Q: q, S: s, Found: true, UpTo: n}
		}
	}
	return Period{UpTo: n}
}

// Describe says how a period is known: "proved", "observed to N", or "none
// found to N".
func (p Period) Describe() string {
	switch {
	case p.Proved:
		return "proved"
	case p.Found:
		return fmt.Sprintf("observed to %d", p.UpTo)
	}
	return fmt.Sprintf("none found to %d", p.UpTo)
}
