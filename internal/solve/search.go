package solve

import (
	"hash/maphash"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/loopint"
	"github.com/grundy-lang/grundy/internal/loopy"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/value"
)

// search computes the positions an engine's memo lacks: the explicit-stack
// depth-first search (fast), the ladder for deep chains and boxes
// (ladder.go), the loopy solver for regions with cycles (loopy.go), and
// remoteness; the pruned search (pruned.go) is a type of its own, and so
// is the ladder. Its methods are the Engine's search; the Engine's own
// fields and methods are promoted.
type search struct {
	*engine.Engine
	// The search's working space at each level (Engine.Enter), by depth.
	work []*levelWork
	// The loopy solver's form of each infinite value.
	loopyVals    []loopy.Value
	remoteMemo   map[string]int32 // remoteness of values asked for
	remoteTooBig map[string]int   // values whose remoteness graph exceeded a limit
	// A search stops when its stack grows past capDepth (when > 0): see
	// ladder.
	capDepth int
	capLevel int // the search level capDepth applies to
	// and when it has visited more than capStates positions (when > 0)
	capStates int64
	hitCap    bool
	capSpan   uint64
	// While the ladder climbs (or solveLoopyOpen solves), the positions
	// finished are noted, to be forgotten if it gives up (ladder.go).
	journal journal
	comps   int64 // components the loopy solver has solved
	// solveLoopy's working space, and whether a solve is using it.
	loopyScratch *loopyScratch
	loopyBusy    bool
	loopySolver  *loopy.Solver  // reused by every component (values copied at once)
	loopyAt      engine.Pos     // the game of the component being solved (for its polls)
	loopyGraph   loopy.Graph    // the same for the component's graph
	noOpen       bool           // solveLoopy without opening positions first (see solveLoopyOpen)
	loopInt      loopint.Solver // the solves of regions of a game of one int (solveLoopyOpen)
	intHost      intHost
	// The take-and-break families' tables (period.go), and when they
	// were last saved to the checkpoint.
	tables   []*periodic
	savedAt  time.Time
	saveTook time.Duration
	// The pruned search (pruned.go).
	pruner *pruner
	// The sweeps ahead of queries, and the steps without a run of the
	// rule, by game (step.go).
	pre    []preSweep
	steps  []stepRec
	firsts []stepRec // searches from the top that ended in the loopy solver (loopyFirst)
}

// levelWork is the working space of the search at one level: its stack,
// and the runs to resume (gen.pend): their mex bits and, in pend, the
// missing options. Used last in, first out, like the stack.
type levelWork struct {
	stack []entry
	saves []savedRun
	words []uint64
	pend  []engine.PosKey
	// step's scratch (step.go): the keys of a position's options, the
	// unknown ones, and those distinct.
	keys, kpend, miss []int64
}

// workAt is the working space of the search at level depth (from 1).
func (e *search) workAt(depth int) *levelWork {
	for len(e.work) < depth {
		e.work = append(e.work, &levelWork{})
	}
	return e.work[depth-1]
}

type entry struct {
	r  uint64
	gi int32 // index in Engine.games
	// The low 8 bits count the runs that found missing options; the
	// others are 1 + the index in levelWork.saves of the run to resume, or 0.
	meta uint32
}

func (en entry) retries() int { return int(en.meta & 255) }
func (en entry) save() int    { return int(en.meta >> 8) }

// savedRun is a run of a move rule that generated every option and found
// missing ones, all of them single positions, and no infinite or very
// large value.
type savedRun struct {
	words int32 // start in levelWork.words of its mex bits (up to the next run's)
	pend  int32 // start in levelWork.pend
	// A run stopped after batch missing options in a fast loop goes on
	// from there: alternative alt from loop value x (when cursor).
	cursor bool
	alt    int32
	x      int64
}

// solver is the engine's Solver: the search, and the periodicity of
// families on top of it (period.go, takebreak.go).
type solver struct{ *search }

// NewEngine returns the engine of a run on th, its missing values
// computed by this package.
func NewEngine(th *engine.Thread) *engine.Engine {
	return engine.NewEngine(th, func(e *engine.Engine) engine.Solver {
		s := &search{Engine: e}
		s.intHost.e = s
		s.pruner = &pruner{e: s, seed: maphash.MakeSeed()}
		return &solver{s}
	})
}

// Forget drops the remoteness known (Engine.Forget).
func (e *search) Forget() {
	e.remoteMemo = nil
	e.remoteTooBig = nil
	e.pruner.tt = nil
	e.pre, e.steps, e.firsts = nil, nil, nil
}

func (e *search) visit(pos engine.Pos, g *engine.Game, r uint64) {
	e.States++
	searchedOne(e, g)
	if e.States > e.Th.Limits.MaxStates {
		e.States = 0
		panic(value.LimitError(pos, "", "state limit reached: more than %d positions (computing %s); the game's state graph may be infinite", e.Th.Limits.MaxStates, engine.PosText(g, r)))
	}
	if r&memo.GenBit != 0 {
		// Its key is in the memo, and its arguments are decoded from it
		// (up to a Value a byte): a search of positions of big arguments
		// checks the memory as it goes, not every 16 Ki steps.
		e.Th.Churn(pos, engine.ValueBytes*int64(len(g.Keys.Key(uint32(r&^memo.GenBit)))))
	}
}

// Solve returns the SG value of position r of g, computing it if needed.
// The position a limit message names (Current) is again the one of the
// caller's search when it returns, or none at the top level: a limit
// reached later, in a statement that computes no position, does not name
// the last one computed.
func (e *search) Solve(g *engine.Game, r uint64) memo.Sgv {
	s := g.State(r)
	if memo.Finished(s) {
		return memo.ValueOf(s)
	}
	cur, curR := e.Current, e.CurrentR
	v := e.solveNew(g, r, s)
	e.Current, e.CurrentR = cur, curR
	return v
}

// solveNew is Solve of a position whose value is not known, in state s.
func (e *search) solveNew(g *engine.Game, r uint64, s int32) memo.Sgv {
	if s == memo.StGray || s == memo.StLoopy && e.Depth > 0 {
		pos := g.Pos
		if n := len(e.Th.Calls); n > 0 {
			pos = e.Th.Calls[n-1]
		}
		value.Fail(pos, "the value of %s is asked for while it is being computed (sg, outcome, moves or winning of a position inside its own move rule, directly or through other positions)", engine.PosText(g, r))
	}
	if g.Fixed != nil {
		if v, ok := g.Fixed.Solve(r, e.Solve); ok {
			return v // (in its copy for its fixed arguments: package fixargs)
		}
	}
	if g.Tuples != nil {
		if r2, ok := g.Tuples.Ref(r); ok {
			// (Its hidden game's position: engine's tupleflat.go.)
			return g.Tuples.Copy(r, e.Solve(g.Tuples.To, r2), r2)
		}
	}
	if r&memo.GenBit == 0 && presweep(e, g, r) && presweepDone(g, r) || e.loopyFirst(g, r) {
		return memo.ValueOf(g.State(r))
	}
	// (Not inside a ladder or a loopy solve that journals what it
	// computes: a ladder of its own would take over the journal.)
	if e.On&passes.Ladder != 0 && e.Depth == 0 && !e.journal.on && r&memo.GenBit == 0 && (g.NArgs == 1 && r > ladderCap || g.NArgs == 2 && boxOf(g, r).area >= 2*boxCap) && (ladder{e, g}).run(r) {
		return memo.ValueOf(g.State(r))
	}
	if e.pruner.fits(g, r) {
		if v, ok := e.pruner.value(g, r); ok {
			return v
		}
	}
	if !e.fast(g, r) {
		e.solveLoopy(g, r)
	}
	return memo.ValueOf(g.State(r))
}

// fast computes position r of g by an explicit-stack depth-first search.
// It returns false, leaving every position on the search path marked
// stLoopy, when the search reaches a cycle or a position already known to
// reach one.
func (e *search) fast(g0 *engine.Game, r0 uint64) (ok bool) {
	lv := e.Enter()
	w := e.workAt(e.Depth)
	th := e.Th
	stack := append(w.stack[:0], entry{gi: int32(g0.Id), r: r0})
	w.saves, w.pend, w.words = w.saves[:0], w.pend[:0], w.words[:0]
	defer func() {
		if !ok {
			// Leave no position marked as on the search path.
			path := stack
			undo := func() {
				for _, en := range path {
					if g := e.Games[en.gi]; g.State(en.r) == memo.StGray {
						g.SetState(en.r, memo.StUnknown)
					}
				}
			}
			if e.Later(undo) {
				stack = nil // the undo keeps it
			}
		}
		w.stack = stack[:0]
		e.Leave()
	}()
	gn := &lv.Gen
	for len(stack) > 0 {
		top := len(stack) - 1
		en := stack[top]
		g, r := e.Games[en.gi], en.r
		s := g.State(r)
		if memo.Finished(s) {
			stack = stack[:top]
			continue
		}
		if s == memo.StLoopy {
			e.markLoopy(stack)
			return false
		}
		if s == memo.StUnknown && g.Tuples != nil {
			if r2, ok := g.Tuples.Ref(r); ok {
				// Its hidden game's position (engine's tupleflat.go): when known,
				// its value; else computed first.
				h := g.Tuples.To
				switch s2 := h.State(r2); {
				case memo.Finished(s2):
					g.Tuples.Copy(r, memo.ValueOf(s2), r2)
					stack = stack[:top]
				case s2 == memo.StUnknown:
					stack = append(stack, entry{gi: int32(h.Id), r: r2})
				default:
					// (On the search path or reaching a cycle: the loopy
					// solver takes it from here.)
					e.markLoopy(stack)
					return false
				}
				continue
			}
		}
		if s == memo.StUnknown {
			e.visit(g.Pos, g, r)
			if e.capStates > 0 && e.States > e.capStates && e.Depth == e.capLevel {
				e.States-- // the search that follows counts it
				e.hitCap, e.capSpan = true, ^uint64(0)
				return false
			}
			if g.Probes != nil && g.Periodic == nil && !g.UserTried && r&memo.GenBit == 0 && g.Unfield(r) >= UserAt {
				userTakeBreak(e, g)
			}
			if g.Periodic != nil {
				if v, ok := periodicValue(e, g, r); ok {
					g.SetState(r, memo.StateOf(v))
					e.journal.note(g, r)
					stack = stack[:top]
					continue
				}
			}
		}
		// A saved run whose missing options are known now (they were
		// above it on the stack) is finished from what it saved, or goes
		// on from where it stopped (cursor).
		resumed := false
		var sv savedRun
		var words []uint64
		var pend []engine.PosKey
		if en.save() > 0 {
			sv = w.saves[en.save()-1]
			words, pend = w.words[sv.words:], w.pend[sv.pend:]
			resumed = pendKnown(pend)
			// (words and pend stay as they are until this run saves.)
			w.saves, w.pend, w.words = w.saves[:en.save()-1], w.pend[:sv.pend], w.words[:sv.words]
			stack[top].meta &= 255
			if resumed && !sv.cursor {
				gn.Restore(words, pend)
				if x := memo.StateOf(gn.Result()); !g.SetFast(r, x) {
					g.SetStateSlow(r, x)
				}
				e.journal.note(g, r)
				stack = stack[:top]
				continue
			}
		}
		// Up to 8 missing options at a time (a rule with many options
		// runs fewer times), doubling on retries; one at a time on a deep
		// stack, which would grow by 8 entries a level (but not in the
		// ladder's capped search, which then reaches its cap sooner).
		batch := 8 << min(en.retries(), 8)
		if len(stack) > 16384 && (e.capDepth == 0 || e.Depth != e.capLevel) {
			batch = 1 << min(en.retries(), 8)
		}
		if !resumed && g.Rule != nil && r < uint64(len(g.Flat)) && e.On&passes.Resume != 0 && len(w.saves) < 1<<24-1 {
			// Without a run of the rule, when its kernel can (step.go).
			if rec := stepOf(e, g); rec.worth() {
				var took bool
				if stack, took = step(e, w, stack, top, g, r, lv.FrameFor(g, th), batch); took {
					if e.capDepth > 0 && len(stack) > e.capDepth && e.Depth == e.capLevel {
						e.hitCap = true
						e.capSpan = stackSpan(stack, en.gi)
						return false
					}
					continue
				}
				rec.fell++
			}
		}
		e.Current, e.CurrentR = g, r
		th.Tick(g.Pos)
		if e.States&63 == 0 && th.Ctx != nil {
			th.Poll(g.Pos)
		}
		gn.Reset(batch)
		if resumed {
			// Go on from where the run stopped, with its options so far.
			gn.Restore(words, pend)
			gn.Skip, gn.SkipAlt, gn.SkipX = true, sv.alt, sv.x
		}
		// On the search path while its moves run: a value asked for inside
		// them (sg of itself) is then an error, not endless recursion.
		if !g.SetFast(r, memo.StGray) {
			g.SetStateSlow(r, memo.StGray)
		}
		// One frame per search, reused: the slots past the arguments are
		// always set before they are read.
		fr := lv.FrameFor(g, th)
		g.Load(fr, r)
		gn.Fr = fr
		if r&memo.GenBit == 0 {
			g.GenSGInt(fr)
		} else {
			g.GenSG(fr)
		}
		if gn.Cycle {
			e.markLoopy(stack)
			gn.ClearBits()
			return false
		}
		if len(gn.Miss) > 0 {
			gn.Settle()
			if len(gn.Bits) == 0 {
				gn.Bits = append(gn.Bits, 0) // a saved run has a word of bits
			}
			if e.On&passes.Resume != 0 && !gn.Opaque && (!gn.Stopped || gn.Cursor && e.On&passes.Cursor != 0) && len(gn.Big) == 0 && len(gn.InfOpts) == 0 && len(w.saves) < 1<<24-1 {
				w.saves = append(w.saves, savedRun{words: int32(len(w.words)), pend: int32(len(w.pend)),
					cursor: gn.Stopped, alt: gn.StopAlt, x: gn.StopX})
				w.words = append(w.words, gn.Bits[:min(gn.Hi+1, len(gn.Bits))]...)
				w.pend = append(w.pend, gn.Pend...)
				stack[top].meta = stack[top].meta&255 | uint32(len(w.saves))<<8
			}
			gn.ClearBits()
			if stack[top].retries() < 255 {
				stack[top].meta++
			}
			// (A deep search's stack reaches hundreds of megabytes: grown
			// accounts for its memory before it grows.)
			stack = engine.Grown(th, g.Pos, stack, len(gn.Miss))
			for i := len(gn.Miss) - 1; i >= 0; i-- {
				stack = append(stack, entry{gi: int32(gn.Miss[i].G.Id), r: gn.Miss[i].R})
			}
			if e.capDepth > 0 && len(stack) > e.capDepth && e.Depth == e.capLevel {
				e.hitCap = true
				e.capSpan = stackSpan(stack, en.gi)
				return false
			}
			continue
		}
		if len(gn.InfOpts) > 0 {
			// An option on or above a cycle: winning orders by remoteness.
			g.SetLoopy(r)
		}
		if x := memo.StateOf(gn.Result()); !g.SetFast(r, x) {
			g.SetStateSlow(r, x)
		}
		e.journal.note(g, r)
		stack = stack[:top]
	}
	return true
}

// pendKnown reports whether the missing options a run saved (gen.pend)
// are all known now, with finite values the bits hold.
func pendKnown(pend []engine.PosKey) bool {
	for i := 0; i < len(pend); i++ {
		if pend[i].G == nil {
			continue // a sum's mark (see emitPend)
		}
		if s := pend[i].G.State(pend[i].R); s < memo.FinBase || s >= memo.FinBase+engine.BitsetMax {
			return false
		}
	}
	return true
}

// markLoopy marks the positions on the search path (those in stGray) as
// reaching a cycle.
func (e *search) markLoopy(stack []entry) {
	for _, en := range stack {
		if g := e.Games[en.gi]; g.State(en.r) == memo.StGray {
			g.SetState(en.r, memo.StLoopy)
		}
	}
}
