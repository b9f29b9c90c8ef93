package eval

// The operations on game values that built-ins use: SG values, outcomes,
// options, winning options and remoteness.

import (
	"cmp"
	"slices"
)

// sgOf returns the SG value of a game value (or of an infinite SG value
// standing in for a game).
func (th *Thread) sgOf(c *Call, v Value) sgv {
	if !v.IsGame() && v.k != KInf {
		name := c.Name
		if name == "" {
			name = "this"
		}
		c.ArgFail(0, "%s needs a game, found %s %s", name, v.TypeName(), Repr(v))
	}
	return th.direct.valueSG(c.Pos, v)
}

// SG returns the (generalized) Sprague-Grundy value of a game: an int, or
// an infinite value ∞K.
func (th *Thread) SG(c *Call, v Value) Value {
	return th.engine.sgValue(th.sgOf(c, v))
}

func (e *Engine) outcome(v sgv) string {
	switch {
	case v == 0:
		return "P"
	case v > 0:
		return "N"
	}
	if k := e.infs[-v-1]; len(k) > 0 && k[0] == 0 {
		return "N"
	}
	return "D"
}

// Outcome returns "N", "P" or "D".
func (th *Thread) Outcome(c *Call, v Value) string {
	return th.engine.outcome(th.sgOf(c, v))
}

// Moves returns the distinct options of a game, in generation order; for a
// sum, part by part, each with the other parts unchanged.
func (th *Thread) Moves(c *Call, v Value) []Value {
	if !v.IsGame() {
		c.ArgFail(0, "moves needs a game, found %s %s", v.TypeName(), Repr(v))
	}
	return th.engine.moves(v)
}

func (e *Engine) moves(v Value) []Value {
	switch v.k {
	case KNim:
		out := make([]Value, v.n)
		for i := range out {
			out[i] = Nimber(int64(i))
		}
		return out
	case KPos:
		g, r := posRef(v)
		return e.options(g, r)
	}
	parts := v.ref.(*Sum).Parts
	var out []Value
	for i, p := range parts {
		for _, m := range e.moves(p) {
			gs := make([]Value, 0, len(parts))
			gs = append(gs, parts[:i]...)
			gs = append(gs, m)
			gs = append(gs, parts[i+1:]...)
			out = append(out, sumKeep(gs))
		}
	}
	return dedupe(out)
}

// sumKeep is SumOf, except that the result stays a sum even with one part
// left after flattening (it never has fewer than one).
func sumKeep(gs []Value) Value { return SumOf(gs) }

// Winning returns the options that win for the player who moves there
// (the P-positions among the options), in the order moves lists them;
// for a position on or above a cycle, ordered by remoteness (stable), so
// that always taking the first one ends the game: a P-option of an
// N-position may only keep the win, letting the opponent move back.
func (th *Thread) Winning(c *Call, v Value) []Value {
	e := th.engine
	out := []Value{}
	if e.outcome(th.sgOf(c, v)) != "N" {
		return out
	}
	for _, o := range th.Moves(c, v) {
		if th.direct.valueSG(c.Pos, o) == 0 {
			out = append(out, o)
		}
	}
	if v.k == KPos && len(out) > 1 {
		if g, r := posRef(v); e.loopy[posKey{g, r}] {
			rem := make(map[string]int32, len(out))
			for _, o := range out {
				rem[string(appendKey(nil, o))] = e.remotenessOf(o)
			}
			slices.SortStableFunc(out, func(a, b Value) int {
				return cmp.Compare(rem[string(appendKey(nil, a))], rem[string(appendKey(nil, b))])
			})
		}
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
		if r := th.engine.remotenessOf(o); bestR < 0 || r < bestR {
			best, bestR = o, r
		}
	}
	return best, true
}

// Remoteness returns the number of moves to the end under optimal play
// (the winner hurrying, the loser delaying), or none for a draw.
func (th *Thread) Remoteness(c *Call, v Value) Value {
	th.sgOf(c, v)
	r := th.engine.remotenessOf(v)
	if r < 0 {
		return None
	}
	return Int(int64(r))
}

// remotenessOf computes remoteness by a depth-first search over game
// values (positions, nimbers and sums), using the loopy solver's results
// where positions came from it.
func (e *Engine) remotenessOf(v Value) int32 {
	if e.remoteMemo == nil {
		e.remoteMemo = map[string]int32{}
	}
	key := func(v Value) (string, bool) {
		if v.k == KPos {
			g, r := posRef(v)
			if x, ok := e.remote[posKey{g, r}]; ok {
				return "", ok && x >= -1 && e.setLast(x)
			}
		}
		return string(appendKey(nil, v)), false
	}
	if _, ok := key(v); ok {
		return e.last
	}
	type item struct {
		v   Value
		k   string
		sub []Value
	}
	const gray = -3
	stack := []item{{v: v}}
	for len(stack) > 0 {
		it := &stack[len(stack)-1]
		if it.k == "" {
			k, known := key(it.v)
			if known {
				stack = stack[:len(stack)-1]
				continue
			}
			it.k = k
		}
		if x, ok := e.remoteMemo[it.k]; ok && x != gray {
			stack = stack[:len(stack)-1]
			continue
		}
		val := e.th.direct.valueSG(Pos{}, it.v)
		out := e.outcome(val)
		if out == "D" {
			e.remoteMemo[it.k] = -1
			stack = stack[:len(stack)-1]
			continue
		}
		if it.sub == nil {
			it.sub = e.moves(it.v)
			if it.sub == nil {
				it.sub = []Value{}
			}
		}
		e.remoteMemo[it.k] = gray
		var pending []Value
		best := int32(-1)
		for _, o := range it.sub {
			ok, kk := e.knownRemote(o)
			if !ok {
				if x, seen := e.remoteMemo[kk]; seen && x == gray {
					fail(Pos{}, "remoteness of %s: its game graph has a cycle through a sum, which is not supported yet", Format(it.v))
				}
				pending = append(pending, o)
				continue
			}
			r := e.last
			ov := e.th.direct.valueSG(Pos{}, o)
			if out == "P" {
				best = max(best, r)
			} else if ov == 0 && (best < 0 || r < best) {
				best = r
			}
		}
		if len(pending) > 0 {
			delete(e.remoteMemo, it.k)
			for _, p := range pending {
				stack = append(stack, item{v: p})
			}
			continue
		}
		if len(it.sub) == 0 {
			best = -1
		}
		e.remoteMemo[it.k] = best + 1
		stack = stack[:len(stack)-1]
	}
	ok, _ := e.knownRemote(v)
	if !ok {
		panic("eval: remoteness not computed")
	}
	return e.last
}

func (e *Engine) setLast(x int32) bool { e.last = x; return true }

// knownRemote reports whether v's remoteness is known (leaving it in
// e.last), and v's memo key.
func (e *Engine) knownRemote(v Value) (bool, string) {
	if v.k == KPos {
		g, r := posRef(v)
		if x, ok := e.remote[posKey{g, r}]; ok {
			e.last = x
			return true, ""
		}
	}
	k := string(appendKey(nil, v))
	if x, ok := e.remoteMemo[k]; ok && x != -3 {
		e.last = x
		return true, k
	}
	return false, k
}
