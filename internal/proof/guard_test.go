package proof

import (
	"math"
	"testing"

	"github.com/grundy-lang/grundy/internal/value"
)

// TestIntsWithin: the guard of a list root holds for a list of ints
// within the bound, and for nothing else (a tuple, a string, an element
// of another type or too large, a set).
func TestIntsWithin(t *testing.T) {
	ints := func(xs ...int64) []value.Value {
		out := make([]value.Value, len(xs))
		for i, x := range xs {
			out[i] = value.Int(x)
		}
		return out
	}
	cases := []struct {
		name   string
		x      value.Value
		t      int64
		minLen int64
		want   bool
	}{
		{"empty list", value.List(nil), 5, 0, true},
		{"empty list, one asked", value.List(nil), 5, 1, false},
		{"within", value.List(ints(-5, 0, 5)), 5, 3, true},
		{"too short", value.List(ints(-5, 0, 5)), 5, 4, false},
		{"above", value.List(ints(0, 6)), 5, 0, false},
		{"below", value.List(ints(-6)), 5, 0, false},
		{"min int", value.List(ints(math.MinInt64)), math.MaxInt64, 0, false},
		{"a tuple", value.Tuple(ints(1, 2)), 5, 0, false},
		{"a string element", value.List([]value.Value{value.Int(1), value.Str("a")}), 5, 0, false},
		{"a string", value.Str("12"), 5, 0, false},
		{"an int", value.Int(1), 5, 0, false},
	}
	for _, c := range cases {
		if got := IntsWithin(c.x, c.t, c.minLen); got != c.want {
			t.Errorf("%s: IntsWithin = %v, want %v", c.name, got, c.want)
		}
	}
}
