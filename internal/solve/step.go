package solve

import (
	"math/bits"
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/kernel"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/passes"
)

// The search's step without a run of the move rule. A game of one int
// whose rule a general sweep computes (engine.SweepRule) has the keys of
// a position's options computed by the rule's kernel, and their states
// read from the flat table: when every option is a position of the game
// known with a value below 64 or not known yet, with fewer distinct
// unknown ones than the run's batch, the position is computed (or its
// unknown options pushed, the run saved as a run of the rule saves it:
// the search resumes it from its mex bits) exactly as the run would:
// the same steps, moves and position named by a limit, the same options
// pushed in the same order, the same saved run. Anything else (a key
// that raises an error, a key off the table, an option on the search
// path, reaching a cycle, infinite or of 64 or more, too many unknown
// ones) leaves the position to the run of the rule, with nothing done.

// step is fast's step at position r of g (the top of the stack, visited,
// not known, no run of it to resume), its frame fr; batch is the run's
// batch of missing options. It returns the stack and whether it took the
// step (false: nothing done).
func step(e *search, w *levelWork, stack []entry, top int, g *engine.Game, r uint64, fr *engine.Frame, batch int) ([]entry, bool) {
	keys, ok := g.Rule.Keys(fr, g, r, w.keys[:0])
	w.keys = keys
	if !ok {
		return stack, false
	}
	// (The states' reads first, all together: the loop below branches on
	// each, and a branch mispredicted on a read's value would make the
	// reads after it wait for it.)
	kernel.Touch1(g, keys)
	seen, ok := w.classify(g, r, keys, batch)
	if !ok {
		return stack, false
	}
	miss, pend := w.miss, w.kpend
	th := e.Th
	e.Current, e.CurrentR = g, r
	th.Tick(g.Pos)
	if e.States&63 == 0 && th.Ctx != nil {
		th.Poll(g.Pos)
	}
	if !g.SetFast(r, memo.StGray) {
		g.SetStateSlow(r, memo.StGray)
	}
	n := int64(len(keys))
	g.Rule.Ticks(fr, r, n)
	e.Edges += n
	if len(miss) == 0 {
		if x := memo.StateOf(memo.Sgv(bits.TrailingZeros64(^seen))); !g.SetFast(r, x) {
			g.SetStateSlow(r, x)
		}
		e.journal.note(g, r)
		return stack[:top], true
	}
	// Saved as fast saves a run whose missing options are single
	// positions (its mex bits, then the missing options in order).
	w.saves = append(w.saves, savedRun{words: int32(len(w.words)), pend: int32(len(w.pend))})
	w.words = append(w.words, seen)
	for _, k := range pend {
		w.pend = append(w.pend, engine.PosKey{G: g, R: uint64(k)})
	}
	stack[top].meta = stack[top].meta&255 | uint32(len(w.saves))<<8
	if stack[top].retries() < 255 {
		stack[top].meta++
	}
	stack = engine.Grown(th, g.Pos, stack, len(miss))
	for i := len(miss) - 1; i >= 0; i-- {
		stack = append(stack, entry{gi: int32(g.Id), r: uint64(miss[i])})
	}
	return stack, true
}

// classify reads the states of the options whose keys are keys (of
// position r of g): their values (below 64) as mex bits, the unknown ones
// in w.kpend and those distinct in w.miss. It reports false when an
// option is anything else, or when batch of them are distinct unknown
// ones (the run would stop there).
func (w *levelWork) classify(g *engine.Game, r uint64, keys []int64, batch int) (seen uint64, ok bool) {
	flat, lim := g.Flat, min(g.Lim, uint64(len(g.Flat)))
	miss, pend := w.miss[:0], w.kpend[:0]
	ok = true
	for _, k := range keys {
		if uint64(k) >= lim {
			ok = false
			break
		}
		s := flat[k]
		if v := uint32(s - memo.FinBase); v < 64 {
			seen |= 1 << v
			continue
		}
		if s != memo.StUnknown || uint64(k) == r {
			// (r itself is on the search path while its rule runs.)
			ok = false
			break
		}
		pend = append(pend, k)
		if !slices.Contains(miss, k) {
			if miss = append(miss, k); len(miss) >= batch {
				ok = false // (the run stops here)
				break
			}
		}
	}
	w.miss, w.kpend = miss, pend
	return seen, ok
}

// A game whose positions the step leaves to the rule more than once in
// stepGiveUp times (a graph with cycles: its options are on the search
// path) is run by the rule alone once stepProbe steps were tried: the
// step computes the keys for nothing there.
const (
	stepProbe  = 1024
	stepGiveUp = 4
)

// stepRec counts a game's steps tried and those left to the rule.
type stepRec struct{ tried, fell int64 }

// stepOf returns g's record.
func stepOf(e *search, g *engine.Game) *stepRec {
	for len(e.steps) <= g.Id {
		e.steps = append(e.steps, stepRec{})
	}
	return &e.steps[g.Id]
}

// worth reports whether the step is worth trying at a position of the
// game, counting the try.
func (rec *stepRec) worth() bool {
	if rec.tried >= stepProbe && rec.fell*stepGiveUp > rec.tried {
		return false // (the rule runs anyway most of the time)
	}
	rec.tried++
	return true
}

// Sweeping ahead of a query. A game of one int whose rule a general
// sweep computes (engine.SweepRule) and whose searches have computed
// many of the positions below the one asked for (a token game on a
// random graph, whose positions' options reach down all over) has the
// positions from the lowest it has not swept up to the one asked for
// computed bottom up (the sweep: in order, each from its options' keys
// read a few positions at a time) before the search, which then finds
// most of what it needs known. The values are the same whatever the
// order; the sweep computes only positions whose options are all known
// and whose keys raise no error (it stops at the first other one, and
// leaves it and those after it to the search), so a position it knows
// reaches no position whose rule fails, and the search meets the error
// it would have met without it, at the same position, on the same path.
// It computes positions the search would not, which count toward the
// state and step limits as the ladder's do: it runs only when the state
// limit, the step limit (a position counts at most kernel.SweepMaxOpts +
// 1 steps) and the memory limit leave preRoom times the room all of them
// could take, and only while the positions the sweeps ahead of the game
// computed stay within preRatio times those its searches computed, so
// that a query that needs few positions far up (halving games, a sparse
// graph) is searched, and the sweeps cost at most a small multiple of
// the searches however few of their positions are wanted later.

// preRatio bounds the positions swept ahead by the positions searched
// (a position swept costs about a third of one searched, its options' keys
// computed a few positions at a time and no stack: 12 positions swept
// cost about what 4 searched do; the bench's random graph: 0.141 ->
// 0.122 s from 4);
// preRoom is how many times over the limits must leave room for a sweep.
// A sweep of fewer than preMemAt positions is taken to fit in memory.
const (
	preRatio = 12
	preRoom  = 8
	preMemAt = 1 << 14
)

// preSweep is a game's sweeping ahead so far: positions below low are
// known or left to the search (the sweep stopped there), searched and
// swept count the positions its searches and its sweeps ahead computed.
type preSweep struct {
	low             uint64
	searched, swept int64
}

// preOf returns g's record.
func preOf(e *search, g *engine.Game) *preSweep {
	for len(e.pre) <= g.Id {
		e.pre = append(e.pre, preSweep{})
	}
	return &e.pre[g.Id]
}

// presweep sweeps g's positions from the lowest it has not swept up to
// r, at the top level, when the limits and the ratio leave room; it
// reports whether it computed any.
func presweep(e *search, g *engine.Game, r uint64) bool {
	if g.Rule == nil || g.Sweep == nil || e.Depth != 0 || e.journal.on || e.On&passes.Ahead == 0 || r >= uint64(len(g.Flat)) || g.Id >= len(e.pre) {
		return false
	}
	ps := &e.pre[g.Id]
	if ps.low >= r {
		return false
	}
	n := int64(r - ps.low + 1)
	if ps.swept+n > preRatio*ps.searched {
		return false
	}
	// (Far from the limits: preRoom times the room the sweep can take.)
	th := e.Th
	lim := th.Limits
	steps := n * (kernel.SweepMaxOpts + 1) // (n < 2^28: a flat table's keys)
	if n > (lim.MaxStates-e.States)/preRoom || steps > (lim.MaxSteps-th.Steps)/preRoom {
		return false
	}
	// (The memory in use is read only for a sweep of some size: reading
	// it takes as long as sweeping a few hundred positions.)
	if n >= preMemAt && th.MemInUse()+preRoom*4*n > lim.MaxMemory {
		return false
	}
	done := e.SweepRun(g, ps.low, n)
	ps.swept += n
	ps.low += uint64(done)
	return done > 0
}

// searchedOne counts a position of g that a search computes (visit).
func searchedOne(e *search, g *engine.Game) {
	if g.Rule != nil {
		preOf(e, g).searched++
	}
}

// presweepDone reports whether presweep made r known.
func presweepDone(g *engine.Game, r uint64) bool { return memo.Finished(g.State(r)) }
