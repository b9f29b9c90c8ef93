package loopint

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
)

// PosIDs agrees with a Go map on random keys of several games, packed and
// interned, through many growths and resets.
func TestPosIDsMatchesMap(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	games := []*engine.Game{{Id: 0}, {Id: 1}, {Id: 7}, {Id: 1 << 20}}
	var m PosIDs
	for round := 0; round < 20; round++ {
		m.Reset() // reused, as the loopy solver does
		want := map[engine.PosKey]int32{}
		n := r.IntN(5000)
		for i := 0; i < n; i++ {
			k := engine.PosKey{G: games[r.IntN(len(games))], R: uint64(r.IntN(3000))}
			if r.IntN(4) == 0 {
				k.R |= memo.GenBit
			}
			if _, ok := want[k]; !ok {
				want[k] = int32(i)
				m.Put(k, int32(i))
			}
			q := engine.PosKey{G: games[r.IntN(len(games))], R: uint64(r.IntN(3000))}
			got, ok := m.Get(q)
			w, wok := want[q]
			if ok != wok || got != w {
				t.Fatalf("get(%v) = %d, %v; want %d, %v", q, got, ok, w, wok)
			}
		}
		if m.N != len(want) {
			t.Fatalf("%d keys, want %d", m.N, len(want))
		}
	}
}
