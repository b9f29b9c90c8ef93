package stage

import (
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/testenv"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// TestDivKAgainstOperators: a division and a modulo by a constant, by a
// multiply where the numerator is not negative, give Go's n / k and n % k
// for numerators and constants of every size and sign (powers of two,
// their neighbours, the extremes).
func TestDivKAgainstOperators(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	edge := []int64{0, 1, 2, 3, 5, 7, 8, 41, 1<<31 - 1, 1 << 31, 1<<31 + 1, 1<<62 - 1, 1 << 62, 1<<62 + 1, math.MaxInt64 - 1, math.MaxInt64}
	num := func() int64 {
		switch rng.Intn(5) {
		case 0:
			x := edge[rng.Intn(len(edge))]
			if rng.Intn(2) == 0 {
				return -x
			}
			return x
		case 1:
			return rng.Int63n(1000) - 10
		case 2:
			return int64(rng.Uint64()) >> rng.Intn(64)
		case 3:
			return math.MinInt64 + rng.Int63n(3)
		}
		return int64(rng.Uint64())
	}
	ks := append([]int64{math.MinInt64, math.MinInt64 + 1}, edge[1:]...)
	for _, k := range edge[1:] {
		ks = append(ks, -k)
	}
	for i := 0; i < 2000; i++ {
		ks = append(ks, num())
	}
	for _, k := range ks {
		if k == 0 {
			continue
		}
		c := NewDivK(k)
		for j := 0; j < 300; j++ {
			n := num()
			if k == -1 && n == math.MinInt64 {
				continue // (the callers raise the overflow)
			}
			if got, want := c.Mod(n), n%k; got != want {
				t.Fatalf("%d %% %d = %d, got %d", n, k, want, got)
			}
			if got, want := c.Div(n), n/k; got != want {
				t.Fatalf("%d / %d = %d, got %d", n, k, want, got)
			}
		}
	}
}

// TestAffineOperand: a stage whose X is a fused X * M + y of locals reads
// it without X's closure (Operand.Aff) where nothing overflows, with the
// same results and the same errors as through the closure, in each of the
// stage's forms (one stage or two, a final % or / by a literal, % by a
// local), for operands of every size.
func TestAffineOperand(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	num := func() int64 {
		switch rng.Intn(4) {
		case 0:
			return rng.Int63n(41) - 20
		case 1:
			return rng.Int63n(2_000_001) - 1_000_000
		case 2:
			return []int64{math.MaxInt64, math.MinInt64, math.MaxInt32, 1 << 40, -(1 << 40)}[rng.Intn(5)]
		}
		return rng.Int63() - rng.Int63()
	}
	for i := 0; i < testenv.Scale(1000, 4000); i++ {
		// inner: slot 0 * m + (slot 2, or d); outer: (inner * M + D) % K,
		// perhaps in two stages; slot 1 is the local of % local.
		in := MulAdd{X: Operand{Slot: 0}, M: num(), Slot: -1, D: num(), OK: true, AddOp: lang.OpAdd}
		if rng.Intn(2) == 0 {
			in.Slot = 2
		}
		if in.M == 0 {
			in.M = 3
		}
		mix := MulAdd{X: Operand{F: in.Compile(), Aff: &in}, M: 1103515245, D: 12345, Slot: -1, OK: true, AddOp: lang.OpAdd, Mod: 2147483647}
		plain := mix
		plain.X.Aff = nil
		forms := func(f *MulAdd) []func(fr *engine.Frame) int64 {
			out := MulAdd{X: Operand{F: f.Compile()}, M: 1103515245, D: 12345, Slot: -1, OK: true, AddOp: lang.OpAdd, Mod: 2147483647, Inner: f}
			return []func(fr *engine.Frame) int64{f.Compile(), f.Lit(lang.OpMod, 41), f.Lit(lang.OpDiv, 8), f.ModLocal(engine.Pos{}, nil, 1),
				out.Compile(), out.Lit(lang.OpMod, 5), out.ModLocal(engine.Pos{}, nil, 1)}
		}
		a, b := forms(&mix), forms(&plain)
		for j := range a {
			if a[j] == nil || b[j] == nil {
				continue
			}
			for n := 0; n < 20; n++ {
				x, k, y := num(), num(), num()
				if n%4 == 0 {
					x = rng.Int63n(1000)
				}
				ga, ea := run3(a[j], x, k, y)
				gb, eb := run3(b[j], x, k, y)
				if ga != gb || ea != eb {
					t.Fatalf("inner %+v, form %d at (%d, %d, %d): %d %q, through the closure %d %q", in, j, x, k, y, ga, ea, gb, eb)
				}
			}
		}
	}
}

// run3 is run with slots 0, 1 and 2 set.
func run3(f func(fr *engine.Frame) int64, a, k, y int64) (r int64, err string) {
	fr := &engine.Frame{Slots: []value.Value{value.Int(a), value.Int(k), value.Int(y)}, Th: &engine.Thread{}}
	defer func() {
		if e := recover(); e != nil {
			err = e.(error).Error()
		}
	}()
	return f(fr), ""
}

// TestOffsetAgainstSteps: additions and subtractions of literals in one
// closure (Offset), under a final % or / or not, give what the steps give
// one at a time, and raise the overflow of the step that overflows first
// (its operands in the source's order).
func TestOffsetAgainstSteps(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	lits := []int64{0, 1, -1, 20, 500000, math.MaxInt64, math.MinInt64, math.MaxInt64 - 3, math.MinInt64 + 3, 1 << 62}
	for i := 0; i < 3000; i++ {
		o := Offset{X: func(fr *engine.Frame) int64 { return fr.Slots[0].N }}
		for n := 1 + rng.Intn(4); n > 0; n-- {
			s := OffStep{Op: lang.OpAdd, K: lits[rng.Intn(len(lits))]}
			if rng.Intn(3) == 0 {
				s.K = rng.Int63n(2001) - 1000
			}
			switch rng.Intn(3) {
			case 0:
				s.Op = lang.OpSub
			case 1:
				s.Left = true
			}
			o.Steps = append(o.Steps, s)
		}
		if rng.Intn(2) == 0 {
			o.Final, o.By = []lang.Op{lang.OpMod, lang.OpDiv}[rng.Intn(2)], []int64{7, -3, 500000, math.MaxInt64}[rng.Intn(4)]
		}
		f := o.Compile()
		if f == nil {
			continue // (no operand takes the steps: they run as written)
		}
		for n := 0; n < 40; n++ {
			a := lits[rng.Intn(len(lits))] + rng.Int63n(9) - 4
			if n%2 == 0 {
				a = rng.Int63() - rng.Int63()
			}
			want, werr := stepByStep(&o, a)
			got, err := run(f, a, 0)
			if werr != "" {
				if !strings.Contains(err, werr) {
					t.Fatalf("%+v at %d: want the overflow %q, got %d %q", o, a, werr, got, err)
				}
				continue
			}
			if err != "" || got != want {
				t.Fatalf("%+v at %d = %d, got %d %q", o, a, want, got, err)
			}
		}
	}
}

// stepByStep is o's steps run one at a time (big ints): the result, or the
// overflow's text.
func stepByStep(o *Offset, a int64) (int64, string) {
	x := big.NewInt(a)
	for _, s := range o.Steps {
		l, r := new(big.Int).Set(x), big.NewInt(s.K)
		if s.Left {
			l, r = r, l
		}
		if s.Op == lang.OpSub {
			x = new(big.Int).Sub(l, r)
		} else {
			x = new(big.Int).Add(l, r)
		}
		if !x.IsInt64() {
			return 0, fmt.Sprintf("integer overflow: %d %s %d does", l, s.Op, r)
		}
	}
	v := x.Int64()
	switch o.Final {
	case lang.OpMod:
		v %= o.By
	case lang.OpDiv:
		v /= o.By
	}
	return v, ""
}

// TestOffsetFold: a literal folded through the steps is what the closure
// computes from it, and there is none where a step overflows.
func TestOffsetFold(t *testing.T) {
	o := Offset{X: func(fr *engine.Frame) int64 { return fr.Slots[0].N }, Steps: []OffStep{{Op: lang.OpAdd, K: 1, Left: true}, {Op: lang.OpSub, K: 1}}}
	for _, a := range []int64{0, -5, math.MinInt64, math.MaxInt64 - 1} {
		if v, ok := o.Fold(a); !ok || v != a {
			t.Errorf("1 + %d - 1 folds to %d, %v", a, v, ok)
		}
	}
	if v, ok := o.Fold(math.MaxInt64); ok {
		t.Errorf("1 + MaxInt64 - 1 folds to %d", v)
	}
	o.Final, o.By = lang.OpMod, 7
	if v, ok := o.Fold(-9); !ok || v != -2 {
		t.Errorf("(1 + -9 - 1) %% 7 folds to %d, %v", v, ok)
	}
}
