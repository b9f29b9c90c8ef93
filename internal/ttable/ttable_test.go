package ttable

import (
	"fmt"
	"testing"
)

// The table answers what was put last, or nothing once it is dropped;
// the values used lately stay; it holds about twice its budget at most.
func TestTTable(t *testing.T) {
	tt := New(1<<16, nil)
	key := func(i int) []byte { return []byte(fmt.Sprintf("position %d", i)) }
	for i := range 100000 {
		tt.Put(key(i), int32(i%7))
		if i%3 == 0 {
			tt.Exclude(key(i), 1<<2)
		}
		if v, ok := tt.Get(key(i / 2)); ok && v != int32(i/2%7) {
			t.Fatalf("get(%d) = %d, want %d", i/2, v, i/2%7)
		}
		if v, ok := tt.Get(key(i)); !ok || v != int32(i%7) {
			t.Fatalf("get(%d) = %d, %v just after put", i, v, ok)
		}
		if tt.Bytes() > 3<<16 {
			t.Fatalf("%d bytes, budget %d", tt.Bytes(), 1<<16)
		}
	}
	if tt.Dropped == 0 {
		t.Fatal("nothing dropped: the budget is not kept")
	}
	tt = New(1<<20, nil)
	tt.Exclude([]byte("a"), 1<<3)
	tt.Exclude([]byte("a"), 1<<5)
	if v, ok := tt.Get([]byte("a")); !ok || v >= 0 || ^v != 1<<3|1<<5 {
		t.Errorf("the masks of a: %d, %v", v, ok)
	}
	tt.Put([]byte("a"), 4)
	tt.Exclude([]byte("a"), 1<<2)
	if v, _ := tt.Get([]byte("a")); v != 4 {
		t.Errorf("an exact value lost to a mask: %d", v)
	}
}
