package decodecache

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/grundy-lang/grundy/internal/value"
)

// randValue is a random value of depth at most d: ints, strings, bools,
// lists, tuples, sets and maps, small enough to repeat often.
func randValue(r *rand.Rand, d int) value.Value {
	k := r.IntN(9)
	if d == 0 {
		k = r.IntN(3)
	}
	switch k {
	case 0:
		return value.Int(int64(r.IntN(5)) - 1)
	case 1:
		return value.Str([]string{"", ".", "#.", "..#", "é#"}[r.IntN(5)])
	case 2:
		return value.Bool(r.IntN(2) == 1)
	case 3, 4, 5, 6:
		es := make([]value.Value, r.IntN(4))
		for i := range es {
			es[i] = randValue(r, d-1)
		}
		if k == 3 || k == 4 {
			return value.List(es)
		}
		return value.Tuple(es)
	case 7:
		es := make([]value.Value, r.IntN(4))
		for i := range es {
			es[i] = value.Int(int64(r.IntN(6)))
		}
		return value.SetOf(es)
	}
	return value.MapOf([]value.Value{value.Int(1), value.Int(3)}, []value.Value{randValue(r, d-1), randValue(r, d-1)})
}

// TestDecodeSame: Decode of a value's key is the value DecodeArgKey makes
// of it (equal, printed the same, of the same kinds down to its
// elements), for values whose elements repeat (found in the cache) and
// collide (many more than its slots), from several goroutines at once.
func TestDecodeSame(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(g), 9))
			for range 20000 {
				v := randValue(r, 3)
				if r.IntN(2) == 0 {
					v = value.List([]value.Value{v, randValue(r, 2), v})
				}
				key, boxed := value.AppendArgKey(nil, v, value.MaxKeyBytes)
				if boxed {
					continue
				}
				want, _ := value.DecodeArgKey(key)
				got := Decode(key)
				if !value.Equal(got, want) || value.FormatMax(got, true, 1<<20) != value.FormatMax(want, true, 1<<20) || !sameKinds(got, want) {
					errs <- fmt.Sprintf("%s: decoded %s, want %s", value.FormatMax(v, true, 1<<20), value.FormatMax(got, true, 1<<20), value.FormatMax(want, true, 1<<20))
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// sameKinds reports whether a and b are of the same kinds, element by
// element.
func sameKinds(a, b value.Value) bool {
	if a.K != b.K {
		return false
	}
	if a.K == value.KList || a.K == value.KTuple {
		ea, eb := a.Elems(), b.Elems()
		if len(ea) != len(eb) {
			return false
		}
		for i := range ea {
			if !sameKinds(ea[i], eb[i]) {
				return false
			}
		}
	}
	return true
}
