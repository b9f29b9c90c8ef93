package memo

import (
	"runtime"
	"testing"
)

// TestFlatHuge: a table of one int filled in order reads back what was
// stored across its huge regions (including the directory growing past
// one), counts at least the memory its states lie on and at most that
// and a region more, and asks for huge pages only past its first
// hugeAfter pages; a table that skips every other page asks for none;
// after Reset it fills again the same way.
func TestFlatHuge(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("no flat tables")
	}
	var tb Table
	tb.Init(1)
	for round := range 2 {
		n := uint64(5*hugeAfter*PageSize + 777)
		for k := range n {
			tb.SetState(k, FinBase+int32(k%61))
		}
		if tb.Flat == nil {
			t.Skip("no flat table to be had")
		}
		for k := uint64(0); k < n; k += 97 {
			if got := tb.State(k); got != FinBase+int32(k%61) {
				t.Fatalf("round %d: state of %d is %d, want %d", round, k, got, FinBase+int32(k%61))
			}
		}
		if got := tb.State(n); got != StUnknown {
			t.Fatalf("round %d: state past the last stored is %d", round, got)
		}
		if len(tb.huge) == 0 {
			t.Fatalf("round %d: no huge region for %d states in order", round, n)
		}
		for _, lo := range tb.huge {
			if lo < hugeAfter {
				t.Fatalf("round %d: huge region at page %d, before page %d", round, lo, hugeAfter)
			}
		}
		written := int64(n * 4)
		if got := tb.FlatBytes(); got < written || got > written+2*hugeBytes {
			t.Fatalf("round %d: %d bytes counted for %d written", round, got, written)
		}
		tb.Reset()
		if tb.FlatBytes() != 0 || tb.huge != nil {
			t.Fatalf("round %d: reset left %d bytes, regions %v", round, tb.FlatBytes(), tb.huge)
		}
	}
	// Every other page: no region in huge pages.
	var sp Table
	sp.Init(1)
	for p := uint64(0); p < 6*hugeAfter; p += 2 {
		sp.SetState(p*PageSize+3, FinBase+1)
	}
	if len(sp.huge) != 0 {
		t.Fatalf("a sparse table asked for huge regions %v", sp.huge)
	}
}
