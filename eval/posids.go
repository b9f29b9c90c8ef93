package eval

// posIDs maps positions to int32 ids (the loopy solver's node numbers):
// open addressing with linear probing on a multiplicative hash, several
// times faster than a Go map with a two-word key.
type posIDs struct {
	keys []posKey // keys[i].g == nil: empty
	vals []int32
	n    int
}

func (m *posIDs) slot(k posKey) uint64 {
	h := (k.r ^ uint64(k.g.id)<<40) * 0x9E3779B97F4A7C15
	return (h ^ h>>29) & uint64(len(m.keys)-1)
}

func (m *posIDs) get(k posKey) (int32, bool) {
	if m.n == 0 {
		return 0, false
	}
	mask := uint64(len(m.keys) - 1)
	for i := m.slot(k); ; i = (i + 1) & mask {
		switch m.keys[i] {
		case k:
			return m.vals[i], true
		case posKey{}:
			return 0, false
		}
	}
}

// put adds k (which must not be present) with id v.
func (m *posIDs) put(k posKey, v int32) {
	if 2*(m.n+1) > len(m.keys) {
		old, oldVals := m.keys, m.vals
		size := max(64, 2*len(old))
		m.keys, m.vals, m.n = make([]posKey, size), make([]int32, size), 0
		for i, ok := range old {
			if ok.g != nil {
				m.put(ok, oldVals[i])
			}
		}
	}
	mask := uint64(len(m.keys) - 1)
	i := m.slot(k)
	for m.keys[i].g != nil {
		i = (i + 1) & mask
	}
	m.keys[i], m.vals[i] = k, v
	m.n++
}
