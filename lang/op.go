package lang

// Op is an operator of the language: the Op of a Binary, a Step or a
// Unary node. Its text and binary precedence are in one table (ops);
// scanning a binary operator looks its text up there, so adding an
// operator means a constant here, a row of the table, the runtime
// operator (package internal/operator) and, if ints get a fast version,
// one int generator (internal/compile's IntGen). Tests fail when an
// operator has no runtime implementation or the int generators do not
// say whether they know it.
type Op uint8

// The operators. OpNeg, OpNimber and OpBitNot are the prefix -, * and
// ~; OpNot is the prefix not; the others are binary.
const (
	OpNone Op = iota
	OpOr
	OpAnd
	OpNot
	OpEq
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe
	OpIn
	OpNotIn
	OpRange
	OpBitOr
	OpXor
	OpBitAnd
	OpShl
	OpShr
	OpAdd
	OpSub
	OpMul
	OpDiv
	OpMod
	OpPow
	OpNeg
	OpNimber
	OpBitNot
	NumOps // the number of operators (not one)
)

// ops holds each operator's text and, for a binary operator, its
// precedence level (0: prefix only; ** is parsed on its own, above the
// prefix operators, and has no level here).
var ops = [NumOps]struct {
	text string
	prec int
}{
	OpOr:     {"or", precOr},
	OpAnd:    {"and", precAnd},
	OpNot:    {"not", 0},
	OpEq:     {"==", precCmp},
	OpNe:     {"!=", precCmp},
	OpLt:     {"<", precCmp},
	OpLe:     {"<=", precCmp},
	OpGt:     {">", precCmp},
	OpGe:     {">=", precCmp},
	OpIn:     {"in", precCmp},
	OpNotIn:  {"not in", precCmp},
	OpRange:  {"..", precRange},
	OpBitOr:  {"|", precBitOr},
	OpXor:    {"^", precXor},
	OpBitAnd: {"&", precBitAnd},
	OpShl:    {"<<", precShift},
	OpShr:    {">>", precShift},
	OpAdd:    {"+", precAdd},
	OpSub:    {"-", precAdd},
	OpMul:    {"*", precMul},
	OpDiv:    {"/", precMul},
	OpMod:    {"%", precMul},
	OpPow:    {"**", 0},
	OpNeg:    {"-", 0},
	OpNimber: {"*", 0},
	OpBitNot: {"~", 0},
}

// binaryOps maps the text of each binary operator with a precedence
// level to its Op.
var binaryOps = func() map[string]Op {
	m := map[string]Op{}
	for o := OpNone + 1; o < NumOps; o++ {
		if ops[o].prec > 0 {
			m[ops[o].text] = o
		}
	}
	return m
}()

// String returns the operator as it is written.
func (o Op) String() string {
	if o < NumOps && ops[o].text != "" {
		return ops[o].text
	}
	return "?"
}

// prec is the binary precedence level of o (0 for none).
func (o Op) prec() int {
	if o < NumOps {
		return ops[o].prec
	}
	return 0
}

// Precedence is how tightly o binds as a binary operator, the parser's
// levels (spec.md 8.1): 1 (or) to 11 (* / %), then 13 for ** (12 is the
// prefix operators'); 0 for an operator that is only prefix.
func (o Op) Precedence() int {
	if o == OpPow {
		return precMul + 2
	}
	return o.prec()
}

// Binary reports whether o is written between two operands.
func (o Op) Binary() bool { return o.prec() > 0 || o == OpPow }

// Prefix reports whether o is written before one operand (-, not, *, ~).
func (o Op) Prefix() bool { return o == OpNeg || o == OpNot || o == OpNimber || o == OpBitNot }

// Comparison reports whether o is one of == != < <= > >= in, not in.
func (o Op) Comparison() bool { return o.prec() == precCmp }

// Ordering reports whether o is one of < <= > >=.
func (o Op) Ordering() bool {
	switch o {
	case OpLt, OpLe, OpGt, OpGe:
		return true
	}
	return false
}

// Arithmetic reports whether o is one of + - * / % **.
func (o Op) Arithmetic() bool {
	switch o {
	case OpAdd, OpSub, OpMul, OpDiv, OpMod, OpPow:
		return true
	}
	return false
}

// Flip returns the comparison that means the same with its operands
// swapped (a < b is b > a); other operators are returned unchanged.
func (o Op) Flip() Op {
	switch o {
	case OpLt:
		return OpGt
	case OpLe:
		return OpGe
	case OpGt:
		return OpLt
	case OpGe:
		return OpLe
	}
	return o
}

// Negate returns the comparison that is true exactly when o is false
// (a < b is not a >= b), and false for an operator that has none.
func (o Op) Negate() (Op, bool) {
	switch o {
	case OpEq:
		return OpNe, true
	case OpNe:
		return OpEq, true
	case OpLt:
		return OpGe, true
	case OpLe:
		return OpGt, true
	case OpGt:
		return OpLe, true
	case OpGe:
		return OpLt, true
	case OpIn:
		return OpNotIn, true
	case OpNotIn:
		return OpIn, true
	}
	return OpNone, false
}
