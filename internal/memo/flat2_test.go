package memo

import (
	"math/rand/v2"
	"os"
	"runtime"
	"testing"
)

// TestFlat2Stride: a game of two ints keeps each row of its compact table
// Flat2Stride states after the last (a column walk's step), the page of
// keys (a, 0..511) reads what was stored, and the memory counted is the
// system's pages the rows written lie on, each once, whatever the order
// the rows are written in.
func TestFlat2Stride(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("no flat tables")
	}
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 20 {
		var tb Table
		tb.Init(2)
		rows := map[uint64]bool{}
		for range 1 + r.IntN(40) {
			a := uint64(r.IntN(60))
			if trial%2 == 1 {
				a = uint64(r.IntN(2000))
			}
			b := uint64(r.IntN(PageSize))
			tb.SetState(a<<flat2Bits|b, FinBase+int32(a%50))
			rows[a] = true
			if got := tb.State(a<<flat2Bits | b); got != FinBase+int32(a%50) {
				t.Fatalf("state of (%d, %d) is %d, want %d", a, b, got, FinBase+int32(a%50))
			}
		}
		if tb.Flat2 == nil {
			t.Skip("no flat table to be had")
		}
		mem := uint64(os.Getpagesize())
		pages := map[uint64]bool{}
		for a := range rows {
			// The row is where Flat2Walk says, and spans a page of states.
			i, _, ok := tb.Flat2Walk(a<<flat2Bits, 0, 0)
			if !ok || i != int64(a*Flat2Stride) {
				t.Fatalf("row %d at %d %v, want %d", a, i, ok, a*Flat2Stride)
			}
			for p := a * Flat2Stride * 4 / mem; p <= (a*Flat2Stride*4+PageSize*4-1)/mem; p++ {
				pages[p] = true
			}
		}
		if mem < PageSize*4 {
			continue // (the counts are in table pages then)
		}
		if got, want := tb.FlatBytes(), int64(len(pages))*int64(mem); got != want {
			t.Fatalf("rows %v: %d bytes counted, want %d (%d pages of memory)", rows, got, want, len(pages))
		}
		tb.Reset()
	}
}
