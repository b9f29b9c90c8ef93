package eqindex

import (
	"math/rand"
	"slices"
	"strconv"
	"testing"

	"github.com/grundy-lang/grundy/internal/value"
)

// TestGroup: the ints grouped by key (dense keys counted into one array,
// sparse ones and strings in maps) are, for every key asked, the ints
// whose key it is, ascending, as a scan finds them; a value of another
// kind finds none.
func TestGroup(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for trial := range 300 {
		n := 1 + rng.Intn(200)
		spread := []int64{3, 50, 1 << 40}[trial%3]
		strs := trial%5 == 0
		keys := make([]value.Value, n)
		for i := range keys {
			k := rng.Int63n(spread) - spread/2
			if strs {
				keys[i] = value.Str(strconv.FormatInt(k, 10))
			} else {
				keys[i] = value.Int(k)
			}
		}
		a := rng.Int63n(100) - 50
		g := group(keys, a)
		asks := append([]value.Value{value.Int(spread + 7), value.Str("x"), value.Bool(true)}, keys...)
		for _, w := range asks {
			var want []int64
			for i, k := range keys {
				if value.Equal(k, w) {
					want = append(want, a+int64(i))
				}
			}
			if got := g.of(w); !slices.Equal(got, want) {
				t.Fatalf("trial %d: key %v: got %v, want %v", trial, w, got, want)
			}
		}
	}
}
