package engine

import (
	"math/bits"
	"slices"

	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/value"
)

// Engine computes and remembers SG values of the positions of one
// session's games: the games and their memo tables, the infinite values,
// the generators move rules emit into (Gen, one per search level), the
// limits' counters. What the memo lacks, its Solver computes (package
// solve: the search, the loopy solver, periodicity).
type Engine struct {
	Th    *Thread
	Games []*Game
	// The session's infinite values (Infs), the sums of SG values.
	memo.InfValues
	levels  []*level // search contexts; nested sg calls get their own
	Depth   int      // levels in use
	States  int64    // positions visited
	Edges   int64    // options evaluated
	listing []PosKey // positions whose options are being listed
	valGens []*Gen   // value-mode gens for options, one per listing depth
	valFrs  []*Frame // and their frames
	// ruleKeys is ruleOptions's scratch: the keys of a position's options.
	ruleKeys []int64
	// ListOptions' generators and frames, by depth, and the depth.
	listerPool []*lister
	listers    int
	// current is the position whose moves the search is generating (for
	// limit messages).
	Current   *Game
	CurrentR  uint64
	families  map[string]*Game // families made by built-ins (TakeBreakFamily)
	unsettled []func()         // undos of marks, for the next run (Later)
	On        passes.Pass      // the optimizations this session runs
	Solver    Solver
}

// Solver computes what the memo of an engine lacks, and answers the
// built-ins that need more than the memo: package solve's search (with
// the loopy solver and the ladder), and the periodicity of take-and-break
// families on top of it.
type Solver interface {
	// Solve computes position r of g, which is not known yet (or is on
	// the search path: an error), and returns its value.
	Solve(g *Game, r uint64) memo.Sgv
	// Forget drops what the solver knows of positions (Engine.Forget).
	Forget()
	// Winning, BestMove and Remoteness are Thread's (gameapi.go).
	Winning(c *Call, v value.Value) []value.Value
	BestMove(c *Call, v value.Value) (value.Value, bool)
	Remoteness(c *Call, v value.Value) value.Value
	// Period, SaveCheckpoint and TakeBreakGame are Thread's and
	// Engine's: the periodicity of families, the checkpoint of the
	// take-and-break families' values, the game of a take-and-break rule.
	Period(c *Call, f value.Value, upTo int64) Period
	SaveCheckpoint() error
	TakeBreakGame(t *TakeBreak) *Game
}

// RunSolver is a Solver that computes a run of positions of a game of
// one int asked in ascending order (k, k+1, ...) by the game's sweep
// (Game.Sweep) as far as the sweep can: exactly the positions, in the
// order, that solving each in turn would compute. SweepRun returns how
// many of the n positions from k on are known after it (those before the
// first it left to the search).
type RunSolver interface {
	SweepRun(g *Game, k uint64, n int64) int64
}

// PosKey is a position: a game and a key of its memo.
type PosKey struct {
	G *Game
	R uint64
}

// FrameFor returns the level's frame set up for a run of g's move rule:
// only what changed since the last run is written.
func (lv *level) FrameFor(g *Game, th *Thread) *Frame {
	if cap(lv.slots) < g.Nslots {
		lv.slots = make([]value.Value, max(g.Nslots, 2*cap(lv.slots)))
	}
	fr := &lv.fr
	if fr.Th != th || fr.Gen != &lv.Gen || fr.base != -1 || len(fr.Slots) != g.Nslots || cap(fr.Slots) != cap(lv.slots) {
		*fr = Frame{Slots: lv.slots[:g.Nslots], Th: th, Gen: &lv.Gen, base: -1}
	}
	fr.Stop = false
	return fr
}

// level is one search in progress: its generator and the frame of the
// move rule it runs (the search's own stack is package solve's).
type level struct {
	Gen   Gen
	fr    Frame
	slots []value.Value
}

// NewEngine returns the engine of a run on th, its Solver made by
// newSolver (package solve's NewEngine).
func NewEngine(th *Thread, newSolver func(*Engine) Solver) *Engine {
	e := &Engine{Th: th, On: passes.All}
	e.Solver = newSolver(e)
	return e
}

// Later runs undo, which resets the marks a search or a solve leaves on
// positions when it stops without a result, either now or, when the run
// is ending at its time limit or an interruption, when the session next
// runs (Settle): the run then ends at once, without walking what may be
// millions of positions. It reports whether undo was kept for later.
func (e *Engine) Later(undo func()) bool {
	if th := e.Th; th.Ctx == nil || th.Ctx.Err() == nil {
		undo()
		return false
	}
	e.unsettled = append(e.unsettled, undo)
	return true
}

// Settle runs the undos Later kept.
func (e *Engine) Settle() {
	for _, undo := range e.unsettled {
		undo()
	}
	e.unsettled = nil
}

// MappedBytes is the memory of the games' tables mapped from the system
// (not in the Go heap): their flat tables in use, their key tables and
// interned states once big.
func (e *Engine) MappedBytes() int64 {
	var n int64
	for _, g := range e.Games {
		n += g.Table.MappedBytes() + g.Keys.Off.Bytes() + g.Dict.Off.Bytes()
	}
	return n
}

// FlatBytes is the memory of the games' flat tables in use (not in the Go
// heap).
func (e *Engine) FlatBytes() int64 {
	var n int64
	for _, g := range e.Games {
		n += g.FlatBytes()
	}
	return n
}

// Forget drops every memoized value (a REPL re-declaration may change what
// any game's positions are worth).
func (e *Engine) Forget() {
	for _, g := range e.Games {
		g.resetTable()
	}
	e.Solver.Forget()
}

func (e *Engine) NewGame(name string, pos Pos, arity int) *Game {
	g := &Game{GName: name, Pos: pos, Id: len(e.Games), NArgs: arity, compact: e.On&passes.Composite != 0}
	g.bitsets = g.compact && e.On&passes.Bitsets != 0
	g.packStrs = g.compact && e.On&passes.Strings != 0
	g.args = make([]argInfo, arity)
	g.Table.Init(arity)
	room := func(n int64) { AllocIf(e.Th, pos, n) }
	g.Keys.Room, g.Dict.Room = room, room
	g.Keys.Mapped, g.Dict.Mapped = true, true
	if g.bitsets && arity == 1 {
		// (The final states of small sets by their bits: memo's direct.go.)
		g.Keys.DirectTag = value.TagUniSet
	}
	if g.compact && arity == 1 {
		// (Those of short lists of 0s and 1s, and of bools.)
		g.Keys.ListTag, g.Keys.BoolTag = value.TagBitList, value.TagBoolList
	}
	if g.packStrs && arity == 1 {
		// (And of short strings of two characters.)
		g.Keys.StrTag = value.TagPackedStr
	}
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

// Gen receives the options a move rule generates, and resolves the
// positions that game expressions mention.
type Gen struct {
	E    *Engine
	Mode uint8
	Fr   *Frame // the frame of the run in progress (mSG, mVal)
	// mSG
	Bits []uint64 // finite option values seen
	Hi   int      // highest word of bits in use
	Big  []int32  // finite values too large for bits
	// The wide kernels' marks, one byte per value, up to seenTop when
	// seenPend (see foldSeen).
	seen     *[BitsetMax]byte
	SeenTop  uint32
	SeenPend bool
	InfOpts  []memo.Sgv // infinite option values
	Miss     []PosKey   // options' parts not known yet
	batch    int
	Cycle    bool // an option is on the search path
	// A run whose only missing options are single positions (emitted
	// while tracing) and that generated every option is resumed from its
	// mex bits and these positions once they are known, without running
	// the move rule again (package solve's fast).
	Tracing bool
	Pend    []PosKey
	Opaque  bool // a missing part of a sum, or of a fast loop's move
	Stopped bool // stopped after batch missing options
	// Where a stopped run goes on (cursor: a fast loop stopped at a point
	// it can start from, alternative stopAlt from value stopX), and where
	// this run starts (alternatives before skipAlt are done, and skipAlt's
	// fast loop starts at skipX); alt is the alternative running.
	Cursor, Skip bool
	Alt, StopAlt int32
	SkipAlt      int32
	StopX, SkipX int64
	Scanned      int64 // loop values the fast loops went through
	// mVal
	vals  []value.Value
	each  func([]value.Value) bool // ListOptions's each
	Parts *OptParts                // ListParts's options
	// MCollect
	col []keyRun
}

const BitsetMax = 1 << 16

func (gn *Gen) Reset(batch int) {
	gn.Miss, gn.col = gn.Miss[:0], gn.col[:0]
	gn.batch = batch
	gn.Cycle = false
	gn.Tracing, gn.Opaque, gn.Stopped = false, false, false
	gn.Cursor, gn.Skip, gn.Alt, gn.SkipAlt, gn.Scanned = false, false, 0, 0, 0
	gn.Pend = gn.Pend[:0]
	gn.InfOpts = gn.InfOpts[:0]
	gn.Big = gn.Big[:0]
}

// EmitSG records one option's SG value.
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
			gn.Big = append(gn.Big, v)
		}
	} else if v != memo.SgMissing {
		gn.InfOpts = append(gn.InfOpts, v)
	}
}

// Result computes the node's value from the options seen (mex, or the
// generalized rule when some options are infinite) and clears the set.
func (gn *Gen) Result() memo.Sgv {
	if gn.SeenPend && len(gn.InfOpts) == 0 && len(gn.Big) == 0 {
		// (The kernels' marks need not go into the bits first.)
		m := mexSeen(gn.AllBits(), gn.seen, gn.SeenTop, gn.Hi)
		gn.SeenPend, gn.SeenTop = false, 0
		clear(gn.Bits[:min(gn.Hi+1, len(gn.Bits))])
		gn.Hi = 0
		return m
	}
	gn.Settle()
	m := int32(memo.MexWords(gn.Bits[:min(gn.Hi+1, len(gn.Bits))]))
	if m >= BitsetMax && len(gn.Big) > 0 {
		m = memo.MexAbove(m, gn.Big)
	}
	var fin []int64
	if len(gn.InfOpts) > 0 {
		// A finite value m needs every infinite option to have an option of
		// value m (the player can always answer a move there).
		ok := true
		for _, v := range gn.InfOpts {
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
			for _, b := range gn.Big {
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

// EmitVal records one option's value.
func (gn *Gen) EmitVal(pos Pos, v value.Value) {
	gn.E.Edges++
	if !v.IsGame() {
		value.Fail(pos, "a move must be a game, found %s %s", v.TypeName(), value.Shown(v))
	}
	if gn.Parts != nil {
		gn.Parts.Value(v)
		gn.Parts.Ended(gn.Fr)
		return
	}
	gn.vals = append(gn.vals, v)
	if gn.each != nil && gn.each(gn.vals) {
		gn.Fr.Stop = true
	}
}

// Lookup returns the SG value of position r of g, or sgMissing (after
// recording it) when the search has yet to compute it.
func (gn *Gen) Lookup(g *Game, r uint64) memo.Sgv {
	s := g.State(r)
	if memo.Finished(s) {
		return memo.ValueOf(s)
	}
	switch gn.Mode {
	case MDirect:
		return gn.E.Solver.Solve(g, r)
	case MCollect:
		gn.col = append(gn.col, keyRun{g: g, k: r, n: 1})
		return memo.SgMissing
	case mVal:
		panic("eval: lookup in value mode")
	}
	if s != memo.StUnknown {
		gn.Cycle = true
		gn.Fr.Stop = true
		return memo.SgMissing
	}
	k := PosKey{g, r}
	if gn.Tracing {
		gn.Pend = append(gn.Pend, k)
	} else {
		gn.Opaque = true
	}
	for _, m := range gn.Miss {
		if m == k {
			return memo.SgMissing
		}
	}
	gn.Miss = append(gn.Miss, k)
	if len(gn.Miss) >= gn.batch {
		gn.Fr.Stop = true
		gn.Stopped = true
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
		rs, sweeps := gn.E.Solver.(RunSolver)
		sweeps = sweeps && run.d == 1 && run.g.Sweep != nil
		for j, k := int64(0), run.k; j < run.n; j, k = j+1, k+run.d {
			if sweeps && run.n-j > 1 {
				// (Those of the positions from k on that a sweep computes.)
				if m := rs.SweepRun(run.g, k, run.n-j); m > 0 {
					if j, k = j+m, k+uint64(m); j >= run.n {
						break
					}
				}
			}
			gn.E.Th.Direct.Lookup(run.g, k)
		}
	}
	gn.col = gn.col[:mark]
	return true
}

// ValueSG returns the SG value of a game value.
func (gn *Gen) ValueSG(pos Pos, v value.Value) memo.Sgv {
	switch v.K {
	case value.KNim:
		return memo.Sgv(v.N)
	case value.KPos:
		if p, ok := v.Ref.(*value.Position); ok && !p.HasRef && p.Game.(*Game).Fixed != nil {
			return gn.Lookup(p.Game.(*Game).SGRef(p.Args))
		}
		g, r := PosRef(v)
		return gn.Lookup(g, r)
	case value.KSum:
		acc := memo.Sgv(0)
		if sm := v.Ref.(*value.Sum); sm.Parts == nil && sm.Keys != nil {
			g := sm.Game.(*Game)
			for _, k := range sm.Keys {
				acc = gn.E.Add(acc, gn.Lookup(g, k))
			}
			return acc
		}
		for _, p := range v.Ref.(*value.Sum).Parts {
			acc = gn.E.Add(acc, gn.ValueSG(pos, p))
		}
		return acc
	case value.KInf:
		return gn.E.InfID(v.InfK())
	}
	if gn.Mode == MDirect || gn.Mode == MCollect {
		value.Fail(pos, "expected a game, found %s %s", v.TypeName(), value.Shown(v))
	}
	value.Fail(pos, "a move must be a game, found %s %s", v.TypeName(), value.Shown(v))
	return 0
}

// SgValue turns an sgv into the value sg returns.
func (e *Engine) SgValue(v memo.Sgv) value.Value {
	if v >= 0 {
		return value.Int(int64(v))
	}
	return value.InfValue(e.Infs[-v-1])
}

// StandIn is a game with SG value v: a nimber, or for an infinite value the
// value itself (sg and outcome accept it).
func (e *Engine) StandIn(v memo.Sgv) value.Value {
	if v >= 0 {
		return value.Nimber(int64(v))
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
		value.Fail(pos, "sg, outcome, moves or winning called inside move rules nest more than %d deep", maxLevels)
	}
	if e.Depth == len(e.levels) {
		e.levels = append(e.levels, &level{Gen: Gen{E: e, Mode: mSG}})
	}
	e.Depth++
	lv := e.levels[e.Depth-1]
	if gn := &lv.Gen; gn.Hi != 0 || len(gn.Bits) > 0 && gn.Bits[0] != 0 || gn.SeenPend {
		// Left by a search that ended in an error.
		gn.ClearBits()
	}
	return lv
}

func (e *Engine) Leave() { e.Depth-- }

// Restore puts a saved run's mex bits back in the gen (clear between
// runs) and emits its missing options, known now.
func (gn *Gen) Restore(words []uint64, pend []PosKey) {
	if len(gn.Bits) < len(words) {
		gn.Bits = append(gn.Bits, make([]uint64, len(words)-len(gn.Bits))...)
	}
	copy(gn.Bits, words)
	gn.Hi = len(words) - 1
	gn.InfOpts, gn.Big = gn.InfOpts[:0], gn.Big[:0]
	emitPend(gn, pend)
}

// emitPend emits the values of a saved run's missing options: single
// positions, and sums as a mark {nil, n<<32 | xor of the parts known then}
// followed by the n parts that were missing.
func emitPend(gn *Gen, pend []PosKey) {
	for i := 0; i < len(pend); i++ {
		k := pend[i]
		if k.G != nil {
			gn.EmitSG(k.G.State(k.R) - memo.FinBase)
			continue
		}
		n, v := int(k.R>>32), memo.Sgv(uint32(k.R))
		for _, p := range pend[i+1 : i+1+n] {
			v ^= p.G.State(p.R) - memo.FinBase
		}
		gn.EmitSG(v)
		i += n
	}
}

// Options returns the distinct option values of position r of g, in the
// order the move rule generates them.
func (e *Engine) Options(g *Game, r uint64) []value.Value {
	return slices.Clone(e.optionsTemp(g, r, nil, false))
}

// OptionsTemp is Options in a slice that the next call at the same
// listing depth reuses.
func (e *Engine) OptionsTemp(g *Game, r uint64) []value.Value { return e.optionsTemp(g, r, nil, false) }

// OptionsAnyOrder is OptionsTemp for a consumer that sees neither the
// order of the options nor their repeats (the loopy solver): they may
// come from the rule's kernel where its plan for the SG search reorders
// them (Game.RuleLists false: a rewrite for the SG search alone, exact
// for such a consumer; where the kernel meets an error, the rule runs).
func (e *Engine) OptionsAnyOrder(g *Game, r uint64) []value.Value {
	return e.optionsTemp(g, r, nil, true)
}

// optionsTemp is OptionsTemp made from own, the position's own arguments,
// when its key has a boxed part (nil: from the arguments the memo keeps
// for the key). Equal arguments that print differently (the sums *1 + *2
// and *2 + *1) make one key, whose memo keeps the arguments it was first
// made with; the options of a position a script holds are made from its
// arguments as written, so that moves(G) prints them as the script wrote
// them whatever was computed first.
func (e *Engine) optionsTemp(g *Game, r uint64, own []value.Value, anyOrder bool) []value.Value {
	th := e.Th
	k := PosKey{g, r}
	if slices.Contains(e.listing, k) {
		pos := g.Pos
		if n := len(th.Calls); n > 0 {
			pos = th.Calls[n-1]
		}
		value.Fail(pos, "the moves of %s are asked for while they are being listed (moves or winning of a position inside its own move rule)", PosText(g, r))
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
		slots = make([]value.Value, g.Nslots)
	}
	*fr = Frame{Slots: slots[:g.Nslots], Th: th, Gen: gn, base: -1}
	g.Load(fr, r)
	if own != nil && g.Boxed(r) {
		copy(fr.Slots[:g.NArgs], own)
	}
	gn.Fr = fr
	if r&memo.GenBit == 0 && g.Rule != nil && (g.RuleLists || anyOrder) && e.ruleOptions(g, r, fr, gn) {
		gn.Fr = nil
		return dedupe(gn.vals)
	}
	if r&memo.GenBit == 0 && g.GenValInt != nil {
		g.GenValInt(fr)
	} else {
		g.GenVal(fr)
	}
	gn.Fr = nil
	return dedupe(gn.vals)
}

// ruleOptions lists the options of position r of g (a packed key) from
// its rule's kernel (g.Rule) into gn's values, when each is a position of
// g with a packed key: the values the rule's run lists, the same steps
// and moves counted. It reports false, with nothing done, when the kernel
// cannot list them (the rule then runs).
func (e *Engine) ruleOptions(g *Game, r uint64, fr *Frame, gn *Gen) bool {
	keys, ok := g.Rule.Keys(fr, g, r, e.ruleKeys[:0])
	e.ruleKeys = keys
	if !ok || g.NArgs != 1 {
		return false
	}
	for _, k := range keys {
		if uint64(k) >= g.Lim {
			return false // (a negative argument packs otherwise)
		}
	}
	n := int64(len(keys))
	g.Rule.Ticks(fr, r, n)
	e.Edges += n
	for _, k := range keys {
		gn.vals = append(gn.vals, g.PackedPosition(uint64(k)))
	}
	return true
}

// dedupeChecked is dedupe for many or big values, checking the run's limits
// as it goes.
func (e *Engine) dedupeChecked(pos Pos, vs []value.Value) []value.Value {
	seen := make(map[string]bool, len(vs))
	out := vs[:0]
	var buf []byte
	for i, v := range vs {
		if i&63 == 0 {
			e.Th.CheckLimits(pos)
		}
		buf = value.AppendKey(buf[:0], v)
		if !seen[string(buf)] {
			seen[string(buf)] = true
			out = append(out, v)
		}
	}
	return out
}

func dedupe(vs []value.Value) []value.Value {
	if len(vs) < 2 {
		return vs
	}
	if len(vs) <= 8 {
		// Few options: compare them pairwise.
		out := vs[:1]
	next:
		for _, v := range vs[1:] {
			for _, o := range out {
				if value.Equal(o, v) {
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
		buf = value.AppendKey(buf[:0], v)
		if seen[string(buf)] {
			continue
		}
		seen[string(buf)] = true
		out = append(out, v)
	}
	return out
}

// NewGoGame makes a session's game from a Go definition.
func (e *Engine) NewGoGame(d *GameDef) *Game {
	g := e.NewGame(d.Name, Pos{}, d.Arity)
	g.doc = d.Doc
	g.Nslots = d.Arity
	g.Check = d.Check
	// Every use of a position as a game (its SG value, its moves, in a
	// sum, as an option of another game, streamed or made as a value,
	// from a script or from Go) reaches its options through opts: the
	// family's Check runs here, so that Options never sees arguments it
	// rejects, whichever path made the position. (A script's call that
	// makes a position as a value checks it at once too: CheckArity.)
	opts := func(fr *Frame) []value.Value {
		args := slices.Clone(fr.Slots[:d.Arity])
		if g.Check != nil {
			if err := g.CheckArgs(args); err != nil {
				p := g.PositionValue(args)
				fr.Th.FailHere("%s: %s", value.Shown(p), GoErrorText(p, err))
			}
		}
		vs, err := GoCall(func() ([]value.Value, error) { return d.Options(g, args) })
		if err != nil {
			p := g.PositionValue(args)
			fr.Th.FailHere("%s: %s", value.Shown(p), GoErrorText(p, err))
		}
		return vs
	}
	g.GenVal = func(fr *Frame) {
		for _, v := range opts(fr) {
			if !v.IsGame() {
				fr.Th.FailHere("the moves of %s (a game written in Go) include %s %s, which is not a game", value.Shown(g.PositionValue(slices.Clone(fr.Slots[:d.Arity]))), v.TypeName(), value.Shown(v))
			}
			fr.Gen.EmitVal(Pos{}, v)
		}
	}
	g.GenSG = func(fr *Frame) {
		for _, v := range opts(fr) {
			if !v.IsGame() {
				fr.Th.FailHere("the moves of %s (a game written in Go) include %s %s, which is not a game", value.Shown(g.PositionValue(slices.Clone(fr.Slots[:d.Arity]))), v.TypeName(), value.Shown(v))
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

// TakeBreakGame makes the session's game of take-and-break family t
// (see Solver).
func (e *Engine) TakeBreakGame(t *TakeBreak) *Game { return e.Solver.TakeBreakGame(t) }

// Moves returns the distinct options of game value v, in generation
// order; for a sum, part by part, each with the other parts unchanged.
func (e *Engine) Moves(v value.Value) []value.Value {
	switch v.K {
	case value.KNim:
		e.Th.Alloc(e.Th.callPos(), ElemsBytes(int(v.N)))
		out := make([]value.Value, v.N)
		for i := range out {
			out[i] = value.Nimber(int64(i))
		}
		return out
	case value.KPos:
		g, r := PosRef(v)
		var own []value.Value
		if p, ok := v.Ref.(*value.Position); ok && len(p.Args) == g.NArgs {
			own = p.Args
		}
		return slices.Clone(e.optionsTemp(g, r, own, false))
	}
	parts := v.Parts()
	var out []value.Value
	pos := e.Th.callPos()
	for i, p := range parts {
		for _, m := range e.Moves(p) {
			if len(out)&63 == 0 {
				e.Th.CheckLimits(pos) // each option here can be a big sum
			}
			// Each option is a sum as long as v.
			e.Th.Alloc(pos, ElemsBytes(len(parts)+1))
			gs := make([]value.Value, 0, len(parts))
			gs = append(gs, parts[:i]...)
			gs = append(gs, m)
			gs = append(gs, parts[i+1:]...)
			out = append(out, value.SumOf(gs))
		}
	}
	return e.dedupeChecked(pos, out)
}
