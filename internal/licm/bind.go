package licm

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Hoisted is the value of cl when cl is the bind this package makes,
// raised (`for v' in [E]`, v' a Decl's Hoisted name), or nil.
func Hoisted(cl *lang.ForClause) lang.Expr {
	lit, ok := cl.Iter.(*lang.ListLit)
	if !ok || len(lit.Elems) != 1 || cl.Target.Tuple || len(cl.Target.Names) != 1 {
		return nil
	}
	if d, ok := cl.Target.Names[0].Bind.(*resolve.Decl); !ok || !d.Hoisted {
		return nil
	}
	return lit.Elems[0]
}

// BindInt is the loop step of such a bind whose value f computes as an
// int, into slot: no step counted (the rule as written counts none).
func BindInt(slot int, f func(fr *engine.Frame) int64) func(inner func(fr *engine.Frame)) func(fr *engine.Frame) {
	return func(inner func(fr *engine.Frame)) func(fr *engine.Frame) {
		return func(fr *engine.Frame) {
			fr.Slots[slot] = value.Value{K: value.KInt, N: f(fr)}
			inner(fr)
		}
	}
}

// BindValue is BindInt for a value (the Ints pass off).
func BindValue(slot int, f engine.EvalFn) func(inner func(fr *engine.Frame)) func(fr *engine.Frame) {
	return func(inner func(fr *engine.Frame)) func(fr *engine.Frame) {
		return func(fr *engine.Frame) {
			fr.Slots[slot] = f(fr)
			inner(fr)
		}
	}
}
