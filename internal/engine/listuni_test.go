package engine

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/value"
)

// A game's lists keyed over its universe (UseListUniverse): only before
// any position has a key; then a list has one key, whatever its
// elements, its arguments decode to the lists, and FindKey finds them.
func TestListUniverse(t *testing.T) {
	th := testThread()
	e := th.Engine
	late := e.NewGame("late", Pos{}, 1)
	late.Ref([]value.Value{value.List([]value.Value{value.Int(1)})})
	if late.UseListUniverse(0) {
		t.Fatal("a game with positions took list keys over its universe")
	}
	cell := func(r, c int64) value.Value { return value.Tuple([]value.Value{value.Int(r), value.Int(c)}) }
	lists := [][]value.Value{
		{value.Int(5000), value.Int(2)}, {value.Int(2), value.Int(5000)}, {}, {value.Int(7), value.Int(7)},
		{cell(0, 1), cell(3, 4)}, {value.Str("b"), value.Str("a")},
	}
	for _, arity := range []int{1, 2} {
		g := e.NewGame("g", Pos{}, arity)
		if !g.UseListUniverse(arity - 1) {
			t.Fatal("a new game did not take list keys over its universe")
		}
		args := func(l []value.Value) []value.Value {
			if arity == 1 {
				return []value.Value{value.List(l)}
			}
			return []value.Value{value.Int(3), value.List(l)}
		}
		refs := map[uint64]int{}
		for i, l := range lists {
			r := g.Ref(args(l))
			if j, ok := refs[r]; ok {
				t.Fatalf("arity %d: lists %d and %d have one key", arity, j, i)
			}
			refs[r] = i
			if r2 := g.Ref(args(append([]value.Value(nil), l...))); r2 != r {
				t.Errorf("arity %d: list %d has two keys", arity, i)
			}
			if k := g.Keys.Key(uint32(r &^ (1 << 63))); arity == 1 && len(l) >= 2 && k[0] != value.TagUniList && k[0] != value.TagUniSortedList {
				t.Errorf("list %d: key tag %d, not a list's over the universe", i, k[0])
			}
			got := g.Args(r)
			if !value.Equal(got[arity-1], value.List(l)) {
				t.Errorf("arity %d: list %d decoded as %s", arity, i, value.Format(got[arity-1]))
			}
			if rf, ok := g.FindKey(args(l), nil); !ok || rf != r {
				t.Errorf("arity %d: FindKey of list %d = %x, %v; Ref %x", arity, i, rf, ok, r)
			}
		}
	}
}
