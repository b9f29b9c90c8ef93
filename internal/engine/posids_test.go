package engine

import (
	"math/rand/v2"
	"testing"
)

// posIDs agrees with a Go map on random keys of several games, packed and
// interned, through many growths and resets.
func TestPosIDsMatchesMap(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	games := []*Game{{Id: 0}, {Id: 1}, {Id: 7}, {Id: 1 << 20}}
	var m posIDs
	for round := 0; round < 20; round++ {
		m.reset() // reused, as the loopy solver does
		want := map[posKey]int32{}
		n := r.IntN(5000)
		for i := 0; i < n; i++ {
			k := posKey{games[r.IntN(len(games))], uint64(r.IntN(3000))}
			if r.IntN(4) == 0 {
				k.r |= genBit
			}
			if _, ok := want[k]; !ok {
				want[k] = int32(i)
				m.put(k, int32(i))
			}
			q := posKey{games[r.IntN(len(games))], uint64(r.IntN(3000))}
			got, ok := m.get(q)
			w, wok := want[q]
			if ok != wok || got != w {
				t.Fatalf("get(%v) = %d, %v; want %d, %v", q, got, ok, w, wok)
			}
		}
		if m.n != len(want) {
			t.Fatalf("%d keys, want %d", m.n, len(want))
		}
	}
}
