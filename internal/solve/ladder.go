package solve

import (
	"math"
	"math/bits"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/value"
)

// Deep chains. A memoized search asked for sg(sub(5000000)) of a game
// whose positions depend on the one just below goes five million positions
// deep: its explicit stack holds them all (80 MB), where a hand-written
// program fills its table bottom up. ladder does the same for positions of
// one int: when a search from the top level grows deeper than ladderCap,
// it stops, and the positions below are computed from the lowest unknown
// one upward, each search shallow because the ones below it are known.
// The values are the same (a position's SG value does not depend on the
// order of computation); the positions computed are those between the
// lowest unknown one and the top, so the ladder is only tried when the
// deep stack covered its range densely, and it gives up (the plain search
// runs instead) when a step fails in any way other than a limit of the
// run.

const (
	ladderCap = 1 << 16
)

// stackSpan returns the range of keys of game gi on a search stack.
func stackSpan(stack []entry, gi int32) uint64 {
	lo, hi := ^uint64(0), uint64(0)
	for _, en := range stack {
		if en.gi == gi && en.r&memo.GenBit == 0 {
			lo, hi = min(lo, en.r), max(hi, en.r)
		}
	}
	if hi < lo {
		return ^uint64(0)
	}
	return hi - lo
}

// Games of two ints. A search of wythoff(399, 399) reaches every
// position of the box [0, 399] x [0, 399] below it, each several times
// (once per missing option found, as above). When a top-level search of
// a game of two ints has visited boxCap positions, all in the box below
// the one asked for and filling the box they span, the ladder computes
// that box row by row instead: in the order of the keys, (a, 0), (a, 1),
// ..., (a+1, 0), ... A rule whose options are below a position in that
// order (in one argument and not above it in the other) then finds them
// all known.
const (
	boxCap     = 1 << 12
	boxMaxArea = 1 << 26
)

// span is the range the ladder climbs: the keys m..r of a game of one int,
// or the box of keys (a, b) with a <= r's, b <= r's of a game of two.
type span struct {
	m, r  uint64
	box   bool
	bits  uint   // a box's field width
	width uint64 // its row length (r's b + 1)
	area  uint64 // its positions (0 when r is not in a box)
}

// boxOf is the box below position r of g (arity 2, packed key).
func boxOf(g *engine.Game, r uint64) span {
	mask := uint64(1)<<g.Bits - 1
	a, b := r>>g.Bits, r&mask
	if a >= g.Lim || b >= g.Lim {
		return span{} // a negative argument
	}
	sp := span{r: r, box: true, bits: g.Bits, width: b + 1}
	if (a+1)*(b+1) <= boxMaxArea {
		sp.area = (a + 1) * (b + 1)
	}
	return sp
}

// next is the key after k in the span's order.
func (sp *span) next(k uint64) uint64 {
	if sp.box && k&(1<<sp.bits-1) >= sp.width-1 {
		return (k>>sp.bits + 1) << sp.bits
	}
	return k + 1
}

// index is k's place in the span (k in it), key its inverse.
func (sp *span) index(k uint64) uint64 {
	if sp.box {
		return k>>sp.bits*sp.width + k&(1<<sp.bits-1)
	}
	return k - sp.m
}

func (sp *span) Key(i uint64) uint64 {
	if sp.box {
		return i/sp.width<<sp.bits | i%sp.width
	}
	return sp.m + i
}

// size is the number of positions in the span.
func (sp *span) size() uint64 {
	if sp.box {
		return sp.area
	}
	return sp.r - sp.m + 1
}

// denseBox reports whether the positions of g the journal holds (those
// the capped search computed) lie in the box below r and fill at least
// half of the box they span (dense), and whether that span covers half
// of r's box in one direction (wide).
func (l ladder) denseBox(r uint64) (dense, wide bool) {
	e, g := l.e, l.g
	mask := uint64(1)<<g.Bits - 1
	ra, rb := r>>g.Bits, r&mask
	a0, b0, a1, b1 := ^uint64(0), ^uint64(0), uint64(0), uint64(0)
	n := uint64(0)
	for _, p := range e.journal.keys {
		if p.G != g {
			continue
		}
		a, b := p.R>>g.Bits, p.R&mask
		if p.R&memo.GenBit != 0 || a > ra || b > rb {
			return false, false
		}
		a0, b0, a1, b1 = min(a0, a), min(b0, b), max(a1, a), max(b1, b)
		n++
	}
	dense = n >= boxCap/4 && 2*n >= (a1-a0+1)*(b1-b0+1)
	return dense, 2*(a1-a0+1) >= ra+1 || 2*(b1-b0+1) >= rb+1
}

// ladder is the climb of one game's positions bottom up: the search it
// caps, and the game (arity 1 or 2).
type ladder struct {
	e *search
	g *engine.Game
}

// run computes position r of the game (packed key) bottom up when the
// plain search goes too deep (or, for two ints, visits a dense box). It
// reports whether r is now known; false leaves everything as the plain
// search expects it.
func (l ladder) run(r uint64) (done bool) {
	e, g := l.e, l.g
	capped := func(k uint64, states int64) (ok bool) {
		// Only this search is capped, not those that sg inside its move
		// rules starts.
		e.capDepth, e.capLevel, e.hitCap, e.capStates = ladderCap, e.Depth+1, false, states
		defer func() { e.capDepth, e.capStates = 0, 0 }()
		return e.fast(g, k)
	}
	var sp span
	if g.NArgs == 2 {
		// The search goes on in steps of twice as many positions while
		// what it computed is dense but not yet wide. (A dense corner of
		// a box, far from its sides, says little of the rest: a search
		// that is sparse above it would climb positions it never needs.)
		sp = boxOf(g, r)
		e.journal.keys, e.journal.on = e.journal.keys[:0], true
		climb := false
		for cap := int64(boxCap); !climb; cap *= 2 {
			ok := capped(r, e.States+cap)
			dense, wide := l.denseBox(r)
			if ok || !e.hitCap || !dense || 2*uint64(cap) > sp.area {
				e.journal.on = false
				e.journal.keys = e.journal.keys[:0]
				return ok
			}
			climb = wide
		}
		e.journal.on = false
		e.journal.keys = e.journal.keys[:0]
	} else {
		if capped(r, 0) {
			return true
		}
		if !e.hitCap || e.capSpan > 4*ladderCap {
			return false // a cycle (the caller solves it), or a sparse chain
		}
		// The lowest unknown position below r.
		var m uint64
		for m < r && memo.Finished(g.State(m)) {
			m++
			if m&(memo.PageSize-1) == 0 && uint64(len(g.Pages)) > m>>memo.PageBits && g.Pages[m>>memo.PageBits] == nil {
				break
			}
		}
		sp = span{m: m, r: r}
	}
	at := markRun(e.Engine)
	var k uint64 // the position being computed
	states := e.States
	e.journal.keys, e.journal.on = e.journal.keys[:0], true
	// forget undoes the climb when it gives up: the plain search then
	// sees the memo as it would have, so it fails (or not) the same way.
	mine := make([]uint64, sp.size()/64+1) // positions the climb computed, by index
	forget := func() {
		for i, w := range mine {
			for ; w != 0; w &= w - 1 {
				j := sp.Key(uint64(i*64 + bits.TrailingZeros64(w)))
				g.SetState(j, memo.StUnknown)
				g.ClearLoopy(j)
			}
		}
		if g.State(k) == memo.StGray {
			g.SetState(k, memo.StUnknown)
		}
		e.journal.undo(0)
		e.States = states
	}
	defer func() {
		e.journal.on = false
		e.journal.keys = e.journal.keys[:0]
	}()
	defer func() {
		if x := recover(); x != nil {
			rethrow(e.Th, x)
			// A step failed where the plain search might not: run that,
			// with the run's state as it was.
			at.restore(e.Engine)
			forget()
			done = false
		}
	}()
	// Upward one position at a time: when the positions below are known,
	// each is generated once (a search from the top generates each
	// position of a chain twice: once to find its missing option, once
	// to finish it).
	// The positions below r may be many more than the chain needs (each
	// with options of its own the plain search never visits): give up
	// past twice the positions of the range.
	budget := e.States + 2*int64(sp.size()) + ladderCap
	for k = sp.m; k < r; k = sp.next(k) {
		// As far as each position's options are known, one level for
		// all (as one would, position by position).
		k = l.climb(&k, &sp, budget, mine)
		if k >= r {
			break
		}
		if e.States > budget {
			forget()
			return false
		}
		i := sp.index(k)
		if capped(k, 0) {
			mine[i/64] |= 1 << (i % 64)
			continue
		}
		if e.hitCap {
			forget()
			return false
		}
		// k reaches a cycle: solve it, as a later question would.
		e.solveLoopy(g, k)
		mine[i/64] |= 1 << (i % 64)
	}
	k = r
	if !capped(r, 0) {
		forget()
		return false
	}
	return true
}

// runMark is the state of a run that an optimistic computation (the
// ladder, solveLoopyOpen) restores when one of its move rules fails, before
// the plain way runs instead.
type runMark struct {
	calls, sp, fsp, csp, isp, depth, edepth int
	stack                                   int64
}

// markRun returns the state of e's run now.
func markRun(e *engine.Engine) runMark {
	th := e.Th
	return runMark{len(th.Calls), th.Sp, th.Fsp, th.Csp, th.Isp, th.Depth, e.Depth, th.Stack}
}

// restore makes the state of e's run m again.
func (m runMark) restore(e *engine.Engine) {
	th := e.Th
	th.Calls, th.Sp, th.Fsp, th.Csp, th.Isp, th.Depth = th.Calls[:m.calls], m.sp, m.fsp, m.csp, m.isp, m.depth
	th.Stack = m.stack
	e.Depth = m.edepth
}

// retriable reports whether a panic of an optimistic computation is a
// failing move rule, which the plain way then meets (or not) itself: not a
// limit, a cancellation or a bug.
func retriable(th *engine.Thread, x any) bool {
	re, ok := x.(*value.RuntimeError)
	return ok && re.Kind != value.ErrLimit && (th.Ctx == nil || th.Ctx.Err() == nil)
}

// rethrow raises x, the panic of an optimistic computation, again
// unless it is retriable (the run's cancellation instead, when that is
// why: pollDone).
func rethrow(th *engine.Thread, x any) {
	if !retriable(th, x) {
		pollDone(th, x)
		panic(x)
	}
}

// pollDone raises the run's cancellation (its time limit, or an
// interrupt) when its context is done and x, the panic of an optimistic
// computation, is a move rule's error: the plain way, which might not
// have met that error, stops at the cancellation.
func pollDone(th *engine.Thread, x any) {
	if re, ok := x.(*value.RuntimeError); ok && re.Kind != value.ErrLimit && th.Ctx != nil && th.Ctx.Err() != nil {
		pos := re.Pos
		if n := len(th.Calls); n > 0 {
			pos = th.Calls[0]
		}
		th.Poll(pos)
	}
}

// journal notes the positions finished while the ladder climbs or
// solveLoopyOpen solves (on), to be forgotten if it gives up.
type journal struct {
	keys []engine.PosKey
	on   bool
}

// undo forgets the positions journaled from index j0 on.
func (j *journal) undo(j0 int) {
	for _, p := range j.keys[j0:] {
		p.G.SetState(p.R, memo.StUnknown)
		p.G.ClearLoopy(p.R)
	}
	j.keys = j.keys[:j0]
}

// note records a finished position, when the journal is on (the
// ladder's, whose own range is undone by range, and solveLoopyOpen's).
func (j *journal) note(g *engine.Game, r uint64) {
	if j.on {
		j.keys = append(j.keys, engine.PosKey{G: g, R: r})
	}
}

// climb computes positions k, then the next ones in the span's order up
// to r (those not known yet) whose options are all known, without a
// search, in one search level, noting each it computes in mine (by its
// index). It returns the first position with an option not known (left
// unknown), r, or the position where the states passed budget; *at is the
// position computed (the one being computed, should its move rule fail).
func (l ladder) climb(at *uint64, sp *span, budget int64, mine []uint64) uint64 {
	e, g := l.e, l.g
	th := e.Th
	k, r := *at, sp.r
	lv := e.Enter()
	defer e.Leave()
	gn := &lv.Gen
	fr := lv.FrameFor(g, th)
	sweep := g.SweepOf(sp.box)
	for ; k < r; k = sp.next(k) {
		if sweep != nil && (!g.Wide || sp.box) && e.States <= budget && (g.Periodic == nil || periodicOff(e, g, k)) {
			// Straight from the table (a box's row by row), while the sweep can.
			fr = lv.FrameFor(g, th)
			if n := sweep(fr, g, k, r, budget-e.States+1, mine, sp.m); n != k {
				*at = n
				if k = n; k >= r {
					break
				}
			}
		}
		if e.States > budget {
			return k
		}
		if memo.Finished(g.State(k)) {
			continue
		}
		i := sp.index(k)
		e.visit(g.Pos, g, k)
		if g.Probes != nil && g.Periodic == nil && !g.UserTried && k&memo.GenBit == 0 && g.Unfield(k) >= UserAt {
			userTakeBreak(e, g)
		}
		if g.Periodic != nil {
			if v, ok := periodicValue(e, g, k); ok {
				g.SetState(k, memo.StateOf(v))
				mine[i/64] |= 1 << (i % 64)
				continue
			}
		}
		e.Current, e.CurrentR = g, k
		th.Tick(g.Pos)
		if e.States&63 == 0 && th.Ctx != nil {
			th.Poll(g.Pos)
		}
		*at = k // for the ladder's forget, should the rule fail
		gn.Reset(1 << 30)
		if !g.SetFast(k, memo.StGray) {
			g.SetStateSlow(k, memo.StGray)
		}
		fr = lv.FrameFor(g, th)
		g.Load(fr, k)
		gn.Fr = fr
		g.GenSGInt(fr)
		if gn.Cycle || len(gn.Miss) > 0 {
			gn.ClearBits()
			g.SetState(k, memo.StUnknown)
			e.States-- // the search that follows counts it
			return k
		}
		if len(gn.InfOpts) > 0 {
			g.SetLoopy(k)
		}
		if x := memo.StateOf(gn.Result()); !g.SetFast(k, x) {
			g.SetStateSlow(k, x)
		}
		mine[i/64] |= 1 << (i % 64)
	}
	return k
}

// SweepRun is engine.RunSolver's: the sweep of g from k, at the top level
// (a search in progress keeps its own order). A sweep whose evaluation
// fails (a fast loop's, which does not catch its errors) has done nothing
// for the position it failed at: the search then meets the error itself.
func (e *search) SweepRun(g *engine.Game, k uint64, n int64) (done int64) {
	if e.Depth != 0 || e.journal.on || g.NArgs != 1 || g.Wide || g.Periodic != nil || g.Tuples != nil || e.On&passes.Sweep == 0 || loopyAll(e, g) {
		return 0
	}
	end := k + uint64(n)
	if g.Probes != nil && !g.UserTried {
		// (The search tries a take-and-break rule at the first heap from
		// UserAt.)
		if k >= UserAt {
			return 0
		}
		end = min(end, UserAt)
	}
	at := markRun(e.Engine)
	cur, curR := e.Current, e.CurrentR
	lv := e.Enter()
	defer func() {
		e.Leave()
		e.Current, e.CurrentR = cur, curR
		if x := recover(); x != nil {
			rethrow(e.Th, x)
			at.restore(e.Engine)
			done = 0
		}
	}()
	fr := lv.FrameFor(g, e.Th)
	return int64(g.Sweep(fr, g, k, end, math.MaxInt64, nil, 0) - k)
}
