package packedit

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/grundy-lang/grundy/internal/value"
)

// TestListKey: the key of a list held as words, after SetInt, Set and
// Put, is the key value.AppendArgKey makes of the same list, and Unpack
// gives that list.
func TestListKey(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var b Base
	var l List
	for it := range 3000 {
		n := r.IntN(140)
		e := make([]value.Value, n)
		bools, hi := it%4 == 0, []int64{2, 2, 64}[it%3]
		for i := range e {
			if bools {
				e[i] = value.Bool(r.IntN(2) == 1)
			} else {
				e[i] = value.Int(r.Int64N(hi))
			}
		}
		v := value.List(e)
		if it%5 == 0 {
			v = value.Tuple(e)
		}
		if !b.Load(v, &l, false) {
			continue
		}
		for range 3 {
			if n == 0 {
				break
			}
			j := r.Int64N(int64(n))
			x := value.Int(r.Int64N(5))
			if bools {
				x = value.Bool(r.IntN(2) == 1)
			}
			if l.Set(j, x) {
				e[j] = x
			}
		}
		if it%7 == 0 && n > 0 {
			mask := make([]uint64, (n+63)/64)
			for i := range mask {
				mask[i] = r.Uint64()
			}
			x := value.Int(r.Int64N(3))
			if bools {
				x = value.Bool(false)
			}
			if l.Put(mask, it%2 == 0, x) {
				for i := range e {
					if (mask[i/64]>>(i%64)&1 == 1) != (it%2 == 0) {
						e[i] = x
					}
				}
			}
		}
		want, _ := value.AppendArgKey(nil, v, value.MaxKeyBytes)
		if got := l.AppendKey(nil); !bytes.Equal(got, want) {
			t.Fatalf("%v: key %x, want %x", v, got, want)
		}
		var s value.Scratch
		l.Unpack(&s)
		if got, _ := s.AppendKey(nil); !bytes.Equal(got, want) {
			t.Fatalf("%v: unpacked key %x, want %x", v, got, want)
		}
	}
}
