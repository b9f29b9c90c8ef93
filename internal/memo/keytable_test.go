package memo

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"
)

// KeyTable interns like a Go map, through its growths.
func TestKeyTableMatchesMap(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var kt KeyTable
	want := map[string]uint32{}
	for i := range 50000 {
		k := make([]byte, r.IntN(12))
		for j := range k {
			k[j] = byte(r.IntN(3))
		}
		id, added, ok := kt.Intern(k)
		w, seen := want[string(k)]
		if !ok || added == seen || seen && id != w || !seen && id != uint32(len(want)) {
			t.Fatalf("step %d: intern(%v) = %d, %v, %v; want %d, %v", i, k, id, added, ok, w, !seen)
		}
		if !seen {
			want[string(k)] = id
		}
		if !bytes.Equal(kt.Key(id), k) {
			t.Fatalf("key(%d) = %v, want %v", id, kt.Key(id), k)
		}
	}
	if kt.Len() != len(want) {
		t.Fatalf("%d keys, want %d", kt.Len(), len(want))
	}
}

// Find answers as the map does, and adds nothing.
func TestKeyTableFind(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var kt KeyTable
	if _, ok := kt.Find([]byte{1}); ok {
		t.Fatal("an empty table finds a key")
	}
	want := map[string]uint32{}
	for i := range 20000 {
		k := make([]byte, r.IntN(10))
		for j := range k {
			k[j] = byte(r.IntN(3))
		}
		n := kt.Len()
		id, ok := kt.Find(k)
		w, seen := want[string(k)]
		if ok != seen || seen && id != w || kt.Len() != n {
			t.Fatalf("step %d: find(%v) = %d, %v; want %d, %v", i, k, id, ok, w, seen)
		}
		if r.IntN(2) == 0 {
			id, _, _ := kt.Intern(k)
			want[string(k)] = id
		}
	}
}

// A mapped table interns like a Go map through its growths, its big
// arrays mapped from the system (counted by Off and FlatLive), and gives
// them back on Reset.
func TestKeyTableMapped(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	base := settledFlatLive()
	kt := KeyTable{Mapped: true}
	want := map[string]uint32{}
	for i := range 200000 {
		k := make([]byte, 1+r.IntN(12))
		for j := range k {
			k[j] = byte(r.IntN(5))
		}
		id, added, ok := kt.Intern(k)
		w, seen := want[string(k)]
		if !ok || added == seen || seen && id != w || !seen && id != uint32(len(want)) {
			t.Fatalf("step %d: intern(%v) = %d, %v, %v; want %d, %v", i, k, id, added, ok, w, !seen)
		}
		if !seen {
			want[string(k)] = id
		}
	}
	for k, id := range want {
		if got, ok := kt.Find([]byte(k)); !ok || got != id || string(kt.Key(id)) != k {
			t.Fatalf("find(%v) = %d, %v; want %d", []byte(k), got, ok, id)
		}
	}
	if runtime.GOOS == "linux" {
		if kt.Off.Bytes() < kt.Bytes()/2 || FlatLive.Load()-base < kt.Off.Bytes() {
			t.Fatalf("%d bytes mapped (the process counts %d more), the table holds %d", kt.Off.Bytes(), FlatLive.Load()-base, kt.Bytes())
		}
	}
	kt.Reset()
	if kt.Off.Bytes() != 0 || FlatLive.Load() != base || kt.Len() != 0 || !kt.Mapped {
		t.Fatalf("after Reset: %d bytes mapped, the process counts %d more, %d keys", kt.Off.Bytes(), FlatLive.Load()-base, kt.Len())
	}
	if _, added, _ := kt.Intern([]byte{1}); !added {
		t.Fatal("after Reset, a key is not new")
	}
}

// A key that is part of the table's own arena is interned right when the
// arena moves as it grows (the keys of its second half are all parts of
// keys of the table).
func TestKeyTableMappedOwnKey(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	kt := KeyTable{Mapped: true}
	for range 50000 {
		var k [8]byte
		for j := range k {
			k[j] = byte(r.IntN(256))
		}
		kt.Intern(k[:])
	}
	for i := range 300000 {
		key := kt.Key(uint32(r.IntN(kt.Len())))
		a := r.IntN(len(key))
		own := key[a : a+1+r.IntN(len(key)-a)]
		want := bytes.Clone(own)
		id, _, _ := kt.Intern(own)
		if !bytes.Equal(kt.Key(id), want) {
			t.Fatalf("step %d: key %d is %v, want %v", i, id, kt.Key(id), want)
		}
	}
}

// The states of interned ids start unknown, and stay what was stored
// through the growths of the mapped array.
func TestTableGvalsMapped(t *testing.T) {
	var tb Table
	tb.Init(1)
	for i := range 100000 {
		tb.AddGval()
		if tb.State(GenBit|uint64(i)) != StUnknown {
			t.Fatalf("id %d starts %d", i, tb.State(GenBit|uint64(i)))
		}
		tb.SetState(GenBit|uint64(i), int32(i%1000)+FinBase)
	}
	for i := range 100000 {
		if got := tb.State(GenBit | uint64(i)); got != int32(i%1000)+FinBase {
			t.Fatalf("id %d holds %d", i, got)
		}
	}
	if runtime.GOOS == "linux" && tb.MappedBytes() < 4*100000 {
		t.Fatalf("%d bytes mapped for 100000 states", tb.MappedBytes())
	}
	tb.Reset()
	if tb.MappedBytes() != 0 || len(tb.Gvals) != 0 {
		t.Fatalf("after Reset: %d bytes mapped, %d states", tb.MappedBytes(), len(tb.Gvals))
	}
}

// Short keys (kept as records of one size) intern like a Go map, through
// keys of one length, then of more lengths (the records grow), then past
// MaxShortKey bytes (laid end to end), mapped or not; a key that is a
// part of the table's own arena too.
func TestKeyTableShortThenLong(t *testing.T) {
	for _, mapped := range []bool{false, true} {
		for _, width := range []int{0, 3, 8, 16} {
			r := rand.New(rand.NewPCG(uint64(width), 13))
			kt := KeyTable{Mapped: mapped}
			want := map[string]uint32{}
			check := func(step int, k []byte) {
				ks := string(k) // (k may be a part of the arena, which moves)
				id, added, ok := kt.Intern(k)
				w, seen := want[ks]
				if !ok || added == seen || seen && id != w || !seen && id != uint32(len(want)) {
					t.Fatalf("width %d, step %d: intern(%v) = %d, %v, %v; want %d, %v", width, step, []byte(ks), id, added, ok, w, !seen)
				}
				if !seen {
					want[ks] = id
				}
				if string(kt.Key(id)) != ks {
					t.Fatalf("width %d, step %d: key(%d) = %v, want %v", width, step, id, kt.Key(id), []byte(ks))
				}
			}
			key := func(n int) []byte {
				k := make([]byte, n)
				for j := range k {
					k[j] = byte(r.IntN(4))
				}
				return k
			}
			for i := range 20000 {
				check(i, key(width))
			}
			for i := range 20000 {
				check(i, key(r.IntN(MaxShortKey+1)))
			}
			for i := range 300 {
				// (Parts of keys of the table: the arena moves under them.)
				own := kt.Key(uint32(r.IntN(kt.Len())))
				check(i, own[:r.IntN(len(own)+1)])
			}
			if kt.long {
				t.Fatalf("width %d: short keys laid end to end", width)
			}
			for i := range 20000 {
				check(i, key(r.IntN(MaxShortKey+5)))
			}
			if !kt.long {
				t.Fatalf("width %d: long keys in records", width)
			}
			for k, id := range want {
				if got, ok := kt.Find([]byte(k)); !ok || got != id || string(kt.Key(id)) != k {
					t.Fatalf("width %d: find(%v) = %d, %v; want %d", width, []byte(k), got, ok, id)
				}
				if len(k) <= 8 {
					if got, added, ok := kt.InternWord(KeyWord([]byte(k)), len(k)); !ok || added || got != id {
						t.Fatalf("width %d: InternWord(%v) = %d, %v; want %d", width, []byte(k), got, added, id)
					}
				}
			}
			if kt.Len() != len(want) {
				t.Fatalf("width %d: %d keys, want %d", width, kt.Len(), len(want))
			}
		}
	}
}

// KeyWord is a short key's bytes, little-endian, zero-padded; InternWord
// interns as Intern does.
func TestKeyWord(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	var kt KeyTable
	want := map[string]uint32{}
	for range 20000 {
		k := make([]byte, r.IntN(9))
		var b [8]byte
		for j := range k {
			k[j] = byte(r.IntN(3))
			b[j] = k[j]
		}
		w := KeyWord(k)
		if w != binary.LittleEndian.Uint64(b[:]) {
			t.Fatalf("KeyWord(%v) = %x", k, w)
		}
		var id uint32
		if r.IntN(2) == 0 {
			id, _, _ = kt.InternWord(w, len(k))
		} else {
			id, _, _ = kt.Intern(k)
		}
		if got, seen := want[string(k)]; seen && got != id || !seen && id != uint32(len(want)) {
			t.Fatalf("key %v: id %d, want %d (seen %v)", k, id, got, seen)
		}
		want[string(k)] = id
	}
}

// settledFlatLive is FlatLive once the tables earlier tests left are
// collected and their memory given back (their cleanups run after a
// collection, on their own goroutine: what this process counts moves
// until they have).
func settledFlatLive() int64 {
	last := FlatLive.Load()
	for range 50 {
		runtime.GC()
		time.Sleep(2 * time.Millisecond)
		now := FlatLive.Load()
		if now == last {
			return now
		}
		last = now
	}
	return last
}
