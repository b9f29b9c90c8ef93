package kernel

import (
	"math/big"
	"testing"

	"github.com/grundy-lang/grundy/lang"
)

// TestDivRounding checks FloorDiv and CeilDiv against exact rational
// division over a grid of signs and remainders.
func TestDivRounding(t *testing.T) {
	for a := int64(-40); a <= 40; a++ {
		for k := int64(2); k <= 9; k++ {
			r := new(big.Rat).SetFrac64(a, k)
			fl := new(big.Int).Div(r.Num(), r.Denom()) // Euclidean: floor for a positive denominator
			ce := new(big.Int).Neg(new(big.Int).Div(new(big.Int).Neg(r.Num()), r.Denom()))
			if got := FloorDiv(a, k); got != fl.Int64() {
				t.Errorf("FloorDiv(%d, %d) = %d, want %d", a, k, got, fl.Int64())
			}
			if got := CeilDiv(a, k); got != ce.Int64() {
				t.Errorf("CeilDiv(%d, %d) = %d, want %d", a, k, got, ce.Int64())
			}
		}
	}
}

// TestCmpInts checks every comparison of two ints in package lang against
// Go's own comparison of the same ints.
func TestCmpInts(t *testing.T) {
	want := map[lang.Op]func(a, b int64) bool{
		lang.OpEq: func(a, b int64) bool { return a == b },
		lang.OpNe: func(a, b int64) bool { return a != b },
		lang.OpLt: func(a, b int64) bool { return a < b },
		lang.OpLe: func(a, b int64) bool { return a <= b },
		lang.OpGt: func(a, b int64) bool { return a > b },
		lang.OpGe: func(a, b int64) bool { return a >= b },
	}
	n := 0
	for op := lang.Op(0); op < lang.NumOps; op++ {
		if !op.Ordering() && op != lang.OpEq && op != lang.OpNe {
			continue // in and not in compare a value with a container
		}
		f, ok := want[op]
		if !ok {
			t.Fatalf("comparison %v has no reference here", op)
		}
		n++
		for a := int64(-2); a <= 2; a++ {
			for b := int64(-2); b <= 2; b++ {
				if CmpInts(op, a, b) != f(a, b) {
					t.Errorf("CmpInts(%v, %d, %d) = %v", op, a, b, !f(a, b))
				}
			}
		}
	}
	if n != len(want) {
		t.Errorf("lang has %d comparison operators, want %d", n, len(want))
	}
}
