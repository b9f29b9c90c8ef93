package memo

import (
	"math/rand/v2"
	"runtime"
	"testing"
)

// TestLoopyMarks: the loopy marks of packed keys and interned ids read
// back as set and cleared, against a map; and keys spread thinly up to
// 2^30 (a game of two ints whose first is large) take memory for the
// blocks marked, not for every key below the largest.
func TestLoopyMarks(t *testing.T) {
	var tb Table
	tb.Init(2)
	want := map[uint64]bool{}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		r := rng.Uint64N(1 << 30)
		switch rng.IntN(4) {
		case 0:
			r = rng.Uint64N(5000)
		case 1:
			r = GenBit | rng.Uint64N(1000)
		}
		if rng.IntN(3) == 0 {
			tb.ClearLoopy(r)
			delete(want, r)
		} else {
			tb.SetLoopy(r)
			want[r] = true
		}
	}
	for i := 0; i < 20000; i++ {
		r := rng.Uint64N(1 << 30)
		if i%2 == 0 {
			r = rng.Uint64N(5000)
		}
		if tb.IsLoopy(r) != want[r] {
			t.Fatalf("IsLoopy(%d) = %v, want %v", r, tb.IsLoopy(r), want[r])
		}
	}
	for r := range want {
		if !tb.IsLoopy(r) {
			t.Fatalf("IsLoopy(%d) = false after SetLoopy", r)
		}
	}

	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var thin Table
	thin.Init(2)
	for a := uint64(0); a < 4; a++ {
		thin.SetLoopy((16000+a)<<15 | 3)
	}
	runtime.ReadMemStats(&after)
	if grown := after.TotalAlloc - before.TotalAlloc; grown > 4<<20 {
		t.Errorf("marking 4 keys near 2^29 allocated %d MiB", grown>>20)
	}
}
