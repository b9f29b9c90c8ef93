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
