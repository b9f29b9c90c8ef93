package memo

import (
	"math/rand/v2"
	"testing"
)

// The recent keys and their cached states: InternWordState finds what
// Intern does, and the state it reports (cached, or the Table's when it
// caches none) is the Table's, through states stored final, changed
// (Uncache) and forgotten, and keys evicted from the cache by others.
func TestRecentStatesFollowTable(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	var kt KeyTable
	var tb Table
	tb.Init(1)
	tb.Uncache = kt.Uncache
	ids := map[string]uint32{}
	states := map[uint32]int32{}
	for step := range 300000 {
		n := r.IntN(9)
		k := make([]byte, n)
		for j := range k {
			k[j] = byte(r.IntN(4))
		}
		id, st, at, added, ok := kt.InternWordState(KeyWord(k), n)
		want, seen := ids[string(k)]
		if !ok || added == seen || seen && id != want || !seen && id != uint32(len(ids)) {
			t.Fatalf("step %d: InternWordState(%v) = %d, %v; want %d, %v", step, k, id, added, want, !seen)
		}
		if !seen {
			ids[string(k)] = id
			tb.AddGval()
		}
		r0 := GenBit | uint64(id)
		if st != 0 {
			tb.Remember(r0, st)
		} else if s := tb.Gvals[id]; s >= FinBase {
			kt.CacheState(at, s)
		}
		if got := tb.State(r0); got != states[id] {
			t.Fatalf("step %d: key %v (id %d) has state %d (cached %d), want %d", step, k, id, got, st, states[id])
		}
		switch r.IntN(4) {
		case 0: // a value found, or changed (a loop solved again)
			s := FinBase + int32(r.IntN(70))
			tb.SetState(r0, s)
			states[id] = s
		case 1: // forgotten
			tb.SetState(r0, StUnknown)
			states[id] = StUnknown
		}
		if long := r.IntN(50) == 0; long {
			// (A long key between: ids go on in one order.)
			lk := make([]byte, 9+r.IntN(8))
			for j := range lk {
				lk[j] = byte(r.IntN(4))
			}
			lid, added, _ := kt.Intern(lk)
			if w, seen := ids[string(lk)]; seen && lid != w || !seen && (!added || lid != uint32(len(ids))) {
				t.Fatalf("step %d: long key %v: id %d", step, lk, lid)
			}
			if added {
				ids[string(lk)] = lid
				tb.AddGval()
			}
		}
	}
}

// The final states of small sets by their bits (direct.go): whatever
// DirectOf reports for a set's bits is the Table's state of its key,
// through states stored final, changed (Uncache) and forgotten.
func TestDirectStatesFollowTable(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	var kt KeyTable
	kt.DirectTag = 7
	var tb Table
	tb.Init(1)
	tb.Uncache = kt.Uncache
	ids := map[string]uint32{}
	states := map[uint32]int32{}
	hits := 0
	for step := range 200000 {
		x := uint64(r.IntN(1 << 12))
		nb := (bitsLen(x) + 7) / 8
		k := []byte{7, byte(nb)}
		for j := range nb {
			k = append(k, byte(x>>(8*j)))
		}
		if r.IntN(5) == 0 {
			k[0] = 9 // (another tag: not kept by its bits)
		}
		id, st, at, added, ok := kt.InternWordState(KeyWord(k), len(k))
		if !ok {
			t.Fatalf("step %d: no room", step)
		}
		if _, seen := ids[string(k)]; !seen {
			if !added {
				t.Fatalf("step %d: key %v not added", step, k)
			}
			ids[string(k)] = id
			tb.AddGval()
		}
		r0 := GenBit | uint64(id)
		if st != 0 {
			tb.Remember(r0, st)
		} else if s := tb.Gvals[id]; s >= FinBase {
			kt.CacheState(at, s)
		}
		if got, ok := kt.DirectOf(x); ok {
			hits++
			did := ids[string(append([]byte{7}, k[1:]...))]
			if _, seen := ids[string(append([]byte{7}, k[1:]...))]; !seen || got != states[did] {
				t.Fatalf("step %d: bits %d have state %d by their bits, the table %d", step, x, got, states[did])
			}
		}
		switch r.IntN(4) {
		case 0:
			s := FinBase + int32(r.IntN(300))
			tb.SetState(r0, s)
			states[id] = s
		case 1:
			tb.SetState(r0, StUnknown)
			states[id] = StUnknown
		}
	}
	if hits < 1000 {
		t.Errorf("%d states found by their bits: the test checks too few", hits)
	}
}

func bitsLen(x uint64) int {
	n := 0
	for ; x != 0; x >>= 1 {
		n++
	}
	return n
}

// The same of lists of 0s and 1s, kept by their bits and length, in a
// table that keeps sets by their bits too: whatever DirectListOf reports
// is the Table's state of the list's key, whatever the lengths and the
// sets met (a list of length n and bits x is not the one of length n+1
// or a set of bits x).
func TestDirectListStatesFollowTable(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	var kt KeyTable
	kt.DirectTag, kt.ListTag, kt.StrTag = 7, 8, 9
	var tb Table
	tb.Init(1)
	tb.Uncache = kt.Uncache
	ids := map[string]uint32{}
	states := map[uint32]int32{}
	hits, strHits := 0, 0
	for step := range 300000 {
		n := r.IntN(25)
		x := r.Uint64() & (1<<n - 1) & (1<<10 - 1)
		var k []byte
		kind := r.IntN(4)
		if kind == 0 {
			nb := (bitsLen(x) + 7) / 8
			k = []byte{7, byte(nb)}
			for j := range nb {
				k = append(k, byte(x>>(8*j)))
			}
		} else if kind == 3 {
			// (A string packed a bit a character: its tag, 1, n, the bits.)
			k = []byte{9, 1, byte(n)}
			for j := 0; j < n; j += 8 {
				k = append(k, byte(x>>j))
			}
			if len(k) > 8 {
				continue
			}
		} else {
			k = []byte{8, byte(n)}
			for j := 0; j < n; j += 8 {
				k = append(k, byte(x>>j))
			}
		}
		id, st, at, added, ok := kt.InternWordState(KeyWord(k), len(k))
		if !ok {
			t.Fatalf("step %d: no room", step)
		}
		if _, seen := ids[string(k)]; !seen {
			if !added {
				t.Fatalf("step %d: key %v not added", step, k)
			}
			ids[string(k)] = id
			tb.AddGval()
		}
		r0 := GenBit | uint64(id)
		if st != 0 {
			tb.Remember(r0, st)
		} else if s := tb.Gvals[id]; s >= FinBase {
			kt.CacheState(at, s)
		}
		if k[0] == 8 {
			if got, ok := kt.DirectListOf(x, n); ok {
				hits++
				did, seen := ids[string(k)]
				if !seen || got != states[did] {
					t.Fatalf("step %d: list %d of %d has state %d by its bits, the table %d", step, x, n, got, states[did])
				}
			}
		}
		if got, ok := kt.FinalWord(KeyWord(k), len(k)); ok {
			if kind == 3 {
				strHits++
			}
			if got != states[id] {
				t.Fatalf("step %d: key %v has state %d by FinalWord, the table %d", step, k, got, states[id])
			}
		}
		switch r.IntN(4) {
		case 0:
			s := FinBase + int32(r.IntN(300))
			tb.SetState(r0, s)
			states[id] = s
		case 1:
			tb.SetState(r0, StUnknown)
			states[id] = StUnknown
		}
	}
	if hits < 1000 || strHits < 1000 {
		t.Errorf("%d lists' and %d strings' states found: the test checks too few", hits, strHits)
	}
}
