package eval

import (
	"math/bits"
	"strings"
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

// optimize switches the optimizations that must not change any result:
// tests turn them off to compare (export_test.go).
var optimize = struct {
	fastLoops, inline, ladder, resume, loopyOpen, fuse, cursor, sweep, symmetric bool
}{true, true, true, true, true, true, true, true, true}

// stackSpan returns the range of keys of game gi on a search stack.
func stackSpan(stack []entry, gi int32) uint64 {
	lo, hi := ^uint64(0), uint64(0)
	for _, en := range stack {
		if en.gi == gi && en.r&genBit == 0 {
			lo, hi = min(lo, en.r), max(hi, en.r)
		}
	}
	if hi < lo {
		return ^uint64(0)
	}
	return hi - lo
}

// ladder computes position r of g (arity 1, packed key) bottom up when the
// plain search goes too deep. It reports whether r is now known; false
// leaves everything as the plain search expects it.
func (e *Engine) ladder(g *Game, r uint64) (done bool) {
	capped := func(k uint64) (ok bool) {
		// Only this search is capped, not those that sg inside its move
		// rules starts.
		e.capDepth, e.capLevel, e.hitCap = ladderCap, e.depth+1, false
		defer func() { e.capDepth = 0 }()
		return e.fast(g, k)
	}
	if capped(r) {
		return true
	}
	if !e.hitCap || e.capSpan > 4*ladderCap {
		return false // a cycle (the caller solves it), or a sparse chain
	}
	// The lowest unknown position below r.
	var m uint64
	for m < r && finished(g.state(m)) {
		m++
		if m&(pageSize-1) == 0 && uint64(len(g.pages)) > m>>pageBits && g.pages[m>>pageBits] == nil {
			break
		}
	}
	at := e.mark()
	var k uint64 // the position being computed
	states := e.states
	e.journal, e.journaling = e.journal[:0], true
	// forget undoes the climb when it gives up: the plain search then
	// sees the memo as it would have, so it fails (or not) the same way.
	mine := make([]uint64, (r-m)/64+1) // positions m + i the climb computed
	forget := func() {
		for i, w := range mine {
			for ; w != 0; w &= w - 1 {
				j := m + uint64(i*64+bits.TrailingZeros64(w))
				g.setState(j, stUnknown)
				g.clearLoopy(j)
			}
		}
		if g.state(k) == stGray {
			g.setState(k, stUnknown)
		}
		e.unjournal(0)
		e.states = states
	}
	defer func() {
		e.journaling = false
		e.journal = e.journal[:0]
	}()
	defer func() {
		if x := recover(); x != nil {
			if !e.retriable(x) {
				panic(x)
			}
			// A step failed where the plain search might not: run that,
			// with the run's state as it was.
			e.restore(at)
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
	budget := e.states + 2*int64(r-m) + ladderCap
	for k = m; k < r; k++ {
		// As far as each position's options are known, one level for
		// all (as one would, position by position).
		k = e.climb(g, &k, r, budget, mine, m)
		if k >= r {
			break
		}
		if e.states > budget {
			forget()
			return false
		}
		if capped(k) {
			mine[(k-m)/64] |= 1 << ((k - m) % 64)
			continue
		}
		if e.hitCap {
			forget()
			return false
		}
		// k reaches a cycle: solve it, as a later question would.
		e.solveLoopy(g, k)
		mine[(k-m)/64] |= 1 << ((k - m) % 64)
	}
	k = r
	if !capped(r) {
		forget()
		return false
	}
	return true
}

// runMark is the state of a run that an optimistic computation (the
// ladder, solveLoopyOpen) restores when one of its move rules fails, before
// the plain way runs instead.
type runMark struct {
	calls, sp, fsp, csp, depth, edepth int
}

func (e *Engine) mark() runMark {
	th := e.th
	return runMark{len(th.calls), th.sp, th.fsp, th.csp, th.depth, e.depth}
}

func (e *Engine) restore(m runMark) {
	th := e.th
	th.calls, th.sp, th.fsp, th.csp, th.depth = th.calls[:m.calls], m.sp, m.fsp, m.csp, m.depth
	e.depth = m.edepth
}

// retriable reports whether a panic of an optimistic computation is a
// failing move rule, which the plain way then meets (or not) itself: not a
// limit, a cancellation or a bug.
func (e *Engine) retriable(x any) bool {
	re, ok := x.(*RuntimeError)
	th := e.th
	return ok && !strings.Contains(re.Msg, "limit reached") && (th.ctx == nil || th.ctx.Err() == nil)
}

// unjournal forgets the positions journaled from index j0 on.
func (e *Engine) unjournal(j0 int) {
	for _, p := range e.journal[j0:] {
		p.g.setState(p.r, stUnknown)
		p.g.clearLoopy(p.r)
	}
	e.journal = e.journal[:j0]
}

// note records a finished position in the journal, when one is kept (by
// the ladder, whose own range is undone by range, and solveLoopyOpen).
func (e *Engine) note(g *Game, r uint64) {
	if e.journaling {
		e.journal = append(e.journal, posKey{g, r})
	}
}

// climb computes positions k, k+1, ... below r of g (those not known yet)
// whose options are all known, without a search, in one search level,
// noting each it computes in mine (bit i for position m + i). It returns
// the first position with an option not known (left unknown), r, or the
// position where the states passed budget; *at is the position computed
// (the one being computed, should its move rule fail).
func (e *Engine) climb(g *Game, at *uint64, r uint64, budget int64, mine []uint64, m uint64) uint64 {
	th := e.th
	k := *at
	lv := e.enter()
	defer e.leave()
	gn := &lv.gen
	fr := lv.frameFor(g, th)
	for ; k < r; k++ {
		if e.states > budget {
			return k
		}
		if finished(g.state(k)) {
			continue
		}
		e.visit(g.pos, g, k)
		if g.periodic != nil {
			if v, ok := g.periodicValue(th, k); ok {
				g.setState(k, stateOf(v))
				mine[(k-m)/64] |= 1 << ((k - m) % 64)
				continue
			}
		}
		e.current, e.currentR = g, k
		th.tick(g.pos)
		if e.states&63 == 0 && th.ctx != nil {
			th.poll(g.pos)
		}
		*at = k // for the ladder's forget, should the rule fail
		if g.sweep != nil && !g.wide {
			// Straight from the table, when the sweep can.
			fr = lv.frameFor(g, th)
			g.load(fr, k)
			if v, ok := g.sweep(fr, g); ok {
				if !g.setFast(k, stateOf(v)) {
					g.setStateSlow(k, stateOf(v))
				}
				mine[(k-m)/64] |= 1 << ((k - m) % 64)
				continue
			}
		}
		gn.reset(1 << 30)
		if !g.setFast(k, stGray) {
			g.setStateSlow(k, stGray)
		}
		fr = lv.frameFor(g, th)
		g.load(fr, k)
		gn.fr = fr
		g.genSGInt(fr)
		if gn.cycle || len(gn.miss) > 0 {
			clear(gn.bits[:min(gn.hi+1, len(gn.bits))])
			gn.hi = 0
			g.setState(k, stUnknown)
			e.states-- // the search that follows counts it
			return k
		}
		if len(gn.infs) > 0 {
			g.setLoopy(k)
		}
		if x := stateOf(gn.result()); !g.setFast(k, x) {
			g.setStateSlow(k, x)
		}
		mine[(k-m)/64] |= 1 << ((k - m) % 64)
	}
	return k
}
