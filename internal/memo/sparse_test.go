package memo

import "testing"

// TestSparseWiden: a sparse table packs its ints below SparseLim only
// and no negative; Widen packs them all again only when no key is
// interned and a quarter of the keys below SparseLim are stored.
func TestSparseWiden(t *testing.T) {
	var tb Table
	tb.Init(1)
	full := tb.Lim
	tb.SetSparse(true)
	if tb.Lim != SparseLim || tb.NegLim != 0 || !tb.Sparse {
		t.Fatalf("sparse: Lim %d NegLim %d Sparse %v", tb.Lim, tb.NegLim, tb.Sparse)
	}
	for r := uint64(0); r < SparseLim/4-1; r++ {
		tb.SetStateSlow(r, FinBase)
	}
	if tb.Widen(0) || tb.Lim != SparseLim || tb.Sparse {
		t.Fatalf("widened below a quarter: Lim %d", tb.Lim)
	}
	if tb.SparseNote(true) == "" || tb.SparseNote(false) != "" {
		t.Fatalf("sparse table's notes: %q, %q", tb.SparseNote(true), tb.SparseNote(false))
	}
	tb.Sparse = true
	tb.SetStateSlow(SparseLim/4-1, FinBase)
	if tb.Widen(1) || tb.Lim != SparseLim {
		t.Fatalf("widened with an interned key: Lim %d", tb.Lim)
	}
	tb.Sparse = true
	if !tb.Widen(0) || tb.Lim != full || tb.NegLim != full || tb.Sparse {
		t.Fatalf("not widened: Lim %d NegLim %d", tb.Lim, tb.NegLim)
	}
	if tb.SparseNote(true) != "" {
		t.Fatalf("widened table's note: %q", tb.SparseNote(true))
	}
	// (Once a state is stored, SetSparse changes nothing.)
	tb.SetSparse(true)
	if tb.Lim != full {
		t.Fatalf("SetSparse on a table with states: Lim %d", tb.Lim)
	}
}
