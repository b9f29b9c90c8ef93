package engine

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/grundy-lang/grundy/internal/loopy"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/passes"
)

// Engine computes and remembers SG values of the positions of one
// session's games.
type Engine struct {
	Th    *Thread
	Games []*Game
	// The session's infinite values (Infs), the sums of SG values.
	memo.InfValues
	// The loopy solver's form of each infinite value.
	loopyVals []loopy.Value
	levels    []*level // search contexts; nested sg calls get their own
	Depth     int      // levels in use
	States    int64    // positions visited
	Edges     int64    // options evaluated
	// remoteness of positions solved by the loopy solver, and of positions
	// whose remoteness was asked for
	remote  map[PosKey]int32
	listing []PosKey // positions whose options are being listed
	valGens []*Gen   // value-mode gens for options, one per listing depth
	valFrs  []*Frame // and their frames
	// current is the position whose moves the search is generating (for
	// limit messages).
	Current      *Game
	CurrentR     uint64
	remoteMemo   map[string]int32
	remoteTooBig map[string]int   // values whose remoteness graph exceeded a limit
	families     map[string]*Game // families made by built-ins (Thread.Family)
	Tables       []*periodic      // the take-and-break families' tables (period.go)
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
	journal    []PosKey
	journaling bool
	comps      int64 // components the loopy solver has solved
	// solveLoopy's working space, and whether a solve is using it.
	loopyScratch *loopyScratch
	loopyBusy    bool
	loopySolver  *loopy.Solver // reused by every component (values copied at once)
	loopyAt      Pos           // the game of the component being solved (for its polls)
	unsettled    []func()      // undos of marks, for the next run (later)
	loopyGraph   loopy.Graph   // the same for the component's graph
	noOpen       bool          // solveLoopy without opening positions first (see solveLoopyOpen)
	On           passes.Pass   // the optimizations this session runs (passes.go)
}

type PosKey struct {
	g *Game
	R uint64
}

// frameFor returns the level's frame set up for a run of g's move rule:
// only what changed since the last run is written.
func (lv *level) frameFor(g *Game, th *Thread) *Frame {
	if cap(lv.slots) < g.Nslots {
		lv.slots = make([]Value, max(g.Nslots, 2*cap(lv.slots)))
	}
	fr := &lv.fr
	if fr.Th != th || fr.Gen != &lv.Gen || fr.base != -1 || len(fr.Slots) != g.Nslots || cap(fr.Slots) != cap(lv.slots) {
		*fr = Frame{Slots: lv.slots[:g.Nslots], Th: th, Gen: &lv.Gen, base: -1}
	}
	fr.Stop = false
	return fr
}

// level is one depth-first search in progress.
type level struct {
	Gen   Gen
	stack []entry
	fr    Frame
	slots []Value
	// Runs to resume (gen.pend): their mex bits and, in pend, the
	// missing options. Used last in, first out, like the stack.
	saves []savedRun
	words []uint64
	pend  []PosKey
}

type entry struct {
	r  uint64
	gi int32 // index in Engine.games
	// The low 8 bits count the runs that found missing options; the
	// others are 1 + the index in level.saves of the run to resume, or 0.
	meta uint32
}

func (en entry) retries() int { return int(en.meta & 255) }
func (en entry) save() int    { return int(en.meta >> 8) }

// savedRun is a run of a move rule that generated every option and found
// missing ones, all of them single positions, and no infinite or very
// large value.
type savedRun struct {
	words int32 // start in level.words of its mex bits (up to the next run's)
	pend  int32 // start in level.pend
	// A run stopped after batch missing options in a fast loop goes on
	// from there: alternative alt from loop value x (when cursor).
	cursor bool
	alt    int32
	x      int64
}

func NewEngine(th *Thread) *Engine {
	return &Engine{Th: th, remote: map[PosKey]int32{}, On: passes.All}
}

// later runs undo, which resets the marks a search or a solve leaves on
// positions when it stops without a result, either now or, when the run
// is ending at its time limit or an interruption, when the session next
// runs (settle): the run then ends at once, without walking what may be
// millions of positions. It reports whether undo was kept for later.
func (e *Engine) later(undo func()) bool {
	if th := e.Th; th.Ctx == nil || th.Ctx.Err() == nil {
		undo()
		return false
	}
	e.unsettled = append(e.unsettled, undo)
	return true
}

// settle runs the undos later kept.
func (e *Engine) Settle() {
	for _, undo := range e.unsettled {
		undo()
	}
	e.unsettled = nil
}

// flatBytes is the memory of the games' flat tables in use (not in the Go
// heap).
func (e *Engine) FlatBytes() int64 {
	var n int64
	for _, g := range e.Games {
		n += g.FlatBytes()
	}
	return n
}

// forget drops every memoized value (a REPL re-declaration may change what
// any game's positions are worth).
func (e *Engine) Forget() {
	for _, g := range e.Games {
		g.resetTable()
	}
	e.remote = map[PosKey]int32{}
	e.remoteMemo = nil
	e.remoteTooBig = nil
}

func (e *Engine) NewGame(name string, pos Pos, arity int) *Game {
	g := &Game{GName: name, Pos: pos, Id: len(e.Games), NArgs: arity, compact: e.On&passes.Composite != 0}
	g.Table.Init(arity)
	room := func(n int64) { AllocIf(e.Th, pos, n) }
	g.Keys.Room, g.Dict.Room = room, room
	e.Games = append(e.Games, g)
	return g
}

// Modes of a gen.
const (
	mSG     uint8 = iota // the engine's search: options' SG values, missing parts recorded
	mVal                 // collect option values
	MDirect              // top-level code: a missing position is computed at once
	// MCollect: sg(G) and the other queries of a game expression, first
	// pass: a missing position is recorded (Missing) and counts as
	// sgMissing, so that the whole expression is evaluated before any
	// position is computed, as it is when G is made as a value first
	// (then the query computes them in that order: Solve).
	MCollect
)

// gen receives the options a move rule generates, and resolves the
// positions that game expressions mention.
type Gen struct {
	E    *Engine
	Mode uint8
	fr   *Frame
	// mSG
	Bits []uint64 // finite option values seen
	Hi   int      // highest word of bits in use
	big  []int32  // finite values too large for bits
	// The wide kernels' marks, one byte per value, up to seenTop when
	// seenPend (see foldSeen).
	seen     *[BitsetMax]byte
	SeenTop  uint32
	SeenPend bool
	infs     []memo.Sgv // infinite option values
	miss     []PosKey   // options' parts not known yet
	batch    int
	cycle    bool
	// A run whose only missing options are single positions (emitted
	// while tracing) and that generated every option is resumed from its
	// mex bits and these positions once they are known, without running
	// the move rule again (see fast).
	Tracing bool
	pend    []PosKey
	opaque  bool // a missing part of a sum, or of a fast loop's move
	stopped bool // stopped after batch missing options
	// Where a stopped run goes on (cursor: a fast loop stopped at a point
	// it can start from, alternative stopAlt from value stopX), and where
	// this run starts (alternatives before skipAlt are done, and skipAlt's
	// fast loop starts at skipX); alt is the alternative running.
	cursor, Skip bool
	Alt, stopAlt int32
	SkipAlt      int32
	stopX, SkipX int64
	Scanned      int64 // loop values the fast loops went through
	// mVal
	vals []Value
	// MCollect
	col []keyRun
}

const BitsetMax = 1 << 16

func (gn *Gen) Reset(batch int) {
	gn.miss, gn.col = gn.miss[:0], gn.col[:0]
	gn.batch = batch
	gn.cycle = false
	gn.Tracing, gn.opaque, gn.stopped = false, false, false
	gn.cursor, gn.Skip, gn.Alt, gn.SkipAlt, gn.Scanned = false, false, 0, 0, 0
	gn.pend = gn.pend[:0]
	gn.infs = gn.infs[:0]
	gn.big = gn.big[:0]
}

// emitSG records one option's SG value.
func (gn *Gen) EmitSG(v memo.Sgv) {
	gn.E.Edges++
	if v >= 0 {
		if v < BitsetMax {
			w := int(v >> 6)
			if w >= len(gn.Bits) {
				n := max(w+1, 2*len(gn.Bits))
				gn.Bits = slices.Grow(gn.Bits, n-len(gn.Bits))[:n]
			}
			gn.Bits[w] |= 1 << (v & 63)
			if w > gn.Hi {
				gn.Hi = w
			}
		} else {
			gn.big = append(gn.big, v)
		}
	} else if v != memo.SgMissing {
		gn.infs = append(gn.infs, v)
	}
}

// result computes the node's value from the options seen (mex, or the
// generalized rule when some options are infinite) and clears the set.
func (gn *Gen) Result() memo.Sgv {
	gn.Settle()
	m := int32(memo.MexWords(gn.Bits[:min(gn.Hi+1, len(gn.Bits))]))
	if m >= BitsetMax && len(gn.big) > 0 {
		slices.Sort(gn.big)
		for _, b := range gn.big {
			if b == m {
				m++
			} else if b > m {
				break
			}
		}
	}
	var fin []int64
	if len(gn.infs) > 0 {
		// A finite value m needs every infinite option to have an option of
		// value m (the player can always answer a move there).
		ok := true
		for _, v := range gn.infs {
			if _, found := slices.BinarySearch(gn.E.Infs[-v-1], int64(m)); !found {
				ok = false
				break
			}
		}
		if !ok {
			for w := 0; w <= gn.Hi && w < len(gn.Bits); w++ {
				for x := gn.Bits[w]; x != 0; x &= x - 1 {
					fin = append(fin, int64(w*64+bits.TrailingZeros64(x)))
				}
			}
			for _, b := range gn.big {
				fin = append(fin, int64(b))
			}
			slices.Sort(fin)
			fin = slices.Compact(fin)
			m = gn.E.InfID(fin)
		}
	}
	clear(gn.Bits[:min(gn.Hi+1, len(gn.Bits))])
	gn.Hi = 0
	return m
}

// emitVal records one option's value.
func (gn *Gen) EmitVal(pos Pos, v Value) {
	gn.E.Edges++
	if !v.IsGame() {
		Fail(pos, "a move must be a game, found %s %s", v.TypeName(), Shown(v))
	}
	gn.vals = append(gn.vals, v)
}

// lookup returns the SG value of position r of g, or sgMissing (after
// recording it) when the search has yet to compute it.
func (gn *Gen) Lookup(g *Game, r uint64) memo.Sgv {
	s := g.State(r)
	if memo.Finished(s) {
		return memo.ValueOf(s)
	}
	switch gn.Mode {
	case MDirect:
		return gn.E.solve(g, r)
	case MCollect:
		gn.col = append(gn.col, keyRun{g: g, k: r, n: 1})
		return memo.SgMissing
	case mVal:
		panic("eval: lookup in value mode")
	}
	if s != memo.StUnknown {
		gn.cycle = true
		gn.fr.Stop = true
		return memo.SgMissing
	}
	k := PosKey{g, r}
	if gn.Tracing {
		gn.pend = append(gn.pend, k)
	} else {
		gn.opaque = true
	}
	for _, m := range gn.miss {
		if m == k {
			return memo.SgMissing
		}
	}
	gn.miss = append(gn.miss, k)
	if len(gn.miss) >= gn.batch {
		gn.fr.Stop = true
		gn.stopped = true
	}
	return memo.SgMissing
}

// keyRun is what an MCollect pass recorded: n positions of g, from key k
// by steps of d.
type keyRun struct {
	g    *Game
	k, d uint64
	n    int64
}

// Collecting starts a first pass of a query in MCollect mode (the gen's
// positions recorded from then on are the pass's); Solve computes them.
func (gn *Gen) Collecting() int { return len(gn.col) }

// CollectRun records, in an MCollect pass, the n positions of g from key
// k by steps of d (a sum over a range stepping its key: fastloop.go).
func (gn *Gen) CollectRun(g *Game, k, d uint64, n int64) {
	gn.col = append(gn.col, keyRun{g: g, k: k, d: d, n: n})
}

// Solve computes the positions an MCollect pass recorded since mark, in
// the order it met them, and forgets them; it reports whether there were
// any (the pass then runs again, with every value known).
func (gn *Gen) Solve(mark int) bool {
	if len(gn.col) == mark {
		return false
	}
	// (A position of the pass met while computing another one is
	// finished when its turn comes: the lookup reads it. The queries
	// asked while computing them record theirs past end, and leave them
	// there when they fail: not this pass's.)
	end := len(gn.col)
	for i := mark; i < end; i++ {
		run := gn.col[i]
		for j, k := int64(0), run.k; j < run.n; j, k = j+1, k+run.d {
			gn.E.Th.Direct.Lookup(run.g, k)
		}
	}
	gn.col = gn.col[:mark]
	return true
}

// valueSG returns the SG value of a game value.
func (gn *Gen) ValueSG(pos Pos, v Value) memo.Sgv {
	switch v.K {
	case KNim:
		return memo.Sgv(v.N)
	case KPos:
		g, r := PosRef(v)
		return gn.Lookup(g, r)
	case KSum:
		acc := memo.Sgv(0)
		if sm := v.Ref.(*Sum); sm.Parts == nil && sm.Keys != nil {
			for _, k := range sm.Keys {
				acc = gn.E.Add(acc, gn.Lookup(sm.Game, k))
			}
			return acc
		}
		for _, p := range v.Ref.(*Sum).Parts {
			acc = gn.E.Add(acc, gn.ValueSG(pos, p))
		}
		return acc
	case KInf:
		return gn.E.InfID(v.InfK())
	}
	if gn.Mode == MDirect || gn.Mode == MCollect {
		Fail(pos, "expected a game, found %s %s", v.TypeName(), Shown(v))
	}
	Fail(pos, "a move must be a game, found %s %s", v.TypeName(), Shown(v))
	return 0
}

// sgValue turns an sgv into the value sg returns.
func (e *Engine) SgValue(v memo.Sgv) Value {
	if v >= 0 {
		return Int(int64(v))
	}
	return InfValue(e.Infs[-v-1])
}

// standIn is a game with SG value v: a nimber, or for an infinite value the
// value itself (sg and outcome accept it).
func (e *Engine) StandIn(v memo.Sgv) Value {
	if v >= 0 {
		return Nimber(int64(v))
	}
	return e.SgValue(v)
}

// maxLevels bounds nested searches (sg called inside move rules).
const maxLevels = 10_000

func (e *Engine) Enter() *level {
	if e.Depth >= maxLevels {
		pos := Pos{}
		if n := len(e.Th.Calls); n > 0 {
			pos = e.Th.Calls[n-1]
		}
		Fail(pos, "sg, outcome, moves or winning called inside move rules nest more than %d deep", maxLevels)
	}
	if e.Depth == len(e.levels) {
		e.levels = append(e.levels, &level{Gen: Gen{E: e, Mode: mSG}})
	}
	e.Depth++
	lv := e.levels[e.Depth-1]
	if gn := &lv.Gen; gn.Hi != 0 || len(gn.Bits) > 0 && gn.Bits[0] != 0 || gn.SeenPend {
		// Left by a search that ended in an error.
		gn.clearBits()
	}
	return lv
}

func (e *Engine) Leave() { e.Depth-- }

func (e *Engine) visit(pos Pos, g *Game, r uint64) {
	e.States++
	if e.States > e.Th.Limits.MaxStates {
		e.States = 0
		panic(LimitError(pos, "", "state limit reached: more than %d positions (computing %s); the game's state graph may be infinite", e.Th.Limits.MaxStates, posText(g, r)))
	}
	if r&memo.GenBit != 0 {
		// Its key is in the memo, and its arguments are decoded from it
		// (up to a Value a byte): a search of positions of big arguments
		// checks the memory as it goes, not every 16 Ki steps.
		e.Th.churn(pos, ValueBytes*int64(len(g.Keys.Key(uint32(r&^memo.GenBit)))))
	}
}

// solve returns the SG value of position r of g, computing it if needed.
func (e *Engine) solve(g *Game, r uint64) memo.Sgv {
	s := g.State(r)
	if memo.Finished(s) {
		return memo.ValueOf(s)
	}
	if s == memo.StGray || s == memo.StLoopy && e.Depth > 0 {
		pos := g.Pos
		if n := len(e.Th.Calls); n > 0 {
			pos = e.Th.Calls[n-1]
		}
		Fail(pos, "the value of %s is asked for while it is being computed (sg, outcome, moves or winning of a position inside its own move rule, directly or through other positions)", posText(g, r))
	}
	if g.Tuples != nil {
		if r2, ok := g.Tuples.Ref(r); ok {
			// (Its hidden game's position: tupleflat.go.)
			return g.Tuples.copy(r, e.solve(g.Tuples.To, r2), r2)
		}
	}
	// (Not inside a ladder or a loopy solve that journals what it
	// computes: a ladder of its own would take over the journal.)
	if e.On&passes.Ladder != 0 && e.Depth == 0 && !e.journaling && r&memo.GenBit == 0 && (g.NArgs == 1 && r > ladderCap || g.NArgs == 2 && boxOf(g, r).area >= 2*boxCap) && e.ladder(g, r) {
		return memo.ValueOf(g.State(r))
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
func (e *Engine) fast(g0 *Game, r0 uint64) (ok bool) {
	lv := e.Enter()
	th := e.Th
	stack := append(lv.stack[:0], entry{gi: int32(g0.Id), r: r0})
	lv.saves, lv.pend, lv.words = lv.saves[:0], lv.pend[:0], lv.words[:0]
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
			if e.later(undo) {
				stack = nil // the undo keeps it
			}
		}
		lv.stack = stack[:0]
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
				// Its hidden game's position (tupleflat.go): when known,
				// its value; else computed first.
				h := g.Tuples.To
				switch s2 := h.State(r2); {
				case memo.Finished(s2):
					g.Tuples.copy(r, memo.ValueOf(s2), r2)
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
				userTakeBreak(th, g)
			}
			if g.Periodic != nil {
				if v, ok := periodicValue(th, g, r); ok {
					g.SetState(r, memo.StateOf(v))
					e.note(g, r)
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
		var pend []PosKey
		if en.save() > 0 {
			sv = lv.saves[en.save()-1]
			words, pend = lv.words[sv.words:], lv.pend[sv.pend:]
			resumed = pendKnown(pend)
			// (words and pend stay as they are until this run saves.)
			lv.saves, lv.pend, lv.words = lv.saves[:en.save()-1], lv.pend[:sv.pend], lv.words[:sv.words]
			stack[top].meta &= 255
			if resumed && !sv.cursor {
				gn.restore(words, pend)
				if x := memo.StateOf(gn.Result()); !g.SetFast(r, x) {
					g.SetStateSlow(r, x)
				}
				e.note(g, r)
				stack = stack[:top]
				continue
			}
		}
		e.Current, e.CurrentR = g, r
		th.Tick(g.Pos)
		if e.States&63 == 0 && th.Ctx != nil {
			th.poll(g.Pos)
		}
		// Up to 8 missing options at a time (a rule with many options
		// runs fewer times), doubling on retries; one at a time on a deep
		// stack, which would grow by 8 entries a level (but not in the
		// ladder's capped search, which then reaches its cap sooner).
		batch := 8 << min(en.retries(), 8)
		if len(stack) > 16384 && (e.capDepth == 0 || e.Depth != e.capLevel) {
			batch = 1 << min(en.retries(), 8)
		}
		gn.Reset(batch)
		if resumed {
			// Go on from where the run stopped, with its options so far.
			gn.restore(words, pend)
			gn.Skip, gn.SkipAlt, gn.SkipX = true, sv.alt, sv.x
		}
		// On the search path while its moves run: a value asked for inside
		// them (sg of itself) is then an error, not endless recursion.
		if !g.SetFast(r, memo.StGray) {
			g.SetStateSlow(r, memo.StGray)
		}
		// One frame per search, reused: the slots past the arguments are
		// always set before they are read.
		fr := lv.frameFor(g, th)
		g.Load(fr, r)
		gn.fr = fr
		if r&memo.GenBit == 0 {
			g.GenSGInt(fr)
		} else {
			g.GenSG(fr)
		}
		if gn.cycle {
			e.markLoopy(stack)
			gn.clearBits()
			return false
		}
		if len(gn.miss) > 0 {
			gn.Settle()
			if len(gn.Bits) == 0 {
				gn.Bits = append(gn.Bits, 0) // a saved run has a word of bits
			}
			if e.On&passes.Resume != 0 && !gn.opaque && (!gn.stopped || gn.cursor && e.On&passes.Cursor != 0) && len(gn.big) == 0 && len(gn.infs) == 0 && len(lv.saves) < 1<<24-1 {
				lv.saves = append(lv.saves, savedRun{words: int32(len(lv.words)), pend: int32(len(lv.pend)),
					cursor: gn.stopped, alt: gn.stopAlt, x: gn.stopX})
				lv.words = append(lv.words, gn.Bits[:min(gn.Hi+1, len(gn.Bits))]...)
				lv.pend = append(lv.pend, gn.pend...)
				stack[top].meta = stack[top].meta&255 | uint32(len(lv.saves))<<8
			}
			gn.clearBits()
			if stack[top].retries() < 255 {
				stack[top].meta++
			}
			// (A deep search's stack reaches hundreds of megabytes: grown
			// accounts for its memory before it grows.)
			stack = Grown(th, g.Pos, stack, len(gn.miss))
			for i := len(gn.miss) - 1; i >= 0; i-- {
				stack = append(stack, entry{gi: int32(gn.miss[i].g.Id), r: gn.miss[i].R})
			}
			if e.capDepth > 0 && len(stack) > e.capDepth && e.Depth == e.capLevel {
				e.hitCap = true
				e.capSpan = stackSpan(stack, en.gi)
				return false
			}
			continue
		}
		if len(gn.infs) > 0 {
			// An option on or above a cycle: winning orders by remoteness.
			g.SetLoopy(r)
		}
		if x := memo.StateOf(gn.Result()); !g.SetFast(r, x) {
			g.SetStateSlow(r, x)
		}
		e.note(g, r)
		stack = stack[:top]
	}
	return true
}

// pendKnown reports whether the missing options a run saved (gen.pend)
// are all known now, with finite values the bits hold.
func pendKnown(pend []PosKey) bool {
	for i := 0; i < len(pend); i++ {
		if pend[i].g == nil {
			continue // a sum's mark (see emitPend)
		}
		if s := pend[i].g.State(pend[i].R); s < memo.FinBase || s >= memo.FinBase+BitsetMax {
			return false
		}
	}
	return true
}

// restore puts a saved run's mex bits back in the gen (clear between
// runs) and emits its missing options, known now.
func (gn *Gen) restore(words []uint64, pend []PosKey) {
	if len(gn.Bits) < len(words) {
		gn.Bits = append(gn.Bits, make([]uint64, len(words)-len(gn.Bits))...)
	}
	copy(gn.Bits, words)
	gn.Hi = len(words) - 1
	gn.infs, gn.big = gn.infs[:0], gn.big[:0]
	emitPend(gn, pend)
}

// emitPend emits the values of a saved run's missing options: single
// positions, and sums as a mark {nil, n<<32 | xor of the parts known then}
// followed by the n parts that were missing.
func emitPend(gn *Gen, pend []PosKey) {
	for i := 0; i < len(pend); i++ {
		k := pend[i]
		if k.g != nil {
			gn.EmitSG(k.g.State(k.R) - memo.FinBase)
			continue
		}
		n, v := int(k.R>>32), memo.Sgv(uint32(k.R))
		for _, p := range pend[i+1 : i+1+n] {
			v ^= p.g.State(p.R) - memo.FinBase
		}
		gn.EmitSG(v)
		i += n
	}
}

// markLoopy marks the positions on the search path (those in stGray) as
// reaching a cycle.
func (e *Engine) markLoopy(stack []entry) {
	for _, en := range stack {
		if g := e.Games[en.gi]; g.State(en.r) == memo.StGray {
			g.SetState(en.r, memo.StLoopy)
		}
	}
}

// options returns the distinct option values of position r of g, in the
// order the move rule generates them.
func (e *Engine) Options(g *Game, r uint64) []Value {
	return slices.Clone(e.optionsTemp(g, r))
}

// optionsTemp is options in a slice that the next call at the same
// listing depth reuses.
func (e *Engine) optionsTemp(g *Game, r uint64) []Value {
	th := e.Th
	k := PosKey{g, r}
	if slices.Contains(e.listing, k) {
		pos := g.Pos
		if n := len(th.Calls); n > 0 {
			pos = th.Calls[n-1]
		}
		Fail(pos, "the moves of %s are asked for while they are being listed (moves or winning of a position inside its own move rule)", posText(g, r))
	}
	depth := len(e.listing)
	e.listing = append(e.listing, k)
	defer func() { e.listing = e.listing[:depth] }()
	if depth == len(e.valGens) {
		e.valGens = append(e.valGens, &Gen{E: e, Mode: mVal})
		e.valFrs = append(e.valFrs, &Frame{})
	}
	gn := e.valGens[depth]
	gn.vals = gn.vals[:0]
	// The depth's frame, reused: a rule sets its slots past the arguments
	// before it reads them.
	fr := e.valFrs[depth]
	slots := fr.Slots
	if cap(slots) < g.Nslots {
		slots = make([]Value, g.Nslots)
	}
	*fr = Frame{Slots: slots[:g.Nslots], Th: th, Gen: gn, base: -1}
	g.Load(fr, r)
	gn.fr = fr
	if r&memo.GenBit == 0 && g.GenValInt != nil {
		g.GenValInt(fr)
	} else {
		g.GenVal(fr)
	}
	gn.fr = nil
	return dedupe(gn.vals)
}

// dedupeChecked is dedupe for many or big values, checking the run's limits
// as it goes.
func (e *Engine) dedupeChecked(pos Pos, vs []Value) []Value {
	seen := make(map[string]bool, len(vs))
	out := vs[:0]
	var buf []byte
	for i, v := range vs {
		if i&63 == 0 {
			e.Th.CheckLimits(pos)
		}
		buf = AppendKey(buf[:0], v)
		if !seen[string(buf)] {
			seen[string(buf)] = true
			out = append(out, v)
		}
	}
	return out
}

func dedupe(vs []Value) []Value {
	if len(vs) < 2 {
		return vs
	}
	if len(vs) <= 8 {
		// Few options: compare them pairwise.
		out := vs[:1]
	next:
		for _, v := range vs[1:] {
			for _, o := range out {
				if Equal(o, v) {
					continue next
				}
			}
			out = append(out, v)
		}
		return out
	}
	seen := make(map[string]bool, len(vs))
	out := vs[:0]
	var buf []byte
	for _, v := range vs {
		buf = AppendKey(buf[:0], v)
		if seen[string(buf)] {
			continue
		}
		seen[string(buf)] = true
		out = append(out, v)
	}
	return out
}

// newGoGame makes a session's game from a Go definition.
func (e *Engine) NewGoGame(d *GameDef) *Game {
	g := e.NewGame(d.Name, Pos{}, d.Arity)
	g.doc = d.Doc
	g.Nslots = d.Arity
	g.Check = d.Check
	opts := func(fr *Frame) []Value {
		args := slices.Clone(fr.Slots[:d.Arity])
		vs, err := GoCall(func() ([]Value, error) { return d.Options(g, args) })
		if err != nil {
			fr.Th.failHere("%s: %v", Shown(g.PositionValue(args)), err)
		}
		return vs
	}
	g.GenVal = func(fr *Frame) {
		for _, v := range opts(fr) {
			if !v.IsGame() {
				fr.Th.failHere("the moves of %s (a game written in Go) include %s %s, which is not a game", Shown(g.PositionValue(slices.Clone(fr.Slots[:d.Arity]))), v.TypeName(), Shown(v))
			}
			fr.Gen.EmitVal(Pos{}, v)
		}
	}
	g.GenSG = func(fr *Frame) {
		for _, v := range opts(fr) {
			if !v.IsGame() {
				fr.Th.failHere("the moves of %s (a game written in Go) include %s %s, which is not a game", Shown(g.PositionValue(slices.Clone(fr.Slots[:d.Arity]))), v.TypeName(), Shown(v))
			}
			fr.Gen.EmitSG(fr.Gen.ValueSG(Pos{}, v))
			if fr.Stop {
				return
			}
		}
	}
	g.GenSGInt = g.GenSG
	return g
}

// takeBreakGame makes the session's game of take-and-break family t.
// Its SG values come from a takebreak.Solver, and its periodicity can be
// proved (see period.go); the options' values are streamed only for a
// heap the table cannot answer (a negative one, for its error).
func (e *Engine) TakeBreakGame(t *TakeBreak) *Game {
	d := &GameDef{Name: t.Name, Arity: 1, Doc: t.Doc}
	d.Check = func(args []Value) error {
		if args[0].K != KInt || args[0].N < 0 {
			return fmt.Errorf("a heap size must be an int >= 0, found %s %s", args[0].TypeName(), Repr(args[0]))
		}
		return nil
	}
	d.Options = func(g *Game, args []Value) ([]Value, error) {
		if err := d.Check(args); err != nil {
			return nil, err
		}
		n := args[0].N
		var out []Value
		heap := func(a int64) Value { return g.PositionValue([]Value{Int(a)}) }
		for _, r := range t.Rules {
			if r.K > n {
				break
			}
			rem := n - r.K
			if r.Ways&1 != 0 && rem == 0 {
				out = append(out, heap(0))
			}
			if r.Ways&2 != 0 && rem >= 1 && r.K > 0 {
				out = append(out, heap(rem))
			}
			if r.Ways&4 != 0 {
				for a := int64(1); 2*a <= rem; a++ {
					out = append(out, SumOf([]Value{heap(a), heap(rem - a)}))
				}
			}
			if r.Ways&8 != 0 {
				for a := int64(1); 3*a <= rem; a++ {
					for b := a; a+2*b <= rem; b++ {
						out = append(out, SumOf([]Value{heap(a), heap(b), heap(rem - a - b)}))
					}
				}
			}
		}
		return out, nil
	}
	g := e.NewGoGame(d)
	g.takeBreak = t
	g.GenSG = func(fr *Frame) { takeBreakSG(g, t, fr) }
	g.GenSGInt = g.GenSG
	g.Periodic = newPeriodic(t.game(), t.Name)
	e.Tables = append(e.Tables, g.Periodic)
	return g
}

func (e *Engine) Moves(v Value) []Value {
	switch v.K {
	case KNim:
		e.Th.alloc(e.Th.callPos(), ElemsBytes(int(v.N)))
		out := make([]Value, v.N)
		for i := range out {
			out[i] = Nimber(int64(i))
		}
		return out
	case KPos:
		g, r := PosRef(v)
		return e.Options(g, r)
	}
	parts := v.Ref.(*Sum).parts()
	var out []Value
	pos := e.Th.callPos()
	for i, p := range parts {
		for _, m := range e.Moves(p) {
			if len(out)&63 == 0 {
				e.Th.CheckLimits(pos) // each option here can be a big sum
			}
			// Each option is a sum as long as v.
			e.Th.alloc(pos, ElemsBytes(len(parts)+1))
			gs := make([]Value, 0, len(parts))
			gs = append(gs, parts[:i]...)
			gs = append(gs, m)
			gs = append(gs, parts[i+1:]...)
			out = append(out, SumOf(gs))
		}
	}
	return e.dedupeChecked(pos, out)
}
