package engine

import "github.com/grundy-lang/grundy/lang"

// The runtime meaning of each operator, one table entry per lang.Op: what
// the plain evaluator runs (compile.go's binary and unary, and the steps
// of a chain), and what every fast path must agree with. An operator
// missing here is caught by TestEveryOperatorRuns, not by a user.

// binaryFn is a binary operator applied to two values at its position.
type binaryFn func(th *Thread, pos Pos, op lang.Op, a, b Value) Value

// binaryOps holds the binary operators that evaluate both operands (and
// and or short-circuit: the compiler makes them conditions).
var BinaryOps = [lang.NumOps]binaryFn{
	lang.OpEq: func(_ *Thread, _ Pos, _ lang.Op, a, b Value) Value { return Bool(Equal(a, b)) },
	lang.OpNe: func(_ *Thread, _ Pos, _ lang.Op, a, b Value) Value { return Bool(!Equal(a, b)) },
	lang.OpLt: compareOp,
	lang.OpLe: compareOp,
	lang.OpGt: compareOp,
	lang.OpGe: compareOp,
	lang.OpIn: func(_ *Thread, pos Pos, _ lang.Op, a, b Value) Value { return Bool(OpIn(pos, a, b)) },
	lang.OpNotIn: func(_ *Thread, pos Pos, _ lang.Op, a, b Value) Value {
		return Bool(!OpIn(pos, a, b))
	},
	lang.OpRange:  func(th *Thread, pos Pos, _ lang.Op, a, b Value) Value { return opRange(th, pos, a, b) },
	lang.OpBitOr:  func(_ *Thread, pos Pos, _ lang.Op, a, b Value) Value { return OpBitOr(pos, a, b) },
	lang.OpXor:    func(_ *Thread, pos Pos, _ lang.Op, a, b Value) Value { return OpXor(pos, a, b) },
	lang.OpBitAnd: func(_ *Thread, pos Pos, _ lang.Op, a, b Value) Value { return OpBitAnd(pos, a, b) },
	lang.OpShl:    func(_ *Thread, pos Pos, op lang.Op, a, b Value) Value { return opShift(pos, op, a, b) },
	lang.OpShr:    func(_ *Thread, pos Pos, op lang.Op, a, b Value) Value { return opShift(pos, op, a, b) },
	lang.OpAdd:    func(th *Thread, pos Pos, _ lang.Op, a, b Value) Value { return OpAdd(th, pos, a, b) },
	lang.OpSub:    func(_ *Thread, pos Pos, _ lang.Op, a, b Value) Value { return OpSub(pos, a, b) },
	lang.OpMul:    func(th *Thread, pos Pos, _ lang.Op, a, b Value) Value { return opMul(th, pos, a, b) },
	lang.OpDiv:    func(_ *Thread, pos Pos, op lang.Op, a, b Value) Value { return OpDiv(pos, op, a, b) },
	lang.OpMod:    func(_ *Thread, pos Pos, op lang.Op, a, b Value) Value { return OpDiv(pos, op, a, b) },
	lang.OpPow:    func(_ *Thread, pos Pos, _ lang.Op, a, b Value) Value { return opPow(pos, a, b) },
}

func compareOp(_ *Thread, pos Pos, op lang.Op, a, b Value) Value {
	return Bool(OpCompare(pos, op, a, b))
}

// unaryOps holds the prefix operators that evaluate their operand (not
// is a condition).
var UnaryOps = [lang.NumOps]func(pos Pos, a Value) Value{
	lang.OpNeg:    opNeg,
	lang.OpNimber: OpNimber,
}

// shortCircuit reports whether op is and or or, which the compiler makes
// conditions rather than table lookups.
func shortCircuit(op lang.Op) bool { return op == lang.OpAnd || op == lang.OpOr }
