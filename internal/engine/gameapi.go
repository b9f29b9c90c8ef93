package engine

// The operations on game values that built-ins use: SG values, outcomes,
// options, winning options and remoteness.

import (
	"cmp"
	"slices"

	"github.com/grundy-lang/grundy/internal/loopy"
)

// sgOf returns the SG value of a game value (or of an infinite SG value
// standing in for a game).
func (th *Thread) sgOf(c *Call, v Value) Sgv {
	if !v.IsGame() && v.K != KInf {
		name := c.Name
		if name == "" {
			name = "this"
		}
		NeedGame(c, name, v)
	}
	return th.Direct.ValueSG(c.Pos, v)
}

// needGame fails unless v is a game: a position, a nimber or a sum. A game
// family (the name of a game, not called) gets the hint to call it.
func NeedGame(c *Call, name string, v Value) {
	if v.IsGame() {
		return
	}
	if v.K == KFunc {
		if g, ok := v.Ref.(*Game); ok {
			c.ArgFail(0, "%s needs a game, found the game family %s: call it with its arguments, as in %s(...)", name, g.Name(), g.Name())
		}
	}
	c.ArgFail(0, "%s needs a game, found %s %s", name, v.TypeName(), Shown(v))
}

// SG returns the (generalized) Sprague-Grundy value of a game: an int, or
// an infinite value ∞K.
func (th *Thread) SG(c *Call, v Value) Value {
	return th.Engine.SgValue(th.sgOf(c, v))
}

func (e *Engine) Outcome(v Sgv) string {
	switch {
	case v == 0:
		return "P"
	case v > 0:
		return "N"
	}
	if k := e.Infs[-v-1]; len(k) > 0 && k[0] == 0 {
		return "N"
	}
	return "D"
}

// Outcome returns "N", "P" or "D".
func (th *Thread) Outcome(c *Call, v Value) string {
	return th.Engine.Outcome(th.sgOf(c, v))
}

// Moves returns the distinct options of a game, in generation order; for a
// sum, part by part, each with the other parts unchanged.
func (th *Thread) Moves(c *Call, v Value) []Value {
	NeedGame(c, "moves", v)
	return th.Engine.Moves(v)
}

func (e *Engine) Moves(v Value) []Value {
	switch v.K {
	case KNim:
		e.Th.alloc(e.Th.callPos(), elemsBytes(int(v.N)))
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
			e.Th.alloc(pos, elemsBytes(len(parts)+1))
			gs := make([]Value, 0, len(parts))
			gs = append(gs, parts[:i]...)
			gs = append(gs, m)
			gs = append(gs, parts[i+1:]...)
			out = append(out, SumOf(gs))
		}
	}
	return e.dedupeChecked(pos, out)
}

// Winning returns the options that win for the player who moves there
// (the P-positions among the options), in the order moves lists them;
// for a position on or above a cycle, ordered by remoteness (stable), so
// that always taking the first one ends the game: a P-option of an
// N-position may only keep the win, letting the opponent move back.
func (th *Thread) Winning(c *Call, v Value) []Value {
	e := th.Engine
	out := []Value{}
	if e.Outcome(th.sgOf(c, v)) != "N" {
		return out
	}
	for _, o := range th.Moves(c, v) {
		if th.Direct.ValueSG(c.Pos, o) == 0 {
			out = append(out, o)
		}
	}
	if len(out) > 1 && e.touchesLoopy(v) {
		rem := make(map[string]int32, len(out))
		for _, o := range out {
			r, ok := e.tryRemoteness(o, remoteCap)
			if !ok {
				return out // too large to order: move order
			}
			rem[string(AppendKey(nil, o))] = r
		}
		slices.SortStableFunc(out, func(a, b Value) int {
			return cmp.Compare(rem[string(AppendKey(nil, a))], rem[string(AppendKey(nil, b))])
		})
	}
	return out
}

// BestMove returns the winning option with the smallest remoteness (the
// first such in move order), and false when there is none. In a game with
// cycles some winning options only keep the win (the opponent can return);
// always taking the best move ends the game, because remoteness falls by
// at least one every two moves.
func (th *Thread) BestMove(c *Call, v Value) (Value, bool) {
	win := th.Winning(c, v)
	if len(win) == 0 {
		return None, false
	}
	best, bestR := win[0], int32(-1)
	for _, o := range win {
		if r, ok := th.Engine.tryRemoteness(o, remoteCap); ok && (bestR < 0 || r < bestR) {
			best, bestR = o, r
		}
	}
	return best, true
}

// Remoteness returns the number of moves to the end under optimal play
// (the winner hurrying, the loser delaying), or none for a draw.
func (th *Thread) Remoteness(c *Call, v Value) Value {
	th.sgOf(c, v)
	r := th.Engine.remotenessAt(c.Pos, v)
	if r < 0 {
		return None
	}
	return Int(int64(r))
}

// touchesLoopy reports whether some part of v is a position whose value
// came from the loopy solver.
func (e *Engine) touchesLoopy(v Value) bool {
	for _, p := range v.Parts() {
		if p.K == KPos {
			if g, r := PosRef(p); g.isLoopy(r) {
				return true
			}
		}
	}
	return false
}

// maxRemoteParts bounds the parts of a sum in that graph: a move that adds
// a part (G -> G + *1) makes the graph of sums infinite.
const maxRemoteParts = 64

// remoteCap bounds the explicit graph tryRemoteness builds.
const remoteCap = 200_000

// remotenessAt returns the remoteness of a game value (-1 for a draw); an
// error at pos when its graph is too large to explore.
func (e *Engine) remotenessAt(pos Pos, v Value) int32 {
	r, ok := e.tryRemoteness(v, remoteCap)
	if !ok {
		Fail(pos, "remoteness of %s: its game graph is too large to explore (more than %d positions, or sums of more than %d parts)", Shown(v), remoteCap, maxRemoteParts)
	}
	return r
}

// tryRemoteness computes remoteness on the explicit graph of the game
// values reachable from v (positions, nimbers, sums), labelled by the
// loopy solver, so that cycles, also through sums, are handled; positions
// whose remoteness is known are leaves. It reports false when the graph
// has more than limit values.
func (e *Engine) tryRemoteness(v Value, limit int) (int32, bool) {
	if partCount(v) > maxRemoteParts {
		return 0, false // (before its key: a sum can have millions of parts)
	}
	if r, ok := e.knownRemote(v); ok {
		return r, true
	}
	if !v.IsGame() {
		return 0, false
	}
	if e.remoteMemo == nil {
		e.remoteMemo = map[string]int32{}
		e.remoteTooBig = map[string]int{}
	}
	vk := string(AppendKey(nil, v))
	if n, ok := e.remoteTooBig[vk]; ok && n >= limit {
		return 0, false
	}
	keys := map[string]int32{}
	var vals []Value
	var keyOf []string
	add := func(x Value) int32 {
		k := string(AppendKey(nil, x))
		if id, ok := keys[k]; ok {
			return id
		}
		id := int32(len(vals))
		keys[k] = id
		vals = append(vals, x)
		keyOf = append(keyOf, k)
		return id
	}
	add(v)
	gr := &loopy.Graph{Start: []int32{0}, ExtStart: []int32{0}}
	for i := 0; i < len(vals); i++ {
		if len(vals) > limit || partCount(vals[i]) > maxRemoteParts {
			e.remoteTooBig[vk] = limit
			return 0, false
		}
		for _, o := range e.Moves(vals[i]) {
			if r, ok := e.knownRemote(o); ok {
				val := e.Th.Direct.ValueSG(Pos{}, o)
				x := e.ext(Nimber(0), val)
				x.Remote = int(r)
				gr.Ext = append(gr.Ext, x)
				continue
			}
			gr.Succ = append(gr.Succ, add(o))
		}
		gr.Start = append(gr.Start, int32(len(gr.Succ)))
		gr.ExtStart = append(gr.ExtStart, int32(len(gr.Ext)))
	}
	gr.N = len(vals)
	res := loopy.Solve(gr)
	for i, k := range keyOf {
		e.remoteMemo[k] = res.Remote[i]
	}
	return res.Remote[0], true
}

// knownRemote returns v's remoteness when it is already known: a nimber,
// a position the loopy solver labelled, or a value computed before.
func (e *Engine) knownRemote(v Value) (int32, bool) {
	switch v.K {
	case KNim:
		if v.N == 0 {
			return 0, true
		}
		return 1, true
	case KPos:
		g, r := PosRef(v)
		if x, ok := e.remote[PosKey{g, r}]; ok {
			return x, true
		}
	}
	if e.remoteMemo != nil {
		if x, ok := e.remoteMemo[string(AppendKey(nil, v))]; ok {
			return x, true
		}
	}
	return 0, false
}
