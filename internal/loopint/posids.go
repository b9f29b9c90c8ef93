package loopint

import "github.com/grundy-lang/grundy/internal/engine"

// PosIDs maps positions to int32 ids (the loopy solver's node numbers):
// open addressing with linear probing on a multiplicative hash, several
// times faster than a Go map with a two-word key. A slot is in use when
// its stamp is the table's generation, so reset is O(1) and the table is
// reused from one solve to the next.
type PosIDs struct {
	keys []engine.PosKey
	vals []int32
	gens []uint32
	gen  uint32
	N    int
	// Poll, when set, is called every few thousand positions moved when
	// the table grows (it may panic: the next reset empties the table).
	Poll func()
}

func (m *PosIDs) slot(k engine.PosKey) uint64 {
	h := (k.R ^ uint64(k.G.Id)<<40) * 0x9E3779B97F4A7C15
	return (h ^ h>>29) & uint64(len(m.keys)-1)
}

func (m *PosIDs) Get(k engine.PosKey) (int32, bool) {
	if m.N == 0 {
		return 0, false
	}
	mask := uint64(len(m.keys) - 1)
	for i := m.slot(k); m.gens[i] == m.gen; i = (i + 1) & mask {
		if m.keys[i] == k {
			return m.vals[i], true
		}
	}
	return 0, false
}

// Put adds k (which must not be present) with id v.
func (m *PosIDs) Put(k engine.PosKey, v int32) {
	if 2*(m.N+1) > len(m.keys) {
		old, oldVals, oldGens, gen := m.keys, m.vals, m.gens, m.gen
		size := max(64, 2*len(old))
		m.keys, m.vals, m.gens, m.N = make([]engine.PosKey, size), make([]int32, size), make([]uint32, size), 0
		m.gen = 1
		for i, ok := range old {
			if i&(1<<16-1) == 1<<16-1 && m.Poll != nil {
				m.Poll()
			}
			if oldGens[i] == gen {
				m.Put(ok, oldVals[i])
			}
		}
	}
	mask := uint64(len(m.keys) - 1)
	i := m.slot(k)
	for m.gens[i] == m.gen {
		i = (i + 1) & mask
	}
	m.keys[i], m.vals[i], m.gens[i] = k, v, m.gen
	m.N++
}

// Reset empties the table, keeping its size.
func (m *PosIDs) Reset() {
	m.N = 0
	m.gen++
	if m.gen == 0 {
		clear(m.gens)
		m.gen = 1
	}
}
