package algebra

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/lang"
)

// rangeDecided: a comparison of ints that cannot fail which a range
// before it decides, `0 <= i` and `i < len(b)` after range i = 0 ..
// len(b) - 1 (ir.ImpliedByRange, of the comparison or of its negation),
// is true (false): what the filters of a fold over the neighbours of a
// cell leave, `not (0 <= i and i < len(b)) or b[i] == 0`, folds to the
// test. Exact: the comparison cannot fail (its sides are safe ints) and
// has that value wherever the range gives its variable a value.
func rangeDecided(c *ctx, e lang.Expr) lang.Expr {
	b, ok := e.(*lang.Binary)
	if !ok || !b.Op.Ordering() || len(c.before) == 0 {
		return nil
	}
	val := ir.ImpliedByRange(c.before, b)
	if neg, _ := b.Op.Negate(); !val && !ir.ImpliedByRange(c.before, &lang.Binary{Pos: b.Pos, Op: neg, X: b.X, Y: b.Y}) {
		return nil
	}
	// (Proved safe only once decided: a proof bounds the guard.)
	if _, ok := c.sf.Int(b.X); !ok {
		return nil
	}
	if _, ok := c.sf.Int(b.Y); !ok {
		return nil
	}
	return &lang.BoolLit{Pos: b.Pos, Val: val}
}
