package solve

import (
	"cmp"
	"fmt"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
	"hash/maphash"
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/hashset"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/partkey"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/ttable"
	"github.com/grundy-lang/grundy/internal/value"
)

// The pruned search: the SG value of one large position without the
// values of all the positions below it.
//
// The plain search computes every position its position reaches, each
// once (the memo keeps them all): a board of 30 cells reaches millions of
// shapes. But the mex of a position's options needs only which small
// values occur among them, and whether an option has a given value is
// often settled by a search that stops at the first move that decides it.
// This is the method of Beling and Rogalski (On pruning search trees of
// impartial games, Artificial Intelligence 283, 2020), which refines the
// one of Lemoine and Viennot (Nimbers are inevitable, Theoretical
// Computer Science 462, 2012):
//
//   - inSet(G, R) is G's value when it lies in the set R of values asked
//     for, or notIn. G's value is among P = {0, ..., n} for n options (a
//     mex of n values); each option crosses one value out of P: its own
//     when P has it, else the largest (nimset.drop), and the one left at
//     the end is the mex. An option is asked only whether its value is
//     among P without its largest value and without values above R's
//     largest (an answer "no" crosses out the largest, which is right
//     unless the option's value was above R's largest: then the value left
//     is right when it is not above R's largest); the search stops as soon
//     as P and R have no value in common.
//   - value(G), at the top: for k = 0, 1, ..., whether some option has
//     value k, asking each option inSet(option, {k}) until one has; the
//     first k no option has is G's value.
//   - An option is a sum: its parts whose values are known are one
//     nimber, two equal parts cancel (G + G = 0), the other parts but the
//     largest get their exact values (inSet with every value asked for),
//     and the largest is asked for the values xored with the rest.
//   - Options are tried smallest first; the exact values found, and for
//     an answer notIn the small values the position was found not to
//     have (excludeMask), are kept in a transposition table within the
//     memory limit (ttable): a question asked again of a position whose
//     table entry rules out every value asked is answered at once.
//
// Every answer is exact: the search changes only how many positions are
// computed. On cycles, infinite values or a rule's errors it gives up,
// and the plain search meets them as it would have; a game whose rule
// may fail by its values (resolve.MayFail) it never takes, since an
// error of a position it skips would not be met.

// PrunedAfter is how many positions a search from the top visits before
// it hands its position to the pruned search (0: never; tests lower it).
var PrunedAfter int64 = 256

// The pruned search gives up, and the plain search runs (for the game
// from then on), when it is wasteful: after sumsMin expansions, more than
// 1.5 a position without an option that is a sum of parts (it pays where
// moves split positions; heaps of Nim as sorted lists took 95 s against
// the plain search's 1 s), or more than wasteRatio a position after
// wasteMin whatever the options (boards expand each 1.2 to 1.3 times).
const wasteful = "positions expanded again and again"

var (
	sumsMin    int64 = 1 << 10
	wasteMin   int64 = 1 << 14
	wasteRatio int64 = 4
)

// PrunedAnyRule makes the pruned search take the games whose options are
// never sums (engine.Game.NoSums) too; tests set it, to search every shape.
var PrunedAnyRule = false

// PrunedMayFail makes the pruned search take the games whose rules may
// fail by their values too (resolve.MayFail; tests, which compare the
// shapes of such rules with the plain search where the errors are met).
var PrunedMayFail = false

// PrunedLists makes the search list options as rows where the rule can
// (Game.GenParts); tests clear it.
var PrunedLists = true

// prunedMaxDepth bounds the search's nesting (Go stack; deeper, it gives up).
const prunedMaxDepth = 1 << 13

// notIn is inSet's answer when the value is not among those asked for.
const notIn = -1

// prunedAbort is the panic by which the pruned search gives up.
type prunedAbort struct{ why string }

// pruner is a pruned search: its table (kept between searches of a run),
// and its working space at each depth.
type pruner struct {
	e       *search
	running bool                  // a pruned search is running
	off     map[*engine.Game]bool // the games whose search gave up as wasteful: the plain search computes their positions
	// mayFail: whether a game's rule may fail by its values, by its
	// declaration (resolve.MayFail): the pruned search leaves those to
	// the plain search, which evaluates it at every position.
	mayFail map[*lang.GameStmt]bool
	tt      *ttable.Table
	levels  []*plevel
	depth   int
	path    hashset.Path // the hashes of the positions being expanded
	seed    maphash.Seed
	idx     partkey.Index // the memos' positions by their keys
	// What the search did: positions expanded, and for the progress
	// reports, the position asked for and the value it has at least.
	expanded int64
	distinct hashset.Set // the positions expanded by this top (hashes)
	sums     int64       // the options of two or more parts it met
	root     string
	game     string
	atLeast  int32
	// The program whose values the table took from the checkpoint file,
	// and its puts when it was last saved there (prunedcp.go).
	restored  string
	savedPuts int64
	saveErr   *value.RuntimeError // a save that failed, raised through the search
}

// pcomp is a part of an option: a position of a game, by its packed key
// (args nil) or its arguments; its key for the table in its level's
// arena; its size, for the order of the search.
type pcomp struct {
	g      *engine.Game
	r      uint64
	args   []value.Value
	rows   []uint64 // (args nil) its one argument's cells, as listed (engine.OptParts)
	k0, k1 int32
	size   int64
}

// popt is an option: the xor of its known parts, and its other parts,
// parts[p0 : p0+n] of its level, the largest first once reduced.
type popt struct {
	nim     int32
	p0, n   int32
	reduced bool
	cost    int64
}

// plevel is the working space of one expansion.
type plevel struct {
	vals  []value.Value
	opts  []popt
	parts []pcomp
	keys  []byte
	order []int32
	p, q  []uint64
	list  engine.OptParts // the options, when the game lists parts (engine.Game.GenParts)
	// While the options are listed for inSet (ask): the values asked
	// for (req) and those the table rules out (not); the values below
	// notBits of the options known so far (seen); how many of list's
	// options are in opts (done); stopped once the known options rule
	// out every value asked (the options after them are not listed).
	ask, stopped bool
	req          request
	not, seen    uint32
	done         int
	lists        bool
	each         func() bool
	eachVal      func([]value.Value) bool
}

func (p *pruner) key(lv *plevel, c *pcomp) []byte { return lv.keys[c.k0:c.k1] }

// value computes position r of g by the pruned search, after a plain
// search capped at PrunedAfter positions did not finish. It reports false
// when the pruned search gave up (the caller runs the plain search), or
// when the capped search found a cycle.
func (p *pruner) value(g *engine.Game, r uint64) (v memo.Sgv, ok bool) {
	e := p.e
	e.capStates, e.capLevel, e.hitCap = e.States+PrunedAfter, e.Depth+1, false
	done := func() bool {
		defer func() { e.capStates = 0 }()
		return e.fast(g, r)
	}()
	if done {
		return memo.ValueOf(g.State(r)), true
	}
	if !e.hitCap {
		return 0, false // a cycle: the loopy solver's
	}
	// (The positions the capped search finished stay known, and counted.)
	states := e.States
	if p.tt == nil {
		th := e.Th
		p.tt = ttable.New(th.Limits.MaxMemory/6, func(n int64) { engine.AllocIf(th, g.Pos, n) })
	}
	p.restore(g.Pos)
	at := markRun(e.Engine)
	defer func() {
		if x := recover(); x != nil {
			if re, ok := x.(*value.RuntimeError); ok && re == p.saveErr {
				p.saveErr = nil
				panic(re) // (the checkpoint's, not the game's)
			}
			if _, ok := x.(prunedAbort); !ok {
				rethrow(e.Th, x)
			}
			// Given up: the plain search runs, as it would have (and
			// from now on for the game, when the search was wasteful).
			// (Or a rule's error the plain search meets again.)
			if a, _ := x.(prunedAbort); a.why == wasteful {
				if p.off == nil {
					p.off = map[*engine.Game]bool{}
				}
				p.off[g] = true
			}
			at.restore(e.Engine)
			p.depth, p.path = 0, hashset.Path{}
			e.States = states
			v, ok = 0, false
		}
	}()
	v = p.top(g, r)
	g.SetState(r, memo.StateOf(v))
	return v, true
}

// fits reports whether position r of g is one the pruned search
// takes: asked for at the top level, of a game whose positions have
// arguments that are not all small ints (those have the plain search's
// ladder, sweeps and periods) and whose options may be sums.
func (p *pruner) fits(g *engine.Game, r uint64) bool {
	e := p.e
	return e.On&passes.Pruned != 0 && PrunedAfter > 0 && e.Depth == 0 && !e.journal.on && !p.running && !p.off[g] && (!g.NoSums || PrunedAnyRule) &&
		r&memo.GenBit != 0 && g.Tuples == nil && g.TupleOf == nil && g.Periodic == nil && g.Probes == nil && (PrunedMayFail || !p.fails(g))
}

// fails is resolve.MayFail of g's rule, found once a declaration.
func (p *pruner) fails(g *engine.Game) bool {
	f, ok := p.mayFail[g.Decl]
	if !ok {
		if p.mayFail == nil {
			p.mayFail = map[*lang.GameStmt]bool{}
		}
		f = resolve.MayFail(g.Decl)
		p.mayFail[g.Decl] = f
	}
	return f
}

// top is the value of the position r of g.
func (p *pruner) top(g *engine.Game, r uint64) int32 {
	th := p.e.Th
	p.running = true
	doing := th.Doing
	p.root, p.game, p.atLeast = engine.PosText(g, r), g.GName, 0
	p.expanded, p.distinct, p.sums = 0, hashset.Set{Room: func(n int64) { engine.AllocIf(th, g.Pos, n) }}, 0
	th.Doing = func() string {
		s := fmt.Sprintf("searching the value of %s (at least %d; %d values kept)", p.root, p.atLeast, p.tt.Len())
		if doing != nil {
			return doing() + ", " + s
		}
		return s
	}
	if th.Prog != nil && !th.Prog.Busy() {
		th.Prog.BeginUnits()
		defer th.Prog.EndUnits()
	}
	defer func() { p.running, th.Doing = false, doing }()
	p.depth, p.path = 0, hashset.Path{}
	p.idx.Reset()
	c := pcomp{g: g, args: g.Args(r)}
	k := p.appendKey(nil, &c)
	if v, ok := p.tt.Get(k); ok && v >= 0 {
		return v
	}
	return p.aspire(c, k)
}

// level is the working space of the next expansion.
func (p *pruner) level() *plevel {
	for len(p.levels) <= p.depth {
		p.levels = append(p.levels, &plevel{})
	}
	return p.levels[p.depth]
}

// aspire is value(G) (see above) of c, whose key is k.
func (p *pruner) aspire(c pcomp, k []byte) int32 {
	lv := p.expand(&c, k, nil, 0)
	defer p.leave()
	skip := nimset(fill(lv.p, int32(len(lv.opts))))
	clear(skip)
	lv.p = skip
	for _, i := range lv.order {
		if o := &lv.opts[i]; o.n == 0 && o.nim <= int32(len(lv.opts)) {
			skip.add(o.nim)
		}
	}
	order := lv.order
	for result := int32(0); ; result++ {
		p.atLeast = result
		if skip.has(result) {
			continue
		}
		found := false
		for j := 0; j < len(order); {
			o := &lv.opts[order[j]]
			if o.n == 0 {
				j++
				continue
			}
			y, main := p.reduce(lv, o)
			single := nimset(grow(lv.q, int(result>>6)+1))
			clear(single)
			single.add(result)
			lv.q = single
			w := p.inSet(main, p.key(lv, &main), requestOf(single, y))
			if w == notIn {
				j++
				continue
			}
			order = slices.Delete(order, j, j+1)
			if w^y == result {
				found = true
				break
			}
			if x := w ^ y; x <= int32(len(lv.opts)) {
				skip.add(x)
			}
		}
		if !found {
			p.tt.Put(k, result)
			return result
		}
	}
}

// inSet is inSet(G, R) (see above) of c, whose key is k: its value when
// it is asked for by q, else notIn (or its value, when the search found it
// anyway).
func (p *pruner) inSet(c pcomp, k []byte, q request) int32 {
	v, ok, not := p.known(&c, k)
	if ok {
		return v
	}
	if not != 0 && q.within(not) {
		return notIn
	}
	lv := p.expand(&c, k, &q, not)
	defer p.leave()
	if lv.stopped {
		// Its value is none of its options' (seen), and none of them
		// is asked for.
		p.tt.Exclude(k, (not|lv.seen)&(1<<notBits-1))
		return notIn
	}
	n := int32(len(lv.opts))
	// The values c may still have.
	P := fill(lv.p, n)
	lv.p = P
	for _, o := range lv.opts {
		if o.n == 0 {
			P.drop(o.nim)
		}
	}
	exact := true
	for _, i := range lv.order {
		o := &lv.opts[i]
		if o.n == 0 {
			continue
		}
		if !q.meets(P, not) {
			return p.exclude(k, not, P, q)
		}
		y, main := p.reduce(lv, o)
		// Asked: the values of P but its largest, up to the largest asked.
		s := nimset(grow(lv.q, len(P)))
		copy(s, P)
		s.del(s.max())
		if !q.all {
			s.below(q.top)
		}
		lv.q = s
		w := p.inSet(main, p.key(lv, &main), requestOf(s, y))
		if w == notIn {
			P.del(P.max())
			exact = false
		} else {
			P.drop(w ^ y)
		}
	}
	v = P.min()
	if exact || v <= q.top {
		p.tt.Put(k, v)
		return v
	}
	return p.exclude(k, not, P, q)
}

// exclude records what inSet learnt of the position with key k when its
// answer is notIn: besides the values not (known before), its value is
// none of 0 .. q.top that P, the values it could still have, lacks (it
// is one of P's, or above q.top). It returns notIn.
func (p *pruner) exclude(k []byte, not uint32, P nimset, q request) int32 {
	p.tt.Exclude(k, excludeMask(not, P, q))
	return notIn
}

// excludeMask is the mask exclude records.
func excludeMask(not uint32, P nimset, q request) uint32 {
	top := min(q.top, notBits-1)
	mask := not | (uint32(1)<<(top+1) - 1)
	if len(P) > 0 {
		mask &^= uint32(P[0])
	}
	return mask & (1<<notBits - 1)
}

// reduce makes option o one part (its largest) and a nimber: the exact
// values of its other parts are xored into it. It returns the nimber and
// the part.
func (p *pruner) reduce(lv *plevel, o *popt) (int32, pcomp) {
	parts := lv.parts[o.p0 : o.p0+o.n]
	if !o.reduced {
		o.reduced = true
		big := 0
		for i := range parts {
			if parts[i].size > parts[big].size {
				big = i
			}
		}
		parts[0], parts[big] = parts[big], parts[0]
		for i := len(parts) - 1; i >= 1; i-- {
			o.nim ^= p.inSet(parts[i], p.key(lv, &parts[i]), everything)
			o.n--
		}
	}
	return o.nim, lv.parts[o.p0]
}

// known is the value of c when the table or the memo has it; else the
// values the table knows it has not (a mask of 0 .. notBits-1). A value the
// memo has from the loopy solver, or a position waiting for it, makes the
// search give up.
func (p *pruner) known(c *pcomp, k []byte) (int32, bool, uint32) {
	v, ok := p.tt.Get(k)
	if ok && v >= 0 {
		return v, true, 0
	}
	var not uint32
	if ok {
		not = uint32(^v)
	}
	g := c.g
	r, ok := c.r, c.args == nil && c.rows == nil
	if !ok {
		r, ok = p.idx.Find(g, k, c.args, c.rows)
	}
	if !ok {
		return 0, false, not
	}
	switch s := g.State(r); {
	case s >= memo.FinBase:
		return s - memo.FinBase, true, 0
	case memo.Finished(s) || s == memo.StLoopy || g.IsLoopy(r):
		panic(prunedAbort{"a position of a game with cycles"})
	}
	return 0, false, not
}

// expand lists the options of c, whose key is k, in the next level, in
// the order they are tried (level.order); known parts are folded into
// their options' nimbers. When q is not nil (inSet's request, not the
// values the table rules out), the listing stops (level.stopped) as soon
// as the options known rule out every value asked for: the answer is
// notIn, whatever the options not listed. The caller calls leave() when
// it is done with the level.
func (p *pruner) expand(c *pcomp, k []byte, q *request, not uint32) *plevel {
	e, th := p.e, p.e.Th
	if p.depth >= prunedMaxDepth {
		panic(prunedAbort{"too deep"})
	}
	h := maphash.Bytes(p.seed, k)
	if p.path.Has(h) {
		panic(prunedAbort{"a cycle"})
	}
	p.path.Push(h)
	e.States++
	p.expanded++
	p.distinct.Add(h)
	if n := int64(p.distinct.Len()); p.expanded > wasteMin && p.expanded > wasteRatio*n || p.expanded > sumsMin && p.sums == 0 && 2*p.expanded > 3*n {
		panic(prunedAbort{wasteful})
	}
	if e.States > th.Limits.MaxStates {
		e.States = 0
		panic(value.LimitError(c.g.Pos, "--max-states", "state limit reached: more than %d positions (computing %s); the game's state graph may be infinite", th.Limits.MaxStates, p.root))
	}
	if p.expanded&63 == 0 {
		th.Tick(c.g.Pos)
		if th.Ctx != nil {
			th.Poll(c.g.Pos)
		}
		if p.saveDue() {
			if err := saveCheckpoint(e); err != nil {
				re := err.(*value.RuntimeError)
				re.Pos, p.saveErr = c.g.Pos, re
				panic(re)
			}
		}
		if th.Prog != nil {
			th.Prog.TickUnits(p.expanded, "positions searched", func() string {
				return fmt.Sprintf("a position of %s: value at least %d; %d values kept", p.game, p.atLeast, p.tt.Len())
			})
		}
	}
	lv := p.level()
	p.depth++
	if c.rows != nil {
		c.args = []value.Value{value.CellSet(c.rows)}
	}
	lists := PrunedLists && c.g.GenParts != nil && c.args != nil
	lv.opts, lv.parts, lv.keys, lv.order = lv.opts[:0], lv.parts[:0], lv.keys[:0], lv.order[:0]
	lv.ask, lv.stopped, lv.seen, lv.done, lv.lists = q != nil, false, 0, 0, lists
	if q != nil {
		lv.req, lv.not = *q, not
	}
	if lists {
		if lv.each == nil {
			lv.each = func() bool { return p.listed(lv) }
		}
		lv.list.Each = lv.each
		e.ListParts(c.g, c.args, &lv.list)
		lv.list.Each = nil
	} else {
		if lv.eachVal == nil {
			lv.eachVal = func(vals []value.Value) bool { return p.listedVals(lv, vals) }
		}
		lv.vals = e.ListOptions(c.g, c.r, c.args, lv.vals[:0], lv.eachVal)
	}
	n := len(lv.vals)
	if lists {
		n = len(lv.list.Opts)
	}
	for ; lv.done < n && !lv.stopped; lv.done++ {
		p.take(lv)
	}
	if lv.stopped {
		return lv
	}
	if len(lv.order) > 32 {
		slices.SortStableFunc(lv.order, func(a, b int32) int { return cmp.Compare(lv.opts[a].cost, lv.opts[b].cost) })
	}
	for i := 1; i < len(lv.order) && len(lv.order) <= 32; i++ { // (stable)
		for j := i; j > 0 && lv.opts[lv.order[j]].cost < lv.opts[lv.order[j-1]].cost; j-- {
			lv.order[j], lv.order[j-1] = lv.order[j-1], lv.order[j]
		}
	}
	return lv
}

// listed is told by the listing (engine.OptParts.Each) that an option
// is whole: the options listed so far are taken into the level, up to
// the first value with a position the plain search is to compute (it
// waits for the listing's end: the search does not run within a
// listing). It reports whether to stop.
func (p *pruner) listed(lv *plevel) bool {
	for !lv.stopped && lv.done < len(lv.list.Opts) && (lv.list.Opts[lv.done].V.K == value.KNone || !solves(lv.list.Opts[lv.done].V)) {
		p.take(lv)
		lv.done++
	}
	return lv.stopped
}

// listedVals is listed for options listed as values (vals, so far): up to
// the first that has a position the plain search is to compute.
func (p *pruner) listedVals(lv *plevel, vals []value.Value) bool {
	lv.vals = vals
	for !lv.stopped && lv.done < len(vals) && !solves(vals[lv.done]) {
		p.take(lv)
		lv.done++
	}
	return lv.stopped
}

// solves reports whether option v has a part that parts gives the plain
// search (a position of small ints).
func solves(v value.Value) bool {
	switch v.K {
	case value.KPos:
		if _, ok := v.Ref.(*engine.Game); ok {
			return true
		}
		pos := v.Ref.(*value.Position)
		_, ok := pos.Game.(*engine.Game).Packed(pos.Args)
		return ok
	case value.KSum:
		for _, part := range v.Parts() {
			if solves(part) {
				return true
			}
		}
	}
	return false
}

// take adds the option lv.done of the listing to the level (its parts of
// unknown value, the xor of the others, its cost) and sets lv.stopped
// when it is known and the values known rule out every value asked.
func (p *pruner) take(lv *plevel) {
	i := lv.done
	p0 := len(lv.parts)
	var nim int32
	if !lv.lists {
		nim = p.parts(lv, lv.vals[i])
	} else if o := lv.list.Opts[i]; o.V.K != value.KNone {
		nim = p.parts(lv, o.V)
	} else {
		nim = p.rowsParts(lv, o)
	}
	n := len(lv.parts) - p0
	if n >= 2 {
		p.sums++
	}
	n = p.cancel(lv, p0, n)
	lv.parts = lv.parts[:p0+n]
	o := popt{nim: nim, p0: int32(p0), n: int32(n)}
	for _, part := range lv.parts[p0:] {
		o.cost += part.size * part.size
	}
	lv.opts = append(lv.opts, o)
	lv.order = append(lv.order, int32(i))
	if n == 0 && nim < notBits {
		lv.seen |= 1 << nim
		if lv.ask && lv.req.within(lv.not|lv.seen) {
			lv.stopped = true
		}
	}
}

// rowsParts appends option o's parts of unknown value; returns the others' xor.
func (p *pruner) rowsParts(lv *plevel, o engine.PartsOpt) int32 {
	x := int32(0)
	for _, rp := range lv.list.Parts[o.P0 : o.P0+o.N] {
		c := pcomp{g: rp.G, rows: lv.list.Rows[rp.W0:rp.W1]}
		c.k0 = int32(len(lv.keys))
		lv.keys, c.size = partkey.AppendRows(lv.keys, c.g, c.rows)
		c.k1 = int32(len(lv.keys))
		if v, ok, _ := p.known(&c, p.key(lv, &c)); ok {
			lv.keys = lv.keys[:c.k0]
			x ^= v
			continue
		}
		lv.parts = append(lv.parts, c)
	}
	return x
}

// leave ends the expansion of the position expanded last.
func (p *pruner) leave() {
	p.depth--
	p.path.Pop()
}

// parts appends to the level the parts of option v whose values are not
// known, and returns the xor of the others.
func (p *pruner) parts(lv *plevel, v value.Value) int32 {
	switch v.K {
	case value.KNim:
		if v.N < 0 || v.N > 1<<30 {
			panic(prunedAbort{"a large nimber"})
		}
		return int32(v.N)
	case value.KPos:
		c := pcomp{}
		if g, ok := v.Ref.(*engine.Game); ok {
			c.g, c.r = g, uint64(v.N)
		} else {
			pos := v.Ref.(*value.Position)
			c.g = pos.Game.(*engine.Game)
			if r, ok := c.g.Packed(pos.Args); ok {
				c.r = r
			} else {
				c.args = pos.Args
			}
		}
		if c.args == nil {
			// A position of small ints: the plain search's (its ladder
			// for deep chains, its periods), into the memo.
			x := p.e.Solve(c.g, c.r)
			if x < 0 {
				panic(prunedAbort{"an infinite value"})
			}
			return x
		}
		c.k0 = int32(len(lv.keys))
		lv.keys = p.appendKey(lv.keys, &c)
		c.k1 = int32(len(lv.keys))
		if x, ok, _ := p.known(&c, p.key(lv, &c)); ok {
			lv.keys = lv.keys[:c.k0]
			return x
		}
		lv.parts = append(lv.parts, c)
		return 0
	case value.KSum:
		x := int32(0)
		for _, part := range v.Parts() {
			x ^= p.parts(lv, part)
		}
		return x
	}
	panic(prunedAbort{"an infinite value"})
}

// appendKey appends to b the key of c (partkey.Append) and sets its
// size.
func (p *pruner) appendKey(b []byte, c *pcomp) []byte {
	b, c.size = partkey.Append(b, c.g, c.r, c.args)
	return b
}

// cancel removes the pairs of equal parts among the n parts of the level
// from p0 (G + G = 0) and returns how many are left.
func (p *pruner) cancel(lv *plevel, p0, n int) int {
	if n < 2 {
		return n
	}
	parts := lv.parts[p0 : p0+n]
	for i := 0; i < len(parts); i++ {
		for j := i + 1; j < len(parts); j++ {
			if string(p.key(lv, &parts[i])) == string(p.key(lv, &parts[j])) {
				parts = slices.Delete(parts, j, j+1)
				parts = slices.Delete(parts, i, i+1)
				i--
				break
			}
		}
	}
	return len(parts)
}
