package gridbits

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/grundy-lang/grundy/internal/value"
)

// TestGridKey: the key a grid's bits make is the key of its value, and
// the bits read from the value are the grid's, for random grids of
// every shape up to 64 cells.
func TestGridKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for h := 1; h <= 64; h++ {
		for wd := 1; h*wd <= 64; wd++ {
			for range 5 {
				g := grid{w: rng.Uint64(), h: h, wd: wd}
				if h*wd < 64 {
					g.w &= 1<<(h*wd) - 1
				}
				v := g.value()
				want, _ := value.AppendArgKey(nil, v, 1<<20)
				if got := g.appendKey(nil); !bytes.Equal(got, want) {
					t.Fatalf("%d x %d grid %x: key %x, the value's %x", h, wd, g.w, got, want)
				}
				if back, ok := gridOf(v); !ok || back != g {
					t.Fatalf("%d x %d grid %x: read back as %+v, %v", h, wd, g.w, back, ok)
				}
			}
		}
	}
	// Not grids: a tuple, tuple rows, a ragged row, a 2, a bool, no
	// rows, empty rows, more than 64 cells.
	for _, v := range []value.Value{
		value.Tuple([]value.Value{value.List([]value.Value{value.Int(0)})}),
		value.List([]value.Value{value.Tuple([]value.Value{value.Int(0)})}),
		value.List([]value.Value{value.List([]value.Value{value.Int(0)}), value.List([]value.Value{value.Int(0), value.Int(1)})}),
		value.List([]value.Value{value.List([]value.Value{value.Int(2)})}),
		value.List([]value.Value{value.List([]value.Value{value.True})}),
		value.List(nil),
		value.List([]value.Value{value.List(nil)}),
		grid{h: 5, wd: 13}.value(),
	} {
		if _, ok := gridOf(v); ok {
			t.Errorf("%v read as a grid", v)
		}
	}
}
