package engine

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/value"
)

// argKeys is the arguments' keys end to end, as FindKey takes them.
func argKeys(args []value.Value) []byte {
	var key []byte
	for _, a := range args {
		key, _ = value.AppendArgKey(key, a, value.MaxKeyBytes)
	}
	return key
}

// FindKey finds what Ref interned, with the same key, for positions of
// small ints (packed), of one argument and of two whose first is long
// (kept in the game's dictionary), and adds nothing.
func TestFindKey(t *testing.T) {
	th := testThread()
	e := th.Engine
	long := make([]value.Value, 40)
	for i := range long {
		long[i] = value.Int(int64(1000 * i))
	}
	graph := value.List(long)
	for _, arity := range []int{1, 2} {
		g := e.NewGame("g", Pos{}, arity)
		args := func(i int) []value.Value {
			s := value.SetOf([]value.Value{value.Int(int64(i)), value.Int(int64(i + 100))})
			if arity == 1 {
				return []value.Value{s}
			}
			return []value.Value{graph, s}
		}
		for i := range 50 {
			n := g.Keys.Len()
			if _, ok := g.FindKey(args(i), argKeys(args(i))); ok || g.Keys.Len() != n {
				t.Fatalf("arity %d: FindKey found or added position %d", arity, i)
			}
			g.Ref(args(i))
			for j := 0; j <= i; j++ {
				rj, ok := g.FindKey(args(j), argKeys(args(j)))
				if !ok || rj != g.Ref(args(j)) {
					t.Fatalf("arity %d: FindKey(%d) = %x, %v; Ref %x", arity, j, rj, ok, g.Ref(args(j)))
				}
			}
		}
		if arity == 2 && g.Dict.Len() != 1 {
			t.Errorf("the long argument is %d entries of the dictionary, want 1", g.Dict.Len())
		}
	}
	// Arguments that hold positions (boxed keys), one of them long.
	h := e.NewGame("p", Pos{}, 2)
	for i := range 30 {
		ps := make([]value.Value, i+1)
		for j := range ps {
			ps[j] = h.PositionValue([]value.Value{value.Int(int64(j)), value.Int(1)})
		}
		a := []value.Value{value.List(ps), value.Int(int64(i))}
		if _, ok := h.FindKey(a, argKeys(a)); ok {
			t.Fatalf("boxed %d found before it was added", i)
		}
		r := h.Ref(a)
		if r2, ok := h.FindKey(a, argKeys(a)); !ok || r2 != r {
			t.Fatalf("boxed %d: FindKey %x, %v; Ref %x", i, r2, ok, r)
		}
	}
	// Small ints pack: found whatever the memo holds.
	g := e.NewGame("h", Pos{}, 2)
	a := []value.Value{value.Int(3), value.Int(4)}
	if r, ok := g.FindKey(a, argKeys(a)); !ok || r != g.Ref(a) {
		t.Errorf("packed: %x, %v; Ref %x", r, ok, g.Ref(a))
	}
}
