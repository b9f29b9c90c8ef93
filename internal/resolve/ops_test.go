package resolve

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/operator"

	"github.com/grundy-lang/grundy/lang"
)

// TestEveryOperatorIsKnown fails when an operator of lang has no runtime
// meaning here or the int generator does not say what it makes of it:
// adding an operator to lang without them is an error, not a silent
// fallback to a slower path.
func TestEveryOperatorIsKnown(t *testing.T) {
	for op := lang.OpNone + 1; op < lang.NumOps; op++ {
		switch op {
		case lang.OpAnd, lang.OpOr, lang.OpNot:
			// conditions: compiled by CondAt, not looked up
			if operator.Binary[op] != nil || operator.Unary[op] != nil {
				t.Errorf("%s is a condition but has a table entry", op)
			}
		case lang.OpNeg, lang.OpNimber, lang.OpBitNot:
			if operator.Unary[op] == nil {
				t.Errorf("prefix %s has no runtime operator in unaryOps", op)
			}
		default:
			if operator.Binary[op] == nil {
				t.Errorf("%s has no runtime operator in binaryOps", op)
			}
		}
		if IntOps[op] == IntUnknown {
			t.Errorf("the int generator does not say what it makes of %s (intOps)", op)
		}
		if op.String() == "?" {
			t.Errorf("operator %d has no text in lang", op)
		}
	}
}
