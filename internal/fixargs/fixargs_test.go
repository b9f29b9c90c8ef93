package fixargs

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/value"
)

// TestArgs: a copy's arguments with the fixed values put back in their
// places, wherever those are.
func TestArgs(t *testing.T) {
	for _, tc := range []struct {
		j    []int
		rest []int64
		vals []int64
		want []int64
	}{
		{[]int{1}, []int64{5}, []int64{9}, []int64{5, 9}},
		{[]int{0}, []int64{5}, []int64{9}, []int64{9, 5}},
		{[]int{0, 2}, []int64{5, 6}, []int64{8, 9}, []int64{8, 5, 9, 6}},
		{[]int{1, 2}, []int64{5}, []int64{8, 9}, []int64{5, 8, 9}},
	} {
		c := &Copies{J: tc.j}
		ints := func(xs []int64) []value.Value {
			out := make([]value.Value, len(xs))
			for i, x := range xs {
				out[i] = value.Int(x)
			}
			return out
		}
		got := c.Args(ints(tc.vals), ints(tc.rest))
		if len(got) != len(tc.want) {
			t.Fatalf("J %v: %d arguments, want %d", tc.j, len(got), len(tc.want))
		}
		for i, w := range tc.want {
			if got[i].N != w {
				t.Errorf("J %v: argument %d is %d, want %d", tc.j, i, got[i].N, w)
			}
		}
		for i := range len(tc.rest) + len(tc.vals) {
			if c.fixed(i) != contains(tc.j, i) {
				t.Errorf("J %v: fixed(%d) = %v", tc.j, i, c.fixed(i))
			}
		}
	}
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
