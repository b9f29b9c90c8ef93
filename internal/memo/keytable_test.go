package memo

import (
	"bytes"
	"math/rand/v2"
	"testing"
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
