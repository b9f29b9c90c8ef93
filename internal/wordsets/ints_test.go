package wordsets

import (
	"slices"
	"testing"

	"github.com/grundy-lang/grundy/internal/value"
)

// TestIntsOf: the bitmap of the ints of a scratch of a universe's ids,
// where the ids are the ints (the words themselves) and where they are
// not (a universe that met 5 first, or a string), and after the universe
// took more elements.
func TestIntsOf(t *testing.T) {
	ints := func(xs ...int64) value.Value {
		var es []value.Value
		for _, x := range xs {
			es = append(es, value.Int(x))
		}
		return value.SetOf(es)
	}
	for _, c := range []struct {
		first []value.Value // what the universe meets first
		set   value.Value
		want  []int
	}{
		{[]value.Value{value.Int(0), value.Int(1), value.Int(2)}, ints(0, 2), []int{0, 2}},
		{[]value.Value{value.Int(5), value.Int(1)}, ints(1, 5, 70), []int{1, 5, 70}},
		{[]value.Value{value.Int(3), value.Str("a")}, ints(3), []int{3}},
	} {
		u := value.NewUniverse()
		if _, ok := u.IDs(c.first, nil); !ok {
			t.Fatal("universe")
		}
		s := &value.SetScratch{}
		s.Load(c.set)
		if !s.ToUniverse(u) || s.Class() != 2 {
			t.Fatalf("%v: not a universe's ids", c.set)
		}
		var io intsOf
		var got []int
		for i, x := range io.of(s) {
			for b := range 64 {
				if x>>b&1 == 1 {
					got = append(got, i*64+b)
				}
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%v (universe meeting %v first): ints %v, want %v", c.set, c.first, got, c.want)
		}
	}
}
