// Package hashset owns two structures of 64-bit hashes that package
// solve's pruned search keeps of the positions it expands: Set, those it
// expanded (counted, for its check of work wasted), and Path, those it
// is expanding (a position met again on its path is a cycle). Both cost
// a few words a hash and no allocation an operation.
package hashset

// Set is a set of hashes, by open addressing (a hash of 0 is kept apart).
type Set struct {
	slots []uint64
	n     int
	zero  bool
	// Room, when set, is told the bytes of the slots the set is about
	// to allocate, before it does (the run's memory limit).
	Room func(n int64)
}

// Add adds h.
func (s *Set) Add(h uint64) {
	if h == 0 {
		if !s.zero {
			s.zero, s.n = true, s.n+1
		}
		return
	}
	if 4*(s.n+1) > 3*len(s.slots) {
		s.grow()
	}
	mask := uint64(len(s.slots) - 1)
	for i := mix(h) & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case h:
			return
		case 0:
			s.slots[i], s.n = h, s.n+1
			return
		}
	}
}

// Len is the number of hashes in the set.
func (s *Set) Len() int { return s.n }

// grow doubles the slots (1,024 at first) and puts the hashes back.
func (s *Set) grow() {
	old := s.slots
	n := max(2*len(old), 1<<10)
	if s.Room != nil {
		s.Room(8 * int64(n))
	}
	s.slots = make([]uint64, n)
	mask := uint64(len(s.slots) - 1)
	for _, h := range old {
		if h == 0 {
			continue
		}
		i := mix(h) & mask
		for s.slots[i] != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = h
	}
}

// mix spreads the bits of h (hashes of keys may be close in their low
// bits).
func mix(h uint64) uint64 {
	h ^= h >> 31
	h *= 0x9e3779b97f4a7c15
	return h ^ h>>29
}

// Path is a stack of hashes, with a count of them by their low bits so
// that Has rarely looks through the stack.
type Path struct {
	hs  []uint64
	cnt [1 << 12]uint32
}

// Has reports whether h is on the path.
func (p *Path) Has(h uint64) bool {
	if p.cnt[h&(1<<12-1)] == 0 {
		return false
	}
	for _, x := range p.hs {
		if x == h {
			return true
		}
	}
	return false
}

// Push puts h on top of the path.
func (p *Path) Push(h uint64) {
	p.hs = append(p.hs, h)
	p.cnt[h&(1<<12-1)]++
}

// Pop takes the hash on top off the path.
func (p *Path) Pop() {
	h := p.hs[len(p.hs)-1]
	p.hs = p.hs[:len(p.hs)-1]
	p.cnt[h&(1<<12-1)]--
}

// Reset empties the path.
func (p *Path) Reset() {
	for _, h := range p.hs {
		p.cnt[h&(1<<12-1)] = 0
	}
	p.hs = p.hs[:0]
}
