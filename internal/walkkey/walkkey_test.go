package walkkey_test

import (
	"bytes"
	"testing"

	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/internal/walkkey"
)

// TestWalkerKeys: for each x, the key a walk rewrites is the key of the
// list built for x (elements at[k] changing by d[k] a value of x), as a
// word for a short list and as bytes for a long one; none where an
// element leaves 0 .. 63, and gone past the last x where they are in it.
func TestWalkerKeys(t *testing.T) {
	for _, base := range [][]int64{{0, 3, 5, 2}, {4, 0, 9, 1, 7, 2, 8, 3, 6, 5, 2}} {
		var ch walkkey.Changes
		if !ch.Change(1, 1) || !ch.Change(2, -1) {
			t.Fatal("Change refused")
		}
		const x0 = 2
		var s value.Scratch
		list := func(x int64) []int64 {
			l := append([]int64(nil), base...)
			l[1] += x - x0
			l[2] -= x - x0
			return l
		}
		s.SetInts(list(x0), false)
		var w walkkey.Walker
		if !w.Init(&s, x0) || !w.Start(ch) {
			t.Fatalf("%v: the walk did not start", base)
		}
		for x := int64(x0 + 1); x < x0+70; x++ {
			word, key, fit := w.Key(x)
			l := list(x)
			inRange := l[1] >= 0 && l[1] < 64 && l[2] >= 0 && l[2] < 64
			if fit != inRange {
				t.Fatalf("%v at x = %d: fit %v, the elements %d and %d", base, x, fit, l[1], l[2])
			}
			if !fit {
				continue
			}
			want := value.AppendIntSeqBytes(nil, false, l)
			switch {
			case key == nil && (len(want) > 8 || word != memo.KeyWord(want)):
				t.Fatalf("%v at x = %d: word %x, want the key %v", base, x, word, want)
			case key != nil && !bytes.Equal(key, want):
				t.Fatalf("%v at x = %d: key %v, want %v", base, x, key, want)
			}
		}
		if !w.Gone {
			t.Errorf("%v: not gone once element 2 went below 0", base)
		}
	}
}
