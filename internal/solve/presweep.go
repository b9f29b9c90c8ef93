package solve

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/kernel"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/passes"
)

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

// preRatio bounds the positions swept ahead by the positions searched;
// preRoom is how many times over the limits must leave room for a sweep.
// A sweep of fewer than preMemAt positions is taken to fit in memory.
const (
	preRatio = 4
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
func (e *search) preOf(g *engine.Game) *preSweep {
	for len(e.pre) <= g.Id {
		e.pre = append(e.pre, preSweep{})
	}
	return &e.pre[g.Id]
}

// presweep sweeps g's positions from the lowest it has not swept up to
// r, at the top level, when the limits and the ratio leave room; it
// reports whether it computed any.
func (e *search) presweep(g *engine.Game, r uint64) bool {
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
func (e *search) searchedOne(g *engine.Game) {
	if g.Rule != nil {
		e.preOf(g).searched++
	}
}

// presweepDone reports whether presweep made r known.
func presweepDone(g *engine.Game, r uint64) bool { return memo.Finished(g.State(r)) }
