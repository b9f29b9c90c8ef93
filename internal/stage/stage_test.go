package stage

import (
	"math"
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// run calls f on a frame whose slot 0 is a and slot 1 is y, and returns
// its result or the error it raised.
func run(f func(fr *engine.Frame) int64, a, y int64) (r int64, err string) {
	fr := &engine.Frame{Slots: []value.Value{value.Int(a), value.Int(y)}, Th: &engine.Thread{}}
	defer func() {
		if e := recover(); e != nil {
			err = e.(error).Error()
		}
	}()
	return f(fr), ""
}

// plain is (a * m ± y) % mod, each operator on its own: the result, or
// which operator overflowed ("*" or "+"/"-") first.
func plain(a, m, y int64, sub bool, mod int64) (int64, string) {
	p := new(big.Int).Mul(big.NewInt(a), big.NewInt(m))
	if !p.IsInt64() {
		return 0, "*"
	}
	s := new(big.Int)
	op := "+"
	if sub {
		s.Sub(p, big.NewInt(y))
		op = "-"
	} else {
		s.Add(p, big.NewInt(y))
	}
	if !s.IsInt64() {
		return 0, op
	}
	if mod != 0 {
		return s.Int64() % mod, ""
	}
	return s.Int64(), ""
}

// TestMulAddAgainstPlain: a fused stage, in each of its compiled forms
// (a constant or a local added or subtracted, with or without a modulo,
// one stage or two, a final % or / by a literal or a local), gives what
// its operators give one at a time, and raises the overflow of the one
// that overflows first.
func TestMulAddAgainstPlain(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	num := func() int64 {
		switch rng.Intn(4) {
		case 0:
			return rng.Int63n(21) - 10
		case 1:
			return rng.Int63n(2_000_001) - 1_000_000
		case 2:
			return rng.Int63() - rng.Int63()
		}
		return []int64{math.MaxInt64, math.MinInt64, math.MaxInt32, -math.MaxInt32, 1 << 40}[rng.Intn(5)]
	}
	for i := 0; i < 20000; i++ {
		a, m, y := num(), num(), num()
		f := MulAdd{X: Operand{Slot: 0}, M: m, Slot: -1, OK: true, AddOp: lang.OpAdd}
		if rng.Intn(2) == 0 {
			f.Slot = 1
		} else {
			f.D = y
		}
		if rng.Intn(3) == 0 {
			f.Sub, f.AddOp = true, lang.OpSub
		}
		if rng.Intn(2) == 0 {
			for f.Mod == 0 || f.Mod == -1 {
				f.Mod = num()
			}
		}
		want, wop := plain(a, m, y, f.Sub, f.Mod)
		got, err := run(f.Compile(), a, y)
		if wop != "" {
			if !strings.Contains(err, "integer overflow") || !strings.Contains(err, " "+wop+" ") {
				t.Fatalf("(%d * %d, y %d, sub %v) %% %d: want the overflow of %s, got %d, %q", a, m, y, f.Sub, f.Mod, wop, got, err)
			}
			continue
		}
		if err != "" || got != want {
			t.Fatalf("(%d * %d, y %d, sub %v) %% %d = %d, got %d, %q", a, m, y, f.Sub, f.Mod, want, got, err)
		}
		if f.Mod == 0 || f.Slot >= 0 || f.Sub {
			continue
		}
		// A final % or / by a literal, and % by a local.
		k := num()
		if k == 0 || k == -1 {
			continue
		}
		if f.Lit(lang.OpMod, k) == nil {
			continue // no stage of one range check
		}
		if g, err := run(f.Lit(lang.OpMod, k), a, y); err != "" || g != want%k {
			t.Fatalf("(%d * %d + %d) %% %d %% %d = %d, got %d %q", a, m, y, f.Mod, k, want%k, g, err)
		}
		if g, err := run(f.Lit(lang.OpDiv, k), a, y); err != "" || g != want/k {
			t.Fatalf("(%d * %d + %d) %% %d / %d = %d, got %d %q", a, m, y, f.Mod, k, want/k, g, err)
		}
		fl := f.ModLocal(engine.Pos{}, nil, 1)
		if g, err := run(fl, a, k); err != "" || g != want%k {
			t.Fatalf("(%d * %d + %d) %% %d %% local %d = %d, got %d %q", a, m, y, f.Mod, k, want%k, g, err)
		}
		// Two stages: ((a * m1 + d1) % k1 * m + d) % mod, the outer one
		// taking every result of the inner.
		out := MulAdd{X: Operand{F: f.Compile()}, M: rng.Int63n(1000) + 1, D: rng.Int63n(1000), Slot: -1, OK: true, AddOp: lang.OpAdd, Mod: rng.Int63n(1000) + 1, Inner: &f}
		if !out.Takes(&f) {
			continue
		}
		w2, _ := plain(want, out.M, out.D, false, out.Mod)
		if g, err := run(out.Compile(), a, y); err != "" || g != w2 {
			t.Fatalf("two stages over %d: want %d, got %d %q", a, w2, g, err)
		}
	}
}
