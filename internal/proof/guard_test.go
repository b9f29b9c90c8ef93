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
		name string
		x    value.Value
		t    int64
		want bool
	}{
		{"empty list", value.List(nil), 5, true},
		{"within", value.List(ints(-5, 0, 5)), 5, true},
		{"above", value.List(ints(0, 6)), 5, false},
		{"below", value.List(ints(-6)), 5, false},
		{"min int", value.List(ints(math.MinInt64)), math.MaxInt64, false},
		{"a tuple", value.Tuple(ints(1, 2)), 5, false},
		{"a string element", value.List([]value.Value{value.Int(1), value.Str("a")}), 5, false},
		{"a string", value.Str("12"), 5, false},
		{"an int", value.Int(1), 5, false},
	}
	for _, c := range cases {
		if got := IntsWithin(c.x, c.t); got != c.want {
			t.Errorf("%s: IntsWithin = %v, want %v", c.name, got, c.want)
		}
	}
}
