package operator

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
)

// TestMapIntKeys: M[k] and k in M of maps whose keys are ints (dense
// from 0, from another start, with holes, negative), among strings,
// tuples and bools, of every size around the small maps' scan, give the
// value of the key equal to k (a linear search), and an int not a key is
// not in the map.
func TestMapIntKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 3000 {
		n := r.IntN(40)
		start := int64(r.IntN(5)) - 2
		var keys, vals []value.Value
		for i := range n {
			if r.IntN(6) == 0 {
				continue // (a hole)
			}
			keys = append(keys, value.Int(start+int64(i)))
			vals = append(vals, value.Int(int64(trial*100+i)))
		}
		for range r.IntN(4) {
			switch r.IntN(3) {
			case 0:
				keys = append(keys, value.Str(string(rune('a'+r.IntN(26)))))
			case 1:
				keys = append(keys, value.Bool(r.IntN(2) == 0))
			default:
				keys = append(keys, value.Tuple([]value.Value{value.Int(int64(r.IntN(3)))}))
			}
			vals = append(vals, value.Int(-1))
		}
		m := value.MapOf(keys, vals)
		mm := m.Map()
		for k := start - 3; k < start+int64(n)+3; k++ {
			want, found := value.Value{}, false
			for j, key := range mm.Keys {
				if key.K == value.KInt && key.N == k {
					want, found = mm.Vals[j], true
				}
			}
			if got := In(engine.Pos{}, value.Int(k), m); got != found {
				t.Fatalf("trial %d: %d in %s: %v, want %v", trial, k, value.Shown(m), got, found)
			}
			if found {
				if got := Index(engine.Pos{}, m, value.Int(k)); !value.Equal(got, want) {
					t.Fatalf("trial %d: %s[%d] = %s, want %s", trial, value.Shown(m), k, value.Shown(got), value.Shown(want))
				}
			}
		}
	}
}
