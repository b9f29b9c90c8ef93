// Package operator owns each operator's runtime meaning, one table entry
// per lang.Op (Binary, Unary): what the plain evaluator runs (eval's
// compile.go and the steps of a chain), and what every fast path must
// agree with (an operator of lang missing here fails eval's
// TestEveryOperatorIsKnown, not a user). Under them: checked int
// arithmetic (AddOK, MulOK, Pow, Shl, ...), comparison and membership,
// indexing and slicing, the set algebra and bit operators of boards
// (board.go), and the concatenations and repetitions that build big
// values under the run's limits (build.go).
package operator

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// binaryFn is a binary operator applied to two values at its position.
type binaryFn func(th *engine.Thread, pos engine.Pos, op lang.Op, a, b value.Value) value.Value

// Binary holds the binary operators that evaluate both operands (and
// and or short-circuit: the compiler makes them conditions).
var Binary = [lang.NumOps]binaryFn{
	lang.OpEq: func(_ *engine.Thread, _ engine.Pos, _ lang.Op, a, b value.Value) value.Value {
		return value.Bool(value.Equal(a, b))
	},
	lang.OpNe: func(_ *engine.Thread, _ engine.Pos, _ lang.Op, a, b value.Value) value.Value {
		return value.Bool(!value.Equal(a, b))
	},
	lang.OpLt: compareOp,
	lang.OpLe: compareOp,
	lang.OpGt: compareOp,
	lang.OpGe: compareOp,
	lang.OpIn: func(_ *engine.Thread, pos engine.Pos, _ lang.Op, a, b value.Value) value.Value {
		return value.Bool(In(pos, a, b))
	},
	lang.OpNotIn: func(_ *engine.Thread, pos engine.Pos, _ lang.Op, a, b value.Value) value.Value {
		return value.Bool(!In(pos, a, b))
	},
	lang.OpRange: func(th *engine.Thread, pos engine.Pos, _ lang.Op, a, b value.Value) value.Value {
		return opRange(th, pos, a, b)
	},
	lang.OpBitOr: func(_ *engine.Thread, pos engine.Pos, _ lang.Op, a, b value.Value) value.Value {
		return BitOr(pos, a, b)
	},
	lang.OpXor: func(_ *engine.Thread, pos engine.Pos, _ lang.Op, a, b value.Value) value.Value {
		return Xor(pos, a, b)
	},
	lang.OpBitAnd: func(_ *engine.Thread, pos engine.Pos, _ lang.Op, a, b value.Value) value.Value {
		return BitAnd(pos, a, b)
	},
	lang.OpShl: opShift,
	lang.OpShr: opShift,
	lang.OpAdd: func(th *engine.Thread, pos engine.Pos, _ lang.Op, a, b value.Value) value.Value {
		return Add(th, pos, a, b)
	},
	lang.OpSub: func(_ *engine.Thread, pos engine.Pos, _ lang.Op, a, b value.Value) value.Value {
		return Sub(pos, a, b)
	},
	lang.OpMul: func(th *engine.Thread, pos engine.Pos, _ lang.Op, a, b value.Value) value.Value {
		return opMul(th, pos, a, b)
	},
	lang.OpDiv: divOp,
	lang.OpMod: divOp,
	lang.OpPow: func(_ *engine.Thread, pos engine.Pos, _ lang.Op, a, b value.Value) value.Value {
		return opPow(pos, a, b)
	},
}

// divOp is a / b or a % b (Div).
func divOp(_ *engine.Thread, pos engine.Pos, op lang.Op, a, b value.Value) value.Value {
	return Div(pos, op, a, b)
}

func compareOp(_ *engine.Thread, pos engine.Pos, op lang.Op, a, b value.Value) value.Value {
	return value.Bool(Compare(pos, op, a, b))
}

// Unary holds the prefix operators that evaluate their operand (not
// is a condition).
var Unary = [lang.NumOps]func(pos engine.Pos, a value.Value) value.Value{
	lang.OpNeg:    opNeg,
	lang.OpNimber: Nimber,
	lang.OpBitNot: BitNot,
}
