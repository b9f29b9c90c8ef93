package kernel

import (
	"math"
	"math/big"
	"math/rand/v2"
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

// TestDivisorMod: Divisor.Mod is Go's % for divisors of every size
// (powers of two, 1, 2^31 - 1, near 2^63) and dividends at the edges
// (0, multiples of d and their neighbours, the extremes, negatives) and
// at random.
func TestDivisorMod(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	ds := []int64{1, 2, 3, 5, 7, 10, 64, 1000, 2147483647, 1 << 32, 1<<32 + 1, 1<<62 + 12345, math.MaxInt64, math.MaxInt64 - 1}
	for range 200 {
		ds = append(ds, 1+r.Int64N(1<<uint(1+r.IntN(62))))
	}
	for _, d := range ds {
		v := NewDivisor(d)
		ns := []int64{0, 1, -1, d - 1, d, d + 1, -d, 2*d - 1, math.MaxInt64, math.MaxInt64 - 1, math.MinInt64, math.MinInt64 + 1}
		for range 2000 {
			ns = append(ns, r.Int64(), -r.Int64(), r.Int64N(1<<uint(1+r.IntN(62))), d*r.Int64N(1000)+r.Int64N(3)-1)
		}
		neg, _ := ModBy(-d)
		for _, n := range ns {
			if got, want := v.Mod(n), n%d; got != want {
				t.Fatalf("%d %% %d: %d, want %d", n, d, got, want)
			}
			if d == 1 {
				continue // (-1 has no Divisor)
			}
			if got, want := neg.Mod(n), n%-d; got != want {
				t.Fatalf("%d %% %d: %d, want %d", n, -d, got, want)
			}
		}
	}
}
