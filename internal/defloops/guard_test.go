package defloops

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/value"
)

func cell(xs ...int64) value.Value {
	var es []value.Value
	for _, x := range xs {
		es = append(es, value.Int(x))
	}
	return value.Tuple(es)
}

func TestCellTest(t *testing.T) {
	pair := &cellTest{width: 2, exact: true, t: T}
	least := &cellTest{width: 1, t: T}
	set := &cellTest{width: 2, exact: true, t: T, set: true}
	anyColl := &cellTest{t: T}
	cases := []struct {
		c    *cellTest
		v    value.Value
		want bool
	}{
		{pair, value.SetOf([]value.Value{cell(0, 1), cell(2, -3)}), true},
		{pair, value.List([]value.Value{cell(0, 1), cell(2, -3)}), true},
		{set, value.List([]value.Value{cell(0, 1)}), false},
		{set, value.SetOf([]value.Value{cell(0, 1)}), true},
		{pair, value.SetOf([]value.Value{cell(0, 1), cell(2, 3, 4)}), false},
		{least, value.SetOf([]value.Value{cell(0, 1), cell(2, 3, 4)}), true},
		{least, value.SetOf([]value.Value{cell(), cell(2)}), false},
		{pair, value.SetOf([]value.Value{cell(0, T+1)}), false},
		{pair, value.SetOf([]value.Value{cell(-T, T)}), true},
		{pair, value.SetOf([]value.Value{value.Tuple([]value.Value{value.Int(1), value.Str("x")})}), false},
		{pair, value.SetOf([]value.Value{value.List([]value.Value{value.Int(1), value.Int(2)})}), false},
		{pair, value.Int(3), false},
		{pair, value.Tuple([]value.Value{cell(0, 1)}), false},
		{anyColl, value.List([]value.Value{value.Int(1), value.Str("x")}), true},
		{anyColl, value.Int(1), false},
	}
	for i, c := range cases {
		if got := c.c.holds(c.v); got != c.want {
			t.Errorf("case %d: holds(%v) = %v, want %v", i, c.v, got, c.want)
		}
	}
}
