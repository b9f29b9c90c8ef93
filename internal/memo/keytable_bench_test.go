package memo

import (
	"math/bits"
	"testing"
)

// The memo's access pattern on a board game: Staircase Nim on 6 steps
// (the search of internal/eval/testdata/boards/stair.game, 435,238
// positions, 8.1 million moves), its positions as the keys the engine
// makes (a packed list of 6 ints: 8 bytes), each move an Intern. The
// word table is the floor a table keyed by one word reaches (keys and
// values in parallel arrays); `go test -bench Stair ./internal/memo`.

// stairSearch runs the search with a memo of get (the value, if known;
// a position seen for the first time is then remembered as unknown) and
// put (its value).
func stairSearch(get func(s uint64) (int32, bool), put func(s uint64, v int32)) int64 {
	var sg func(s uint64) int32
	sg = func(s uint64) int32 {
		if v, ok := get(s); ok {
			return v
		}
		seen := uint64(0)
		for i := 1; i < 6; i++ {
			for m := uint64(1); m <= s>>(6*i)&63; m++ {
				seen |= 1 << sg(s-m<<(6*i)+m<<(6*(i-1)))
			}
		}
		v := int32(bits.TrailingZeros64(^seen))
		put(s, v)
		return v
	}
	sum := int64(0)
	for x := uint64(0); x < 6*6*6*6*6; x++ {
		s := uint64(0)
		for i, y := 1, x; i < 6; i, y = i+1, y/6 {
			s |= y % 6 << (6 * i)
		}
		sum += int64(sg(s))
	}
	return sum
}

const stairSum = 26352 // the checksum of stair.game

func BenchmarkKeyTableStair(b *testing.B) {
	for range b.N {
		var kt KeyTable
		var vals []int32
		var buf [16]byte
		key := func(s uint64) []byte {
			k := append(buf[:0], benchListTag, 6)
			for i := range 6 {
				k = append(k, byte(s>>(6*i)&63)<<1) // (zigzag varints)
			}
			return k
		}
		get := func(s uint64) (int32, bool) {
			id, added, _ := kt.Intern(key(s))
			if added {
				vals = append(vals, -1)
			}
			return vals[id], vals[id] >= 0
		}
		put := func(s uint64, v int32) {
			id, _ := kt.Find(key(s))
			vals[id] = v
		}
		if got := stairSearch(get, put); got != stairSum {
			b.Fatalf("sum %d, want %d", got, stairSum)
		}
	}
}

// benchListTag stands for value.TagIntList (memo does not import
// value): any first byte will do.
const benchListTag = 6

// wordTable: open addressing over one word, the value beside it.
type wordTable struct {
	keys []uint64 // key+1, 0 when empty
	vals []int32
	n    int
}

func (w *wordTable) home(k uint64) uint64 {
	hi, lo := bits.Mul64(k^0x243f6a8885a308d3, 0x9e3779b97f4a7c15)
	return (hi ^ lo) >> (64 - bits.TrailingZeros(uint(len(w.keys))))
}

func (w *wordTable) slot(k uint64) uint64 {
	m := uint64(len(w.keys) - 1)
	i := w.home(k)
	for w.keys[i] != 0 && w.keys[i] != k {
		i = (i + 1) & m
	}
	return i
}

func (w *wordTable) get(s uint64) (int32, bool) {
	i := w.slot(s + 1)
	return w.vals[i], w.keys[i] != 0
}

func (w *wordTable) put(s uint64, v int32) {
	if 2*(w.n+1) > len(w.keys) {
		old, ov := w.keys, w.vals
		w.keys, w.vals = make([]uint64, max(64, 2*len(old))), make([]int32, max(64, 2*len(old)))
		for i, k := range old {
			if k != 0 {
				j := w.slot(k)
				w.keys[j], w.vals[j] = k, ov[i]
			}
		}
	}
	i := w.slot(s + 1)
	if w.keys[i] == 0 {
		w.n++
	}
	w.keys[i], w.vals[i] = s+1, v
}

func BenchmarkWordTableStair(b *testing.B) {
	for range b.N {
		w := &wordTable{}
		w.keys, w.vals = make([]uint64, 64), make([]int32, 64)
		if got := stairSearch(w.get, w.put); got != stairSum {
			b.Fatalf("sum %d, want %d", got, stairSum)
		}
	}
}

// The engine's way: InternWordState, the state cached once final.
func BenchmarkKeyTableRecentStair(b *testing.B) {
	for range b.N {
		kt := KeyTable{Mapped: true}
		var vals []int32
		word := func(s uint64) uint64 {
			w := uint64(benchListTag) | 6<<8
			for i := range 6 {
				w |= (s >> (6 * i) & 63) << 1 << (8 * (2 + i))
			}
			return w
		}
		get := func(s uint64) (int32, bool) {
			id, st, slot, added, _ := kt.InternWordState(word(s), 8)
			if added {
				vals = append(vals, -1)
			}
			if st != 0 {
				return st - 1, true
			}
			v := vals[id]
			if v >= 0 {
				kt.CacheState(slot, v+1)
			}
			return v, v >= 0
		}
		put := func(s uint64, v int32) {
			id, _, _, _, _ := kt.InternWordState(word(s), 8)
			vals[id] = v
		}
		if got := stairSearch(get, put); got != stairSum {
			b.Fatalf("sum %d, want %d", got, stairSum)
		}
	}
}
