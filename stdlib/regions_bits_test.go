package stdlib

import (
	"bytes"
	"math/rand"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/testenv"
	"github.com/grundy-lang/grundy/internal/value"
)

// testCall is a call of a built-in in a run without limits but memory's.
func testCall() *engine.Call {
	return &engine.Call{Th: &engine.Thread{Limits: engine.Limits{MaxDepth: 1 << 20, MaxSteps: 1 << 62, MaxMemory: 1 << 30, MaxStates: 1 << 20}}}
}

// same fails unless a and b are one value to every reader.
func same(t *testing.T, what string, a, b value.Value) {
	t.Helper()
	ka, _ := value.AppendArgKey(nil, a, value.MaxKeyBytes)
	kb, _ := value.AppendArgKey(nil, b, value.MaxKeyBytes)
	if !value.Equal(a, b) || value.Compare(a, b) != 0 || value.Format(a) != value.Format(b) || !bytes.Equal(ka, kb) {
		t.Fatalf("%s: %s and %s differ", what, value.Format(a), value.Format(b))
	}
}

// cellsAt is the set of cells of rows moved by (dr, dc), of fresh tuples.
func cellsAt(rows []uint64, dr, dc int64) value.Value {
	var e []value.Value
	for r, x := range rows {
		for c := range 64 {
			if x>>c&1 != 0 {
				e = append(e, value.Tuple([]value.Value{value.Int(int64(r) + dr), value.Int(int64(c) + dc)}))
			}
		}
	}
	return value.SetOf(e)
}

// TestRegionsOfBits: components and canon of a set of cells made of
// rows (value.CellSet), of its elements and of the ids of a universe give
// one value; and the same as the plain path, on elements (the set moved
// past column 63, where the cells have no bits: components moved back,
// canon the same, whatever the place).
func TestRegionsOfBits(t *testing.T) {
	r := rand.New(rand.NewSource(21))
	c := testCall()
	for range 300 {
		h, w := 1+r.Intn(8), 1+r.Intn(12)
		rows := make([]uint64, h)
		p := 1 + r.Intn(4)
		for i := range rows {
			for j := range w {
				if r.Intn(p+1) != 0 {
					rows[i] |= 1 << j
				}
			}
		}
		plain := cellsAt(rows, 0, 0)
		u := value.NewUniverse()
		k, _ := u.AppendSetKey(nil, plain, value.MaxKeyBytes)
		uv, _ := u.DecodeUniKey(k)
		far := cellsAt(rows, 1000, -500)
		wantCanon := canon(c, []value.Value{far})
		farParts := components(c, []value.Value{far}).Elems()
		for _, v := range []value.Value{value.CellSet(rows), plain, uv} {
			same(t, "canon", canon(c, []value.Value{v}), wantCanon)
			parts := components(c, []value.Value{v}).Elems()
			if len(parts) != len(farParts) {
				t.Fatalf("components(%s): %d regions, want %d", value.Format(v), len(parts), len(farParts))
			}
			for i, part := range parts {
				back, ok := value.CellRows(part, nil)
				if !ok {
					t.Fatalf("region %s: not cells", value.Format(part))
				}
				same(t, "region", cellsAt(back, 1000, -500), farParts[i])
			}
		}
	}
}

// TestCanonCache: canon of random shapes, many more than its cache holds,
// each at several places, through one thread (its cache) and through a
// fresh one each time, give one value.
func TestCanonCache(t *testing.T) {
	r := rand.New(rand.NewSource(22))
	c := testCall()
	for range testenv.Scale(4096, 6000) { // (the fast suite: twice the cache's 2048 entries)
		h, w := 1+r.Intn(5), 1+r.Intn(6)
		rows := make([]uint64, h)
		for i := range rows {
			rows[i] = uint64(r.Intn(1 << w))
		}
		dr, dc := r.Intn(4), r.Intn(9)
		moved := make([]uint64, dr, dr+h)
		for _, x := range rows {
			moved = append(moved, x<<dc)
		}
		v := value.CellSet(moved)
		same(t, "canon", canon(c, []value.Value{v}), canon(testCall(), []value.Value{v}))
	}
}
