package engine

// The operations on game values that built-ins use: SG values, outcomes,
// options, winning options and remoteness.

import (
	"cmp"
	"slices"

	"github.com/grundy-lang/grundy/internal/memo"
)

// sgOf returns the SG value of a game value (or of an infinite SG value
// standing in for a game).
func (th *Thread) sgOf(c *Call, v Value) memo.Sgv {
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

// maxRemoteParts bounds the parts of a sum in that graph: a move that adds
// a part (G -> G + *1) makes the graph of sums infinite.
const maxRemoteParts = 64

// remoteCap bounds the explicit graph tryRemoteness builds.
const remoteCap = 200_000
