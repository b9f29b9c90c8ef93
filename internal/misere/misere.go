// Package misere owns misère play, where the player who makes the last
// move loses: Outcome, the misere(G) built-in, on top of package
// internal/engine's games and values.
//
// Misère outcomes do not add up like SG values, so misere(G) searches the
// game tree of the whole sum. A state of the search is a sum written as a
// sorted multiset of part ids (id, count); a part is a nimber or a position
// of a declared game, interned once per call. Parts without options (the
// zero game) are dropped, and a position whose game tree is exactly a nim
// heap *n is replaced by the nimber *n. The states are memoized; the search
// uses explicit stacks, so the Go stack never grows with the depth of the
// game.
//
// Three exact facts shorten the search (proved in spec.md's section on
// misère play; internal/eval/misere_test.go checks them, through scripts, against brute force):
//
//  1. Misère Nim (Bouton): a sum of nim heaps, all of size <= 1, is a loss
//     for the player to move iff the number of heaps *1 is odd; with some
//     heap >= 2, iff the xor of the sizes is 0.
//  2. Class C, the games all of whose followers (itself included) have SG
//     value 0 or 1: such a game G is a misère loss iff sg(G) == 1, and for
//     any sum N of nim heaps, G + N has the misère outcome of *sg(G) + N.
//     Parts in C and nimbers are "nim-like": a sum of nim-like parts is
//     decided by rule 1, a part in C counting as the heap *sg.
//  3. For every game U there is exactly one m >= 0 with U + *m a misère
//     loss: m = g(U), the misère Grundy value (g(0) = 1; otherwise the mex
//     of the values of the options). So U + *n with a big heap *n is a
//     loss iff g(U) == n, which needs the states of U only, not those of
//     U + *k for every k < n.
package misere

import (
	"encoding/binary"
	"math"
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/value"
)

// bigHeap is the least nimber size for which fact 3 replaces a search of
// the heap's moves by the misère Grundy value of the rest. Smaller heaps
// are searched directly: the win/lose search stops at the first winning
// move, the Grundy value needs every option.
const bigHeap = 8

// A mpart is a part of the sums misere searches: a nimber, or a position
// (its game and memo key, so that the position value itself can be
// garbage-collected). The table of parts holds no pointers, so the garbage
// collector need not scan it.
type mpart struct {
	r     uint64 // a position's key in its game; a nimber's size
	gi    int32  // a position's game (index in Engine.games); -1 for a nimber
	alias int32  // the canonical part: itself, a nimber, or -1 (the zero game)
	opt0  int32  // a position's options: ms.opts[opt0 : opt0+nopt]
	nopt  int32  //
	plike int8   // a position: 0 or 1 when it is in class C (acts as *plike), else -1
	state uint8  // exploration: mNew, mOpen (on the path), mDone
}

// size is a nimber's size, -1 for a position.
func (p *mpart) size() int64 {
	if p.gi < 0 {
		return int64(p.r)
	}
	return -1
}

const (
	mNew uint8 = iota
	mOpen
	mDone
)

func (ms *misere) part(id int32) *mpart { return ms.parts.at(id) }

// like says how a part acts among nimbers: as the heap *like (nimbers,
// and positions in class C), or -1 when it is not nim-like.
func (ms *misere) like(id int32) int64 {
	p := ms.part(id)
	if p.gi < 0 {
		return int64(p.r)
	}
	return int64(p.plike)
}

// value is the game value of a part, for messages.
func (ms *misere) Value(id int32) value.Value {
	p := ms.part(id)
	if p.gi < 0 {
		return value.Nimber(int64(p.r))
	}
	g := ms.e.Games[p.gi]
	if p.r&memo.GenBit == 0 && g.Lim > 0 {
		return g.PackedPosition(p.r)
	}
	return value.Value{K: value.KPos, Ref: &value.Position{Game: g, Args: g.Args(p.r), R: p.r, HasRef: true}}
}

// pc is one kind of part of a state and how many copies of it there are.
type pc struct {
	id int32
	n  int32
}

// addCount adds counts of copies of a part.
func (ms *misere) addCount(a, b int32) int32 {
	c := a + b
	if c < a {
		value.Fail(ms.pos, "misere: a sum with more than %d copies of one part is too large to search", math.MaxInt32)
	}
	return c
}

// mspan is an option of a position: a state in ms.pairs.
type mspan struct{ chunk, start, n int32 }

// chunked is a growing array in chunks of fixed size, so that growing never
// copies it (the tables of a search can hold tens of millions of entries)
// and pointers to its elements stay valid.
type chunked[T any] struct {
	chunks [][]T
	n      int32
}

const chunkBits = 14

func (c *chunked[T]) at(i int32) *T { return &c.chunks[i>>chunkBits][i&(1<<chunkBits-1)] }

func (c *chunked[T]) push(x T) int32 {
	if int(c.n>>chunkBits) == len(c.chunks) {
		c.chunks = append(c.chunks, make([]T, 1<<chunkBits))
	}
	i := c.n
	*c.at(i) = x
	c.n++
	return i
}

// arena holds the states of options: each in one piece of a chunk.
type arena struct {
	chunks [][]pc
}

// alloc returns room for a state of up to n parts.
func (a *arena) alloc(n int) (int32, int32, []pc) {
	k := len(a.chunks) - 1
	if k < 0 || cap(a.chunks[k])-len(a.chunks[k]) < n {
		a.chunks = append(a.chunks, make([]pc, 0, max(n, 1<<chunkBits)))
		k++
	}
	c := a.chunks[k]
	start := len(c)
	a.chunks[k] = c[:start+n]
	return int32(k), int32(start), c[start : start+n]
}

func (a *arena) Get(sp mspan) []pc {
	return a.chunks[sp.chunk][sp.start : sp.start+sp.n]
}

// pidx maps the positions of one game to part ids: paged arrays for
// packed keys (id+1, 0 for none), a map for the others.
type pidx struct {
	pages []*[memo.PageSize]int32
	gen   map[uint64]int32
}

type misere struct {
	th    *engine.Thread
	e     *engine.Engine
	pos   engine.Pos
	parts chunked[mpart]
	nims  map[int64]int32
	index []*pidx // by game id
	opts  chunked[mspan]
	pairs arena
	memo  map[string]int64 // >= 0 the misère Grundy value; mP or mN the outcome only
	buf   []byte
	tmp   []pc
	tmp2  []pc
}

// Memo values for states whose outcome only is known.
const (
	mP = -1
	mN = -2
)

// Outcome returns the outcome of a game under misère play: "N" when the
// player to move wins, "P" when the player to move loses. The game must be
// acyclic (every play ends).
func Outcome(th *engine.Thread, c *engine.Call, v value.Value) string {
	engine.NeedGame(c, "misere", v)
	ms := &misere{th: th, e: th.Engine, pos: c.Pos, nims: map[int64]int32{}, memo: map[string]int64{}}
	st := ms.start(v)
	ms.e.Current = nil // limit messages: the search is not computing one position
	if ms.lossOf(st) {
		return "P"
	}
	return "N"
}

// start interns the parts of v, explores every position reachable from
// them, and returns v's state.
func (ms *misere) start(v value.Value) []pc {
	var ids []int32
	for i, p := range v.Parts() {
		if i&1023 == 1023 {
			ms.th.Tick(ms.pos)
		}
		if id := ms.partOf(p); id >= 0 {
			ids = append(ids, id)
		}
	}
	for _, id := range ids {
		ms.explore(id)
	}
	var st []pc
	for _, id := range ids {
		if a := ms.part(id).alias; a >= 0 {
			st = append(st, pc{a, 1})
		}
	}
	return ms.normalize(st)
}

// normalize sorts a list of (id, count) and merges equal ids.
func (ms *misere) normalize(st []pc) []pc {
	slices.SortFunc(st, func(a, b pc) int { return int(a.id) - int(b.id) })
	out := st[:0]
	for _, x := range st {
		if n := len(out); n > 0 && out[n-1].id == x.id {
			out[n-1].n = ms.addCount(out[n-1].n, x.n)
		} else {
			out = append(out, x)
		}
	}
	return out
}

// nimID interns the nimber *n (n >= 1).
func (ms *misere) nimID(n int64) int32 {
	if id, ok := ms.nims[n]; ok {
		return id
	}
	id := ms.parts.n
	ms.parts.push(mpart{r: uint64(n), gi: -1, alias: id, plike: -1, state: mDone})
	ms.nims[n] = id
	return id
}

// partOf interns a part value: -1 for *0.
func (ms *misere) partOf(v value.Value) int32 {
	if v.K == value.KNim {
		if v.N == 0 {
			return -1
		}
		return ms.nimID(v.N)
	}
	g, r := engine.PosRef(v)
	for g.Id >= len(ms.index) {
		ms.index = append(ms.index, nil)
	}
	x := ms.index[g.Id]
	if x == nil {
		x = &pidx{}
		ms.index[g.Id] = x
	}
	var slot *int32
	if r&memo.GenBit == 0 {
		pg := r >> memo.PageBits
		for pg >= uint64(len(x.pages)) {
			x.pages = append(x.pages, nil)
		}
		if x.pages[pg] == nil {
			x.pages[pg] = new([memo.PageSize]int32)
		}
		slot = &x.pages[pg][r&(memo.PageSize-1)]
		if *slot > 0 {
			return *slot - 1
		}
	} else {
		if x.gen == nil {
			x.gen = map[uint64]int32{}
		}
		if id, ok := x.gen[r]; ok {
			return id
		}
	}
	ms.visit()
	id := ms.parts.n
	ms.parts.push(mpart{r: r, gi: int32(g.Id), alias: id, plike: -1})
	if slot != nil {
		*slot = id + 1
	} else {
		x.gen[r] = id
	}
	return id
}

// visit counts a new position or sum against the state limit.
func (ms *misere) visit() {
	e := ms.e
	e.States++
	if e.States > ms.th.Limits.MaxStates {
		e.States = 0
		panic(value.LimitError(ms.pos, "", "state limit reached: more than %d positions and sums of positions (misere); the game may be too large, or infinite", ms.th.Limits.MaxStates))
	}
}

// explore lists the options of every position reachable from part root,
// depth first with an explicit stack, and fails on a cycle.
func (ms *misere) explore(root int32) {
	if ms.part(root).state == mDone {
		return
	}
	stack := []int32{root}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		switch ms.part(id).state {
		case mDone:
			stack = stack[:len(stack)-1]
		case mOpen:
			ms.finish(id)
			stack = stack[:len(stack)-1]
		default:
			ms.part(id).state = mOpen
			ms.expand(id)
			p := ms.part(id)
			for i := p.nopt - 1; i >= 0; i-- {
				for _, c := range ms.pairs.Get(*ms.opts.at(p.opt0 + i)) {
					switch ms.part(c.id).state {
					case mNew:
						stack = append(stack, c.id)
					case mOpen:
						value.Fail(ms.pos, "misere needs a game without cycles: %s can be reached again from itself, so play can go on forever", value.Shown(ms.Value(c.id)))
					}
				}
			}
		}
	}
}

// expand lists the options of position id, as lists of the part ids
// (not canonical yet) in ms.pairs.
func (ms *misere) expand(id int32) {
	e := ms.e
	p := *ms.part(id)
	g := e.Games[p.gi]
	e.Current, e.CurrentR = g, p.r
	ms.th.Tick(ms.pos)
	vals := e.Options(g, p.r)
	opt0 := ms.opts.n
	for i, o := range vals {
		if i&255 == 255 {
			ms.th.Tick(ms.pos)
		}
		ps := o.Parts()
		chunk, start, st := ms.pairs.alloc(len(ps))
		n := 0
		for _, q := range ps {
			if c := ms.partOf(q); c >= 0 {
				st[n] = pc{c, 1}
				n++
			}
		}
		ms.opts.push(mspan{chunk, start, int32(n)})
	}
	ms.part(id).opt0 = opt0
	ms.part(id).nopt = int32(len(vals))
}

// finish makes the options of position id states of canonical parts
// (once its options are finished), drops repeated options, and decides
// whether the position is a nim heap, or in class C.
func (ms *misere) finish(id int32) {
	p := ms.part(id)
	var seen map[string]bool
	if p.nopt > 1 {
		seen = make(map[string]bool, p.nopt)
	}
	heap := true      // every option is *0 or a single nimber
	like := true      // every option's parts are nim-like with like <= 1
	var sizes []int64 // heap sizes of the options
	var sgs [2]bool   // SG values among the options (when like)
	kept := int32(0)
	for i := range p.nopt {
		sp := *ms.opts.at(p.opt0 + i)
		st := ms.pairs.Get(sp)
		k := 0
		for _, q := range st {
			if a := ms.part(q.id).alias; a >= 0 {
				st[k] = pc{a, q.n}
				k++
			}
		}
		st = ms.normalize(st[:k])
		sp.n = int32(len(st))
		if seen != nil {
			key := string(ms.Key(st))
			if seen[key] {
				continue
			}
			seen[key] = true
		}
		*ms.opts.at(p.opt0 + kept) = sp
		kept++
		switch {
		case len(st) == 0:
			sizes = append(sizes, 0)
		case len(st) == 1 && st[0].n == 1 && ms.part(st[0].id).gi < 0:
			sizes = append(sizes, int64(ms.part(st[0].id).r))
		default:
			heap = false
		}
		x := int64(0)
		for _, q := range st {
			l := ms.like(q.id)
			if l < 0 || l > 1 {
				like = false
				break
			}
			x ^= l & int64(q.n)
		}
		if like {
			sgs[x] = true
		}
	}
	p.state = mDone
	p.nopt = kept
	if heap {
		// A nim heap *n: its options are exactly *0 .. *(n-1) (copies of
		// the same heap are the same option).
		slices.Sort(sizes)
		sizes = slices.Compact(sizes)
		if n := int64(len(sizes)); n == 0 || sizes[n-1] == n-1 {
			p.alias = -1
			if n > 0 {
				p.alias = ms.nimID(n)
			}
			p.nopt = 0
			return
		}
	}
	if like {
		// In class C: its SG value is the mex of its options' (0 or 1).
		sg := 0
		for sg < 2 && sgs[sg] {
			sg++
		}
		if sg <= 1 {
			p.plike = int8(sg)
		}
	}
}

// key encodes a state for the memo (in ms.buf).
func (ms *misere) Key(st []pc) []byte {
	b := ms.buf[:0]
	for _, x := range st {
		b = binary.AppendUvarint(b, uint64(x.id))
		b = binary.AppendUvarint(b, uint64(x.n))
	}
	ms.buf = b
	return b
}

// likeRule decides a state of nim-like parts by misère Nim: whether it is a
// loss for the player to move, and its misère Grundy value.
func (ms *misere) likeRule(st []pc) (bool, int64, bool) {
	ones, x, big := int64(0), int64(0), false
	for _, q := range st {
		l := ms.like(q.id)
		switch {
		case l < 0:
			return false, 0, false
		case l == 0:
		case l == 1:
			ones ^= int64(q.n & 1)
			x ^= int64(q.n & 1)
		default:
			big = true
			if q.n&1 == 1 {
				x ^= l
			}
		}
	}
	if !big {
		// All heaps <= 1: a loss iff the number of *1 is odd; adding *1
		// makes the loss when it is even.
		return ones == 1, 1 - ones, true
	}
	return x == 0, x, true
}

// bigNim returns the index in st of its largest nimber of size >= bigHeap,
// or -1.
func (ms *misere) bigNim(st []pc) int {
	best, size := -1, int64(bigHeap-1)
	for i, q := range st {
		if s := ms.part(q.id).size(); s > size {
			best, size = i, s
		}
	}
	return best
}

// replaceInto writes into dst the state st with one copy of st[i] replaced
// by the parts add (sorted, canonical).
func (ms *misere) replaceInto(dst, st []pc, i int, add []pc) []pc {
	dst = dst[:0]
	j := 0
	for k, x := range st {
		if k == i {
			x.n--
			if x.n == 0 {
				continue
			}
		}
		for j < len(add) && add[j].id < x.id {
			dst = append(dst, add[j])
			j++
		}
		if j < len(add) && add[j].id == x.id {
			x.n = ms.addCount(x.n, add[j].n)
			j++
		}
		dst = append(dst, x)
	}
	return append(dst, add[j:]...)
}

// A mframe is a state being searched: for its outcome (can the player to
// move win?) or for its misère Grundy value.
type mframe struct {
	st   []pc
	key  string
	mg   bool  // computing the misère Grundy value
	pi   int   // the part being moved (index in st)
	oi   int64 // its next option (for a nimber, the size it goes to)
	wait int64 // how to read the child being searched (see request)
	seen []uint64
	over []int64 // Grundy values of options too large for seen
}

// nextOption writes the next option of f's state into ms.tmp.
func (ms *misere) nextOption(f *mframe) ([]pc, bool) {
	for f.pi < len(f.st) {
		p := ms.part(f.st[f.pi].id)
		if size := p.size(); size >= 0 {
			if f.oi < size {
				m := f.oi
				f.oi++
				var add []pc
				if m > 0 {
					add = []pc{{ms.nimID(m), 1}}
				}
				ms.tmp = ms.replaceInto(ms.tmp, f.st, f.pi, add)
				return ms.tmp, true
			}
		} else if f.oi < int64(p.nopt) {
			sp := *ms.opts.at(p.opt0 + int32(f.oi))
			f.oi++
			ms.tmp = ms.replaceInto(ms.tmp, f.st, f.pi, ms.pairs.Get(sp))
			return ms.tmp, true
		}
		f.pi++
		f.oi = 0
	}
	return nil, false
}

// request says what to compute about the option o of a frame: for a
// Grundy frame the option's Grundy value; for an outcome frame its
// outcome, or, when o holds a big nimber *n (and is not decided by misère
// Nim), the Grundy value of o without *n (wait = n; o is a loss iff that
// value is n). It returns the state to compute, whether it is a Grundy
// value, and wait (-1: no nimber taken out).
func (ms *misere) request(mg bool, o []pc) ([]pc, bool, int64) {
	if mg {
		return o, true, -1
	}
	if _, _, ok := ms.likeRule(o); ok {
		return o, false, -1
	}
	if i := ms.bigNim(o); i >= 0 {
		n := ms.part(o[i].id).size()
		ms.tmp2 = ms.replaceInto(ms.tmp2, o, i, nil)
		return ms.tmp2, true, n
	}
	return o, false, -1
}

// known returns what is known of a state without searching it: for a
// Grundy request the value, for an outcome request 0 (a loss) or 1 (a win).
func (ms *misere) known(st []pc, mg bool) (int64, bool) {
	if len(st) == 0 {
		// No move: the player to move has won; *1 added makes a loss.
		return 1, true
	}
	if loss, g, ok := ms.likeRule(st); ok {
		if mg {
			return g, true
		}
		return b2i(!loss), true
	}
	v, ok := ms.memo[string(ms.Key(st))]
	switch {
	case !ok:
		return 0, false
	case v >= 0 && mg:
		return v, true
	case v >= 0:
		return b2i(v != 0), true
	case v == mP:
		return 0, true // a loss: Grundy value 0
	case !mg:
		return 1, true
	}
	return 0, false
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// isLoss reads an option's result (see request): whether the option is a
// loss for the player to move in it.
func isLoss(r, wait int64) bool {
	if wait < 0 {
		return r == 0
	}
	return r == wait
}

// lossOf reports whether state st is a loss for the player to move.
func (ms *misere) lossOf(st []pc) bool {
	if r, ok := ms.known(st, false); ok {
		return r == 0
	}
	rst, mg, wait := ms.request(false, st)
	if r, ok := ms.known(rst, mg); ok {
		return isLoss(r, wait)
	}
	return isLoss(ms.search(slices.Clone(rst), mg), wait)
}

// search computes the outcome (0 a loss, 1 a win) or the misère Grundy
// value of a state, depth first with an explicit stack.
func (ms *misere) search(st []pc, mg bool) int64 {
	th := ms.th
	ms.visit()
	stack := []mframe{{st: st, key: string(ms.Key(st)), mg: mg}}
	var res int64
	have := false
	for {
		f := &stack[len(stack)-1]
		done, r := false, int64(0)
		if have {
			have = false
			done, r = ms.accept(f, res, f.wait)
		}
		for !done {
			o, ok := ms.nextOption(f)
			if !ok {
				done, r = true, ms.final(f)
				break
			}
			th.Tick(ms.pos)
			rst, cmg, wait := ms.request(f.mg, o)
			if v, ok := ms.known(rst, cmg); ok {
				done, r = ms.accept(f, v, wait)
				continue
			}
			f.wait = wait
			ms.visit()
			stack = append(stack, mframe{st: slices.Clone(rst), key: string(ms.Key(rst)), mg: cmg})
			break
		}
		if !done {
			continue // a child was pushed
		}
		f = &stack[len(stack)-1]
		switch {
		case f.mg:
			ms.memo[f.key] = r
		case r == 0:
			ms.memo[f.key] = mP
		default:
			ms.memo[f.key] = mN
		}
		stack = stack[:len(stack)-1]
		if len(stack) == 0 {
			return r
		}
		res, have = r, true
	}
}

// accept takes the result r of an option (read with wait). An outcome
// frame is done, a win, as soon as an option is a loss.
func (ms *misere) accept(f *mframe, r, wait int64) (bool, int64) {
	if !f.mg {
		if isLoss(r, wait) {
			return true, 1
		}
		return false, 0
	}
	if r < 1<<16 {
		w := int(r >> 6)
		if w >= len(f.seen) {
			f.seen = append(f.seen, make([]uint64, w+1-len(f.seen))...)
		}
		f.seen[w] |= 1 << (r & 63)
	} else {
		f.over = append(f.over, r)
	}
	return false, 0
}

// final is a frame's result once every option is known: for an outcome
// frame, a loss (no option is a loss); for a Grundy frame, the mex.
func (ms *misere) final(f *mframe) int64 {
	if !f.mg {
		return 0
	}
	m := int64(memo.MexWords(f.seen))
	if m == 1<<16 && len(f.over) > 0 {
		m = memo.MexAbove(m, f.over)
	}
	return m
}
