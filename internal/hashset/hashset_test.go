package hashset

import (
	"math/rand/v2"
	"testing"
)

// TestSet: the set counts the hashes added, each once (0 among them),
// against a map, across its growths.
func TestSet(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var s Set
	want := map[uint64]bool{}
	for i := range 20000 {
		h := r.Uint64N(5000) << 40 // close low bits; some repeated; 0 too
		if i%7 == 0 {
			h = r.Uint64()
		}
		s.Add(h)
		want[h] = true
		if s.Len() != len(want) {
			t.Fatalf("after %d adds: Len %d, want %d", i+1, s.Len(), len(want))
		}
	}
}

// TestPath: Has is true of exactly the hashes pushed and not yet popped,
// those that share low bits too; Reset empties the path.
func TestPath(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var p Path
	var stack []uint64
	on := func(h uint64) bool {
		for _, x := range stack {
			if x == h {
				return true
			}
		}
		return false
	}
	for i := range 20000 {
		h := r.Uint64N(64) << 12 // all with the same low bits
		if i%3 == 0 {
			h = r.Uint64N(1 << 14)
		}
		if p.Has(h) != on(h) {
			t.Fatalf("step %d: Has(%x) = %v", i, h, p.Has(h))
		}
		if len(stack) > 0 && r.IntN(2) == 0 {
			p.Pop()
			stack = stack[:len(stack)-1]
		} else {
			p.Push(h)
			stack = append(stack, h)
		}
	}
	p.Reset()
	for _, h := range stack {
		if p.Has(h) {
			t.Fatalf("Has(%x) after Reset", h)
		}
	}
}

// TestSetRoom: the set tells Room of each array of slots before it makes
// it.
func TestSetRoom(t *testing.T) {
	var asked int64
	s := Set{Room: func(n int64) { asked += n }}
	for h := range uint64(5000) {
		s.Add(h*0x9e3779b97f4a7c15 + 1)
	}
	if want := int64(8 * (1<<10 + 1<<11 + 1<<12 + 1<<13)); asked != want {
		t.Errorf("Room asked for %d bytes, want %d", asked, want)
	}
}
