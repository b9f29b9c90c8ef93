package kernel

import (
	"math/bits"
	"sync"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/value"
)

// General sweeps. A rule of a game of one int whose every alternative is
// some if clauses of int arithmetic, then one loop over a range whose
// bounds are int arithmetic, yielding one position of the game itself
// whose argument is int arithmetic (the general path's batched loop,
// sgcompile.go's sgBatch, whatever the argument: rnd(8 * v + k) % v), is
// swept without running it: the keys of the options of a few positions
// are computed first (arithmetic that reads nothing but the position),
// their states read together (the reads overlap, where a run of the rule
// per position waits for its own), and each position's value is the mex
// of its options', one after the other (an option may be a position just
// computed). A position is left to the rule (the sweep stops there, with
// nothing done for it) when an option is not known, is 64 or more, is off
// the flat table, when computing a key raises an error, or where an
// alternative the sweep does not run may yield (SweepAlt.Bail); so the sweep
// computes exactly the positions a search of each, in order, would
// compute, counting them, their steps and their moves the same way.

// SweepAlt is one alternative of such a rule, compiled.
type SweepAlt struct {
	Conds  []func(fr *engine.Frame) bool // its if clauses, in order
	Lo, Hi func(fr *engine.Frame) int64  // the range's bounds
	// Clamp is the range's if clause taken in as a bound (nil: none).
	Clamp func(fr *engine.Frame, a, b int64) (int64, int64)
	Slot  int                          // the loop variable's slot
	Arg   func(fr *engine.Frame) int64 // the option's argument
	RPos  engine.Pos                   // the range, whose steps the options count
	Body  *engine.Binding              // the option's game (the game itself)
	// Bail: an alternative the sweep does not run (only Conds set): a
	// position where its if clauses all hold is left to the rule (the
	// rule as written, behind the negation of its plan's guard).
	Bail bool
}

// holds reports whether a's if clauses all hold at the position in fr.
func (a *SweepAlt) holds(fr *engine.Frame) bool {
	for _, c := range a.Conds {
		if !c(fr) {
			return false
		}
	}
	return true
}

// ofGame reports whether every alternative of alts but those bailed on
// yields positions of g.
func ofGame(alts []SweepAlt, g *engine.Game) bool {
	for i := range alts {
		if !alts[i].Bail && alts[i].Body.Game != g {
			return false
		}
	}
	return true
}

// span is the range of a's loop variable at the position in fr: empty
// (lo > hi) where an if clause does not hold.
func (a *SweepAlt) span(fr *engine.Frame) (lo, hi int64) {
	if a.Bail || !a.holds(fr) {
		return 1, 0
	}
	lo, hi = a.Lo(fr), a.Hi(fr)
	if lo <= hi && a.Clamp != nil {
		lo, hi = a.Clamp(fr, lo, hi)
	}
	return lo, hi
}

const (
	sweepBlock = 8 // positions whose keys are computed before their reads
	// SweepMaxOpts is the options of a position beyond which the rule
	// runs (a sweep counts at most this many steps a position, and one).
	SweepMaxOpts = 4096
)

// sweepPos is a position of a block: its key and the end of its
// options' keys (in the block's keys, after the previous position's).
type sweepPos struct {
	k   uint64
	end int32
}

// sweeper is a general sweep's scratch.
type sweeper struct {
	alts   []SweepAlt
	gpos   engine.Pos
	userAt uint64
	keys   []int64
	pos    [sweepBlock]sweepPos
}

// GeneralSweep returns the sweep of a rule whose alternatives are alts
// (gpos: the game's position, counted as the search counts a position;
// userAt: the heap from which a search first tries a take-and-break
// rule, which the sweep leaves to it).
func GeneralSweep(alts []SweepAlt, gpos engine.Pos, userAt uint64) engine.SweepFunc {
	pool := sync.Pool{New: func() any { return &sweeper{alts: alts, gpos: gpos, userAt: userAt} }}
	return func(fr *engine.Frame, g *engine.Game, k, end uint64, room int64, mine []uint64, m uint64) uint64 {
		sw := pool.Get().(*sweeper)
		defer pool.Put(sw)
		return sw.run(fr, g, k, end, room, mine, m)
	}
}

// run is the SweepFunc.
func (sw *sweeper) run(fr *engine.Frame, g *engine.Game, k, end uint64, room int64, mine []uint64, m uint64) uint64 {
	if !ofGame(sw.alts, g) {
		return k
	}
	if g.Flat == nil || g.NArgs != 1 || g.Periodic != nil || g.Wide || g.Tuples != nil {
		return k
	}
	if g.Probes != nil && !g.UserTried {
		// (The search tries the rule at the first heap from userAt.)
		if k >= sw.userAt {
			return k
		}
		end = min(end, sw.userAt)
	}
	th := fr.Th
	e := th.Engine
	room = min(room, th.Limits.MaxStates-e.States)
	end = min(end, uint64(len(g.Flat)), g.Lim)
	cur, curR := e.Current, e.CurrentR
	defer func() { e.Current, e.CurrentR = cur, curR }()
	// Blocks of 1, 2, 4, ... positions: a sweep that stops at once
	// computes the keys of one position for nothing.
	for block := 1; k < end && room > 0; block = min(2*block, sweepBlock) {
		n, next := sw.fill(fr, g, k, end, min(int64(block), room))
		if n == 0 {
			return next
		}
		Touch1(g, sw.keys)
		start := int32(0)
		for i := range n {
			p := sw.pos[i]
			if !sw.settle(fr, g, p.k, sw.keys[start:p.end]) {
				return p.k
			}
			if mine != nil {
				j := p.k - m
				mine[j/64] |= 1 << (j % 64)
			}
			room--
			start = p.end
		}
		k = next
	}
	return k
}

// fill computes the keys of the options of up to want positions not known
// from k on (below end); it returns how many, and the position after
// them. It stops at a position in another state than known or unknown,
// or whose keys fail or are too many (their keys dropped).
func (sw *sweeper) fill(fr *engine.Frame, g *engine.Game, k, end uint64, want int64) (n int, next uint64) {
	sw.keys = sw.keys[:0]
	th := fr.Th
	calls := len(th.Calls)
	// (One recovery for the block: a key that raises an error ends it at
	// its position, as keysOf returning false does.)
	n0 := 0
	defer func() {
		if recover() != nil {
			th.Calls = th.Calls[:calls]
			sw.keys = sw.keys[:n0]
			next = k
		}
	}()
	for ; k < end && int64(n) < want; k++ {
		s := g.Flat[k]
		if memo.Finished(s) {
			continue
		}
		n0 = len(sw.keys)
		if s != memo.StUnknown || !sw.keysOf(fr, k) {
			break
		}
		sw.pos[n] = sweepPos{k: k, end: int32(len(sw.keys))}
		n++
	}
	return n, k
}

// keysOf appends the keys of position k's options to the block's; false
// (the keys appended dropped) when there are too many. A key that raises
// an error panics (fill recovers).
func (sw *sweeper) keysOf(fr *engine.Frame, k uint64) bool {
	keys, ok := appendKeys(sw.alts, fr, k, sw.keys)
	sw.keys = keys
	return ok
}

// appendKeys appends the keys of position k's options (in the order the
// rule yields them) to keys; false (keys as they were) when there are
// more than SweepMaxOpts, or an alternative bailed on holds there. A key that raises an error panics.
func appendKeys(alts []SweepAlt, fr *engine.Frame, k uint64, keys []int64) ([]int64, bool) {
	n0 := len(keys)
	fr.Slots[0] = value.Value{K: value.KInt, N: int64(k)}
	for i := range alts {
		a := &alts[i]
		if a.Bail && a.holds(fr) {
			return keys[:n0], false
		}
		lo, hi := a.span(fr)
		if lo > hi {
			continue
		}
		if uint64(hi-lo) >= SweepMaxOpts || len(keys)-n0 >= SweepMaxOpts {
			return keys[:n0], false
		}
		arg, x := a.Arg, &fr.Slots[a.Slot]
		*x = value.Value{K: value.KInt, N: lo}
		for i := lo; ; i++ {
			x.N = i
			keys = append(keys, arg(fr))
			if i == hi {
				break
			}
		}
	}
	return keys, true
}

// settle computes position k from its options' keys when every option is
// known and below 64, counting it as the search does (the position, its
// steps in order, its moves); false, with nothing done, otherwise.
func (sw *sweeper) settle(fr *engine.Frame, g *engine.Game, k uint64, keys []int64) bool {
	var seen uint64
	for _, v := range keys {
		if uint64(v) >= g.Lim || uint64(v) >= uint64(len(g.Flat)) {
			return false
		}
		s := g.Flat[v] - memo.FinBase
		if uint32(s) >= 64 {
			return false
		}
		seen |= 1 << uint(s)
	}
	th := fr.Th
	e := th.Engine
	e.States++
	e.Current, e.CurrentR = g, k
	th.Tick(sw.gpos)
	if e.States&63 == 0 && th.Ctx != nil {
		th.Poll(sw.gpos)
	}
	tickOpts(sw.alts, fr, k, int64(len(keys)))
	e.Edges += int64(len(keys))
	if x := memo.StateOf(memo.Sgv(bits.TrailingZeros64(^seen))); !g.SetFast(k, x) {
		g.SetStateSlow(k, x)
	}
	return true
}

// tickOpts counts the steps of the n options of position k: one per
// option at its alternative's range, in order (the counts of each
// alternative are computed again only when the limit checks could name
// one).
func tickOpts(alts []SweepAlt, fr *engine.Frame, k uint64, n int64) {
	th := fr.Th
	if th.Steps+n < th.CheckAt {
		th.Steps += n
		return
	}
	if len(alts) == 1 {
		for range n {
			th.Tick(alts[0].RPos)
		}
		return
	}
	fr.Slots[0] = value.Value{K: value.KInt, N: int64(k)}
	for i := range alts {
		if lo, hi := alts[i].span(fr); lo <= hi {
			for range hi - lo + 1 {
				th.Tick(alts[i].RPos)
			}
		}
	}
}

// Rule is a general sweep's rule at one position (engine.SweepRule): the
// keys of its options and the steps they count, computed as the sweep
// computes them, for the search's step that needs no run of the rule
// (package solve).
type Rule struct{ alts []SweepAlt }

// NewRule returns the rule whose alternatives are alts (as GeneralSweep's).
func NewRule(alts []SweepAlt) *Rule { return &Rule{alts: alts} }

// Keys appends the keys of position r of g's options to keys, in the
// order the rule yields them; false (keys as they were, the calls' trace
// as it was) when one raises an error or there are too many, or when the
// rule's options are not positions of g.
func (ru *Rule) Keys(fr *engine.Frame, g *engine.Game, r uint64, keys []int64) (out []int64, ok bool) {
	if !ofGame(ru.alts, g) {
		return keys, false
	}
	th := fr.Th
	calls, n0 := len(th.Calls), len(keys)
	defer func() {
		if recover() != nil {
			th.Calls = th.Calls[:calls]
			out, ok = keys[:n0], false
		}
	}()
	return appendKeys(ru.alts, fr, r, keys)
}

// Ticks counts the steps of position r's n options as a run of the rule
// counts them.
func (ru *Rule) Ticks(fr *engine.Frame, r uint64, n int64) { tickOpts(ru.alts, fr, r, n) }
